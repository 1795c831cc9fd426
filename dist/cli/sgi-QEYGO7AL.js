#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  backoffDelay
} from "./chunk-UWPUVC7Q.js";
import {
  resolveInside
} from "./chunk-7HQVGBFJ.js";
import {
  PyFloat,
  pandasCsv,
  pythonFixed,
  pythonFloatRepr,
  pythonJsonDumps
} from "./chunk-26O46FIS.js";
import {
  parsePositionedYaml,
  require_dist,
  yamlProblems
} from "./chunk-FB7BGH6U.js";
import {
  array,
  number,
  object,
  record,
  string,
  unknown
} from "./chunk-IDREERYM.js";
import {
  isEndpointError
} from "./chunk-GMEJ4PAQ.js";
import {
  withLoadWarnings
} from "./chunk-GGGSQSPQ.js";
import {
  redact,
  redactDeep
} from "./chunk-WFVRFHK2.js";
import {
  ConfigError,
  excerpt
} from "./chunk-UZVVKZBF.js";
import {
  __toESM
} from "./chunk-WNP4D27T.js";

// src/suites/sgi/yaml-lines.ts
var import_yaml = __toESM(require_dist(), 1);
var ScenarioError = class extends ConfigError {
  problems;
  constructor(problems) {
    super(problems);
    this.problems = problems;
  }
};
function parseLocatedYaml(text, file) {
  const parsed = parsePositionedYaml(text);
  const problems = yamlProblems(parsed, file).map((problem) => ({ ...problem, severity: "error" }));
  const lineOf = (node) => parsed.positionOfNode(node)?.line;
  const lineAt = (path4) => parsed.positionOf(path4)?.line;
  return { yaml: { doc: parsed.doc, value: parsed.value, lineAt, lineOf }, problems };
}
function zodProblems(error, yaml, file) {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    return {
      severity: "error",
      file,
      line: yaml.lineAt(issue.path),
      message: field ? `${field}: ${issue.message}` : issue.message
    };
  });
}
function mapEntries(yaml, path4) {
  const node = path4.length === 0 ? yaml.doc.contents : yaml.doc.getIn(path4, true);
  if (!(0, import_yaml.isMap)(node)) return [];
  return node.items.map((pair) => ({
    key: (0, import_yaml.isScalar)(pair.key) ? String(pair.key.value) : String(pair.key),
    line: yaml.lineOf(pair),
    value: (0, import_yaml.isNode)(pair.value) ? pair.value.toJSON() : pair.value
  }));
}

// src/suites/sgi/cost.ts
var priceSchema = object({
  input_cost_per_million: number().min(0),
  output_cost_per_million: number().min(0),
  // Eunomia reads it but never uses it; accepted so real tables load.
  cached_input_cost_per_million: number().min(0).optional()
});
var tableSchema = object({ llm_costs: record(string(), priceSchema) });
function parsePriceTable(text, file) {
  const { yaml, problems } = parseLocatedYaml(text, file);
  if (problems.length > 0) throw new ScenarioError(problems);
  const parsed = tableSchema.safeParse(yaml.value);
  if (!parsed.success) throw new ScenarioError(zodProblems(parsed.error, yaml, file));
  const prices = {};
  for (const [model, price] of Object.entries(parsed.data.llm_costs)) {
    prices[model] = { inputPerMillion: price.input_cost_per_million, outputPerMillion: price.output_cost_per_million };
  }
  return { file, prices };
}
async function loadPriceTable(absPath, file, badLines) {
  const read = await badLines.readWhole(absPath, file, "a YAML file");
  if ("problem" in read) {
    const message = read.problem.missing ? "costs: price table not found" : `costs: the price table ${read.problem.message}`;
    throw new ScenarioError([{ severity: "error", file, line: read.problem.line, message }]);
  }
  return parsePriceTable(read.text, file);
}
function costOfRequests(requests, table) {
  if (requests === null) return { total_cost: null, total_input_cost: null, total_output_cost: null, details: [], unknown_models: [] };
  const byModel = /* @__PURE__ */ new Map();
  for (const request of requests) {
    let entry = byModel.get(request.model);
    const price = table?.prices[request.model];
    if (!entry) {
      entry = {
        llm: request.model,
        calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        input_cost: price ? 0 : null,
        output_cost: price ? 0 : null,
        total: price ? 0 : null
      };
      byModel.set(request.model, entry);
    }
    entry.calls++;
    entry.input_tokens += request.inputTokens;
    entry.output_tokens += request.outputTokens;
    if (price) {
      const input = request.inputTokens / 1e6 * price.inputPerMillion;
      const output = request.outputTokens / 1e6 * price.outputPerMillion;
      entry.input_cost = entry.input_cost + input;
      entry.output_cost = entry.output_cost + output;
      entry.total = entry.total + input + output;
    }
  }
  const details = [...byModel.values()];
  const unknown2 = details.filter((d) => d.total === null).map((d) => d.llm);
  const known = unknown2.length === 0;
  return {
    total_cost: known ? sumOf(details, "total") : null,
    total_input_cost: known ? sumOf(details, "input_cost") : null,
    total_output_cost: known ? sumOf(details, "output_cost") : null,
    details,
    unknown_models: unknown2
  };
}
function sumOf(details, key) {
  return details.reduce((total, d) => total + (d[key] ?? 0), 0);
}

