#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/util/python-format.ts
function pythonFloatRepr(value) {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const [mantissa, exponentText] = value.toExponential().split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  const sign = value < 0 ? "-" : "";
  const digits = mantissa.replace(/^-/, "").replace(".", "");
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  return `${sign}${whole}.${digits.slice(exponent + 1) || "0"}`;
}
function pythonFixed(value, digits) {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (Math.abs(value) >= 1e21) return BigInt(Math.round(value)).toString() + (digits > 0 ? `.${"0".repeat(digits)}` : "");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const magnitude = Math.abs(value);
  let text = magnitude.toFixed(digits);
  const exact = magnitude.toFixed(100);
  const point = exact.indexOf(".");
  const rest = exact.slice(point + 1 + digits);
  if (/^50*$/.test(rest)) {
    const truncated = digits === 0 ? exact.slice(0, point) : exact.slice(0, point + 1 + digits);
    if (Number(truncated.at(-1)) % 2 === 0) text = truncated;
  }
  return `${sign}${text}`;
}
var PyFloat = class {
  value;
  constructor(value) {
    this.value = value;
  }
};
function pythonJsonDumps(value, indent = 4) {
  const write = (item, depth) => {
    if (item === null || item === void 0) return "null";
    if (item === true) return "true";
    if (item === false) return "false";
    if (item instanceof PyFloat) return jsonFloat(item.value);
    if (typeof item === "number") return Number.isInteger(item) && Math.abs(item) < 1e21 ? BigInt(item).toString() : jsonFloat(item);
    if (typeof item === "string") return pythonJsonString(item);
    const pad = " ".repeat(indent * (depth + 1));
    const close = " ".repeat(indent * depth);
    if (Array.isArray(item)) {
      if (item.length === 0) return "[]";
      return `[
${item.map((entry) => pad + write(entry, depth + 1)).join(",\n")}
${close}]`;
    }
    const entries = Object.entries(item);
    if (entries.length === 0) return "{}";
    return `{
${entries.map(([key, entry]) => `${pad}${pythonJsonString(key)}: ${write(entry, depth + 1)}`).join(",\n")}
${close}}`;
  };
  return write(value, 0);
}
function jsonFloat(value) {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  return pythonFloatRepr(value);
}
var SHORT_ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "	": "\\t", "\b": "\\b", "\f": "\\f" };
function pythonJsonString(text) {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const code = text.charCodeAt(i);
    if (SHORT_ESCAPES[char]) out += SHORT_ESCAPES[char];
    else if (code < 32 || code > 126) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `${out}"`;
}
function pandasCsv(rows) {
  const cell = (value) => /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return rows.map((row) => `${row.map(cell).join(",")}
`).join("");
}

export {
  pythonFloatRepr,
  pythonFixed,
  PyFloat,
  pythonJsonDumps,
  pandasCsv
};
