#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  evalgateConfig
} from "./chunk-BMKMWACF.js";
import {
  parsePositionedYaml,
  yamlProblems
} from "./chunk-FB7BGH6U.js";
import {
  readTextFile
} from "./chunk-GGGSQSPQ.js";
import {
  ConfigError
} from "./chunk-UZVVKZBF.js";

// src/config/load.ts
import path from "node:path";
var MODEL_REFERENCE_KEYS = /* @__PURE__ */ new Set(["agents", "judge", "target", "simulator", "completion-judge", "grader"]);
var MAX_CONFIG_BYTES = 1024 * 1024;
async function loadConfig(configPath) {
  const absolute = path.resolve(configPath);
  const displayPath = path.relative(process.cwd(), absolute) || absolute;
  return parseConfig(await readConfigText(absolute, displayPath), absolute, displayPath);
}
async function readConfigText(absolute, displayPath) {
  const read = await readTextFile(absolute, { maxBytes: MAX_CONFIG_BYTES, what: "a config" });
  if ("problem" in read) {
    const { line, message } = read.problem;
    throw new ConfigError([{ file: displayPath, ...line !== void 0 ? { line } : {}, message }]);
  }
  if (read.warnings.length) throw new ConfigError(read.warnings.map((warning) => ({ file: displayPath, ...warning, severity: "error" })));
  return read.text;
}
function parseConfigYaml(text, displayPath) {
  const yaml = parsePositionedYaml(text);
  const problems = yamlProblems(yaml, displayPath);
  if (problems.length > 0) throw new ConfigError(problems);
  return yaml;
}
function parseConfig(text, absolutePath, displayPath = absolutePath) {
  const yaml = parseConfigYaml(text, displayPath);
  const problems = [];
  const raw = yaml.value;
  if (raw === null || raw === void 0) {
    throw new ConfigError([{ file: displayPath, line: 1, message: "the file is empty; expected a mapping starting with version: 1" }]);
  }
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new ConfigError([
      { file: displayPath, line: 1, column: 1, message: `expected a mapping (version:, models:, suites:), got ${describeValue(raw)}` }
    ]);
  }
  const positionOf = (fieldPath, key) => yaml.positionOf(fieldPath, key);
  const parsed = evalgateConfig.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(...describeIssue(issue, raw, displayPath, positionOf));
    throw new ConfigError(sortProblems(problems));
  }
  const config = parsed.data;
  problems.push(...checkModelReferences(config, displayPath, positionOf));
  if (problems.length > 0) throw new ConfigError(sortProblems(problems));
  return {
    config,
    path: absolutePath,
    dir: path.dirname(absolutePath),
    displayPath,
    lineOf: (fieldPath) => positionOf(fieldPath)?.line,
    text
  };
}
function describeIssue(issue, raw, file, positionOf) {
  const fieldPath = issue.path;
  if (issue.code === "unrecognized_keys") {
    const known = knownKeysAt(evalgateConfig, raw, fieldPath);
    return issue.keys.map((key) => {
      const position2 = positionOf(fieldPath, key);
      const suggestion = closest(key, known);
      return {
        file,
        line: position2?.line,
        column: position2?.col,
        field: joinPath([...fieldPath, key]),
        message: `unknown key${suggestion ? ` (did you mean "${suggestion}"?)` : known.length ? `; expected one of: ${known.join(", ")}` : ""}`
      };
    });
  }
  const position = issue.code === "invalid_key" ? positionOf(fieldPath.slice(0, -1), String(fieldPath.at(-1))) : positionOf(fieldPath);
  const value = valueAt(raw, fieldPath);
  let message = issue.message;
  if (issue.code === "invalid_type") {
    message = value === void 0 ? `required: expected ${issue.expected}` : `expected ${issue.expected}, got ${describeValue(value)}`;
  } else if (issue.code === "invalid_value" && value === void 0) {
    message = `required: ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}`;
  } else if (issue.code === "invalid_key") {
    const rule = issue.issues.map((inner) => inner.message).join("; ");
    const pattern = issue.issues.map((inner) => "pattern" in inner ? String(inner.pattern) : "").find(Boolean);
    message = `the name ${describeValue(fieldPath.at(-1))} is not allowed: use ${rule}${pattern ? ` (${pattern})` : ""}`;
  } else if (issue.code === "invalid_value") {
    message = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}, got ${describeValue(value)}${didYouMean(value, issue.values.map(String))}`;
  } else if (issue.code === "too_big" || issue.code === "too_small") {
    const bound = issue.code === "too_big" ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
    message = `${issue.origin === "array" ? "list length" : "value"} must be ${bound}, got ${describeValue(Array.isArray(value) ? value.length : value)}`;
  } else if (issue.code === "invalid_union" && "discriminator" in issue && issue.discriminator) {
    const options = issue.options ?? [];
    message = value === void 0 ? `required: one of ${options.map((o) => JSON.stringify(o)).join(", ")}` : `expected one of ${options.map((o) => JSON.stringify(o)).join(", ")}, got ${describeValue(value)}${didYouMean(value, options.map(String))}`;
  }
  return [{ file, line: position?.line, column: position?.col, field: joinPath(fieldPath), message }];
}
function checkModelReferences(config, file, positionOf) {
  const problems = [];
  const modelNames = Object.keys(config.models);
  for (const [suiteName, suite] of Object.entries(config.suites)) {
    for (const [key, value] of Object.entries(suite)) {
      if (!MODEL_REFERENCE_KEYS.has(key)) continue;
      const refs = Array.isArray(value) ? value : [value];
      refs.forEach((ref, index) => {
        if (typeof ref !== "string" || ref in config.models) return;
        const fieldPath = Array.isArray(value) ? ["suites", suiteName, key, index] : ["suites", suiteName, key];
        const position = positionOf(fieldPath);
        const suggestion = closest(ref, modelNames);
        problems.push({
          file,
          line: position?.line,
          column: position?.col,
          field: joinPath(fieldPath),
          message: `unknown model "${ref}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; models defined: ${modelNames.join(", ") || "none"}`
        });
      });
    }
  }
  return problems;
}
function knownKeysAt(schema, data, fieldPath) {
  let current = [schema];
  let value = data;
  for (const step of [...fieldPath, null]) {
    const next = [];
    const keys = [];
    for (const candidate of current.flatMap((s) => unwrap(s, value))) {
      const def = candidate._zod.def;
      if (def.type === "object") {
        const shape = def.shape;
        if (step === null) keys.push(...Object.keys(shape));
        else if (shape[String(step)]) next.push(shape[String(step)]);
      } else if (def.type === "record" && step !== null) {
        next.push(def.valueType);
      } else if (def.type === "array" && step !== null) {
        next.push(def.element);
      }
    }
    if (step === null) return [...new Set(keys)];
    current = next;
    value = value && typeof value === "object" ? value[String(step)] : void 0;
  }
  return [];
}
function unwrap(schema, value) {
  const def = schema._zod.def;
  switch (def.type) {
    case "default":
    case "optional":
    case "nullable":
    case "prefault":
      return unwrap(def.innerType, value);
    case "pipe":
      return unwrap(def.in, value);
    case "union": {
      const options = def.options;
      const discriminator = def.discriminator;
      const tag = discriminator && value && typeof value === "object" ? value[discriminator] : void 0;
      const fitting = options.filter((option) => {
        if (tag === void 0) return true;
        const shape = option._zod.def.shape;
        const literal = shape?.[discriminator];
        return literal?._zod.def.values?.includes(tag) ?? false;
      });
      return (fitting.length ? fitting : options).flatMap((option) => unwrap(option, value));
    }
    default:
      return [schema];
  }
}
function closest(word, candidates) {
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== void 0 && bestDistance <= Math.min(3, Math.max(1, Math.ceil(word.length / 3))) ? best : void 0;
}
function editDistance(a, b) {
  const d = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2][j - 2] + 1);
      d[i][j] = best;
    }
  }
  return d[a.length][b.length];
}
function didYouMean(value, candidates) {
  const suggestion = typeof value === "string" ? closest(value, candidates) : void 0;
  return suggestion ? ` (did you mean "${suggestion}"?)` : "";
}
function valueAt(data, fieldPath) {
  let value = data;
  for (const step of fieldPath) {
    if (!value || typeof value !== "object") return void 0;
    value = value[String(step)];
  }
  return value;
}
function describeValue(value) {
  if (value === void 0) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
function joinPath(fieldPath) {
  return fieldPath.map((step) => typeof step === "number" ? `[${step}]` : String(step)).join(".").replace(/\.\[/g, "[");
}
function sortProblems(problems) {
  return problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

export {
  loadConfig,
  readConfigText,
  parseConfigYaml,
  parseConfig,
  closest
};
