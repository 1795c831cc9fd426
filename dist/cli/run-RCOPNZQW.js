#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  runCommand,
  runWithOptions
} from "./chunk-Y7S6OVMO.js";
import "./chunk-WK62MJEO.js";
import "./chunk-NWDDUUXL.js";
import "./chunk-DCQKWPBB.js";
import "./chunk-YCF3XV5Z.js";
import "./chunk-BMKMWACF.js";
import "./chunk-ZU2EOWPZ.js";
import "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UWPUVC7Q.js";
import "./chunk-7HQVGBFJ.js";
import "./chunk-33GHOKYD.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-WSBGG6JP.js";
import "./chunk-IDREERYM.js";
import "./chunk-GMEJ4PAQ.js";
import "./chunk-ETRO3P4I.js";
import "./chunk-PB66FWIQ.js";
import "./chunk-WPXMAJLF.js";
import "./chunk-SMOIIQCP.js";
import "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";
export {
  runCommand,
  runWithOptions
};
