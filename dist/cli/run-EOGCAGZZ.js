#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  runCommand,
  runWithOptions
} from "./chunk-OSP5UXHQ.js";
import "./chunk-WK62MJEO.js";
import "./chunk-NWDDUUXL.js";
import "./chunk-3TAEARNX.js";
import "./chunk-TMGSF7DA.js";
import "./chunk-BMKMWACF.js";
import "./chunk-ZU2EOWPZ.js";
import "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UWPUVC7Q.js";
import "./chunk-OMK6D4N2.js";
import "./chunk-7HQVGBFJ.js";
import "./chunk-33GHOKYD.js";
import "./chunk-MR5ZCWEX.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-FTZEOMHV.js";
import "./chunk-IDREERYM.js";
import "./chunk-GMEJ4PAQ.js";
import "./chunk-2NJML6DS.js";
import "./chunk-WPXMAJLF.js";
import "./chunk-SMOIIQCP.js";
import "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";
export {
  runCommand,
  runWithOptions
};
