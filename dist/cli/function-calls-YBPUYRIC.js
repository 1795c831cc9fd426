#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  isIntegerLiteral,
  numberSource,
  parseJsonKeepingNumbers,
  parseToolArguments
} from "./chunk-33GHOKYD.js";
import {
  pythonFloatRepr
} from "./chunk-26O46FIS.js";
import {
  readJsonLines
} from "./chunk-E5GWIHKE.js";
import {
  isEndpointError
} from "./chunk-GMEJ4PAQ.js";
import {
  checkStreamedFile,
  describeReadError,
  withLoadWarnings
} from "./chunk-GGGSQSPQ.js";
import {
  redact
} from "./chunk-WFVRFHK2.js";
import {
  ConfigError,
  excerpt
} from "./chunk-UZVVKZBF.js";
import "./chunk-WNP4D27T.js";

// src/suites/function-calls/assignment.ts
function maxWeightAssignment(weights) {
  const rows = weights.length;
  const columns = rows === 0 ? 0 : weights[0].length;
  if (rows === 0 || columns === 0) return [];
  if (rows > columns) {
    const transposed = Array.from({ length: columns }, (_, j) => weights.map((row) => row[j]));
    return maxWeightAssignment(transposed).map(([j, i]) => [i, j]).sort((x, y) => x[0] - y[0]);
  }
  const top = Math.max(...weights.flat());
  const cost = (i, j) => top - weights[i - 1][j - 1];
  const u = new Array(rows + 1).fill(0);
  const v = new Array(columns + 1).fill(0);
  const rowOf = new Array(columns + 1).fill(0);
  const way = new Array(columns + 1).fill(0);
  for (let i = 1; i <= rows; i++) {
    rowOf[0] = i;
    let j0 = 0;
    const minv = new Array(columns + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array(columns + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = rowOf[j0];
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= columns; j++) {
        if (used[j]) continue;
        const reduced = cost(i0, j) - u[i0] - v[j];
        if (reduced < minv[j]) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (used[j]) {
          u[rowOf[j]] = u[rowOf[j]] + delta;
          v[j] = v[j] - delta;
        } else minv[j] = minv[j] - delta;
      }
      j0 = j1;
    } while (rowOf[j0] !== 0);
    do {
      const j1 = way[j0];
      rowOf[j0] = rowOf[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  const pairs = [];
  for (let j = 1; j <= columns; j++) if (rowOf[j] > 0) pairs.push([rowOf[j] - 1, j - 1]);
  return pairs.sort((x, y) => x[0] - y[0]);
}

// src/suites/function-calls/sequence-matcher.ts
function sequenceRatio(a, b, options = {}) {
  const left = Array.from(a);
  const right = Array.from(b);
  const total = left.length + right.length;
  if (total === 0) return 1;
  const matches = matchingBlocks(left, right, options.autojunk ?? true).reduce((sum, block) => sum + block.size, 0);
  return 2 * matches / total;
}
function indexSecond(b, autojunk) {
  const b2j = /* @__PURE__ */ new Map();
  b.forEach((element, index) => {
    const positions = b2j.get(element);
    if (positions) positions.push(index);
    else b2j.set(element, [index]);
  });
  if (autojunk && b.length >= 200) {
    const limit = Math.floor(b.length / 100) + 1;
    for (const [element, positions] of [...b2j]) if (positions.length > limit) b2j.delete(element);
  }
  return b2j;
}
function matchingBlocks(a, b, autojunk) {
  const b2j = indexSecond(b, autojunk);
  const blocks = [];
  const queue = [[0, a.length, 0, b.length]];
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop();
    const block = longestMatch(a, b, b2j, alo, ahi, blo, bhi);
    if (block.size === 0) continue;
    blocks.push(block);
    if (alo < block.i && blo < block.j) queue.push([alo, block.i, blo, block.j]);
    if (block.i + block.size < ahi && block.j + block.size < bhi) queue.push([block.i + block.size, ahi, block.j + block.size, bhi]);
  }
  return blocks;
}
function longestMatch(a, b, b2j, alo, ahi, blo, bhi) {
  let besti = alo;
  let bestj = blo;
  let bestsize = 0;
  let j2len = /* @__PURE__ */ new Map();
  for (let i = alo; i < ahi; i++) {
    const next = /* @__PURE__ */ new Map();
    for (const j of b2j.get(a[i]) ?? []) {
      if (j < blo) continue;
      if (j >= bhi) break;
      const k = (j2len.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = next;
  }
  while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
    besti--;
    bestj--;
    bestsize++;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
  return { i: besti, j: bestj, size: bestsize };
}
var PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
var NOT_ALNUM_OR_SPACE = new RegExp(`[^a-zA-Z0-9${PY_SPACE}]`, "gu");
var SPACE_RUNS = new RegExp(`[${PY_SPACE}]+`, "gu");
function normalizeText(text) {
  return text.toLowerCase().replace(NOT_ALNUM_OR_SPACE, "").replace(SPACE_RUNS, " ").replace(/^ | $/g, "");
}
function isSimilar(actual, expected, threshold = 0.95) {
  return sequenceRatio(normalizeText(actual), normalizeText(expected)) >= threshold;
}
function pythonStr(value, source) {
  return typeof value === "string" ? value : pythonRepr(value, source);
}
function pythonRepr(value, source) {
  if (value === null || value === void 0) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return source === void 0 ? pythonNumber(value) : pythonNumberFromSource(source);
  if (typeof value === "string") return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map((item, i) => pythonRepr(item, numberSource(value, i))).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value).map(
      ([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item, numberSource(value, key))}`
    );
    return `{${entries.join(", ")}}`;
  }
  return String(value);
}
function pythonNumberFromSource(source) {
  return isIntegerLiteral(source) ? BigInt(source).toString() : pythonFloatRepr(Number(source));
}
function pythonNumber(value) {
  if (Number.isInteger(value) && Math.abs(value) < 1e21 && !Object.is(value, -0)) return BigInt(value).toString();
  return pythonFloatRepr(value);
}
function pythonStringRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  for (const char of text) {
    const code = char.codePointAt(0);
    if (char === "\\") body += "\\\\";
    else if (char === quote) body += `\\${quote}`;
    else if (char === "\n") body += "\\n";
    else if (char === "\r") body += "\\r";
    else if (char === "	") body += "\\t";
    else if (NOT_PRINTABLE.test(char)) body += escapeCodePoint(code);
    else body += char;
  }
  return `${quote}${body}${quote}`;
}
var NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
function escapeCodePoint(code) {
  if (code === 32) return " ";
  if (code < 256) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 65536) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

// src/suites/function-calls/matchers.ts
var MatcherSpecError = class extends Error {
  path;
  constructor(path, message) {
    super(`${path}: ${message}`);
    this.path = path;
  }
};
var MARKERS = ["$anyOf", "$regex", "$number", "$exact", "$similar", "$any", "$unordered"];
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function markerOf(value) {
  if (!isPlainObject(value)) return void 0;
  return MARKERS.find((marker) => marker in value);
}
function holdsMarker(value) {
  if (Array.isArray(value)) return value.some(holdsMarker);
  if (!isPlainObject(value)) return false;
  return markerOf(value) !== void 0 || "$optional" in value || Object.values(value).some(holdsMarker);
}
function compileExpected(value, options, path, source) {
  if (isPlainObject(value) && markerOf(value) !== void 0) {
    const optional = value.$optional === true;
    const compiled = compileMarker(value, options, path);
    return { matcher: compiled.matcher, optional: optional || compiled.optional };
  }
  if (isPlainObject(value) && "$optional" in value)
    throw new MatcherSpecError(path, `"$optional" needs a matcher marker beside it (${MARKERS.join(", ")})`);
  return { matcher: compileValue(value, options, path, source), optional: false };
}
function compileValue(value, options, path, source) {
  if (isPlainObject(value) && markerOf(value) !== void 0) {
    const compiled = compileExpected(value, options, path);
    if (compiled.optional) throw new MatcherSpecError(path, `"$optional" only applies to object fields and top-level arguments`);
    return compiled.matcher;
  }
  const fallback = holdsMarker(value) ? void 0 : leaf(value, options);
  if (isPlainObject(value)) {
    const fields = {};
    for (const [key, item] of Object.entries(value))
      fields[key] = compileExpected(item, options, `${path}.${key}`, numberSource(value, key));
    return { kind: "object", fields, ...fallback && { fallback } };
  }
  if (Array.isArray(value)) {
    return {
      kind: "array",
      items: value.map((item, i) => compileValue(item, options, `${path}.${i}`, numberSource(value, i))),
      ordered: true,
      ...fallback && { fallback }
    };
  }
  return leaf(value, options, source);
}
function leaf(value, options, source) {
  if (options.mode === "exact") return { kind: "exact", value };
  return { kind: "similar", value, threshold: options.threshold, ...source !== void 0 && { source } };
}
function compileMarker(spec, options, path) {
  const marker = markerOf(spec);
  const body = spec[marker];
  const number = (key, fallback) => {
    const raw = spec[key] ?? fallback;
    if (typeof raw !== "number" || !Number.isFinite(raw) || raw < 0)
      throw new MatcherSpecError(path, `${key} must be a non-negative number`);
    return raw;
  };
  switch (marker) {
    case "$anyOf": {
      if (!Array.isArray(body) || body.length === 0) throw new MatcherSpecError(path, `"$anyOf" must be a non-empty array`);
      const values = body.filter((item) => item !== "");
      return {
        matcher: { kind: "any-of", options: values.map((item, i) => compileValue(item, options, `${path}.$anyOf.${i}`)) },
        optional: values.length < body.length
      };
    }
    case "$regex": {
      if (typeof body !== "string") throw new MatcherSpecError(path, `"$regex" must be a string`);
      const flags = typeof spec.$flags === "string" ? spec.$flags : "";
      try {
        new RegExp(body, flags);
      } catch (error) {
        throw new MatcherSpecError(path, `invalid regex: ${error.message}`);
      }
      return { matcher: { kind: "regex", pattern: body, flags }, optional: false };
    }
    case "$number":
      if (typeof body !== "number" || !Number.isFinite(body)) throw new MatcherSpecError(path, `"$number" must be a number`);
      return { matcher: { kind: "number", value: body, absTol: number("$absTol", 0), relTol: number("$relTol", 0) }, optional: false };
    case "$exact":
      return { matcher: { kind: "exact", value: body }, optional: false };
    case "$similar": {
      const threshold = number("$threshold", options.threshold);
      if (threshold > 1) throw new MatcherSpecError(path, `$threshold must be at most 1`);
      const source = numberSource(spec, "$similar");
      return { matcher: { kind: "similar", value: body, threshold, ...source !== void 0 && { source } }, optional: false };
    }
    case "$any":
      return { matcher: { kind: "any" }, optional: false };
    case "$unordered":
      if (!Array.isArray(body)) throw new MatcherSpecError(path, `"$unordered" must be an array`);
      return {
        matcher: { kind: "array", items: body.map((item, i) => compileValue(item, options, `${path}.${i}`)), ordered: false },
        optional: false
      };
  }
}
function compileBfclParameter(acceptable, path) {
  if (!Array.isArray(acceptable)) throw new MatcherSpecError(path, "a BFCL possible answer must be a list of acceptable values");
  const values = acceptable.filter((item) => item !== "");
  return {
    matcher: { kind: "any-of", options: values.map((item, i) => compileBfclValue(item, `${path}.${i}`)) },
    optional: values.length < acceptable.length
  };
}
function compileBfclValue(value, path) {
  if (typeof value === "string") return { kind: "bfcl-string", value };
  if (Array.isArray(value)) return { kind: "array", items: value.map((item, i) => compileBfclValue(item, `${path}.${i}`)), ordered: true };
  if (isPlainObject(value)) {
    const fields = {};
    for (const [key, item] of Object.entries(value)) fields[key] = compileBfclParameter(item, `${path}.${key}`);
    return { kind: "object", fields };
  }
  return { kind: "exact", value };
}
function bfclStandardize(text) {
  return text.replace(/[ ,./\-_*^]/g, "").toLowerCase().replace(/'/g, '"');
}
function matchesValue(matcher, actual, source) {
  switch (matcher.kind) {
    case "similar":
      return isSimilar(pythonStr(actual, source), pythonStr(matcher.value, matcher.source), matcher.threshold);
    case "exact":
      return deepEqual(matcher.value, actual);
    case "bfcl-string":
      return typeof actual === "string" && bfclStandardize(actual) === bfclStandardize(matcher.value);
    case "any-of":
      return matcher.options.some((option) => matchesValue(option, actual, source));
    case "regex":
      return new RegExp(`^(?:${matcher.pattern})$`, matcher.flags).test(pythonStr(actual, source));
    case "number": {
      const number = typeof actual === "number" ? actual : typeof actual === "string" && actual.trim() !== "" ? Number(actual) : Number.NaN;
      if (!Number.isFinite(number)) return false;
      return Math.abs(number - matcher.value) <= Math.max(matcher.absTol, matcher.relTol * Math.abs(matcher.value));
    }
    case "any":
      return true;
    case "object":
      if (!isPlainObject(actual)) return matcher.fallback ? matchesValue(matcher.fallback, actual, source) : false;
      return matchesObject(matcher.fields, actual);
    case "array":
      if (!Array.isArray(actual)) return matcher.fallback ? matchesValue(matcher.fallback, actual, source) : false;
      if (actual.length !== matcher.items.length) return false;
      if (matcher.ordered) return matcher.items.every((item, i) => matchesValue(item, actual[i], numberSource(actual, i)));
      return perfectMatching(matcher.items, actual);
  }
}
function matchesObject(fields, actual) {
  for (const key of Object.keys(actual)) if (!(key in fields)) return false;
  return Object.entries(fields).every(
    ([key, field]) => key in actual ? matchesValue(field.matcher, actual[key], numberSource(actual, key)) : field.optional
  );
}
function perfectMatching(items, actual) {
  const ownerOf = new Array(actual.length).fill(-1);
  const tryItem = (item, seen) => {
    for (let j = 0; j < actual.length; j++) {
      if (seen[j] || !matchesValue(items[item], actual[j], numberSource(actual, j))) continue;
      seen[j] = true;
      if (ownerOf[j] === -1 || tryItem(ownerOf[j], seen)) {
        ownerOf[j] = item;
        return true;
      }
    }
    return false;
  };
  return items.every((_, item) => tryItem(item, new Array(actual.length).fill(false)));
}
function deepEqual(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}

// src/suites/function-calls/metrics.ts
var CALL_METRICS = ["precision_fn", "recall_fn", "precision_args", "recall_args", "reliability"];
function normalizeName(name) {
  return name.trim().toLowerCase();
}
function scorePair(expected, actual) {
  const correct = [];
  const wrong = [];
  const extra = [];
  for (const [key, value] of Object.entries(actual.arguments)) {
    const spec = expected.arguments[key];
    if (!spec) extra.push(key);
    else if (matchesValue(spec.matcher, value, numberSource(actual.arguments, key))) correct.push(key);
    else wrong.push(key);
  }
  const missing = Object.entries(expected.arguments).filter(([key, spec]) => !(key in actual.arguments) && !spec.optional).map(([key]) => key);
  const expectedCount = Object.keys(expected.arguments).filter(
    (key) => key in actual.arguments || !expected.arguments[key]?.optional
  ).length;
  const actualCount = Object.keys(actual.arguments).length;
  const precision = actualCount === 0 ? expectedCount === 0 ? 1 : 0 : correct.length / actualCount;
  const recall = expectedCount === 0 ? 1 : correct.length / expectedCount;
  return { precision, recall, correct, wrong, missing, extra };
}
function scoreCalls(expected, actual, options = {}) {
  const ignored = new Set((options.ignoreCalls ?? []).map(normalizeName));
  const ignoredCalls = [];
  const counted = [];
  actual.forEach((call, index) => {
    if (ignored.has(normalizeName(call.name))) ignoredCalls.push({ index, name: call.name });
    else counted.push({ index, call });
  });
  const ignoredExpected = [];
  expected.forEach((call, index) => {
    if (ignored.has(normalizeName(call.name))) ignoredExpected.push({ index, name: call.name });
  });
  const expectedCount = expected.length - ignoredExpected.length;
  const pairs = [];
  const names = new Set(expected.map((call) => normalizeName(call.name)).filter((name) => !ignored.has(name)));
  for (const name of names) {
    const wanted = expected.map((call, index) => ({ index, call })).filter(({ call }) => normalizeName(call.name) === name);
    const made = counted.filter(({ call }) => normalizeName(call.name) === name);
    if (made.length === 0) continue;
    const grid = wanted.map((e) => made.map((a) => scorePair(e.call, a.call)));
    const weights = grid.map((row) => row.map((pair) => (pair.precision + pair.recall) * 1e6 + pair.recall));
    for (const [row, column] of maxWeightAssignment(weights)) {
      const e = wanted[row];
      const a = made[column];
      pairs.push({
        name: e.call.name,
        expectedIndex: e.index,
        actualIndex: a.index,
        ...grid[row]?.[column]
      });
    }
  }
  pairs.sort((x, y) => x.expectedIndex - y.expectedIndex);
  const pairedExpected = new Set(pairs.map((pair) => pair.expectedIndex));
  const pairedActual = new Set(pairs.map((pair) => pair.actualIndex));
  const missingCalls = expected.flatMap(
    (call, index) => pairedExpected.has(index) || ignored.has(normalizeName(call.name)) ? [] : [{ index, name: call.name }]
  );
  const unexpectedCalls = counted.flatMap(({ index, call }) => pairedActual.has(index) ? [] : [{ index, name: call.name }]);
  const metrics = callMetrics(expectedCount, counted.length, pairs);
  return { metrics, pairs, missingCalls, unexpectedCalls, ignoredCalls, ignoredExpected };
}
function callMetrics(expectedCount, actualCount, pairs) {
  if (expectedCount === 0 && actualCount === 0) {
    return { precision_fn: 1, recall_fn: 1, precision_args: 1, recall_args: 1, reliability: 1, exact_match: 1 };
  }
  const mean2 = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const precision_fn = actualCount === 0 ? 0 : pairs.length / actualCount;
  const recall_fn = expectedCount === 0 ? 1 : pairs.length / expectedCount;
  const precision_args = pairs.length === 0 ? 0 : mean2(pairs.map((pair) => pair.precision));
  const recall_args = pairs.length === 0 ? expectedCount === 0 ? 1 : 0 : mean2(pairs.map((pair) => pair.recall));
  const everyArgRight = pairs.every((pair) => pair.precision === 1 && pair.recall === 1);
  const exact_match = pairs.length === expectedCount && pairs.length === actualCount && everyArgRight ? 1 : 0;
  return { precision_fn, recall_fn, precision_args, recall_args, reliability: (recall_fn + recall_args) / 2, exact_match };
}

// src/suites/function-calls/aggregate.ts
var DESCRIPTIONS = {
  precision_fn: "share of the calls made that were expected (no extra calls)",
  recall_fn: "share of the expected calls that were made (no missing calls)",
  precision_args: "share of the arguments sent that were right, over paired calls",
  recall_args: "share of the expected arguments sent right, over paired calls",
  reliability: "mean of recall_fn and recall_args",
  exact_match: "cases where every call and every argument was right, nothing extra",
  completion_rate: "live conversations that completed before the turn limit"
};
function mean(values) {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}
function metric(values, gated, description) {
  return { value: mean(values), n: values.length, gated, direction: "higher", unit: "ratio", ...description && { description } };
}
function aggregateFunctionCalls(results) {
  const scoredCases = results.filter((result) => result.status === "scored");
  const valuesOf = (cases, name) => cases.flatMap((c) => typeof c.metrics[name] === "number" ? [c.metrics[name]] : []);
  const metrics = {};
  for (const name of CALL_METRICS) metrics[name] = metric(valuesOf(scoredCases, name), true, DESCRIPTIONS[name]);
  metrics.exact_match = metric(valuesOf(scoredCases, "exact_match"), false, DESCRIPTIONS.exact_match);
  const completed = valuesOf(scoredCases, "completed");
  if (completed.length > 0) metrics.completion_rate = metric(completed, false, DESCRIPTIONS.completion_rate);
  const scenarios = [...new Set(scoredCases.map((c) => c.tags.scenarioType ?? "unknown"))].sort();
  for (const scenario of scenarios) {
    const cases = scoredCases.filter((c) => (c.tags.scenarioType ?? "unknown") === scenario);
    for (const name of CALL_METRICS) metrics[`${scenario}/${name}`] = metric(valuesOf(cases, name), false);
  }
  const warnings = [];
  const limited = scoredCases.filter((c) => c.tags.hit_turn_limit === "true").length;
  if (limited > 0)
    warnings.push(`${limited} conversation(s) hit the turn limit before the task was complete; they are scored on the calls made so far`);
  if (scoredCases.length === 0) warnings.push("no case was scored");
  return { metrics, warnings };
}

// src/suites/function-calls/load.ts
import { createHash } from "node:crypto";
import { basename, dirname, join, relative, resolve, sep } from "node:path";

// src/suites/function-calls/tools.ts
var BFCL_TYPES = {
  dict: "object",
  float: "number",
  tuple: "array",
  int: "integer",
  bool: "boolean",
  str: "string",
  list: "array"
};
function toJsonSchema(schema) {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== "object" || schema === null) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "type" && typeof value === "string") {
      if (value === "any") continue;
      out[key] = BFCL_TYPES[value] ?? value;
    } else if (key === "properties" && typeof value === "object" && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, toJsonSchema(child)]));
    } else if (key === "items" || key === "additionalProperties" || key === "anyOf" || key === "oneOf") {
      out[key] = toJsonSchema(value);
    } else out[key] = value;
  }
  return out;
}
function readToolSchema(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "a tool must be an object with name and parameters";
  const record = value;
  const fn = typeof record.function === "object" && record.function !== null ? record.function : record;
  if (typeof fn.name !== "string" || fn.name === "") return "a tool needs a non-empty name";
  const parameters = fn.parameters ?? { type: "object", properties: {} };
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters))
    return `tool ${fn.name}: parameters must be an object`;
  return {
    name: fn.name,
    ...typeof fn.description === "string" && { description: fn.description },
    parameters: toJsonSchema(parameters)
  };
}
function toWireTools(tools) {
  const original = /* @__PURE__ */ new Map();
  const wire = tools.map((tool) => {
    const base = tool.name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 60) || "tool";
    let name = base;
    for (let n = 2; original.has(name); n++) name = `${base}_${n}`;
    original.set(name, tool.name);
    return { ...tool, name };
  });
  return { tools: wire, original };
}
function fromWireName(wire, name) {
  return wire.original.get(name) ?? name;
}

// src/suites/function-calls/load.ts
function displayPath(rootDir, path) {
  return relative(rootDir, path).split(sep).join("/");
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
async function readAnswerLines(path, file, field, problems, badLines) {
  const cannot = (message, line) => {
    problems.push({ file, ...line !== void 0 ? { line } : {}, field, message: `cannot read the BFCL possible answers: ${message}` });
    return null;
  };
  const unreadable = await checkStreamedFile(path, "a JSONL file");
  if (unreadable) return cannot(unreadable.message, unreadable.line);
  const lines = [];
  const checker = badLines.checkerFor(file);
  try {
    for await (const line of readJsonLines(path, parseJsonKeepingNumbers, checker)) lines.push(...keepJson(line, file, problems));
  } catch (error) {
    return cannot(describeReadError(error));
  }
  return lines;
}
function keepJson(line, file, problems) {
  if (line.error === void 0) return [{ line: line.line, raw: line.raw, value: line.value }];
  problems.push({ file, line: line.line, message: `not valid JSON: ${line.error}` });
  return [];
}
function loadFunctionCallSuite(ctx) {
  return withLoadWarnings((badLines, warnings) => readFunctionCallSuite(ctx, badLines, warnings));
}
async function readFunctionCallSuite(ctx, badLines, warnings) {
  const { options } = ctx;
  const datasetPath = resolve(ctx.configDir, options.dataset);
  const file = displayPath(ctx.rootDir, datasetPath);
  const problems = [];
  const unreadable = await checkStreamedFile(datasetPath, "a JSONL file");
  if (unreadable) {
    throw new ConfigError([
      { file, line: unreadable.line, field: `suites.${ctx.suiteName}.dataset`, message: `the dataset ${unreadable.message}` }
    ]);
  }
  const lines = [];
  const checker = badLines.checkerFor(file);
  try {
    for await (const line of readJsonLines(datasetPath, parseJsonKeepingNumbers, checker)) lines.push(...keepJson(line, file, problems));
  } catch (error) {
    throw new ConfigError([{ file, field: `suites.${ctx.suiteName}.dataset`, message: `the dataset ${describeReadError(error)}` }]);
  }
  if (lines.length === 0 && problems.length === 0) problems.push({ file, message: "the dataset holds no cases" });
  const format = options.format === "auto" ? detectFormat(lines[0]?.value) : options.format;
  const compile = { mode: options.matcher, threshold: options["similarity-threshold"] };
  let cases = [];
  if (format === "bfcl") {
    const answersPath = options["possible-answers"] ? resolve(ctx.configDir, options["possible-answers"]) : join(dirname(datasetPath), "possible_answer", basename(datasetPath));
    const answersFile = displayPath(ctx.rootDir, answersPath);
    const answerLines = await readAnswerLines(answersPath, answersFile, `suites.${ctx.suiteName}.possible-answers`, problems, badLines);
    if (answerLines) {
      const answers = readBfclAnswers(answerLines, answersFile, problems);
      cases = lines.flatMap((line) => bfclCase(line, file, answers, answersFile, problems) ?? []);
      const used = new Set(cases.map((c) => c.id));
      const unused = [...answers.keys()].filter((id) => !used.has(id));
      if (unused.length > 0)
        warnings.push({
          file: answersFile,
          message: `${unused.length} possible answers have no question (${unused.slice(0, 3).join(", ")}${unused.length > 3 ? ", \u2026" : ""})`
        });
    }
  } else {
    let sharedTools = [];
    if (options.tools) {
      const toolsPath = resolve(ctx.configDir, options.tools);
      const where = { file: displayPath(ctx.rootDir, toolsPath), field: `suites.${ctx.suiteName}.tools` };
      sharedTools = await readToolsFile(toolsPath, where, problems, badLines);
    }
    const seen = /* @__PURE__ */ new Map();
    cases = lines.flatMap((line) => evalgateCase(line, file, { options, compile, sharedTools, seen, warnings }, problems) ?? []);
  }
  if (options.target === void 0) {
    for (const c of cases) {
      if (!c.input.recorded)
        problems.push({
          file,
          line: c.source.line,
          field: "actual_function_calls",
          message: "no target is configured, so every case needs its recorded calls"
        });
    }
  } else if (cases.some((c) => !c.input.recorded && !c.input.question) && options.simulator === void 0) {
    problems.push({
      file,
      field: `suites.${ctx.suiteName}.simulator`,
      message: "live multi-turn cases need a simulator model to play the user"
    });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { cases };
}
function detectFormat(first) {
  return isRecord(first) && "question" in first && "function" in first ? "bfcl" : "evalgate";
}
async function readToolsFile(path, { file, field }, problems, badLines) {
  const read = await badLines.readWhole(path, file, "a JSON file");
  if ("problem" in read) {
    problems.push({ file, line: read.problem.line, field, message: `cannot read the tool schemas: ${read.problem.message}` });
    return [];
  }
  let parsed;
  try {
    parsed = JSON.parse(read.text);
  } catch (error) {
    problems.push({ file, message: `cannot read the tool schemas: ${excerpt(error.message, 100)}` });
    return [];
  }
  const list = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.tools) ? parsed.tools : void 0;
  if (!list) {
    problems.push({ file, message: "expected a JSON array of tool schemas (or {tools: [...]})" });
    return [];
  }
  return list.flatMap((tool, i) => {
    const schema = readToolSchema(tool);
    if (typeof schema === "string") {
      problems.push({ file, field: `tools.${i}`, message: schema });
      return [];
    }
    return [schema];
  });
}
var KNOWN_FIELDS = /* @__PURE__ */ new Set([
  "id",
  "scenarioType",
  "scenario_type",
  "instructions",
  "task_completion_condition",
  "taskCompletionCondition",
  "expected_function_calls",
  "expectedFunctionCalls",
  "tools",
  "mocked_results",
  "mockedResults",
  "actual_function_calls",
  "actualFunctionCalls",
  "question"
]);
function pick(record, names) {
  for (const name of names) if (name in record) return [name, record[name]];
  return [names[0], void 0];
}
function shortHash(text) {
  return createHash("sha256").update(text).digest("hex").slice(0, 10);
}
function evalgateCase(line, file, ctx, problems) {
  const at = (field, message) => problems.push({ file, line: line.line, field, message });
  const before = problems.length;
  if (!isRecord(line.value)) {
    at("(line)", "each line must be a JSON object");
    return void 0;
  }
  const record = line.value;
  const unknown = Object.keys(record).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) ctx.warnings.push({ file, line: line.line, message: `unknown fields ignored: ${unknown.join(", ")}` });
  const [scenarioField, scenarioType] = pick(record, ["scenarioType", "scenario_type"]);
  if (typeof scenarioType !== "string" || scenarioType.trim() === "")
    at(scenarioField, "a non-empty string naming the scenario type is required");
  const [expectedField, expectedRaw] = pick(record, ["expected_function_calls", "expectedFunctionCalls"]);
  const expected = readExpectedCalls(expectedRaw, expectedField, ctx.compile, at);
  const [actualField, actualRaw] = pick(record, ["actual_function_calls", "actualFunctionCalls"]);
  const recorded = actualRaw === void 0 ? void 0 : readActualCalls(actualRaw, actualField, at);
  const instructions = record.instructions;
  const [conditionField, condition] = pick(record, ["task_completion_condition", "taskCompletionCondition"]);
  const question = record.question;
  if (question !== void 0 && (typeof question !== "string" || question.trim() === ""))
    at("question", "must be a non-empty string (sent to the target as the user's message)");
  const live = recorded === void 0 && question === void 0 && ctx.options.target !== void 0;
  if (instructions !== void 0 && typeof instructions !== "string") at("instructions", "must be a string");
  if (live && (typeof instructions !== "string" || instructions.trim() === ""))
    at("instructions", "live multi-turn cases need the simulated user's instructions");
  if (condition !== void 0 && typeof condition !== "string") at(conditionField, "must be a string");
  if (live && ctx.options["judge-completion"] && (typeof condition !== "string" || condition.trim() === ""))
    at(conditionField, "live multi-turn cases need a task completion condition");
  let tools = ctx.sharedTools;
  if (record.tools !== void 0) {
    if (!Array.isArray(record.tools)) at("tools", "must be an array of tool schemas");
    else
      tools = record.tools.flatMap((tool, i) => {
        const schema = readToolSchema(tool);
        if (typeof schema === "string") {
          at(`tools.${i}`, schema);
          return [];
        }
        return [schema];
      });
  }
  const [mockedField, mocked] = pick(record, ["mocked_results", "mockedResults"]);
  if (mocked !== void 0 && !isRecord(mocked)) at(mockedField, "must be an object mapping function names to results");
  if (record.id !== void 0 && (typeof record.id !== "string" || record.id.trim() === "")) at("id", "must be a non-empty string");
  if (problems.length > before) return void 0;
  const scenario = scenarioType.trim();
  let id = typeof record.id === "string" ? record.id.trim() : `${scenario}-${shortHash(line.raw.trim())}`;
  const count = (ctx.seen.get(id) ?? 0) + 1;
  ctx.seen.set(id, count);
  if (count > 1) {
    if (typeof record.id === "string") {
      at("id", `duplicate case id "${id}"`);
      return void 0;
    }
    id = `${id}-${count}`;
  }
  return {
    id,
    title: typeof record.id === "string" ? `${scenario}: ${id}` : `${scenario} (line ${line.line})`,
    source: { file, line: line.line },
    position: line.line,
    input: {
      origin: "evalgate",
      scenarioType: scenario,
      instructions: typeof instructions === "string" ? instructions : "",
      completionCondition: typeof condition === "string" ? condition : "",
      ...typeof question === "string" && { question: [{ role: "user", content: question }] },
      tools,
      expected,
      mockedResults: mocked ?? {},
      ...recorded && { recorded }
    }
  };
}
function readExpectedCalls(raw, field, compile, at) {
  if (!Array.isArray(raw)) {
    at(field, "an array of {functionName, arguments} is required (it may be empty)");
    return [];
  }
  return raw.flatMap((entry, i) => {
    const where = `${field}.${i}`;
    if (!isRecord(entry)) {
      at(where, "must be an object {functionName, arguments}");
      return [];
    }
    const [, name] = pick(entry, ["functionName", "function_name", "name"]);
    if (typeof name !== "string" || name.trim() === "") {
      at(`${where}.functionName`, "a non-empty function name is required");
      return [];
    }
    const args = entry.arguments ?? {};
    if (!isRecord(args)) {
      at(`${where}.arguments`, "must be an object of argument name \u2192 expected value");
      return [];
    }
    const compiled = {};
    for (const [key, value] of Object.entries(args)) {
      try {
        compiled[key] = compileExpected(value, compile, key, numberSource(args, key));
      } catch (error) {
        if (!(error instanceof MatcherSpecError)) throw error;
        at(`${where}.arguments.${error.path}`, error.message.slice(error.path.length + 2));
      }
    }
    return [{ name: name.trim(), arguments: compiled }];
  });
}
function readActualCalls(raw, field, at) {
  if (!Array.isArray(raw)) {
    at(field, "must be an array of {functionName, arguments}");
    return [];
  }
  return raw.flatMap((entry, i) => {
    if (!isRecord(entry)) {
      at(`${field}.${i}`, "must be an object {functionName, arguments}");
      return [];
    }
    const [, name] = pick(entry, ["functionName", "function_name", "name"]);
    if (typeof name !== "string" || name.trim() === "") {
      at(`${field}.${i}.functionName`, "a non-empty function name is required");
      return [];
    }
    return [{ name: name.trim(), arguments: parseToolArguments(entry.arguments) }];
  });
}
function readBfclAnswers(lines, file, problems) {
  const answers = /* @__PURE__ */ new Map();
  for (const { line, value } of lines) {
    if (!isRecord(value) || typeof value.id !== "string") {
      problems.push({ file, line, field: "id", message: "each possible answer needs a string id" });
      continue;
    }
    if (answers.has(value.id)) problems.push({ file, line, field: "id", message: `duplicate id "${value.id}"` });
    answers.set(value.id, { line, groundTruth: value.ground_truth });
  }
  return answers;
}
function bfclCategory(id) {
  return id.replace(/_[\d-]+$/, "") || id;
}
function bfclCase(line, file, answers, answersFile, problems) {
  const at = (field, message) => problems.push({ file, line: line.line, field, message });
  const record = line.value;
  if (!isRecord(record) || typeof record.id !== "string") {
    at("id", "each BFCL question needs a string id");
    return void 0;
  }
  const id = record.id;
  const turns = record.question;
  if (!Array.isArray(turns) || turns.length === 0 || !turns.every(Array.isArray)) {
    at("question", "must be a list of turns, each a list of {role, content} messages");
    return void 0;
  }
  if (turns.length > 1) {
    at("question", "multi-turn BFCL categories are not supported; use single-turn files (simple, multiple, parallel, live_*)");
    return void 0;
  }
  const messages = [];
  for (const [i, message] of turns[0].entries()) {
    if (!isRecord(message) || typeof message.content !== "string" || !["system", "user", "assistant"].includes(String(message.role))) {
      at(`question.0.${i}`, "must be {role: system|user|assistant, content: string}");
      return void 0;
    }
    messages.push({ role: message.role, content: message.content });
  }
  if (!Array.isArray(record.function)) {
    at("function", "must be a list of function schemas");
    return void 0;
  }
  const tools = [];
  for (const [i, fn] of record.function.entries()) {
    const schema = readToolSchema(fn);
    if (typeof schema === "string") {
      at(`function.${i}`, schema);
      return void 0;
    }
    tools.push(schema);
  }
  const answer = answers.get(id);
  if (!answer) {
    at("id", `no possible answer has the id "${id}"`);
    return void 0;
  }
  const expected = readBfclGroundTruth(
    answer.groundTruth,
    (field, message) => problems.push({ file: answersFile, line: answer.line, field, message })
  );
  if (!expected) return void 0;
  const content = messages.filter((m) => m.role === "user").at(-1)?.content ?? id;
  return {
    id,
    title: `${id}: ${content.length > 80 ? `${content.slice(0, 77)}\u2026` : content}`,
    source: { file, line: line.line },
    position: line.line,
    input: {
      origin: "bfcl",
      scenarioType: bfclCategory(id),
      instructions: "",
      completionCondition: "",
      question: messages,
      tools,
      expected,
      mockedResults: {}
    }
  };
}
function readBfclGroundTruth(raw, at) {
  if (!Array.isArray(raw)) {
    at("ground_truth", "must be a list of {function name: {parameter: [acceptable values]}}");
    return void 0;
  }
  const calls = [];
  for (const [i, entry] of raw.entries()) {
    if (!isRecord(entry) || Object.keys(entry).length !== 1) {
      at(
        `ground_truth.${i}`,
        typeof entry === "string" ? "multi-turn call strings are not supported" : "must be an object with exactly one function name"
      );
      return void 0;
    }
    const [name, params] = Object.entries(entry)[0];
    if (!isRecord(params)) {
      at(`ground_truth.${i}.${name}`, "must map parameter names to lists of acceptable values");
      return void 0;
    }
    const args = {};
    for (const [param, acceptable] of Object.entries(params)) {
      try {
        args[param] = compileBfclParameter(acceptable, param);
      } catch (error) {
        if (!(error instanceof MatcherSpecError)) throw error;
        at(`ground_truth.${i}.${name}.${error.path}`, error.message.slice(error.path.length + 2));
        return void 0;
      }
    }
    calls.push({ name, arguments: args });
  }
  return calls;
}

// src/suites/function-calls/prompts.ts
function simulatorSystemPrompt(instructions, stopToken) {
  return [
    "You are playing a user who talks to a business chatbot assistant. Write only the user's next message.",
    "",
    "Rules:",
    "- You are the user, never the assistant. Behave like a non-technical person who knows the task but not how the system works.",
    "- Stay on the task; vary your wording a little, as a person would.",
    "- Use only the data given in your task. Never invent names, numbers, dates or other facts, and never change the data.",
    "- Give information when it is needed, a little at a time; do not mention that it was given to you.",
    "- Do not correct the assistant or point out its mistakes, and accept the values it proposes.",
    `- When the assistant has completed your task and you have confirmed it, end the conversation by saying "${stopToken}".`,
    "",
    "Your task:",
    instructions.trim()
  ].join("\n");
}
var OPENING_GREETING = "Hi! How can I help you today?";
var JUDGE_WINDOW = 30;
function completionJudgeMessages(condition, transcript) {
  const lines = transcript.slice(-JUDGE_WINDOW).map((entry) => {
    if (entry.role === "tool") return `[tool ${entry.name ?? ""} returned: ${entry.content ?? ""}]`;
    const calls = (entry.toolCalls ?? []).map((call) => `[${entry.role} called ${call.name}(${JSON.stringify(call.arguments)})]`);
    return [...calls, ...entry.content ? [`${entry.role.toUpperCase()}: ${entry.content}`] : []].join("\n");
  });
  return [
    {
      role: "system",
      content: "You check whether a conversation between a user and an assistant has reached a given state. Answer with a single word: yes or no."
    },
    {
      role: "user",
      content: `Conversation:
${lines.filter(Boolean).join("\n")}

Determine if ${condition.trim()}. If so, respond with a single word: yes. Otherwise respond with a single word: no.`
    }
  ];
}
function parseCompletionVerdict(text) {
  const first = /^[\s"'*`]*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  if (first === "yes") return true;
  if (first === "no") return false;
  return void 0;
}
function saysStopToken(message, stopToken) {
  const squash = (text) => text.toLowerCase().replace(/\s+/g, " ").trim();
  return squash(message).includes(squash(stopToken));
}

// src/suites/function-calls/run.ts
var JudgeAnswerError = class extends Error {
};
var Ledger = class {
  requests = 0;
  costUsd = 0;
  add(response) {
    this.requests++;
    this.costUsd = this.costUsd === null || response.costUsd === null ? null : this.costUsd + response.costUsd;
    return response;
  }
};
async function runFunctionCallCase(testCase, ctx) {
  const { input } = testCase;
  const tags = { scenarioType: input.scenarioType };
  const ledger = new Ledger();
  const details = {
    mode: input.recorded ? "recorded" : input.question ? "single-turn" : "multi-turn",
    transcript: [],
    calls: []
  };
  if (input.recorded) {
    details.termination = "recorded";
    details.calls = input.recorded;
    return scored(input, details, tags, ledger, ctx.options, void 0);
  }
  if (!ctx.options.target) {
    return {
      status: "error",
      error: { kind: "input", message: "no target is configured and the case has no recorded calls" },
      metrics: {},
      tags,
      costUsd: null,
      requests: 0,
      details
    };
  }
  try {
    if (input.question) {
      await runSingleTurn(testCase, ctx, details, ledger);
      return scored(input, details, tags, ledger, ctx.options, void 0);
    }
    const completed = await runConversation(testCase, ctx, details, ledger);
    return scored(input, details, completed ? tags : { ...tags, hit_turn_limit: "true" }, ledger, ctx.options, completed);
  } catch (error) {
    const kind = isEndpointError(error) ? "endpoint" : error instanceof JudgeAnswerError ? "judge" : void 0;
    if (!kind) throw error;
    return {
      status: "error",
      error: { kind, message: redact(error.message) },
      metrics: {},
      tags,
      costUsd: ledger.costUsd,
      requests: ledger.requests,
      details
    };
  }
}
function scored(input, details, tags, ledger, options, completed) {
  const { metrics, ...score } = scoreCalls(input.expected, details.calls, { ignoreCalls: options["ignore-calls"] });
  details.score = score;
  return {
    status: "scored",
    metrics: { ...metrics, ...completed !== void 0 && { completed: completed ? 1 : 0 } },
    tags,
    costUsd: ledger.costUsd,
    requests: ledger.requests,
    details
  };
}
function takeReply(response, wire, details) {
  const calls = response.toolCalls.map((call) => ({ name: fromWireName(wire, call.name), arguments: call.arguments }));
  details.calls.push(...calls);
  details.transcript.push({ role: "assistant", content: response.text || null, ...calls.length > 0 && { toolCalls: calls } });
  return { role: "assistant", content: response.text || null, ...response.toolCalls.length > 0 && { toolCalls: response.toolCalls } };
}
async function runSingleTurn(testCase, ctx, details, ledger) {
  const { input } = testCase;
  const wire = toWireTools(input.tools);
  const messages = input.question ?? [];
  for (const message of messages)
    details.transcript.push({
      role: message.role === "system" ? "user" : message.role,
      content: message.content
    });
  const target = ctx.models.chat(ctx.options.target);
  const response = ledger.add(
    await target.chat(
      { messages, tools: wire.tools, purpose: "target", sample: ctx.repeat, vars: { case: testCase.id, turn: 1 } },
      ctx.signal
    )
  );
  takeReply(response, wire, details);
  details.termination = "single_turn";
}
function toolResult(input, name) {
  const key = Object.keys(input.mockedResults).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === void 0 ? { status: "success" } : input.mockedResults[key];
  return typeof value === "string" ? value : JSON.stringify(value);
}
async function runConversation(testCase, ctx, details, ledger) {
  const { input } = testCase;
  const { options } = ctx;
  const target = ctx.models.chat(options.target);
  const simulator = ctx.models.chat(options.simulator);
  const judge = options["judge-completion"] ? ctx.models.chat(options["completion-judge"] ?? options.simulator) : void 0;
  const wire = toWireTools(input.tools);
  const stopToken = options["stop-token"];
  const userThread = [
    { role: "system", content: simulatorSystemPrompt(input.instructions, stopToken) },
    { role: "user", content: OPENING_GREETING }
  ];
  const botThread = [];
  details.judgeVerdicts = [];
  details.turns = 0;
  while (details.turns < options["max-turns"]) {
    const said = ledger.add(await simulator.chat({ messages: userThread, purpose: "simulator", sample: ctx.repeat }, ctx.signal)).text;
    userThread.push({ role: "assistant", content: said });
    details.transcript.push({ role: "user", content: said });
    if (saysStopToken(said, stopToken)) {
      details.termination = "stop_token";
      return true;
    }
    details.turns++;
    botThread.push({ role: "user", content: said });
    const reply = await exchange(testCase, ctx, target, wire, botThread, details, ledger);
    userThread.push({ role: "user", content: reply });
    if (judge) {
      const verdictText = ledger.add(
        await judge.chat(
          {
            messages: completionJudgeMessages(input.completionCondition, details.transcript),
            purpose: "judge",
            sample: ctx.repeat,
            temperature: 0
          },
          ctx.signal
        )
      ).text;
      const complete = parseCompletionVerdict(verdictText);
      if (complete === void 0)
        throw new JudgeAnswerError(`the completion judge answered neither yes nor no: ${JSON.stringify(verdictText.slice(0, 200))}`);
      details.judgeVerdicts.push({ turn: details.turns, text: verdictText, complete });
      if (complete) {
        details.termination = "judge";
        return true;
      }
    }
  }
  details.termination = "turn_limit";
  return false;
}
async function exchange(testCase, ctx, target, wire, botThread, details, ledger) {
  const { input } = testCase;
  for (let round = 1; ; round++) {
    const response = ledger.add(
      await target.chat(
        {
          messages: botThread,
          tools: wire.tools,
          purpose: "target",
          sample: ctx.repeat,
          vars: { case: testCase.id, turn: details.turns, round }
        },
        ctx.signal
      )
    );
    botThread.push(takeReply(response, wire, details));
    if (response.toolCalls.length === 0 || !ctx.options["answer-tool-calls"]) return response.text;
    for (const call of response.toolCalls) {
      const name = fromWireName(wire, call.name);
      const content = toolResult(input, name);
      botThread.push({ role: "tool", toolCallId: call.id, name: call.name, content });
      details.transcript.push({ role: "tool", name, content });
    }
    if (round >= ctx.options["max-tool-rounds"]) {
      details.toolRoundLimitTurns = [...details.toolRoundLimitTurns ?? [], details.turns ?? 0];
      return "";
    }
  }
}

// src/suites/function-calls/index.ts
var functionCallSuite = {
  kind: "function-calls",
  load: loadFunctionCallSuite,
  modelsUsed: (options) => {
    if (options.target === void 0) return [];
    const names = [
      options.target,
      options.simulator,
      options["judge-completion"] ? options["completion-judge"] ?? options.simulator : void 0
    ];
    return [...new Set(names.filter((name) => name !== void 0))];
  },
  runCase: runFunctionCallCase,
  aggregate: (results) => aggregateFunctionCalls(results)
};
export {
  functionCallSuite
};