// src/suites/sgi/request.ts
function buildFeedbackRequest(scenario, testCase) {
  const gradingCriteria = scenario.criteria.map((criterion) => ({
    id: criterion.id,
    title: criterion.title,
    meta: { textual_id: { [String(criterion.id)]: criterion.textualId } },
    structured_grading_instructions: criterion.instructionIds.map((id) => {
      const sgi = scenario.instructions[id - 1];
      return {
        id: sgi.id,
        credits: sgi.credits,
        grading_scale: sgi.gradingScale,
        instruction_description: sgi.instructionDescription,
        feedback: sgi.feedback,
        usage_count: sgi.usageCount,
        meta: { textual_id: { [String(sgi.id)]: sgi.textualId } }
      };
    })
  }));
  return {
    exercise: { ...scenario.exercise, grading_criteria: gradingCriteria },
    submission: { id: testCase.submissionId, exerciseId: scenario.exercise.id, model: testCase.model }
  };
}

// src/suites/sgi/request-feedback.ts
import { setTimeout as sleep } from "node:timers/promises";

// src/suites/sgi/response.ts
var WRAPPER = "the module manager's wrapper {module_name, status, data: [feedback...], meta}";
function parseAthenaResponse(json) {
  if (Array.isArray(json)) return fail(`the response is a bare array; expected ${WRAPPER}`);
  if (!isRecord(json)) return fail(`the response is ${describe(json)}; expected ${WRAPPER}`);
  if (typeof json.status === "number" && (json.status < 200 || json.status >= 300)) {
    return fail(`the module manager reported status ${json.status}${typeof json.detail === "string" ? `: ${json.detail}` : ""}`);
  }
  if (!("data" in json)) return fail(`the response has no "data" field; expected ${WRAPPER}`);
  if (!Array.isArray(json.data)) return fail(`"data" is ${describe(json.data)}, not a list of feedback items`);
  const feedback = [];
  for (const [i, raw] of json.data.entries()) {
    if (!isRecord(raw)) return fail(`data[${i}] is ${describe(raw)}, not a feedback object`);
    const sgi = pick(raw, "structuredGradingInstructionId", "structured_grading_instruction_id");
    let sgiId = null;
    if (sgi !== void 0 && sgi !== null) {
      sgiId = toNumber(sgi);
      if (sgiId === null) return fail(`data[${i}].structured_grading_instruction_id is ${describe(sgi)}, not a number`);
    }
    const rawCredits = pick(raw, "credits");
    const credits = rawCredits === void 0 || rawCredits === null ? 0 : toNumber(rawCredits);
    if (credits === null) return fail(`data[${i}].credits is ${describe(rawCredits)}, not a number`);
    feedback.push({
      sgiId,
      credits,
      ...typeof raw.title === "string" ? { title: raw.title } : {},
      ...typeof raw.description === "string" ? { description: raw.description } : {},
      raw
    });
  }
  const meta = json.meta;
  let llmRequests = null;
  if (isRecord(meta)) {
    const requests = pick(meta, "llmRequests", "llm_requests");
    if (requests !== void 0 && requests !== null) {
      if (!Array.isArray(requests)) return fail(`meta.llmRequests is ${describe(requests)}, not a list`);
      llmRequests = [];
      for (const [i, request] of requests.entries()) {
        if (!isRecord(request)) return fail(`meta.llmRequests[${i}] is ${describe(request)}, not an object`);
        const model = request.model;
        if (typeof model !== "string" || model === "") return fail(`meta.llmRequests[${i}].model is missing`);
        const inputTokens = toNumber(pick(request, "numInputTokens", "num_input_tokens") ?? 0);
        const outputTokens = toNumber(pick(request, "numOutputTokens", "num_output_tokens") ?? 0);
        if (inputTokens === null || outputTokens === null) return fail(`meta.llmRequests[${i}] has token counts that are not numbers`);
        llmRequests.push({ model, inputTokens, outputTokens });
      }
    }
  }
  return {
    ok: true,
    value: { ...typeof json.module_name === "string" ? { moduleName: json.module_name } : {}, feedback, llmRequests }
  };
}
function fail(message) {
  return { ok: false, message };
}
function pick(record2, ...keys) {
  for (const key of keys) if (record2[key] !== void 0) return record2[key];
  return void 0;
}
function toNumber(value) {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  return null;
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}\u2026` : value)}`;
  return `a ${typeof value}`;
}

// src/suites/sgi/request-feedback.ts
async function requestFeedback(body, ctx) {
  const endpoint = ctx.models.endpoint(ctx.options.target);
  const attempts = 1 + ctx.options["invalid-retries"];
  const causes = [];
  let requests = 0;
  let lastBody;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(backoffDelay(attempt - 1, endpoint.config["retry-backoff"]), void 0, { signal: ctx.signal });
    let response;
    try {
      response = await endpoint.post(body, ctx.signal);
    } catch (error) {
      if (!isEndpointError(error)) throw error;
      requests += error.attempts;
      if (error.kind !== "parse") {
        return { ok: false, error: { kind: error.kind === "fatal" ? "fatal" : "endpoint", message: redact(error.message) }, requests };
      }
      causes.push(error.message.replace(`${ctx.options.target}: `, ""));
      continue;
    }
    requests += response.attempts;
    const parsed = parseAthenaResponse(response.json);
    if (parsed.ok) return { ok: true, response, parsed: parsed.value, requests };
    causes.push(parsed.message);
    lastBody = response.json;
  }
  return { ok: false, error: { kind: "endpoint", message: redact(invalidMessage(ctx.options.target, causes)) }, requests, lastBody };
}
function invalidMessage(target, causes) {
  const distinct = [...new Set(causes)];
  const attempts = causes.length === 1 ? "1 attempt" : `${causes.length} attempts`;
  const what = causes.length === 1 ? "the answer was invalid" : "every answer was invalid";
  return `${target}: ${attempts}, ${what}: ${distinct.join("; then: ")}`;
}

