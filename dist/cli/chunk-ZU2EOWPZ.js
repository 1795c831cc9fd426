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

// src/version.ts
var VERSION = "0.1.0";

export {
  InterruptedError,
  VERSION
};
