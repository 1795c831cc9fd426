#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  runCommand,
  runWithOptions
} from "./chunk-AKNSQKBL.js";
import "./chunk-WK62MJEO.js";
import "./chunk-NWDDUUXL.js";
import "./chunk-TAU46FFU.js";
import "./chunk-SLLEWX7K.js";
import "./chunk-BMKMWACF.js";
import "./chunk-ZU2EOWPZ.js";
import "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UWPUVC7Q.js";
import "./chunk-7HQVGBFJ.js";
import "./chunk-33GHOKYD.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-RESZDURH.js";
import "./chunk-IDREERYM.js";
import "./chunk-GMEJ4PAQ.js";
import "./chunk-HQBDBY5R.js";
import "./chunk-FMSTACL4.js";
import "./chunk-WFVRFHK2.js";
import "./chunk-UZVVKZBF.js";
import "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";
export {
  runCommand,
  runWithOptions
};