// src/suites/sgi/score.ts
var SCORE_TOLERANCE = 1e-6;
function expectedFor(scenario, testCase) {
  const replacements = /* @__PURE__ */ new Map();
  for (const diff of scenario.diffs) if (diff.testCase === testCase) replacements.set(diff.key, diff.replacement);
  return scenario.defaultExpected.map((id) => replacements.get(id) ?? id);
}
function diffSetFor(scenario, testCase) {
  return [...new Set(scenario.diffs.filter((diff) => diff.testCase === testCase).map((diff) => diff.replacement))];
}
function scoreCase(scenario, testCase, feedback) {
  const known = (id) => scenario.instructions[id - 1]?.id === id;
  const instruction = (id) => scenario.instructions[id - 1];
  const expected = expectedFor(scenario, testCase);
  const diffSet = diffSetFor(scenario, testCase);
  const referenced = feedback.filter((item) => item.sgiId !== null);
  const returned = referenced.filter((item) => known(item.sgiId)).map((item) => item.sgiId);
  const unknown2 = referenced.filter((item) => !known(item.sgiId)).map((item) => item.sgiId);
  const expectedScore = sum(expected.map((id) => instruction(id).credits));
  const returnedScore = sum(referenced.filter((item) => known(item.sgiId)).map((item) => item.credits));
  const returnedSet = new Set(returned);
  const expectedSet = new Set(expected);
  const diffs = new Set(diffSet);
  const missing = expected.filter((id) => !returnedSet.has(id));
  const extra = returned.filter((id) => !expectedSet.has(id));
  let totalWeight = 0;
  let achievedWeight = 0;
  for (const id of expected) {
    const weight = diffs.has(id) ? 2 : 1;
    totalWeight += weight;
    if (returnedSet.has(id)) achievedWeight += weight;
  }
  const percent = totalWeight === 0 ? 0 : achievedWeight / totalWeight * 100;
  const { wrongLess, wrongMore } = wrongPoints(missing, extra, instruction);
  return {
    expected,
    diffSet,
    returned,
    unknown: unknown2,
    expectedScore,
    returnedScore,
    percent,
    detected: diffSet.every((id) => returnedSet.has(id)),
    scoreMatch: Math.abs(expectedScore - returnedScore) < SCORE_TOLERANCE,
    fullyCorrect: missing.length === 0 && unknown2.length === 0,
    missing,
    extra,
    wrongLess,
    wrongMore,
    criteriaResults: criteriaResults(scenario, missing, extra, instruction, feedback)
  };
}
function wrongPoints(missing, extra, instruction) {
  let wrongLess = 0;
  let wrongMore = 0;
  const byCriterion = /* @__PURE__ */ new Map();
  const group = (id) => {
    const criterionId = instruction(id).criterionId;
    let entry = byCriterion.get(criterionId);
    if (!entry) {
      entry = { missing: [], extra: [] };
      byCriterion.set(criterionId, entry);
    }
    return entry;
  };
  for (const id of missing) group(id).missing.push(id);
  for (const id of extra) group(id).extra.push(id);
  for (const entry of byCriterion.values()) {
    while (entry.missing.length > 0 && entry.extra.length > 0) {
      const lost = entry.missing.pop();
      const gained = entry.extra.pop();
      if (instruction(gained).credits > instruction(lost).credits) wrongMore++;
      else wrongLess++;
    }
    wrongLess += entry.missing.length;
    for (const id of entry.extra) {
      if (instruction(id).credits > 0) wrongMore++;
      else wrongLess++;
    }
  }
  return { wrongLess, wrongMore };
}
function criteriaResults(scenario, missing, extra, instruction, feedback) {
  const results = [];
  const ascendingSet = (ids) => [...new Set(ids)].sort((a, b) => a - b);
  const receivedRef = (sgi) => ({
    ...expectedRef(sgi),
    feedbackDescription: feedback.find((item) => item.sgiId === sgi.id)?.description ?? null
  });
  for (const criterion of scenario.criteria) {
    const lost = ascendingSet(missing.filter((id) => instruction(id).criterionId === criterion.id));
    const gained = ascendingSet(extra.filter((id) => instruction(id).criterionId === criterion.id));
    if (lost.length === 0 && gained.length === 0) continue;
    const pairs = Math.min(lost.length, gained.length);
    results.push({
      criterion_id: criterion.id,
      criterion_textual_id: criterion.textualId,
      mismatch_pairs: lost.slice(0, pairs).map((id, i) => ({ expected: expectedRef(instruction(id)), received: receivedRef(instruction(gained[i])) })),
      missing_instructions: lost.slice(pairs).map((id) => expectedRef(instruction(id))),
      extra_instructions: gained.slice(pairs).map((id) => receivedRef(instruction(id)))
    });
  }
  return results;
}
function expectedRef(sgi) {
  return { id: sgi.id, textual_id: sgi.textualId, credits: sgi.credits, instructionDescription: sgi.instructionDescription };
}
function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}

