#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  runCommand,
  runWithOptions
} from "./chunk-IXX3LXFM.js";
import "./chunk-SZFGL4NY.js";
import "./chunk-ZU2EOWPZ.js";
import "./chunk-LNF3LWGR.js";
import "./chunk-IN77Z5JM.js";
import "./chunk-ZRQNI34N.js";
import "./chunk-RY3XIEDU.js";
import "./chunk-TU62SUNI.js";
import "./chunk-Z33VT27Q.js";
import "./chunk-7NFMH2RE.js";
import "./chunk-WNP4D27T.js";
export {
  runCommand,
  runWithOptions
};
