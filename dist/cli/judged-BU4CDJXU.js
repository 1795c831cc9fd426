#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  SCALES,
  extractScore,
  majorityVote,
  mean,
  normalizeScore,
  populationVariance,
  spread,
  unreliableVerdict
} from "./chunk-CLWITDYN.js";
import {
  resolveInside
} from "./chunk-7HQVGBFJ.js";
import {
  isEndpointError
} from "./chunk-GMEJ4PAQ.js";
import {
  TextChecker,
  checkStreamedFile,
  countLineEnds,
  readTextChunks,
  withLoadWarnings
} from "./chunk-GGGSQSPQ.js";
import {
  redact
} from "./chunk-WFVRFHK2.js";
import {
  ConfigError
} from "./chunk-UZVVKZBF.js";
import "./chunk-WNP4D27T.js";

// src/suites/judged/aggregate.ts
function agentOf(result) {
  return result.tags["agent"] ?? result.caseId.split("/")[0] ?? "unknown";
}
function values(results, metric2) {
  return results.flatMap((r) => typeof r.metrics[metric2] === "number" ? [r.metrics[metric2]] : []);
}
function meanOrNull(list) {
  return list.length > 0 ? mean(list) : null;
}
function repeatSpread(scored, metric2) {
  const byRepeat = /* @__PURE__ */ new Map();
  for (const r of scored) {
    const v = r.metrics[metric2];
    if (typeof v !== "number") continue;
    const list = byRepeat.get(r.repeat);
    if (list)
      list.push(v);
    else byRepeat.set(r.repeat, [v]);
  }
  if (byRepeat.size < 2) return void 0;
  return Math.sqrt(populationVariance([...byRepeat.values()].map(mean)));
}
function metric(value, n, fields) {
  return { value: n > 0 ? value : null, n, ...fields };
}
function groupMetrics(group, options) {
  const scored = group.filter((r) => r.status === "scored");
  const withSpread = (name) => {
    const s = repeatSpread(scored, name);
    return s === void 0 ? {} : { spread: s };
  };
  const out = {
    score: metric(meanOrNull(values(scored, "score")), scored.length, {
      gated: true,
      direction: "higher",
      unit: "ratio",
      description: "mean normalized judge score (majority vote), 0..1",
      ...withSpread("score")
    }),
    pass_rate: metric(meanOrNull(values(scored, "pass")), scored.length, {
      gated: true,
      direction: "higher",
      unit: "ratio",
      description: `share of answers scoring at least ${options["pass-score"]} (normalized)`,
      ...withSpread("pass")
    }),
    agreement: metric(meanOrNull(values(scored, "agreement")), scored.length, {
      gated: false,
      direction: "higher",
      unit: "ratio",
      description: "mean judge agreement"
    }),
    error_rate: metric(group.length > 0 ? (group.length - scored.length) / group.length : null, group.length, {
      gated: false,
      direction: "lower",
      unit: "ratio",
      description: "answers that could not be scored"
    }),
    timeout_rate: metric(group.length > 0 ? values(group, "timeout").filter((t) => t === 1).length / group.length : null, group.length, {
      gated: false,
      direction: "lower",
      unit: "ratio",
      description: "agent calls that timed out"
    }),
    duration_ms: metric(meanOrNull(values(scored, "duration_ms")), scored.length, {
      gated: false,
      direction: "lower",
      unit: "ms",
      description: "mean agent response time of scored answers"
    })
  };
  const minAgreement = options["min-agreement"];
  if (minAgreement !== void 0) {
    out["low_agreement"] = metric(values(scored, "agreement").filter((a) => a < minAgreement).length, scored.length, {
      gated: false,
      direction: "lower",
      unit: "count",
      description: `answers whose judges agreed less than ${minAgreement}`
    });
  }
  return out;
}
function agentStats(agent, group, options) {
  const scored = group.filter((r) => r.status === "scored");
  const raw = spread(values(scored, "raw_score"));
  const minAgreement = options["min-agreement"];
  const agreements = values(scored, "agreement");
  return {
    agent,
    cases: group.length,
    scored: scored.length,
    errors: group.length - scored.length,
    mean: raw?.mean ?? null,
    normalizedMean: meanOrNull(values(scored, "score")),
    min: raw?.min ?? null,
    max: raw?.max ?? null,
    stdDev: raw?.stdDev ?? null,
    passRate: meanOrNull(values(scored, "pass")),
    errorRate: group.length > 0 ? (group.length - scored.length) / group.length : null,
    timeoutRate: group.length > 0 ? values(group, "timeout").filter((t) => t === 1).length / group.length : null,
    avgDurationMs: meanOrNull(values(scored, "duration_ms")),
    avgAgreement: meanOrNull(agreements),
    lowAgreement: minAgreement !== void 0 && scored.length > 0 ? agreements.filter((a) => a < minAgreement).length : null,
    failedVotes: values(group, "failed_votes").reduce((sum, v) => sum + v, 0)
  };
}
function aggregateJudged(results, options) {
  const agents = [.../* @__PURE__ */ new Set([...options.agents, ...results.map(agentOf)])];
  const byAgent = new Map(agents.map((agent) => [agent, results.filter((r) => agentOf(r) === agent)]));
  const metrics = groupMetrics(results, options);
  if (agents.length > 1) {
    for (const name of ["score", "pass_rate"]) metrics[name] = { ...metrics[name], gated: false };
    for (const [agent, group] of byAgent) {
      for (const [name, value] of Object.entries(groupMetrics(group, options))) metrics[`${agent}/${name}`] = value;
    }
  }
  const warnings = [];
  const failedVotes = values(results, "failed_votes").reduce((sum, v) => sum + v, 0);
  if (failedVotes > 0) warnings.push(`${failedVotes} judge vote(s) gave no usable score (endpoint error or no valid SCORE)`);
  const errors = results.filter((r) => r.status === "error");
  if (errors.length > 0) {
    const kinds = /* @__PURE__ */ new Map();
    for (const r of errors) kinds.set(r.error?.kind ?? "unknown", (kinds.get(r.error?.kind ?? "unknown") ?? 0) + 1);
    const byKind = [...kinds].sort(([a], [b]) => a.localeCompare(b)).map(([kind, count]) => `${count} ${kind}`).join(", ");
    warnings.push(`${errors.length} of ${results.length} answer(s) could not be scored (${byKind})`);
  }
  const low = metrics["low_agreement"]?.value;
  if (low) warnings.push(`${low} answer(s) with judge agreement under ${options["min-agreement"]}`);
  const scale = SCALES[options.scale];
  return {
    metrics,
    warnings,
    breakdowns: {
      scale: { type: scale.type, min: scale.min, max: scale.max },
      agents: agents.filter((agent) => (byAgent.get(agent) ?? []).length > 0).map((agent) => agentStats(agent, byAgent.get(agent) ?? [], options))
    }
  };
}

