#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  formatOptionsHelp,
  parseOptions
} from "./chunk-NWDDUUXL.js";
import {
  kindsOfShards,
  mergeResults
} from "./chunk-INDW5KED.js";
import {
  BlockReader
} from "./chunk-R2ZI4W4O.js";
import {
  loadConfig
} from "./chunk-XBCLNMO5.js";
import "./chunk-BMKMWACF.js";
import "./chunk-ZU2EOWPZ.js";
import {
  EXIT,
  UsageError
} from "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UWPUVC7Q.js";
import "./chunk-7HQVGBFJ.js";
import "./chunk-33GHOKYD.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-FB7BGH6U.js";
import "./chunk-IDREERYM.js";
import "./chunk-GMEJ4PAQ.js";
import "./chunk-GGGSQSPQ.js";
import "./chunk-V357DLSG.js";
import "./chunk-WFVRFHK2.js";
import "./chunk-UZVVKZBF.js";
import {
  RESULTS_SCHEMA,
  readResultsFile,
  writeResultsFile
} from "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";

// src/engine/merge-stream.ts
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
var LOCATION = /* @__PURE__ */ Symbol("location");
var CASE_LINE = /^ {6}\{/;
async function readResultsSummaries(file, input) {
  const skeleton = [];
  const cases = [];
  let current = null;
  let offset = 0;
  if (await hasCrlf(file)) return wholeFile(file);
  let layoutOk = true;
  try {
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      const bytes = Buffer.byteLength(line) + 1;
      if (current && CASE_LINE.test(line)) {
        const json = line.endsWith(",") ? line.slice(6, -1) : line.slice(6);
        const { details: _details, ...summary } = JSON.parse(json);
        current.push(Object.assign(summary, { [LOCATION]: { input, offset: offset + 6, length: Buffer.byteLength(json) } }));
      } else {
        if (line.endsWith('"cases": [')) {
          current = [];
          cases.push(current);
        } else {
          current = null;
          if (line.endsWith('"cases": []}')) cases.push([]);
        }
        skeleton.push(line);
      }
      offset += bytes;
    }
  } catch (error) {
    if (error.code)
      throw new Error(`${file}: ${error.code === "ENOENT" ? "file not found" : String(error)}`);
    layoutOk = false;
  }
  let parsed;
  try {
    parsed = layoutOk ? JSON.parse(skeleton.join("\n")) : void 0;
  } catch {
    parsed = void 0;
  }
  const suites = parsed ? Object.values(parsed.suites ?? {}) : [];
  if (!parsed || parsed.schema !== RESULTS_SCHEMA || suites.length !== cases.length || suites.some((s) => s.cases.length !== 0)) {
    return wholeFile(file);
  }
  suites.forEach((suite, index) => {
    suite.cases = cases[index];
  });
  return { file, results: parsed };
}
async function hasCrlf(file) {
  try {
    const handle = await open(file, "r");
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead).includes("\r\n");
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}
async function wholeFile(file) {
  const results = await readResultsFile(file);
  for (const suite of Object.values(results.suites)) {
    suite.cases = suite.cases.map((c) => {
      const { details: _details, ...summary } = c;
      return Object.assign(summary, { [LOCATION]: { line: JSON.stringify(c) } });
    });
  }
  return { file, results };
}
async function mergeFiles(files, config, out) {
  const inputs = [];
  for (const [index, file] of files.entries()) inputs.push(await readResultsSummaries(file, index));
  const { results, warnings } = mergeResults(inputs, config, await kindsOfShards(inputs));
  const readers = /* @__PURE__ */ new Map();
  try {
    const lineOf = async (c) => {
      const where = c[LOCATION];
      if ("line" in where) return where.line;
      let reader = readers.get(where.input);
      if (!reader) {
        reader = new BlockReader(await open(files[where.input], "r"));
        readers.set(where.input, reader);
      }
      return reader.read(where.offset, where.length);
    };
    const suites = Object.entries(results.suites).map(([name, { cases: cases2, ...rest }]) => ({
      name,
      results: rest,
      lines: (async function* () {
        for (const c of cases2) yield await lineOf(c);
      })()
    }));
    await writeResultsFile(out, results, suites);
  } finally {
    for (const reader of readers.values()) await reader.close();
  }
  const cases = Object.values(results.suites).reduce((n, s) => n + s.cases.length, 0);
  return { results, warnings, cases };
}

// src/cli/merge.ts
var MERGE_OPTIONS = {
  config: {
    type: "string",
    short: "c",
    arg: "<file>",
    help: "the suite config (metrics are recomputed by it)",
    default: "evals/evalgate.yml"
  },
  out: { type: "string", short: "o", arg: "<file>", help: "the merged results file", default: ".evalgate/results.json" }
};
async function mergeCommand(argv) {
  const { values, positionals } = parseOptions(argv, MERGE_OPTIONS, { positionals: true });
  if (values.help) {
    process.stdout.write(`Usage: evalgate merge [options] shard1.json shard2.json ...

${formatOptionsHelp(MERGE_OPTIONS)}
`);
    return EXIT.pass;
  }
  if (positionals.length === 0) throw new UsageError("merge needs the shard results files");
  const { config } = await loadConfig(values.config);
  const { warnings, cases } = await mergeFiles(positionals, config, values.out);
  for (const warning of warnings) process.stderr.write(`warning: ${warning}
`);
  process.stdout.write(`merged ${positionals.length} files, ${cases} cases -> ${values.out}
`);
  return EXIT.pass;
}
export {
  mergeCommand
};
