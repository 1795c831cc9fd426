#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  runCommand,
  runWithOptions
} from "./chunk-6OQ72GVA.js";
import "./chunk-WK62MJEO.js";
import "./chunk-NWDDUUXL.js";
import "./chunk-IV2PZSAY.js";
import "./chunk-CJCE4UNF.js";
import "./chunk-BMKMWACF.js";
import "./chunk-ZU2EOWPZ.js";
import "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UWPUVC7Q.js";
import "./chunk-7HQVGBFJ.js";
import "./chunk-33GHOKYD.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-REXDBRUX.js";
import "./chunk-IDREERYM.js";
import "./chunk-GMEJ4PAQ.js";
import "./chunk-ZXBHST2J.js";
import "./chunk-NB4BTMA5.js";
import "./chunk-D4JCFBOW.js";
import "./chunk-62FTFNOJ.js";
import "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";
export {
  runCommand,
  runWithOptions
};
