#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  runCommand,
  runWithOptions
} from "./chunk-56UH7VWL.js";
import "./chunk-WK62MJEO.js";
import "./chunk-NWDDUUXL.js";
import "./chunk-SMBV67UY.js";
import "./chunk-DM62YSTS.js";
import "./chunk-BMKMWACF.js";
import "./chunk-ZU2EOWPZ.js";
import "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UWPUVC7Q.js";
import "./chunk-7HQVGBFJ.js";
import "./chunk-33GHOKYD.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-K7ATNABL.js";
import "./chunk-IDREERYM.js";
import "./chunk-GMEJ4PAQ.js";
import "./chunk-YQ2G2G2H.js";
import "./chunk-P6M7ERFZ.js";
import "./chunk-VZZKVZXM.js";
import "./chunk-YT6PXF42.js";
import "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";
export {
  runCommand,
  runWithOptions
};
