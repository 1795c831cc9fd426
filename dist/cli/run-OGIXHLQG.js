#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  runCommand,
  runWithOptions
} from "./chunk-E4ILC2CQ.js";
import "./chunk-JKKDHYIF.js";
import "./chunk-D2MG2IGG.js";
import "./chunk-3G35ZZQV.js";
import "./chunk-4TBWR4OD.js";
import "./chunk-45KVZL34.js";
import "./chunk-S5BXLG7V.js";
import "./chunk-WNP4D27T.js";
export {
  runCommand,
  runWithOptions
};
