#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/suites/index.ts
var LOADERS = {
  judged: async () => (await import("./judged-BU4CDJXU.js")).judgedSuite,
  sgi: async () => (await import("./sgi-QEYGO7AL.js")).sgiSuite,
  "function-calls": async () => (await import("./function-calls-YBPUYRIC.js")).functionCallSuite,
  conversations: async () => (await import("./conversations-R2T5ZOYO.js")).conversationsSuite
};
async function loadSuiteKinds(names) {
  const wanted = [...new Set(names)].filter((name) => Object.hasOwn(LOADERS, name));
  const loaded = await Promise.all(wanted.map((name) => LOADERS[name]()));
  return new Map(wanted.map((name, i) => [name, loaded[i]]));
}

// src/util/stats.ts
function mean(values) {
  let sum = 0;
  for (const value of values) sum += value;
  return values.length ? sum / values.length : Number.NaN;
}
function populationSd(values) {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - m) ** 2)));
}

export {
  loadSuiteKinds,
  mean,
  populationSd
};
