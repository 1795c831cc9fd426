#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  STATUS_LABEL,
  evaluateGate,
  formatCost,
  formatDelta,
  formatDuration,
  formatValue,
  renderTextReport,
  shortSha
} from "./chunk-WD32YM5V.js";
import {
  parseShard,
  planEvaluation,
  runEvaluation
} from "./chunk-LX3GK3FO.js";
import {
  readResultsFile
} from "./chunk-NVDXVC5C.js";
import {
  EXIT,
  UsageError
} from "./chunk-45KVZL34.js";

// src/cli/run.ts
import { access, writeFile } from "node:fs/promises";
import path from "node:path";

// src/report/escape.ts
var HTML = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
function escapeMarkdownText(value, maxLength = 300) {
  let text = String(value ?? "").replace(/\r\n?|\n|\u2028|\u2029/g, " ").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").replace(/\s+/g, " ").trim();
  if (text.length > maxLength) text = `${text.slice(0, maxLength - 1).trimEnd()}\u2026`;
  return text.replace(/[&<>"]/g, (char) => HTML[char]).replace(/[\\`*_[\]#|~]/g, "\\$&").replace(/^([-=+])/, "\\$1").replace(/@(?=[A-Za-z0-9])/g, "@&#8203;").replace(/^(\d+)\./, "$1\\.").replace(/:(?=[a-z0-9_+-]+:|\/\/)/gi, "&#58;");
}
function escapeTableCell(value, maxLength = 160) {
  return escapeMarkdownText(value, maxLength);
}
function escapeHtml(value) {
  return String(value ?? "").replace(/[&<>"']/g, (char) => HTML[char] ?? "&#39;");
}
var XML = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\n": "&#10;",
  "\r": "&#13;",
  "	": "&#9;"
};
function escapeXml(value) {
  return String(value ?? "").replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "").replace(/[&<>"']/g, (char) => XML[char]);
}
function escapeXmlAttribute(value) {
  return escapeXml(value).replace(/[\n\r\t]/g, (char) => XML[char]);
}
function safeUrl(url) {
  if (!url || !/^https?:\/\//i.test(url)) return void 0;
  return url.replace(/[()\s<>"|`]/g, (char) => encodeURIComponent(char));
}

// src/report/junit.ts
function renderJUnit(results, verdict) {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  let tests = 0;
  let failures = 0;
  const suites = [];
  for (const suite of verdict.suites) {
    const cases = [];
    let suiteFailures = 0;
    for (const row of suite.rows) {
      const name = `${suite.suite}/${row.metric}`;
      const message = `${formatValue(row.baseline, row.unit)} \u2192 ${formatValue(row.now, row.unit)} (${formatDelta(row)}) ${row.status}`;
      let body = `<system-out>${escapeXml(message)}</system-out>`;
      if (row.failing) {
        suiteFailures++;
        body = `<failure message="${escapeXmlAttribute(row.reason)}" type="${escapeXmlAttribute(row.status)}">${escapeXml(message)}</failure>`;
      }
      cases.push(`    <testcase classname="${escapeXmlAttribute(`evalgate.${suite.suite}.metrics`)}" name="${escapeXmlAttribute(name)}">${body}</testcase>`);
    }
    for (const suiteReason of suite.reasons.filter((reason) => !suite.rows.some((row) => reason.startsWith(`${row.metric}: `)))) {
      suiteFailures++;
      cases.push(
        `    <testcase classname="${escapeXmlAttribute(`evalgate.${suite.suite}`)}" name="${escapeXmlAttribute(`${suite.suite} gate`)}"><failure message="${escapeXmlAttribute(suiteReason)}"/></testcase>`
      );
    }
    for (const change of suite.failingCases) {
      const where = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
      const message = change.kind === "errored" ? change.error ?? "error" : `${change.kind}: ${formatValue(change.before, "ratio")} \u2192 ${formatValue(change.after, "ratio")}`;
      cases.push(
        `    <testcase classname="${escapeXmlAttribute(`evalgate.${suite.suite}.cases`)}" name="${escapeXmlAttribute(change.title || change.caseId)}" file="${escapeXmlAttribute(change.source.file)}"${change.source.line ? ` line="${change.source.line}"` : ""}><failure message="${escapeXmlAttribute(message)}" type="${change.kind}">${escapeXml(`${where}: ${message}`)}</failure></testcase>`
      );
      suiteFailures++;
    }
    tests += cases.length;
    failures += suiteFailures;
    suites.push(
      `  <testsuite name="${escapeXmlAttribute(suite.suite)}" tests="${cases.length}" failures="${suiteFailures}" errors="0" time="${(suite.durationMs / 1e3).toFixed(3)}">
${cases.join("\n")}
  </testsuite>`
    );
  }
  out.push(`<testsuites name="evalgate" tests="${tests}" failures="${failures}" time="${(results.run.durationMs / 1e3).toFixed(3)}">`);
  out.push(...suites, "</testsuites>", "");
  return out.join("\n");
}

// node_modules/markdown-table/index.js
function defaultStringLength(value) {
  return value.length;
}
function markdownTable(table, options) {
  const settings = options || {};
  const align = (settings.align || []).concat();
  const stringLength = settings.stringLength || defaultStringLength;
  const alignments = [];
  const cellMatrix = [];
  const sizeMatrix = [];
  const longestCellByColumn = [];
  let mostCellsPerRow = 0;
  let rowIndex = -1;
  while (++rowIndex < table.length) {
    const row2 = [];
    const sizes2 = [];
    let columnIndex2 = -1;
    if (table[rowIndex].length > mostCellsPerRow) {
      mostCellsPerRow = table[rowIndex].length;
    }
    while (++columnIndex2 < table[rowIndex].length) {
      const cell = serialize(table[rowIndex][columnIndex2]);
      if (settings.alignDelimiters !== false) {
        const size = stringLength(cell);
        sizes2[columnIndex2] = size;
        if (longestCellByColumn[columnIndex2] === void 0 || size > longestCellByColumn[columnIndex2]) {
          longestCellByColumn[columnIndex2] = size;
        }
      }
      row2.push(cell);
    }
    cellMatrix[rowIndex] = row2;
    sizeMatrix[rowIndex] = sizes2;
  }
  let columnIndex = -1;
  if (typeof align === "object" && "length" in align) {
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = toAlignment(align[columnIndex]);
    }
  } else {
    const code = toAlignment(align);
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = code;
    }
  }
  columnIndex = -1;
  const row = [];
  const sizes = [];
  while (++columnIndex < mostCellsPerRow) {
    const code = alignments[columnIndex];
    let before = "";
    let after = "";
    if (code === 99) {
      before = ":";
      after = ":";
    } else if (code === 108) {
      before = ":";
    } else if (code === 114) {
      after = ":";
    }
    let size = settings.alignDelimiters === false ? 1 : Math.max(
      1,
      longestCellByColumn[columnIndex] - before.length - after.length
    );
    const cell = before + "-".repeat(size) + after;
    if (settings.alignDelimiters !== false) {
      size = before.length + size + after.length;
      if (size > longestCellByColumn[columnIndex]) {
        longestCellByColumn[columnIndex] = size;
      }
      sizes[columnIndex] = size;
    }
    row[columnIndex] = cell;
  }
  cellMatrix.splice(1, 0, row);
  sizeMatrix.splice(1, 0, sizes);
  rowIndex = -1;
  const lines = [];
  while (++rowIndex < cellMatrix.length) {
    const row2 = cellMatrix[rowIndex];
    const sizes2 = sizeMatrix[rowIndex];
    const cellsInRow = settings.fillRows === false ? Math.max(1, cellMatrix[rowIndex === 1 ? 0 : rowIndex].length) : mostCellsPerRow;
    columnIndex = -1;
    const line = [];
    while (++columnIndex < cellsInRow) {
      const cell = row2[columnIndex] || "";
      let before = "";
      let after = "";
      if (settings.alignDelimiters !== false) {
        const size = longestCellByColumn[columnIndex] - (sizes2[columnIndex] || 0);
        const code = alignments[columnIndex];
        if (code === 114) {
          before = " ".repeat(size);
        } else if (code === 99) {
          const half = size / 2;
          if (size % 2) {
            before = " ".repeat(half + 0.5);
            after = " ".repeat(half - 0.5);
          } else {
            before = " ".repeat(half);
            after = before;
          }
        } else {
          after = " ".repeat(size);
        }
      }
      if (settings.delimiterStart !== false && !columnIndex) {
        line.push("|");
      }
      if (settings.padding !== false && // Don’t add the opening space if we’re not aligning and the cell is
      // empty: there will be a closing space.
      !(settings.alignDelimiters === false && cell === "") && (settings.delimiterStart !== false || columnIndex)) {
        line.push(" ");
      }
      if (settings.alignDelimiters !== false) {
        line.push(before);
      }
      line.push(cell);
      if (settings.alignDelimiters !== false) {
        line.push(after);
      }
      if (settings.padding !== false) {
        line.push(" ");
      }
      if (settings.delimiterEnd !== false || columnIndex !== cellsInRow - 1) {
        line.push("|");
      }
    }
    lines.push(
      settings.delimiterEnd === false ? line.join("").replace(/ +$/, "") : line.join("")
    );
  }
  return lines.join("\n");
}
function serialize(value) {
  return value === null || value === void 0 ? "" : String(value);
}
function toAlignment(value) {
  const code = typeof value === "string" ? value.codePointAt(0) : 0;
  return code === 67 || code === 99 ? 99 : code === 76 || code === 108 ? 108 : code === 82 || code === 114 ? 114 : 0;
}

// src/report/markdown.ts
var COMMENT_MAX_CHARS = 65536;
var SUMMARY_MAX_BYTES = 1024 * 1024;
var CASE_KIND_LABEL = {
  errored: "\u26A0\uFE0F error",
  regressed: "\u{1F53B} regressed",
  low: "\u{1F53B} low score",
  disappeared: "\u2796 gone",
  appeared: "\u2795 new",
  recovered: "\u{1F53A} recovered",
  improved: "\u{1F53A} improved"
};
function renderMarkdownReport(results, verdict, options = {}) {
  const head = renderHeader(results, verdict);
  const sections = verdict.suites.map((suite) => renderSuiteSection(suite, verdict, options));
  const footer = renderFooter(results, options);
  return assemble(options.marker, head, sections, footer, options);
}
function verdictLine(verdict) {
  const failed = verdict.suites.filter((suite) => suite.status === "fail").length;
  const total = verdict.suites.length;
  if (verdict.verdict === "pass") return `### \u2705 evalgate: gate passed \u2014 ${total} of ${total} suite${total === 1 ? "" : "s"} passed`;
  return `### \u274C evalgate: gate failed \u2014 ${failed} of ${total} suite${total === 1 ? "" : "s"} failed`;
}
function baselineLine(results, verdict) {
  const parts = [];
  if (verdict.baseline.found) {
    const where = [verdict.baseline.branch ? `\`${escapeMarkdownText(verdict.baseline.branch).replace(/`/g, "")}\`` : "the baseline"];
    const sha2 = shortSha(verdict.baseline.commit);
    if (sha2) where.push(`@ ${sha2}`);
    parts.push(`Compared with ${where.join(" ")}`);
  } else {
    parts.push("No baseline yet: thresholds only");
  }
  if (verdict.profile) parts.push(`profile \`${verdict.profile.replace(/`/g, "")}\``);
  const sha = shortSha(results.run.commit);
  if (sha) parts.push(`commit ${sha}`);
  if (verdict.repeated) parts.push(`${results.run.selection.repeat}\xD7 repeated`);
  return parts.join(" \xB7 ");
}
function suiteLine(suite) {
  const icon = suite.status === "pass" ? "\u2705" : "\u274C";
  const counts = `${suite.counts.scored}/${suite.counts.cases} cases scored`;
  const changes = [];
  if (suite.changeCounts.regressed) changes.push(`${suite.changeCounts.regressed} regressed`);
  if (suite.changeCounts.improved) changes.push(`${suite.changeCounts.improved} improved`);
  if (suite.changeCounts.errored) changes.push(`${suite.changeCounts.errored} errors`);
  const shown = suite.reasons.slice(0, 3).map((reason) => escapeMarkdownText(reason, 200));
  if (suite.reasons.length > 3) shown.push(`and ${suite.reasons.length - 3} more`);
  const detail = suite.status === "fail" ? shown.join("; ") : counts;
  const extra = suite.status === "fail" ? ` (${counts}${changes.length ? `, ${changes.join(", ")}` : ""})` : changes.length ? ` \xB7 ${changes.join(", ")}` : "";
  return `- ${icon} **${escapeMarkdownText(suite.suite)}** \u2014 ${detail}${extra}`;
}
function renderHeader(results, verdict) {
  const lines = [verdictLine(verdict), "", baselineLine(results, verdict), "", ...verdict.suites.map(suiteLine)];
  if (verdict.suites.length === 0) lines.push("- \u274C no suite ran");
  if (verdict.notRun.length)
    lines.push("", `Not run this time (kept from the baseline): ${verdict.notRun.map((name) => escapeMarkdownText(name)).join(", ")}`);
  return lines.join("\n");
}
function noiseCell(row) {
  if (!row.noise) return "\u2014";
  const spread = row.noise.spread !== null ? `\xB1${formatValue(row.noise.spread, row.unit)}` : "";
  const interval = `CI ${formatDelta({ delta: row.noise.ciLow, relDelta: null, unit: row.unit })} \u2026 ${formatDelta({ delta: row.noise.ciHigh, relDelta: null, unit: row.unit })}`;
  return [spread, interval].filter(Boolean).join(" \xB7 ");
}
function metricTable(suite, repeated) {
  const header = ["Metric", "Baseline", "Now", "\u0394", "Status", ...repeated ? ["Noise"] : []];
  const rows = suite.rows.map((row) => [
    `${escapeTableCell(row.metric)}${row.direction === "lower" ? " \u2193" : ""}`,
    formatValue(row.baseline, row.unit),
    `${formatValue(row.now, row.unit)}${row.n ? ` <sub>n=${row.n}</sub>` : ""}`,
    formatDelta(row),
    STATUS_LABEL[row.status],
    ...repeated ? [noiseCell(row)] : []
  ]);
  return markdownTable([header, ...rows], { align: ["l", "r", "r", "r", "l", "l"] });
}
function sourceCell(change, links) {
  const label = `${change.source.file}${change.source.line ? `:${change.source.line}` : ""}`;
  const base = safeUrl(links.repoUrl);
  if (base && links.commit && /^[0-9a-f]{7,40}$/i.test(links.commit)) {
    const path2 = change.source.file.split("/").map(encodeURIComponent).join("/");
    const url = `${base}/blob/${links.commit}/${path2}${change.source.line ? `#L${change.source.line}` : ""}`;
    return `[${escapeTableCell(label)}](${url})`;
  }
  return escapeTableCell(label);
}
function casesTable(changes, links) {
  const rows = changes.map((change) => [
    `${escapeTableCell(change.title || change.caseId, 80)}${change.repeat ? ` (repeat ${change.repeat})` : ""}`,
    CASE_KIND_LABEL[change.kind],
    `${formatValue(change.before, "ratio")} \u2192 ${formatValue(change.after, "ratio")}`,
    sourceCell(change, links),
    change.error ? escapeTableCell(change.error, 160) : ""
  ]);
  return markdownTable([["Case", "Change", "Score", "Source", "Error"], ...rows]);
}
function renderSuiteSection(suite, verdict, options) {
  const icon = suite.status === "pass" ? "\u2705" : "\u274C";
  const meta = [
    `${suite.counts.scored}/${suite.counts.cases} cases scored`,
    suite.counts.errors ? `${suite.counts.errors} errors (max ${Math.round(suite.maxErrorRate * 100)}%)` : "",
    formatCost(suite.costUsd),
    formatDuration(suite.durationMs),
    suite.hasBaseline ? "" : "no baseline for this suite"
  ].filter(Boolean);
  const parts = [
    `#### ${icon} ${escapeMarkdownText(suite.suite)} <sub>${escapeHtml(suite.kind)}</sub>`,
    "",
    meta.join(" \xB7 "),
    "",
    metricTable(suite, verdict.repeated)
  ];
  const reasons = suite.rows.filter((row) => row.reason && row.status !== "info");
  if (reasons.length) {
    parts.push("", ...reasons.map((row) => `- **${escapeMarkdownText(row.metric)}**: ${escapeMarkdownText(row.reason, 400)}`));
  }
  const worst = pickWorstCases(suite, options.worstCases ?? 10);
  if (worst.length) {
    const counts = Object.entries(suite.changeCounts).filter(([, count]) => count > 0).map(([kind, count]) => `${count} ${kind}`);
    const summary = counts.length ? counts.join(", ") : `${worst.length} low scores`;
    parts.push("", `<details><summary>Worst cases (${escapeHtml(summary)})</summary>`, "", casesTable(worst, options), "", "</details>");
  }
  return parts.join("\n");
}
function pickWorstCases(suite, limit) {
  const interesting = suite.changes.filter((change) => change.kind === "errored" || change.kind === "regressed");
  const low = suite.failingCases.filter((change) => change.kind === "low");
  return [...interesting, ...low].slice(0, limit);
}
function renderFooter(results, options) {
  const suites = Object.values(results.suites);
  const costs = suites.map((suite) => suite.costUsd).filter((cost) => cost !== null);
  const requests = suites.reduce((sum, suite) => sum + suite.requests, 0);
  const parts = [
    `\u{1F4B0} ${costs.length ? formatCost(costs.reduce((a, b) => a + b, 0)) : "cost unknown"}`,
    `\u23F1\uFE0F ${formatDuration(results.run.durationMs)}`,
    `${requests.toLocaleString("en-US")} requests`
  ];
  const runUrl = safeUrl(options.runUrl);
  if (runUrl) parts.push(`[workflow run](${runUrl})`);
  parts.push(`evalgate ${escapeHtml(results.run.evalgateVersion)}`);
  return `---
<sub>${parts.join(" \xB7 ")}</sub>`;
}
function lengthOf(text, measure) {
  return measure === "bytes" ? Buffer.byteLength(text, "utf8") : text.length;
}
function assemble(marker, head, sections, footer, options) {
  const max = options.maxLength ?? COMMENT_MAX_CHARS;
  const prefix = marker ? `${marker}
` : "";
  const join = (parts) => prefix + parts.join("\n\n") + "\n";
  const full = join([head, ...sections, footer]);
  if (lengthOf(full, options.measure) <= max) return full;
  const kept = [];
  for (let i = 0; i < sections.length; i++) {
    const left = sections.length - i - 1;
    const note = truncationNote(left + 1);
    if (lengthOf(join([head, ...kept, sections[i], truncationNote(left), footer]), options.measure) > max) {
      return fit(join([head, ...kept, note, footer]), max, options.measure);
    }
    kept.push(sections[i]);
  }
  return fit(join([head, ...kept, footer]), max, options.measure);
}
function truncationNote(left) {
  if (left === 0) return "";
  return `> [!WARNING]
> **Report truncated:** ${left} suite section${left === 1 ? "" : "s"} left out to stay within GitHub's size limit. The full report is in the job summary and in the report file (action output \`report-path\`).`;
}
function fit(text, max, measure) {
  if (lengthOf(text, measure) <= max) return text;
  const note = "\n\n> [!WARNING]\n> **Report truncated** to stay within GitHub's size limit.\n";
  let cut = text.slice(0, Math.max(0, max - note.length - 16));
  while (lengthOf(cut + note, measure) > max) cut = cut.slice(0, Math.floor(cut.length * 0.95));
  const lastBreak = cut.lastIndexOf("\n");
  return (lastBreak > 0 ? cut.slice(0, lastBreak) : cut) + note;
}

// src/cli/options.ts
import { parseArgs } from "node:util";
var RUN_OPTIONS_HELP = `Options:
  -c, --config <file>     the suite config (default: evals/evalgate.yml)
  -s, --suites <a,b>      run only these suites
  -f, --filter <spec>     cases by position (1,3,5 or 2-7) or a glob on the title (*refund*)
      --sample <n>        a random sample of n cases (prompts) per suite
      --seed <n>          seed for --sample, so the sample is reproducible
      --repeat <k>        run every case k times (noise shown as spread and confidence intervals)
      --shard <i/n>       run shard i of n (stable by case id); combine with "evalgate merge"
      --resume            continue an interrupted run without repeating finished cases
      --dry-run           load and check everything, send no request
      --no-cache          neither read nor write the response cache
      --concurrency <n>   requests in flight across all models (default: the config's)
  -o, --out <file>        results file (default: <output-dir>/results.json)
      --baseline <file>   compare with this results file (default: the config's baseline store)
      --branch <name>     pick the gate profile of this branch (e.g. release/2.0)
      --markdown <file>   also write the markdown report (as posted on PRs)
      --junit <file>      also write JUnit XML
      --json              print the verdict as JSON instead of text
  -q, --quiet             no progress output`;
var runOptionSpec = {
  config: { type: "string", short: "c", default: "evals/evalgate.yml" },
  suites: { type: "string", short: "s" },
  filter: { type: "string", short: "f" },
  sample: { type: "string" },
  seed: { type: "string" },
  repeat: { type: "string" },
  shard: { type: "string" },
  resume: { type: "boolean", default: false },
  "dry-run": { type: "boolean", default: false },
  "no-cache": { type: "boolean", default: false },
  concurrency: { type: "string" },
  out: { type: "string", short: "o" },
  baseline: { type: "string" },
  branch: { type: "string" },
  markdown: { type: "string" },
  junit: { type: "string" },
  json: { type: "boolean", default: false },
  quiet: { type: "boolean", short: "q", default: false },
  help: { type: "boolean", short: "h", default: false }
};
function parseRunArgs(argv, extra = {}) {
  const { values, positionals } = parseArgs({ args: argv, options: { ...runOptionSpec, ...extra }, allowPositionals: true, strict: true });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  return values;
}
function toRunOptions(values, env = process.env) {
  const integer = (name, min) => {
    const raw = values[name];
    if (raw === void 0) return void 0;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} expects a whole number >= ${min}, got "${raw}"`);
    return n;
  };
  let shard;
  try {
    shard = values.shard ? parseShard(String(values.shard)) : void 0;
  } catch (error) {
    throw new UsageError(error.message);
  }
  const suites = values.suites ? String(values.suites).split(",").map((s) => s.trim()).filter(Boolean) : void 0;
  const sample = integer("sample", 1);
  const seed = integer("seed", 0);
  const concurrency = integer("concurrency", 1);
  return {
    configPath: String(values.config),
    selection: {
      ...suites?.length ? { suites } : {},
      ...values.filter ? { filter: String(values.filter) } : {},
      ...sample !== void 0 ? { sample } : {},
      ...seed !== void 0 ? { seed } : {},
      repeat: integer("repeat", 1) ?? 1,
      ...shard ? { shard } : {}
    },
    resume: Boolean(values.resume),
    dryRun: Boolean(values["dry-run"]),
    noCache: Boolean(values["no-cache"]),
    ...values.out ? { resultsPath: String(values.out) } : {},
    ...concurrency !== void 0 ? { concurrency } : {},
    env,
    progress: values.quiet ? "none" : process.stderr.isTTY ? "tty" : "lines",
    handleSignals: true
  };
}

// src/cli/run.ts
async function runCommand(argv, env = process.env) {
  const values = parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(`Usage: evalgate run [options]

${RUN_OPTIONS_HELP}
`);
    return EXIT.pass;
  }
  return runWithOptions(toRunOptions(values, env), values);
}
async function runWithOptions(options, values) {
  if (options.dryRun) {
    printPlan(await planEvaluation(options));
    return EXIT.pass;
  }
  const explicitBaseline = values.baseline ? await readResultsFile(String(values.baseline)) : void 0;
  let baselineNote = "";
  const outcome = await runEvaluation({
    ...options,
    decide: async (results, { config, rootDir }) => {
      const { baseline, note } = explicitBaseline ? { baseline: explicitBaseline, note: `baseline: ${values.baseline}` } : await localBaseline(config, rootDir);
      baselineNote = note;
      return evaluateGate(results, baseline, config.gate, { branch: values.branch ? String(values.branch) : results.run.branch });
    }
  });
  const verdict = outcome.results.verdict;
  await writeReports(outcome.results, verdict, values);
  if (values.json) process.stdout.write(`${JSON.stringify(verdict, null, 2)}
`);
  else {
    const text = renderTextReport(outcome.results, verdict, { color: process.stdout.isTTY ?? false });
    process.stdout.write(`${text}
${baselineNote}
results: ${path.relative(process.cwd(), outcome.resultsPath)}
`);
  }
  return verdict.verdict === "pass" ? EXIT.pass : EXIT.gateFailed;
}
async function writeReports(results, verdict, values) {
  if (values.markdown) await writeFile(String(values.markdown), renderMarkdownReport(results, verdict, {}));
  if (values.junit) await writeFile(String(values.junit), renderJUnit(results, verdict));
}
async function localBaseline(config, rootDir) {
  const store = config.baseline;
  if (store.store === "file") {
    const file = path.resolve(rootDir, store.path);
    const present = await access(file).then(
      () => true,
      () => false
    );
    if (!present) return { baseline: null, note: `baseline: none yet (${store.path} does not exist), thresholds only` };
    return { baseline: await readResultsFile(file), note: `baseline: ${store.path}` };
  }
  if (store.store === "branch") {
    return { baseline: null, note: `baseline: the "${store.branch}" branch is read on GitHub; pass --baseline <file> to compare locally` };
  }
  return { baseline: null, note: "baseline: none (thresholds only)" };
}
function printPlan(plan) {
  const lines = [`dry run: ${plan.loaded.displayPath} is valid; no request sent`];
  for (const suite of plan.suites) {
    lines.push(`  ${suite.name} (${suite.kind}): ${suite.cases.length} cases`);
    for (const warning of suite.warnings) lines.push(`    warning: ${warning}`);
  }
  lines.push(`  models: ${plan.models.join(", ") || "none"}`);
  process.stdout.write(`${lines.join("\n")}
`);
}

export {
  RUN_OPTIONS_HELP,
  parseRunArgs,
  toRunOptions,
  runCommand,
  runWithOptions
};