// src/suites/judged/load.ts
import { createHash } from "node:crypto";
import { dirname, relative, resolve, sep } from "node:path";

// src/suites/judged/csv.ts
var CsvSyntaxError = class extends Error {
  name = "CsvSyntaxError";
  line;
  /** 1-based index of the field in its record. */
  field;
  reason;
  records;
  constructor(reason, line, field, records) {
    super(`line ${line}, field ${field}: ${reason}`);
    this.reason = reason;
    this.line = line;
    this.field = field;
    this.records = records;
  }
};
var INCOMPLETE = /* @__PURE__ */ Symbol("incomplete");
var CsvReader = class {
  buffer = "";
  line = 1;
  started = false;
  /** The first record, kept for CsvSyntaxError.records (readers name the column from it). */
  header;
  push(chunk) {
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 65279) chunk = chunk.slice(1);
    }
    this.buffer += chunk;
    return this.drain(false);
  }
  end() {
    return this.drain(true);
  }
  drain(final) {
    const text = this.buffer;
    const records = [];
    let consumed = 0;
    while (consumed < text.length) {
      let parsed;
      try {
        parsed = this.readRecord(text, consumed, final, records);
      } catch (error) {
        if (error === INCOMPLETE) break;
        throw error;
      }
      consumed = parsed.next;
      this.line += parsed.lines;
      if (parsed.record) {
        this.header ??= parsed.record;
        records.push(parsed.record);
      }
    }
    this.buffer = text.slice(consumed);
    return records;
  }
  /** One record starting at `start`, or INCOMPLETE when more text is needed to finish it. */
  readRecord(text, start, final, before) {
    const recordLine = this.line;
    let i = start;
    let line = recordLine;
    const fields = [];
    const parsedBefore = () => this.header ? [this.header, ...before.filter((r) => r !== this.header)] : before;
    for (; ; ) {
      const fieldIndex = fields.length + 1;
      if (text.charCodeAt(i) === 34) {
        const openedAt = line;
        let value = "";
        let from = i + 1;
        for (; ; ) {
          const quote = text.indexOf('"', from);
          if (quote === -1) {
            if (!final) throw INCOMPLETE;
            throw new CsvSyntaxError(
              `unterminated quoted field: the quote opened on line ${openedAt} is never closed`,
              openedAt,
              fieldIndex,
              parsedBefore()
            );
          }
          const segment = text.slice(from, quote);
          value += segment;
          line += countLineEnds(segment);
          if (quote + 1 >= text.length && !final) throw INCOMPLETE;
          if (text.charCodeAt(quote + 1) === 34) {
            value += '"';
            from = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        while (text[i] === " " || text[i] === "	") i++;
        if (i >= text.length && !final) throw INCOMPLETE;
        if (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
          throw new CsvSyntaxError(
            `unexpected character ${JSON.stringify(text[i])} after the closing quote`,
            line,
            fieldIndex,
            parsedBefore()
          );
        }
        fields.push(value);
      } else {
        let end = i;
        while (end < text.length) {
          const c = text.charCodeAt(end);
          if (c === 44 || c === 13 || c === 10) break;
          end++;
        }
        if (end >= text.length && !final) throw INCOMPLETE;
        fields.push(text.slice(i, end));
        i = end;
      }
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "\r") {
        if (i + 1 >= text.length && !final) throw INCOMPLETE;
        i += text[i + 1] === "\n" ? 2 : 1;
        line++;
      } else if (text[i] === "\n") {
        i++;
        line++;
      }
      break;
    }
    const blank = fields.length === 1 && fields[0] === "";
    return { record: blank ? null : { line: recordLine, fields }, next: i, lines: line - recordLine };
  }
};
async function* readCsvFile(path, checker) {
  const reader = new CsvReader();
  for await (const chunk of readTextChunks(path, checker)) yield* reader.push(chunk);
  yield* reader.end();
}

