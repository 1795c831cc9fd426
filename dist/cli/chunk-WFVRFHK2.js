#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  escapeHtml,
  escapeMarkdownText,
  escapeXml
} from "./chunk-UZVVKZBF.js";

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
  registerSecret,
  redact,
  redactDeep,
  redactStreams
};
