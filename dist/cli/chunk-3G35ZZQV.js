#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/engine/interrupted.ts
var InterruptedError = class extends Error {
  name = "InterruptedError";
  journalFile;
  finished;
  constructor(journalFile, finished) {
    super(`interrupted after ${finished} finished cases; they are kept in ${journalFile}. Run again with --resume to continue.`);
    this.journalFile = journalFile;
    this.finished = finished;
  }
};

// src/util/redact.ts
var secrets = /* @__PURE__ */ new Set();
function registerSecret(value) {
  if (value && value.length >= 6) secrets.add(value);
}
function redact(text) {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("***");
  return out;
}
function redactDeep(value) {
  if (secrets.size === 0) return value;
  return JSON.parse(redact(JSON.stringify(value)));
}

// src/version.ts
var VERSION = "0.1.0";

export {
  InterruptedError,
  registerSecret,
  redact,
  redactDeep,
  VERSION
};