// src/suites/judged/load.ts
var REQUIRED_COLUMNS = ["prompt", "judge_prompt"];
var OPTIONAL_COLUMNS = ["files"];
function displayPath(rootDir, path) {
  return relative(rootDir, path).split(sep).join("/");
}
async function streamPromptRows(path, file, onRow, checker = new TextChecker(), warnings = []) {
  const reader = new PromptRowReader(file, warnings);
  await reader.guardAsync(async () => {
    for await (const record of readCsvFile(path, checker)) {
      const row = reader.accept(record);
      if (row) await onRow(row);
    }
  });
  reader.finish();
}
var PromptRowReader = class {
  file;
  header;
  headerLine = 1;
  problems = [];
  warnings;
  constructor(file, warnings) {
    this.file = file;
    this.warnings = warnings;
  }
  /** Turns a CsvSyntaxError into a ConfigError naming the column. */
  guard(read) {
    try {
      read();
    } catch (error) {
      throw this.syntaxProblem(error);
    }
  }
  async guardAsync(read) {
    try {
      await read();
    } catch (error) {
      throw this.syntaxProblem(error);
    }
  }
  syntaxProblem(error) {
    if (!(error instanceof CsvSyntaxError)) return error;
    const header = this.header ?? error.records[0]?.fields.map((name) => name.trim().toLowerCase());
    const field = header?.[error.field - 1] ?? `column ${error.field}`;
    return new ConfigError([{ file: this.file, line: error.line, field, message: error.reason }]);
  }
  accept(record) {
    const { file } = this;
    if (!this.header) {
      this.readHeader(record);
      return void 0;
    }
    const header = this.header;
    if (record.fields.length !== header.length) {
      this.problems.push({
        file,
        line: record.line,
        field: "row",
        message: `expected ${header.length} fields (${header.join(", ")}), found ${record.fields.length}`
      });
      return void 0;
    }
    const value = (name) => {
      const index = header.indexOf(name);
      return index >= 0 ? (record.fields[index] ?? "").trim() : "";
    };
    const prompt = value("prompt");
    const criteria = value("judge_prompt");
    const empty = !prompt ? "prompt" : !criteria ? "judge_prompt" : void 0;
    if (empty) {
      this.warnings.push({ file, line: record.line, message: `row skipped: "${empty}" is empty` });
      return void 0;
    }
    const files = value("files").split(";").map((path) => path.trim()).filter(Boolean);
    return { line: record.line, prompt, criteria, files };
  }
  readHeader(record) {
    const { file } = this;
    const header = record.fields.map((name) => name.trim().toLowerCase());
    const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
    if (missing.length > 0) {
      throw new ConfigError(
        missing.map((name) => ({
          file,
          line: record.line,
          field: name,
          message: `missing header column "${name}" (found: ${header.join(", ")})`
        }))
      );
    }
    const known = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];
    const unknown = header.filter((name) => !known.includes(name));
    if (unknown.length > 0) this.warnings.push({ file, line: record.line, message: `ignoring unknown column(s) ${unknown.join(", ")}` });
    this.header = header;
    this.headerLine = record.line;
  }
  /** Throws the collected row problems. */
  finish() {
    if (!this.header)
      throw new ConfigError([
        { file: this.file, line: this.headerLine, message: "the file is empty; expected a header row prompt,judge_prompt[,files]" }
      ]);
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
};
async function readAttachments(row, csvPath, where, texts, badLines) {
  const { file } = where;
  const attachments = [];
  for (const path of row.files) {
    const inside = resolveInside(dirname(csvPath), path, where.allowedRoot);
    if ("error" in inside) throw new ConfigError([{ file, line: row.line, field: "files", message: `attached file ${inside.error}` }]);
    let text = texts.get(inside.path);
    if (text === void 0) {
      const read = await badLines.readWhole(inside.path, displayPath(where.rootDir, inside.path), "a text file");
      if ("problem" in read) {
        const reason = read.problem.missing ? "does not exist (paths are relative to the CSV's folder)" : read.problem.message;
        throw new ConfigError([{ file, line: row.line, field: "files", message: `attached file "${path}" ${reason}` }]);
      }
      text = read.text;
      texts.set(inside.path, text);
    }
    attachments.push({ path, text });
  }
  return attachments;
}
function shortHash(text) {
  return createHash("sha1").update(text).digest("hex").slice(0, 8);
}
function loadJudgedSuite(ctx) {
  return withLoadWarnings((badLines, warnings) => readJudgedSuite(ctx, badLines, warnings));
}
async function readJudgedSuite(ctx, badLines, warnings) {
  const { options } = ctx;
  const csvPath = resolve(ctx.configDir, options.prompts);
  const file = displayPath(ctx.rootDir, csvPath);
  const unreadable = await checkStreamedFile(csvPath, "a CSV file");
  if (unreadable) {
    throw new ConfigError([
      { file, line: unreadable.line, field: `suites.${ctx.suiteName}.prompts`, message: `the prompts CSV ${unreadable.message}` }
    ]);
  }
  let preamble;
  if (options["judge-preamble"]) {
    const preamblePath = resolve(ctx.configDir, options["judge-preamble"]);
    const preambleFile = displayPath(ctx.rootDir, preamblePath);
    const read = await badLines.readWhole(preamblePath, preambleFile, "a text file");
    if ("problem" in read) {
      throw new ConfigError([
        {
          file: preambleFile,
          line: read.problem.line,
          field: `suites.${ctx.suiteName}.judge-preamble`,
          message: `cannot read the judge preamble: ${read.problem.message}`
        }
      ]);
    }
    preamble = read.text;
  }
  const seen = /* @__PURE__ */ new Map();
  const kept = [];
  let usable = 0;
  const caseOf = (row, index, key, attachments, run, agent) => ({
    id: `${agent}/${key}/r${run}`,
    // From a short head of the prompt: a slice of the whole prompt would keep all of it alive per summary.
    title: row.prompt.slice(0, 200).replace(/\s+/g, " ").slice(0, 80),
    source: { file, line: row.line },
    position: index + 1,
    input: {
      agent,
      run,
      row: index + 1,
      prompt: row.prompt,
      criteria: row.criteria,
      attachments,
      ...preamble !== void 0 ? { preamble } : {}
    }
  });
  const ids = (key) => options.agents.flatMap((agent) => Array.from({ length: options.runs }, (_, r) => `${agent}/${key}/r${r + 1}`));
  const where = { file, rootDir: ctx.rootDir, allowedRoot: ctx.allowedRoot };
  const attachedTexts = /* @__PURE__ */ new Map();
  try {
    await streamPromptRows(
      csvPath,
      file,
      async (row) => {
        const index = usable++;
        const hash = shortHash(row.prompt);
        const count = (seen.get(hash) ?? 0) + 1;
        seen.set(hash, count);
        const key = count === 1 ? hash : `${hash}-${count}`;
        if (ctx.keep && !ids(key).some((id) => ctx.keep(id))) return;
        kept.push({ row, index, key, attachments: await readAttachments(row, csvPath, where, attachedTexts, badLines) });
      },
      badLines.checkerFor(file),
      warnings
    );
  } catch (error) {
    if (error instanceof ConfigError || !error.code) throw error;
    throw new ConfigError([
      { file, field: `suites.${ctx.suiteName}.prompts`, message: `cannot read the prompts CSV: ${error.message}` }
    ]);
  }
  if (usable === 0) warnings.push({ file, message: "no usable prompt rows" });
  const cases = [];
  for (let run = 1; run <= options.runs; run++) {
    for (const { row, index, key, attachments } of kept) {
      for (const agent of options.agents) {
        const testCase = caseOf(row, index, key, attachments, run, agent);
        if (!ctx.keep || ctx.keep(testCase.id)) cases.push(testCase);
      }
    }
  }
  return { cases, ...ctx.keep ? { total: usable * options.runs * options.agents.length } : {} };
}

