#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  runCommand,
  runWithOptions
} from "./chunk-7WAWBH3H.js";
import "./chunk-WD32YM5V.js";
import "./chunk-LX3GK3FO.js";
import "./chunk-3G35ZZQV.js";
import "./chunk-NVDXVC5C.js";
import "./chunk-45KVZL34.js";
import "./chunk-S5BXLG7V.js";
import "./chunk-WNP4D27T.js";
export {
  runCommand,
  runWithOptions
};
