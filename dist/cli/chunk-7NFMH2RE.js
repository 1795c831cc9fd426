#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/cli/errors.ts
var EXIT = { pass: 0, gateFailed: 1, badInput: 2, runtime: 3, interrupted: 130 };
var UsageError = class extends Error {
  name = "UsageError";
};
function exitCodeOf(verdict) {
  return verdict.verdict === "pass" ? EXIT.pass : verdict.verdict === "error" ? EXIT.runtime : EXIT.gateFailed;
}

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
  const field = problem.field ? ` ${problem.field}:` : "";
  return `${where}${field} ${problem.message}`;
}
var ConfigError = class extends Error {
  name = "ConfigError";
  problems;
  constructor(problems) {
    super(problems.length === 1 ? formatProblem(problems[0]) : `${problems.length} problems:
${problems.map(formatProblem).join("\n")}`);
    this.problems = problems;
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

// src/util/redact.ts
var REDACTED = "***";
var MIN_SECRET_LENGTH = 6;
var secrets = /* @__PURE__ */ new Set();
var pattern = null;
function registerSecret(value) {
  if (!value || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  pattern = null;
}
function redact(text) {
  if (secrets.size === 0 || text.length < MIN_SECRET_LENGTH - 2) return text;
  pattern ??= compile();
  return text.replace(pattern, REDACTED);
}
function redactDeep(value) {
  if (secrets.size === 0) return value;
  return walk(value);
}
function walk(value) {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map(walk);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out = {};
    for (const [key, inner] of Object.entries(value)) out[redact(key)] = walk(inner);
    return out;
  }
  return value;
}
function redactStreams(...streams) {
  for (const stream of streams) {
    const marked = stream;
    if (marked.evalgateRedacted) continue;
    marked.evalgateRedacted = true;
    const write = stream.write.bind(stream);
    stream.write = ((chunk, ...rest) => {
      if (secrets.size > 0) {
        if (typeof chunk === "string") chunk = redact(chunk);
        else if (chunk instanceof Uint8Array) chunk = redact(Buffer.from(chunk).toString("utf8"));
      }
      return write(chunk, ...rest);
    });
  }
}
function formsOf(secret) {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    encodeURIComponent(secret),
    encodeURI(secret),
    escapeHtml(secret),
    escapeXml(secret),
    escapeMarkdownText(secret, Number.POSITIVE_INFINITY),
    ...base64Cores(secret)
  ];
  return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH - 2);
}
function base64Cores(secret) {
  const bytes = Buffer.from(secret, "utf8");
  const cores = [];
  for (let offset = 0; offset < 3; offset++) {
    const total = offset + bytes.length;
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const start = Math.ceil(offset * 8 / 6);
    const end = Math.floor(total * 8 / 6);
    const core = encoded.slice(start, end);
    if (core.length >= MIN_SECRET_LENGTH) cores.push(core, core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return cores;
}
function compile() {
  const forms = [...new Set([...secrets].flatMap(formsOf))].sort((a, b) => b.length - a.length);
  return new RegExp(forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
}

export {
  EXIT,
  UsageError,
  exitCodeOf,
  excerpt,
  plural,
  ConfigError,
  plainText,
  inertText,
  escapeMarkdownText,
  escapeTableCell,
  escapeHtml,
  escapeXml,
  escapeXmlAttribute,
  safeUrl,
  registerSecret,
  redact,
  redactDeep,
  redactStreams
};
