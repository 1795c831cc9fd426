#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  require_dist
} from "./chunk-FTZEOMHV.js";
import {
  loneCrAsLf
} from "./chunk-ETRO3P4I.js";
import {
  __toESM
} from "./chunk-WNP4D27T.js";

// src/config/yaml-positions.ts
var import_yaml = __toESM(require_dist(), 1);
var MAX_ALIAS_COUNT = 100;
function parsePositionedYaml(text) {
  const lineCounter = new import_yaml.LineCounter();
  const doc = (0, import_yaml.parseDocument)(loneCrAsLf(text), { lineCounter, uniqueKeys: true, prettyErrors: false });
  const at = (offset) => lineCounter.linePos(offset);
  const problems = doc.errors.map((error) => ({
    ...at(error.pos[0]),
    message: (error.message.split("\n")[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, "")
  }));
  let value;
  if (problems.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      problems.push({ ...firstAliasPosition(doc, at) ?? { line: 1, col: 1 }, message: aliasMessage(error) });
    }
  }
  const positionOfNode = (node) => {
    if ((0, import_yaml.isNode)(node) && node.range) return at(node.range[0]);
    if ((0, import_yaml.isPair)(node) && (0, import_yaml.isNode)(node.key) && node.key.range) return at(node.key.range[0]);
    return void 0;
  };
  const positionOf = (fieldPath, key) => positionOfNode(locate(doc.contents, fieldPath, key));
  return { doc, problems, value, positionOf, positionOfNode };
}
function aliasMessage(error) {
  const text = error instanceof Error ? error.message : String(error);
  return /alias/i.test(text) ? `too many alias expansions (more than ${MAX_ALIAS_COUNT}): the document expands exponentially` : `cannot read the document: ${text.slice(0, 120)}`;
}
function firstAliasPosition(doc, at) {
  let found;
  (0, import_yaml.visit)(doc, {
    Alias(_key, node) {
      if (node.range) found = at(node.range[0]);
      return import_yaml.visit.BREAK;
    }
  });
  return found;
}
function locate(root, fieldPath, key) {
  let node = root;
  let best = node ?? void 0;
  let parentKey;
  const steps = key === void 0 ? fieldPath : [...fieldPath, key];
  for (let i = 0; i < steps.length && node; i++) {
    const step = steps[i];
    const isLast = i === steps.length - 1;
    if ((0, import_yaml.isMap)(node)) {
      const pair = node.items.find((item) => (0, import_yaml.isPair)(item) && (0, import_yaml.isScalar)(item.key) && String(item.key.value) === String(step));
      if (!pair) {
        best = parentKey ?? best;
        break;
      }
      parentKey = pair.key;
      node = isLast && key !== void 0 ? pair.key : pair.value ?? pair.key;
    } else if ((0, import_yaml.isSeq)(node)) {
      node = node.items[Number(step)];
    } else {
      break;
    }
    if (node) best = node;
  }
  return best;
}

export {
  parsePositionedYaml
};