// src/suites/sgi/run-case.ts
var MODEL_COST_PREFIX = "cost_usd:";
var MODEL_CALLS_PREFIX = "llm_calls:";
async function runSgiCase(testCase, ctx) {
  const { scenario, testCase: tc, prices } = testCase.input;
  const tags = { scenario: scenario.title };
  const body = buildFeedbackRequest(scenario, tc);
  const answer = await requestFeedback(body, ctx);
  if (!answer.ok) {
    const { error, requests, lastBody } = answer;
    return {
      status: "error",
      error,
      metrics: {},
      tags,
      costUsd: null,
      requests,
      ...lastBody !== void 0 && { details: { scenario: scenario.title, test_case: tc.name, response: redactDeep(lastBody) } }
    };
  }
  const { response, parsed } = answer;
  const { feedback, llmRequests } = parsed;
  const score = scoreCase(scenario, tc.name, feedback);
  const cost = costOfRequests(llmRequests, prices);
  const textual = (ids) => ids.map((id) => textualId(scenario, id));
  const missedCriteria = [...new Set(score.missing.map((id) => scenario.instructions[id - 1].criterionTextualId))];
  if (missedCriteria.length > 0) {
    tags.missed_criteria = missedCriteria.join(",");
    tags.missed_instructions = score.missing.map((id) => `${scenario.instructions[id - 1].criterionTextualId}:${textualId(scenario, id)}`).join(",");
  }
  if (cost.unknown_models.length > 0) tags.unknown_models = cost.unknown_models.join(",");
  if (llmRequests === null) tags.cost_unknown = "no token usage in the response";
  const metrics = {
    score: score.percent / 100,
    detected: score.detected ? 1 : 0,
    fully_correct: score.fullyCorrect ? 1 : 0,
    score_match: score.scoreMatch ? 1 : 0,
    wrong_less: score.wrongLess,
    wrong_more: score.wrongMore,
    request_time_ms: response.latencyMs,
    expected_points: score.expectedScore,
    returned_points: score.returnedScore
  };
  for (const model of cost.details) {
    metrics[`${MODEL_CALLS_PREFIX}${model.llm}`] = model.calls;
    if (model.total !== null) metrics[`${MODEL_COST_PREFIX}${model.llm}`] = model.total;
  }
  return {
    status: "scored",
    metrics,
    tags,
    costUsd: cost.total_cost,
    requests: answer.requests,
    details: {
      scenario: scenario.title,
      test_case: tc.name,
      submission_id: tc.submissionId,
      exercise_id: scenario.exercise.id,
      expected_instructions: textual(score.expected),
      diff_instructions: textual(score.diffSet),
      returned_instructions: textual(score.returned),
      missing_instructions: textual(score.missing),
      extra_instructions: textual(score.extra),
      unknown_instruction_ids: score.unknown,
      wrong_less: score.wrongLess,
      wrong_more: score.wrongMore,
      request_time_ms: response.latencyMs,
      // The TestBench's own per-test-case JSON, written as test_cases/<name>.json on export.
      testbench: {
        test_case: tc.name,
        expected_score: score.expectedScore,
        returned_score: score.returnedScore,
        test_case_detected_correctly: score.detected,
        test_case_score_percent: score.percent,
        // The TestBench writes cost only when it has a price table.
        ...prices !== null && { cost },
        criteria_results: score.criteriaResults,
        feedback: redactDeep(feedback.map((item) => item.raw))
      }
    }
  };
}
function textualId(scenario, id) {
  return scenario.instructions[id - 1]?.textualId ?? String(id);
}

// src/suites/sgi/aggregate.ts
function aggregateSgi(results) {
  const scored = results.filter((r) => r.status === "scored");
  const n = scored.length;
  const mean = (key) => n === 0 ? null : scored.reduce((total, r) => total + (r.metrics[key] ?? 0), 0) / n;
  const totalCost = sumCost(scored);
  const gated = (value, description) => ({
    value,
    n,
    gated: true,
    direction: "higher",
    unit: "ratio",
    description
  });
  const metrics = {
    score: gated(mean("score"), "mean test-case score (weight 2 for the instructions a test case is about)"),
    detection_rate: gated(mean("detected"), "share of test cases whose introduced faults were all flagged"),
    fully_correct_rate: gated(mean("fully_correct"), "share of test cases with no missing and no unknown instructions"),
    score_match_rate: gated(mean("score_match"), "share of test cases whose returned points equal the expected points"),
    cost_usd: {
      value: totalCost,
      n,
      gated: false,
      direction: "lower",
      unit: "usd",
      description: "total cost (unknown when a model has no price)"
    },
    avg_cost_usd: {
      value: totalCost === null || n === 0 ? null : totalCost / n,
      n,
      gated: false,
      direction: "lower",
      unit: "usd",
      description: "average cost per test case"
    },
    avg_request_time_ms: {
      value: mean("request_time_ms"),
      n,
      gated: false,
      direction: "lower",
      unit: "ms",
      description: "average request time"
    }
  };
  const warnings = [];
  const unknownModels = new Set(scored.flatMap((r) => r.tags.unknown_models ? r.tags.unknown_models.split(",") : []));
  for (const model of unknownModels) {
    warnings.push(`model "${model}" is not in the price table (llm_cost.yml); its cost and the suite's total cost are unknown`);
  }
  const withoutUsage = scored.filter((r) => r.tags.cost_unknown).length;
  if (withoutUsage > 0) warnings.push(`${withoutUsage} response(s) carried no token usage (meta.llmRequests); the total cost is unknown`);
  return {
    metrics,
    warnings,
    breakdowns: {
      missed_instructions_per_criterion: missedPerCriterion(scored),
      scenarios: perScenario(results),
      cost_per_model: costPerModel(scored, unknownModels)
    }
  };
}
function sumCost(cases) {
  let total = 0;
  for (const r of cases) {
    if (r.costUsd === null) return null;
    total += r.costUsd;
  }
  return total;
}
function missedPerCriterion(scored) {
  const out = {};
  for (const r of scored) {
    for (const entry of r.tags.missed_instructions?.split(",") ?? []) {
      const [criterion, instruction] = entry.split(":");
      out[criterion] ??= {};
      const counts = out[criterion];
      counts[instruction] = (counts[instruction] ?? 0) + 1;
    }
  }
  return out;
}
function perScenario(results) {
  const groups = /* @__PURE__ */ new Map();
  for (const r of results) {
    const key = r.tags.scenario ?? "";
    const group = groups.get(key);
    if (group)
      group.push(r);
    else groups.set(key, [r]);
  }
  const out = {};
  for (const [title, cases] of groups) {
    const scored = cases.filter((r) => r.status === "scored");
    const n = scored.length;
    const count = (key) => scored.filter((r) => r.metrics[key] === 1).length;
    const mean = (key) => n === 0 ? null : scored.reduce((total, r) => total + (r.metrics[key] ?? 0), 0) / n;
    const totalCost = sumCost(scored);
    const score = mean("score");
    out[title] = {
      cases: cases.length,
      scored: n,
      failed: cases.length - n,
      fully_correct: count("fully_correct"),
      score_matched: count("score_match"),
      detected: count("detected"),
      average_score_percent: score === null ? null : score * 100,
      total_cost_usd: totalCost,
      average_cost_usd: totalCost === null || n === 0 ? null : totalCost / n,
      average_request_time_ms: mean("request_time_ms")
    };
  }
  return out;
}
function costPerModel(scored, unknownModels) {
  const out = {};
  for (const r of scored) {
    for (const [key, value] of Object.entries(r.metrics)) {
      if (!key.startsWith(MODEL_CALLS_PREFIX)) continue;
      const model = key.slice(MODEL_CALLS_PREFIX.length);
      out[model] ??= { calls: 0, cost_usd: unknownModels.has(model) ? null : 0 };
      const entry = out[model];
      entry.calls += value;
      if (entry.cost_usd !== null) entry.cost_usd += r.metrics[`${MODEL_COST_PREFIX}${model}`] ?? 0;
    }
  }
  return out;
}