// src/suites/judged/prompt.ts
function agentPrompt(prompt, attachments) {
  if (attachments.length === 0) return prompt;
  const blocks = attachments.map(
    (file) => `<attachment path=${JSON.stringify(file.path)}>
${file.text.replace(/\s+$/, "")}
</attachment>`
  );
  return `${prompt}

${blocks.join("\n\n")}`;
}
function judgePrompt(parts) {
  const { scale } = parts;
  const preamble = parts.preamble?.trim() ? `${parts.preamble.trim()}

---

` : "";
  const rubric = [`Scoring system (${scale.type} scale):`, ...scale.labels.map((point) => `- ${point.score}: ${point.label}`)].join("\n");
  const attached = parts.attachmentPaths?.length ? `
(with attached files: ${parts.attachmentPaths.join(", ")})` : "";
  return `${preamble}You are evaluating an agent's response.

${rubric}

You MUST include your score in the format:
SCORE: <number>

Where <number> is between ${scale.min} and ${scale.max}.

IMPORTANT: First provide your reasoning, then give your score. The score MUST appear at the end of your response.

---

Original prompt:
"${parts.prompt}"${attached}

Agent's response:
"${parts.response}"

Evaluation criteria:
${parts.criteria}

---

Provide your evaluation with clear reasoning, then end with the score (${scale.min}-${scale.max}).`;
}

