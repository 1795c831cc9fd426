#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  orderHistory,
  trendRun
} from "./chunk-USJ2LF37.js";
import {
  readResultsFile
} from "./chunk-NGCLNXDY.js";

// src/report/history-files.ts
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
var DEFAULT_HISTORY_SIZE = 30;
async function readHistoryFiles(paths, limit = DEFAULT_HISTORY_SIZE) {
  const files = [];
  for (const entry of paths) {
    if ((await stat(entry)).isDirectory()) {
      const names = (await readdir(entry)).filter((name) => name.endsWith(".json")).sort();
      files.push(...names.map((name) => path.join(entry, name)));
    } else files.push(entry);
  }
  const runs = [];
  for (const file of files) runs.push(trendRun(await readResultsFile(file)));
  return orderHistory(runs, limit);
}

export {
  DEFAULT_HISTORY_SIZE,
  readHistoryFiles
};