// src/suites/sgi/export.ts
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
var TEST_CASE_COLUMNS = [
  "Test Case",
  "Test Case Detected Correctly",
  "Test Case Score (%)",
  "Expected Points",
  "Total Returned Points",
  "Cost",
  "Request Time (s)",
  "Wrong < Points",
  "Wrong > Points"
];
async function exportSgiArtifacts(suite, ctx) {
  const cases = suite.cases.filter((c) => c.repeat === 0);
  const titles = [...new Set(cases.map((c) => c.tags.scenario ?? ""))];
  const written = [];
  const write = async (file, text) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, redact(text), "utf8");
    written.push(file);
  };
  for (const title of titles) {
    const scored = cases.flatMap((c) => (c.tags.scenario ?? "") === title && c.status === "scored" ? toExportCase(c) : []);
    const folder = path.join(ctx.outDir, "sgi", ctx.runId, safeFolderName(title));
    const summary = summaryRows(scored);
    await write(
      path.join(folder, "tables", "scenario_summary.csv"),
      pandasCsv([["Metric", "Value"], ...summary.map(([k, v]) => [k, String(v)])])
    );
    await write(path.join(folder, "tables", "test_case_results.csv"), testCaseCsv(scored));
    await write(path.join(folder, "scenario_results.json"), pythonJsonDumps(Object.fromEntries(summary)));
    for (const c of scored)
      await write(path.join(folder, "test_cases", `${c.name}.json`), pythonJsonDumps(testCaseJson(c.testbench, c.returnedAny)));
  }
  return written;
}
function safeFolderName(title) {
  return title.replace(/ /g, "_").replace(/[/\\:*?"<>|]/g, "-") || "scenario";
}
function toExportCase(c) {
  const details = c.details;
  if (!details?.testbench) return [];
  return [
    {
      name: c.caseId.slice(c.caseId.lastIndexOf("/") + 1),
      testbench: details.testbench,
      returnedAny: (details.returned_instructions?.length ?? 0) > 0,
      requestSeconds: (c.metrics.request_time_ms ?? 0) / 1e3,
      costUsd: c.costUsd,
      wrongLess: c.metrics.wrong_less ?? 0,
      wrongMore: c.metrics.wrong_more ?? 0,
      fullyCorrect: c.metrics.fully_correct === 1,
      scoreMatch: c.metrics.score_match === 1
    }
  ];
}
function summaryRows(cases) {
  const n = cases.length;
  const sum2 = (values) => values.reduce((total, value) => total + value, 0);
  const count = (test) => cases.filter(test).length;
  const average = (values) => n > 0 ? sum2(values) / n : 0;
  const priced = cases.flatMap((c) => c.costUsd === null ? [] : [c.costUsd]);
  const unpriced = n - priced.length;
  const totalCost = sum2(priced);
  const detected = count((c) => c.testbench.test_case_detected_correctly);
  return [
    ["Total Cases", n],
    ["Fully Correct Cases", count((c) => c.fullyCorrect)],
    ["Score Matched Count", count((c) => c.scoreMatch)],
    ["Average Test Case Score", pythonFixed(average(cases.map((c) => c.testbench.test_case_score_percent)), 2)],
    ["Correctly Detected Test Cases / Total Cases", `${detected} / ${n}`],
    ["Total Cost", costTotal(totalCost, unpriced, n)],
    ["Average Cost", costTotal(n > 0 ? totalCost / n : 0, unpriced, n)],
    ["Average Request Time (s)", pythonFixed(average(cases.map((c) => c.requestSeconds)), 4)]
  ];
}
function costTotal(value, unpriced, n) {
  if (unpriced === 0) return pythonFixed(value, 4);
  if (unpriced === n) return "unknown";
  return `\u2265 ${pythonFixed(value, 4)}, ${unpriced} case${unpriced === 1 ? "" : "s"} unpriced`;
}
function testCaseCsv(cases) {
  if (cases.length === 0) return pandasCsv([["Wrong < Points", "Wrong > Points"]]);
  const returnedIsFloat = cases.some((c) => c.returnedAny);
  const rows = cases.map((c) => [
    c.name,
    c.testbench.test_case_detected_correctly ? "Yes" : "No",
    pythonFixed(c.testbench.test_case_score_percent, 2),
    pythonFloatRepr(c.testbench.expected_score),
    returnedIsFloat ? pythonFloatRepr(c.testbench.returned_score) : "0",
    c.testbench.cost === void 0 ? "0.0000" : c.costUsd === null ? "unknown" : pythonFixed(c.costUsd, 4),
    pythonFixed(c.requestSeconds, 4),
    String(c.wrongLess),
    String(c.wrongMore)
  ]);
  return pandasCsv([[...TEST_CASE_COLUMNS], ...rows]);
}
function testCaseJson(t, returnedAny) {
  const float = (value) => value === null ? null : new PyFloat(value);
  const instruction = (ref) => ({
    id: ref.id,
    textual_id: ref.textual_id,
    credits: new PyFloat(ref.credits),
    instructionDescription: ref.instructionDescription,
    ..."feedbackDescription" in ref && { feedbackDescription: ref.feedbackDescription ?? null }
  });
  const out = {
    test_case: t.test_case,
    expected_score: new PyFloat(t.expected_score),
    returned_score: returnedAny ? new PyFloat(t.returned_score) : t.returned_score,
    test_case_detected_correctly: t.test_case_detected_correctly,
    test_case_score_percent: new PyFloat(t.test_case_score_percent)
  };
  if (t.cost) {
    out.cost = {
      total_cost: float(t.cost.total_cost),
      total_input_cost: float(t.cost.total_input_cost),
      total_output_cost: float(t.cost.total_output_cost),
      details: t.cost.details.map((d) => ({
        llm: d.llm,
        input_cost: float(d.input_cost),
        output_cost: float(d.output_cost),
        total: float(d.total)
      }))
    };
  }
  if (t.criteria_results.length > 0) {
    out.criteria_results = t.criteria_results.map((r) => ({
      criterion_id: r.criterion_id,
      criterion_textual_id: r.criterion_textual_id,
      mismatch_pairs: r.mismatch_pairs.map((pair) => ({ expected: instruction(pair.expected), received: instruction(pair.received) })),
      missing_instructions: r.missing_instructions.map(instruction),
      extra_instructions: r.extra_instructions.map(instruction)
    }));
  }
  out.feedback = t.feedback.map(snakeCaseFeedback);
  return out;
}
function snakeCaseFeedback(item) {
  const pick2 = (...keys) => {
    for (const key of keys) if (item[key] !== void 0) return item[key];
    return void 0;
  };
  const credits = pick2("credits");
  return {
    id: pick2("id") ?? null,
    title: pick2("title") ?? null,
    description: pick2("description") ?? null,
    credits: new PyFloat(typeof credits === "number" ? credits : Number(credits ?? 0)),
    structured_grading_instruction_id: pick2("structured_grading_instruction_id", "structuredGradingInstructionId") ?? null,
    is_graded: pick2("is_graded", "isGraded") ?? null,
    meta: pick2("meta") ?? {},
    exercise_id: pick2("exercise_id", "exerciseId") ?? null,
    submission_id: pick2("submission_id", "submissionId") ?? null,
    element_ids: pick2("element_ids", "elementIds") ?? [],
    reference: pick2("reference") ?? null
  };
}

// src/suites/sgi/load.ts
import { existsSync as existsSync2 } from "node:fs";
import path3 from "node:path";

// src/suites/sgi/manifest.ts
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path2 from "node:path";
var instructionSchema = object({
  id: string().min(1),
  grading_scale: string().default(""),
  instruction_description: string().default(""),
  feedback: string().default(""),
  credits: number(),
  usage_count: number().int().default(1)
});
var criterionSchema = object({
  id: string().min(1),
  title: string().default(""),
  instructions: array(instructionSchema).min(1)
});
var exerciseSchema = object({
  title: string().min(1),
  type: string().default("modeling"),
  max_points: number(),
  bonus_points: number().default(0),
  grading_instructions: string().optional(),
  problem_statement: string().optional(),
  example_solution: string().optional(),
  meta: record(string(), unknown()).nullable().default({})
});
var manifestSchema = object({
  server_url: string().optional(),
  exercise: exerciseSchema,
  criteria: array(criterionSchema).min(1),
  default_expected: array(string()).default([]),
  test_case_diffs: record(string(), record(string(), string()).nullable()).nullable().default({})
});
function outsideReason(absPath, options) {
  const inside = resolveInside(path2.dirname(absPath), absPath, options.allowedRoot);
  return "error" in inside ? inside.error : void 0;
}
async function discoverScenarioDirs(scenariosPath, options) {
  const info = await stat(scenariosPath).catch(() => void 0);
  if (!info?.isDirectory()) {
    throw new ScenarioError([{ severity: "error", file: options.display(scenariosPath), message: "scenarios: no such folder" }]);
  }
  if (existsSync(path2.join(scenariosPath, "manifest.yml"))) return [scenariosPath];
  const entries = await readdir(scenariosPath, { withFileTypes: true });
  const dirs = entries.filter((entry) => entry.isDirectory() && existsSync(path2.join(scenariosPath, entry.name, "manifest.yml"))).map((entry) => path2.join(scenariosPath, entry.name)).sort();
  if (dirs.length === 0) {
    throw new ScenarioError([
      { severity: "error", file: options.display(scenariosPath), message: "scenarios: no manifest.yml in this folder or its subfolders" }
    ]);
  }
  return dirs;
}
async function loadScenario(dir, options, badLines, warnings) {
  const manifestPath = path2.join(dir, "manifest.yml");
  const manifestFile = options.display(manifestPath);
  const outside = outsideReason(manifestPath, options);
  if (outside) throw new ScenarioError([{ severity: "error", file: manifestFile, message: `manifest.yml: ${outside}` }]);
  const read = await badLines.readWhole(manifestPath, manifestFile, "a YAML file");
  if ("problem" in read)
    throw new ScenarioError([
      { severity: "error", file: manifestFile, line: read.problem.line, message: `manifest.yml: ${read.problem.message}` }
    ]);
  const { text } = read;
  const { yaml, problems: syntaxProblems } = parseLocatedYaml(text, manifestFile);
  if (syntaxProblems.length > 0) throw new ScenarioError(syntaxProblems);
  const parsed = manifestSchema.safeParse(yaml.value);
  if (!parsed.success) throw new ScenarioError(zodProblems(parsed.error, yaml, manifestFile));
  const manifest = parsed.data;
  const problems = [];
  const at = (p) => yaml.lineAt(p);
  const error = (line, message) => problems.push({ severity: "error", file: manifestFile, line, message });
  const warn = (line, message) => problems.push({ severity: "warning", file: manifestFile, line, message });
  const { criteria, instructions, byText } = mapIds(manifest.criteria, at, error);
  const defaultExpected = [];
  manifest.default_expected.forEach((textual, i) => {
    const instruction = byText.get(textual);
    if (instruction) defaultExpected.push(instruction.id);
    else error(at(["default_expected", i]), `default_expected: "${textual}" is not an instruction id of any criterion`);
  });
  const testCases = await readTestCases(dir, options, problems, badLines);
  const diffs = readDiffs(yaml, manifest.test_case_diffs ?? {}, byText, new Set(defaultExpected), error, warn);
  const withFiles = new Set(testCases.map((tc) => tc.name));
  const withDiffs = new Set(diffs.map((diff) => diff.testCase));
  for (const diff of diffs) {
    if (!withFiles.has(diff.testCase)) {
      warn(diff.line, `test_case_diffs: "${diff.testCase}" has no file test_cases/${diff.testCase}.json; the entry is ignored`);
    }
  }
  const diffsLine = mapEntries(yaml, []).find((entry) => entry.key === "test_case_diffs")?.line;
  for (const tc of testCases) {
    if (!withDiffs.has(tc.name)) {
      warn(
        diffsLine,
        `test case "${tc.name}" (${tc.file}) has no test_case_diffs entry, so every default_expected instruction is expected for it`
      );
    }
  }
  const exampleSolution = await readExampleSolution(
    dir,
    manifest.exercise.example_solution,
    options,
    (message) => error(at(["exercise", "example_solution"]), message),
    badLines
  );
  warnings.push(...problems.filter((p) => p.severity === "warning"));
  const errors = problems.filter((p) => p.severity === "error");
  if (errors.length > 0) throw new ScenarioError(errors);
  const { example_solution: _named, meta, ...exercise } = manifest.exercise;
  const scenario = {
    name: path2.basename(dir),
    title: manifest.exercise.title,
    manifestFile,
    exercise: {
      id: stableExerciseId(manifest.exercise.title, text),
      ...exercise,
      ...exampleSolution === void 0 ? {} : { example_solution: exampleSolution },
      meta: meta ?? {}
    },
    criteria,
    instructions,
    defaultExpected,
    diffs: diffs.filter((diff) => withFiles.has(diff.testCase)),
    testCases
  };
  return scenario;
}
function mapIds(manifestCriteria, at, error) {
  const criteria = [];
  const instructions = [];
  const byText = /* @__PURE__ */ new Map();
  const criterionIds = /* @__PURE__ */ new Map();
  manifestCriteria.forEach((c, ci) => {
    const firstLine = criterionIds.get(c.id);
    if (firstLine !== void 0)
      error(at(["criteria", ci, "id"]), `criteria: duplicate criterion id "${c.id}" (first at line ${firstLine})`);
    else criterionIds.set(c.id, at(["criteria", ci, "id"]) ?? 0);
    const criterion = { id: ci + 1, textualId: c.id, title: c.title, instructionIds: [] };
    c.instructions.forEach((sgi, si) => {
      const line = at(["criteria", ci, "instructions", si, "id"]);
      if (byText.has(sgi.id)) {
        error(line, `criteria.${c.id}: duplicate instruction id "${sgi.id}" (instruction ids must be unique across the scenario)`);
        return;
      }
      const instruction = {
        id: instructions.length + 1,
        textualId: sgi.id,
        criterionId: criterion.id,
        criterionTextualId: c.id,
        credits: sgi.credits,
        gradingScale: sgi.grading_scale,
        instructionDescription: sgi.instruction_description,
        feedback: sgi.feedback,
        usageCount: sgi.usage_count
      };
      instructions.push(instruction);
      byText.set(sgi.id, instruction);
      criterion.instructionIds.push(instruction.id);
    });
    criteria.push(criterion);
  });
  return { criteria, instructions, byText };
}
function readDiffs(yaml, diffsByKey, byText, defaultExpected, error, warn) {
  const diffs = [];
  for (const keyEntry of mapEntries(yaml, ["test_case_diffs"])) {
    const key = byText.get(keyEntry.key);
    if (!key) {
      error(keyEntry.line, `test_case_diffs: "${keyEntry.key}" is not an instruction id of any criterion`);
      continue;
    }
    if (!defaultExpected.has(key.id)) {
      warn(
        keyEntry.line,
        `test_case_diffs: "${keyEntry.key}" is not in default_expected, so its replacements never enter the expected list`
      );
    }
    if (!diffsByKey[keyEntry.key]) continue;
    for (const entry of mapEntries(yaml, ["test_case_diffs", keyEntry.key])) {
      const replacement = byText.get(String(entry.value));
      if (!replacement) {
        error(
          entry.line,
          `test_case_diffs.${keyEntry.key}.${entry.key}: "${String(entry.value)}" is not an instruction id of any criterion`
        );
        continue;
      }
      diffs.push({ key: key.id, testCase: entry.key, replacement: replacement.id, line: entry.line });
    }
  }
  return diffs;
}
async function readTestCases(dir, options, problems, badLines) {
  const folder = path2.join(dir, "test_cases");
  const names = existsSync(folder) ? (await readdir(folder)).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length)).sort() : [];
  if (names.length === 0) {
    problems.push({ severity: "error", file: options.display(folder), message: "no test_cases/*.json files" });
  }
  const testCases = [];
  for (const [index, name] of names.entries()) {
    const absFile = path2.join(folder, `${name}.json`);
    const file = options.display(absFile);
    const outside = outsideReason(absFile, options);
    if (outside) {
      problems.push({ severity: "error", file, message: `test case file: ${outside}` });
      continue;
    }
    const read = await badLines.readWhole(absFile, file, "a JSON file");
    if ("problem" in read) {
      problems.push({ severity: "error", file, line: read.problem.line, message: `test case file: ${read.problem.message}` });
      continue;
    }
    try {
      const diagram = JSON.parse(read.text);
      if (typeof diagram !== "object" || diagram === null || Array.isArray(diagram)) throw new Error("not a JSON object");
      testCases.push({ name, file, submissionId: index, model: JSON.stringify(diagram) });
    } catch (cause) {
      problems.push({ severity: "error", file, message: `not a diagram JSON file: ${excerpt(cause.message, 100)}` });
    }
  }
  return testCases;
}
async function readExampleSolution(dir, value, options, error, badLines) {
  if (value === void 0) return void 0;
  const candidate = path2.join(dir, value);
  if (existsSync(candidate) && !value.trim().startsWith("{")) {
    const outside = outsideReason(candidate, options);
    if (outside) {
      error(`exercise.example_solution: ${outside}`);
      return void 0;
    }
    const read = await badLines.readWhole(candidate, options.display(candidate), "a file");
    if ("problem" in read) {
      error(`exercise.example_solution: file ${options.display(candidate)} ${read.problem.message}`);
      return void 0;
    }
    return read.text;
  }
  if (/\.json$/i.test(value.trim())) {
    error(`exercise.example_solution: file ${options.display(candidate)} does not exist`);
    return void 0;
  }
  return value;
}
function stableExerciseId(title, manifestText) {
  const digest = createHash("sha256").update(title).update("\0").update(manifestText).digest();
  return digest.readUInt32BE(0) % (2 ** 31 - 1);
}

