#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  readTextChunks
} from "./chunk-GGGSQSPQ.js";

// src/util/jsonl.ts
function parseLine(raw, line, parse) {
  if (raw.trim() === "") return null;
  try {
    return { line, raw, value: parse(raw) };
  } catch (error) {
    return { line, raw, error: error.message };
  }
}
var LineSplitter = class {
  rest = "";
  line = 0;
  /** The last chunk ended with "\r": a "\n" first in the next one is its CRLF's. */
  afterCr = false;
  parse;
  constructor(parse) {
    this.parse = parse;
  }
  push(chunk) {
    const text = this.rest + chunk;
    const out = [];
    let start = this.afterCr && text.charCodeAt(0) === 10 ? 1 : 0;
    let lf = text.indexOf("\n", start);
    let cr = text.indexOf("\r", start);
    while (lf !== -1 || cr !== -1) {
      const end = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf;
      this.line++;
      const parsed = parseLine(text.slice(start, end), this.line, this.parse);
      if (parsed) out.push(parsed);
      start = end === cr && lf === cr + 1 ? cr + 2 : end + 1;
      if (lf !== -1 && lf < start) lf = text.indexOf("\n", start);
      if (cr !== -1 && cr < start) cr = text.indexOf("\r", start);
    }
    this.afterCr = text.charCodeAt(text.length - 1) === 13;
    this.rest = text.slice(start);
    return out;
  }
  end() {
    this.line++;
    const raw = this.rest;
    this.rest = "";
    const parsed = parseLine(raw, this.line, this.parse);
    return parsed ? [parsed] : [];
  }
};
async function* readJsonLines(path, parse = JSON.parse, checker) {
  const splitter = new LineSplitter(parse);
  for await (const chunk of readTextChunks(path, checker)) yield* splitter.push(chunk);
  yield* splitter.end();
}

export {
  readJsonLines
};
