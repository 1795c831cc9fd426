#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/config/errors.ts
function excerpt(value, max = 40) {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat;
}
function plural(count, noun, pluralNoun = `${noun}s`) {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
function formatProblem(problem) {
  const where = [problem.file, problem.line, problem.line !== void 0 ? problem.column : void 0].filter((part) => part !== void 0).join(":");
  return `${where}: ${problem.field ? `${problem.field}: ` : ""}${problem.message}`;
}
var ConfigError = class extends Error {
  name = "ConfigError";
  problems;
  constructor(problems) {
    const errors = problems.filter((problem) => problem.severity !== "warning");
    super(errors.length === 1 ? formatProblem(errors[0]) : `${errors.length} problems:
${errors.map(formatProblem).join("\n")}`);
    this.problems = problems;
  }
  /**
   * The same error (the same class) with `warnings` first among its problems: what was noted while
   * loading (a line's bad bytes, a field ignored, the warnings of the suites loaded before) stays with
   * the error, printed and annotated before it. Itself when there are none.
   */
  withWarnings(warnings) {
    if (warnings.length === 0) return this;
    const Same = this.constructor;
    return new Same([...warnings.map((warning) => ({ ...warning, severity: "warning" })), ...this.problems]);
  }
  format() {
    return this.problems.map((problem) => `${problem.severity === "warning" ? "warning" : "error"}: ${formatProblem(problem)}`).join("\n");
  }
};

// src/report/escape.ts
var HTML = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
var LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
var ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?/g;
function plainText(value, maxLength = Number.POSITIVE_INFINITY, options = {}) {
  const control = options.keepLines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g : /[\u0000-\u001f\u007f-\u009f]+/g;
  const text = String(value ?? "").replace(LONE_SURROGATE, "\uFFFD").replace(ANSI, "").replace(control, options.keepLines ? "" : " ");
  return clipText(options.keepLines ? text : text.trim(), maxLength);
}
function clipText(text, maxLength) {
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength - 1);
  if (end > 0 && /[\ud800-\udbff]/.test(text[end - 1])) end--;
  return `${text.slice(0, end).trimEnd()}\u2026`;
}
function inertText(value, maxLength = 2e3) {
  return plainText(value, maxLength, { keepLines: true }).replace(/@(?=[A-Za-z0-9])/g, "@\u200B").replace(/^::/gm, " ::");
}
function escapeMarkdownText(value, maxLength = 300) {
  const text = clipText(
    plainText(String(value ?? "").replace(/\r\n?|\n|\u2028|\u2029/g, " ")).replace(/\s+/g, " ").trim(),
    maxLength
  );
  return text.replace(/[&<>"]/g, (char) => HTML[char]).replace(/[\\`*_[\]#|~]/g, "\\$&").replace(/^([-=+])/, "\\$1").replace(/@(?=[A-Za-z0-9])/g, "@&#8203;").replace(/^(\d+)\./, "$1\\.").replace(/:(?=[a-z0-9_+-]+:|\/\/)/gi, "&#58;");
}
function escapeTableCell(value, maxLength = 160) {
  return escapeMarkdownText(value, maxLength);
}
function escapeHtml(value) {
  return String(value ?? "").replace(/[&<>"']/g, (char) => HTML[char] ?? "&#39;");
}
var XML = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\n": "&#10;",
  "\r": "&#13;",
  "	": "&#9;"
};
function escapeXml(value) {
  return String(value ?? "").replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "").replace(/[&<>"']/g, (char) => XML[char]);
}
function escapeXmlAttribute(value) {
  return escapeXml(value).replace(/[\n\r\t]/g, (char) => XML[char]);
}
function safeUrl(url) {
  if (!url || !/^https?:\/\//i.test(url)) return void 0;
  return url.replace(/[()\s<>"|`]/g, (char) => encodeURIComponent(char));
}

export {
  excerpt,
  plural,
  formatProblem,
  ConfigError,
  plainText,
  inertText,
  escapeMarkdownText,
  escapeTableCell,
  escapeHtml,
  escapeXml,
  escapeXmlAttribute,
  safeUrl
};
