#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  DEFAULT_HISTORY_SIZE,
  readHistoryFiles
} from "./chunk-4PA3ROMF.js";
import "./chunk-USJ2LF37.js";
import "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";
export {
  DEFAULT_HISTORY_SIZE,
  readHistoryFiles
};
