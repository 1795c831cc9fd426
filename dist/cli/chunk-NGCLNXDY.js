#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/engine/types.ts
var RESULTS_SCHEMA = "evalgate/results@1";

// src/engine/results-file.ts
import { createWriteStream } from "node:fs";
import { mkdir, open, readFile, rename } from "node:fs/promises";
import path from "node:path";
async function writeResultsFile(file, results, suites) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  const out = createWriteStream(temporary);
  const write = (text) => out.write(text) ? Promise.resolve() : new Promise((resolve) => out.once("drain", () => resolve()));
  try {
    await write(`{
  "schema": ${JSON.stringify(RESULTS_SCHEMA)},
  "run": ${JSON.stringify(results.run)},
  "suites": {`);
    for (const [suiteIndex, suite] of suites.entries()) {
      const head = JSON.stringify(suite.results);
      await write(
        `${suiteIndex ? "," : ""}
    ${JSON.stringify(suite.name)}: ${head.slice(0, -1)}${head.length > 2 ? "," : ""}"cases": [`
      );
      let caseIndex = 0;
      for await (const line of suite.lines) {
        await write(`${caseIndex++ ? "," : ""}
      ${line}`);
      }
      await write(caseIndex ? "\n    ]}" : "]}");
    }
    await write(`
  }${results.verdict === void 0 ? "" : `,
  "verdict": ${JSON.stringify(results.verdict)}`}
}
`);
  } finally {
    await new Promise((resolve, reject) => out.end((error) => error ? reject(error) : resolve()));
  }
  await rename(temporary, file);
}
var ResultsFileError = class extends Error {
  name = "ResultsFileError";
  reason;
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
};
async function readResultsFile(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const missing = error.code === "ENOENT";
    throw new ResultsFileError(missing ? "missing" : "unreadable", `${file}: ${missing ? "file not found" : String(error)}`);
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ResultsFileError("invalid", `${file}: not JSON (${error.message})`);
  }
  if (value?.schema !== RESULTS_SCHEMA)
    throw new ResultsFileError(
      "invalid",
      `${file}: not an evalgate results file (schema "${String(value?.schema)}", expected "${RESULTS_SCHEMA}")`
    );
  return value;
}

// src/engine/cost-total.ts
function countUnpricedCases(cases) {
  return cases.filter((c) => c.costUsd === null && c.requests > 0).length;
}
function sumUnpriced(suites) {
  return suites.reduce((n, suite) => n + (suite.unpricedCases ?? 0), 0);
}
function unpricedField(count) {
  return count > 0 ? { unpricedCases: count } : {};
}

// src/report/format.ts
var MINUS = "\u2212";
function formatValue(value, unit) {
  if (value === null || !Number.isFinite(value)) return "\u2014";
  switch (unit) {
    case "usd":
      return `$${Math.abs(value) >= 1 ? value.toFixed(2) : value.toFixed(4)}`;
    case "ms":
      return Math.abs(value) >= 1e3 ? `${(value / 1e3).toFixed(1)} s` : `${Math.round(value)} ms`;
    case "count":
      return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toFixed(1);
    default:
      return Number.isInteger(value) ? String(value) : value.toFixed(3);
  }
}
function signed(text, negative) {
  return `${negative ? MINUS : "+"}${text}`;
}
function formatPercentChange(rel) {
  return signed(`${Math.abs(rel * 100).toFixed(1)}%`, rel < 0);
}
function formatDelta(row) {
  if (row.delta === null) return "\u2014";
  if (Math.abs(row.delta) < 1e-12) return "\xB10";
  const absolute = signed(formatValue(Math.abs(row.delta), row.unit), row.delta < 0);
  return row.relDelta === null ? absolute : `${absolute} (${formatPercentChange(row.relDelta)})`;
}
function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "\u2014";
  if (ms < 1e3) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 1e3);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
function formatCost(usd, unpricedCases = 0) {
  if (usd === null) return "cost unknown";
  const amount = `$${usd >= 1 ? usd.toFixed(2) : usd.toFixed(4)}`;
  if (unpricedCases <= 0) return amount;
  return `\u2265 ${amount}, ${unpricedCases} case${unpricedCases === 1 ? "" : "s"} unpriced`;
}
function formatCostTotal(suites) {
  const known = suites.map((suite) => suite.costUsd).filter((cost) => cost !== null);
  return formatCost(known.length ? known.reduce((a, b) => a + b, 0) : null, sumUnpriced(suites));
}
var STATUS_LABEL = {
  pass: "\u2705 pass",
  fail: "\u274C fail",
  new: "\u{1F195} new",
  noise: "\u3030\uFE0F noise",
  info: "\xB7 reported",
  error: "\u26A0\uFE0F error"
};
function shortSha(sha) {
  return sha ? sha.slice(0, 7) : void 0;
}

export {
  RESULTS_SCHEMA,
  writeResultsFile,
  ResultsFileError,
  readResultsFile,
  countUnpricedCases,
  sumUnpriced,
  unpricedField,
  formatValue,
  formatDelta,
  formatDuration,
  formatCost,
  formatCostTotal,
  STATUS_LABEL,
  shortSha
};
