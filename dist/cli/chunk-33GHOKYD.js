#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/util/json-numbers.ts
var sources = /* @__PURE__ */ new WeakMap();
var MAY_LOSE_SOURCE = /[:,[]\s*(?:-?\d+[.eE]|-?\d{16}|-0)/;
function parseJsonKeepingNumbers(text) {
  if (!MAY_LOSE_SOURCE.test(text)) return JSON.parse(text);
  return JSON.parse(text, function keepSource(key, value, context) {
    if (typeof value === "number" && context?.source !== void 0 && losesSourceText(value, context.source)) {
      let held = sources.get(this);
      if (!held) {
        held = /* @__PURE__ */ new Map();
        sources.set(this, held);
      }
      held.set(key, context.source);
    }
    return value;
  });
}
function numberSource(holder, key) {
  if (typeof holder !== "object" || holder === null) return void 0;
  return sources.get(holder)?.get(String(key));
}
function losesSourceText(value, source) {
  if (isIntegerLiteral(source)) return !Number.isSafeInteger(value) || Object.is(value, -0);
  return Number.isInteger(value) || !Number.isFinite(value);
}
function isIntegerLiteral(source) {
  return /^-?\d+$/.test(source);
}
var rawJSON = JSON.rawJSON;
function stringifyKeepingNumbers(value) {
  return JSON.stringify(value, function writeSource(key, item) {
    const source = typeof item === "number" ? numberSource(this, key) : void 0;
    return source === void 0 ? item : rawJSON(source);
  });
}

// src/models/tool-calls.ts
function parseToolArguments(raw) {
  if (raw === void 0 || raw === null || raw === "") return {};
  if (typeof raw === "string") {
    try {
      const parsed = parseJsonKeepingNumbers(raw);
      if (isPlainObject(parsed)) return parsed;
    } catch {
    }
    return { __raw: raw };
  }
  if (isPlainObject(raw)) return raw;
  return { __raw: JSON.stringify(raw) };
}
function serializeToolArguments(args) {
  const keys = Object.keys(args);
  if (keys.length === 1 && keys[0] === "__raw" && typeof args["__raw"] === "string") return args["__raw"];
  return JSON.stringify(args);
}
function normalizeToolCalls(value) {
  if (!Array.isArray(value)) return [];
  const calls = [];
  value.forEach((entry, index) => {
    if (!isPlainObject(entry)) return;
    const fn = isPlainObject(entry["function"]) ? entry["function"] : void 0;
    const name = fn?.["name"] ?? entry["name"] ?? entry["functionName"];
    if (typeof name !== "string" || name === "") return;
    const args = fn ? fn["arguments"] : entry["arguments"];
    const id = typeof entry["id"] === "string" && entry["id"] !== "" ? entry["id"] : `call_${index}`;
    calls.push({ id, name, arguments: parseToolArguments(args) });
  });
  return calls;
}
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export {
  parseJsonKeepingNumbers,
  numberSource,
  isIntegerLiteral,
  stringifyKeepingNumbers,
  parseToolArguments,
  serializeToolArguments,
  normalizeToolCalls,
  isPlainObject
};