// src/suites/sgi/load.ts
function loadSgiSuite(ctx) {
  return withLoadWarnings((badLines, warnings) => readSgiSuite(ctx, badLines, warnings));
}
async function readSgiSuite(ctx, badLines, warnings) {
  const display = (absPath) => path3.relative(ctx.rootDir, absPath).split(path3.sep).join("/") || ".";
  const options = { display, ...ctx.allowedRoot !== void 0 ? { allowedRoot: ctx.allowedRoot } : {} };
  const scenariosPath = path3.resolve(ctx.configDir, ctx.options.scenarios);
  const dirs = await discoverScenarioDirs(scenariosPath, options);
  const scenarios = [];
  const errors = [];
  for (const dir of dirs) {
    try {
      scenarios.push(await loadScenario(dir, options, badLines, warnings));
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      errors.push(...error.problems);
    }
  }
  const titles = /* @__PURE__ */ new Map();
  for (const scenario of scenarios) {
    const first = titles.get(scenario.title);
    if (first) {
      errors.push({
        severity: "error",
        file: scenario.manifestFile,
        message: `exercise.title "${scenario.title}" is also the title of ${first.manifestFile}; titles name the result folders and must differ`
      });
    }
    titles.set(scenario.title, scenario);
  }
  const prices = await resolvePriceTable(ctx.options.costs, ctx.configDir, scenariosPath, display, warnings, badLines).catch(
    (error) => {
      if (error instanceof ScenarioError) errors.push(...error.problems);
      else throw error;
      return null;
    }
  );
  if (errors.length > 0) throw new ScenarioError(errors);
  const cases = [];
  for (const scenario of scenarios) {
    for (const testCase of scenario.testCases) {
      const diffLine = scenario.diffs.find((diff) => diff.testCase === testCase.name)?.line;
      cases.push({
        id: `${scenario.name}/${testCase.name}`,
        title: `${scenario.name}/${testCase.name}`,
        source: diffLine === void 0 ? { file: testCase.file } : { file: scenario.manifestFile, line: diffLine },
        input: { scenario, testCase, prices }
      });
    }
  }
  return { cases };
}
async function resolvePriceTable(costs, configDir, scenariosPath, display, warnings, badLines) {
  if (costs) {
    const absPath = path3.resolve(configDir, costs);
    return loadPriceTable(absPath, display(absPath), badLines);
  }
  for (const candidate of [path3.join(scenariosPath, "llm_cost.yml"), path3.join(path3.dirname(scenariosPath), "llm_cost.yml")]) {
    if (existsSync2(candidate)) return loadPriceTable(candidate, display(candidate), badLines);
  }
  warnings.push({ file: display(scenariosPath), message: "no llm_cost.yml price table (set costs:); every cost is reported as unknown" });
  return null;
}

// src/suites/sgi/index.ts
var sgiSuite = {
  kind: "sgi",
  load: loadSgiSuite,
  modelsUsed: (options) => [options.target],
  runCase: runSgiCase,
  aggregate: (results) => aggregateSgi(results),
  wantsArtifacts: (options) => options.export,
  exportArtifacts: (suite, ctx) => exportSgiArtifacts(suite, ctx)
};
export {
  sgiSuite
};
