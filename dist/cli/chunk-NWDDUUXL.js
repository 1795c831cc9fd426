#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  UsageError
} from "./chunk-YIO6E4VB.js";
import {
  parseDuration
} from "./chunk-UG2LRVHV.js";

// src/cli/option-table.ts
import { parseArgs } from "node:util";
var InvalidValue = class extends Error {
  expected;
  constructor(expected) {
    super(expected);
    this.expected = expected;
  }
};
var HELP_OPTION = { type: "boolean", short: "h", help: "show this help" };
function parseOptions(argv, table, settings = {}) {
  const spec = {};
  for (const [name, option] of Object.entries({ ...table, help: table.help ?? HELP_OPTION })) {
    spec[name] = {
      type: option.type,
      ...option.short ? { short: option.short } : {},
      ...option.type === "string" && option.multiple ? { multiple: true } : {}
    };
  }
  const { values: raw, positionals } = parseArgs({ args: argv, options: spec, allowPositionals: true, strict: true });
  if (positionals.length && !settings.positionals) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const values = { help: raw.help === true };
  const given = /* @__PURE__ */ new Set();
  for (const [name, option] of Object.entries(table)) {
    const value = raw[name];
    if (value !== void 0) given.add(name);
    if (option.type === "boolean") {
      values[name] = value === true;
      continue;
    }
    if (option.multiple) {
      values[name] = (Array.isArray(value) ? value : []).map((text2) => parseValue(name, option, String(text2)));
      continue;
    }
    const text = typeof value === "string" ? value : option.default;
    if (text !== void 0) values[name] = parseValue(name, option, text);
  }
  return { values, positionals, given };
}
function parseValue(name, option, text) {
  if (!option.parse) return text;
  try {
    return option.parse(text);
  } catch (error) {
    if (!(error instanceof InvalidValue)) throw error;
    throw new UsageError(`--${name} expects ${error.expected}, got "${text}"`);
  }
}
function formatOptionsHelp(table, title = "Options:") {
  const rows = Object.entries(table).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : "    "}--${name}${option.type === "string" ? ` ${option.arg}` : ""}`;
    const help = option.type === "string" && option.default !== void 0 ? `${option.help} (default: ${option.default})` : option.help;
    return [flag, help];
  });
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return [title, ...rows.map(([flag, help]) => `  ${flag.padEnd(width)}${help}`)].join("\n");
}
function integer(min, max = Number.MAX_SAFE_INTEGER) {
  return (raw) => {
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isInteger(n) || n < min || n > max) {
      throw new InvalidValue(max === Number.MAX_SAFE_INTEGER ? `a whole number >= ${min}` : `a whole number from ${min} to ${max}`);
    }
    return n;
  };
}
function ratioValue(raw) {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidValue("a number from 0 to 1 (e.g. 0.7)");
  return n;
}
function positiveNumber(raw) {
  const n = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(n) || n < 0) throw new InvalidValue("a number >= 0");
  return n;
}
function durationValue(raw) {
  const text = raw.trim();
  const ms = /^\d+$/.test(text) ? Number(text) : /^\d+(\.\d+)?\s*(ms|s|m|h)$/.test(text) ? parseDuration(text) : 0;
  if (ms > 0) return ms;
  throw new InvalidValue("a duration such as 500ms, 30s, 2m or a number of milliseconds");
}
function oneOf(...choices) {
  return (raw) => {
    if (!choices.includes(raw)) throw new InvalidValue(`one of ${choices.join(", ")}`);
    return raw;
  };
}
function list(raw) {
  const items = raw.split(",").map((item) => item.trim()).filter(Boolean);
  if (!items.length) throw new InvalidValue("a comma-separated list");
  return items;
}

export {
  InvalidValue,
  parseOptions,
  formatOptionsHelp,
  integer,
  ratioValue,
  positiveNumber,
  durationValue,
  oneOf,
  list
};