// src/suites/judged/run.ts
function surviving(verdict) {
  return { finalScore: verdict.finalScore, agreement: verdict.agreement, variance: verdict.variance };
}
function totalCost(responses) {
  let total = 0;
  for (const response of responses) {
    if (response.costUsd === null) return null;
    total += response.costUsd;
  }
  return total;
}
async function castVote(text, sample, scale, ctx) {
  try {
    const response = await ctx.models.chat(ctx.options.judge).chat({ messages: [{ role: "user", content: text }], purpose: "judge", sample }, ctx.signal);
    const parsed = extractScore(response.text, scale);
    const vote = {
      sample,
      text: response.text,
      score: parsed.ok ? parsed.score : null,
      ...parsed.ok ? {} : { error: { kind: "judge", message: parsed.reason } },
      ...response.requestId ? { conversationId: response.requestId } : {},
      latencyMs: response.latencyMs
    };
    return { vote, response };
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    const vote = { sample, text: null, score: null, error: { kind: "endpoint", message: redact(error.message) } };
    return { vote, response: null };
  }
}
async function runJudgedCase(testCase, ctx) {
  const { input } = testCase;
  const { options } = ctx;
  const scale = SCALES[options.scale];
  const tags = { agent: input.agent };
  const details = {
    agent: input.agent,
    run: input.run,
    row: input.row,
    prompt: input.prompt,
    criteria: input.criteria,
    scale: scale.type,
    response: null,
    timedOut: false,
    votes: []
  };
  let answer;
  try {
    answer = await ctx.models.chat(input.agent).chat(
      {
        messages: [{ role: "user", content: agentPrompt(input.prompt, input.attachments) }],
        purpose: "target",
        // Runs and repeats are deliberate re-asks: distinct samples if someone turns the target cache on.
        sample: ctx.repeat * options.runs + (input.run - 1),
        vars: { prompt: input.prompt, run: input.run }
      },
      ctx.signal
    );
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    details.timedOut = error.kind === "timeout";
    return {
      status: "error",
      error: { kind: "endpoint", message: redact(error.message) },
      metrics: { timeout: details.timedOut ? 1 : 0 },
      tags,
      costUsd: null,
      requests: 1,
      details
    };
  }
  details.response = answer.text;
  details.agentDurationMs = answer.latencyMs;
  if (answer.requestId) details.conversationId = answer.requestId;
  if (answer.text.trim() === "" && !options["allow-empty"]) {
    return {
      status: "error",
      error: {
        kind: "endpoint",
        message: `empty answer: ${input.agent} replied with no text (set allow-empty: true to judge empty answers)`
      },
      metrics: { timeout: 0 },
      tags,
      costUsd: answer.costUsd,
      requests: 1,
      details
    };
  }
  const text = judgePrompt({
    prompt: input.prompt,
    response: answer.text,
    criteria: input.criteria,
    scale,
    ...input.preamble !== void 0 ? { preamble: input.preamble } : {},
    attachmentPaths: input.attachments.map((file) => file.path)
  });
  const cast = await Promise.all(Array.from({ length: options["judge-runs"] }, (_, sample) => castVote(text, sample, scale, ctx)));
  details.votes = cast.map((c) => c.vote);
  const responses = [answer, ...cast.flatMap((c) => c.response ? [c.response] : [])];
  const failed = details.votes.filter((vote) => vote.score === null);
  const base = { tags, costUsd: totalCost(responses), requests: 1 + options["judge-runs"], details };
  const scores = details.votes.flatMap((vote) => vote.score === null ? [] : [vote.score]);
  const unreliable = unreliableVerdict(failed.length, options["judge-runs"]);
  if (unreliable) {
    if (scores.length > 0) Object.assign(details, surviving(majorityVote(scores, scale)));
    const reasons = failed.map((vote) => `vote ${vote.sample + 1}: ${vote.error?.message}`).join("; ");
    const kind = failed.some((vote) => vote.error?.kind === "judge") ? "judge" : "endpoint";
    return {
      status: "error",
      error: { kind, message: `${unreliable} (${reasons})` },
      metrics: { timeout: 0, duration_ms: answer.latencyMs, failed_votes: failed.length },
      ...base
    };
  }
  const verdict = majorityVote(scores, scale);
  Object.assign(details, surviving(verdict));
  const normalized = normalizeScore(verdict.finalScore, scale);
  return {
    status: "scored",
    metrics: {
      score: normalized,
      raw_score: verdict.finalScore,
      pass: normalized >= options["pass-score"] ? 1 : 0,
      agreement: verdict.agreement,
      variance: verdict.variance,
      duration_ms: answer.latencyMs,
      failed_votes: failed.length,
      timeout: 0
    },
    ...base
  };
}

// src/suites/judged/index.ts
var judgedSuite = {
  kind: "judged",
  load: loadJudgedSuite,
  modelsUsed: (options) => [.../* @__PURE__ */ new Set([...options.agents, options.judge])],
  runCase: runJudgedCase,
  aggregate: aggregateJudged
};
export {
  judgedSuite
};
