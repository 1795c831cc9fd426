#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  list
} from "./chunk-NWDDUUXL.js";

// src/cli/shared-options.ts
var SHARED_OPTIONS = {
  branch: { type: "string", arg: "<name>", help: "pick the gate profile of this branch (e.g. release/2.0)" },
  json: { type: "boolean", help: "print the verdict as JSON instead of text" },
  markdown: { type: "string", arg: "<file>", help: "write the markdown report (as posted on PRs)" },
  junit: { type: "string", arg: "<file>", help: "write JUnit XML" },
  html: { type: "string", arg: "<file>", help: "write the HTML report (one self-contained file, works offline)" },
  history: {
    type: "string",
    arg: "<paths>",
    help: "earlier results files or folders of them: trend charts in the HTML report",
    parse: list
  },
  details: { type: "boolean", help: "print every suite's metric table (default: only failing suites')" }
};

export {
  SHARED_OPTIONS
};
