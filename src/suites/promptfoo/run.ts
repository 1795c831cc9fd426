// One promptfoo test on one provider and prompt: the prompt rendered as promptfoo renders it (prefix
// and suffix added), sent to the provider's model, the output transformed (the provider's transform,
// then the test's), and every assert run. The test's metrics: its pass, its score, each named metric;
// a grade the judge could not give leaves them unknown, never a pass or a fail.
import path from "node:path";
import { isEndpointError } from "../../models/errors.ts";
import type { ChatMessage, ChatResponse, ToolSchema } from "../../models/types.ts";
import type { Case, FailedCheck } from "../../results/types.ts";
import { clipText } from "../../util/escape.ts";
import { isRecord } from "../../util/is-record.ts";
import { redact } from "../../util/redact.ts";
import type { CaseOutcome, RunContext } from "../kind.ts";
import { targetAnswered } from "../target-answered.ts";
import type { Ask } from "./asserts/grading.ts";
import { type Embed, RELEVANCE_QUESTIONS } from "./asserts/relevance.ts";
import type { GradingResult } from "./asserts/result.ts";
import { type AssertRun, runAsserts, transformOutput } from "./evaluate.ts";
import type { PromptfooInput } from "./load.ts";
import type { PromptfooOptions } from "./options.ts";
import { renderPrompt } from "./render.ts";
import { runScript } from "./script.ts";

type Ctx = RunContext & { options: PromptfooOptions };
/** What a request beyond the answer cost (a judge's reply, an embedding), and whether it was served from the cache. */
type Spent = { costUsd: number | null; cached: boolean };

export const TEST_PASS = "pass_rate";
export const TEST_SCORE = "score";
export const namedMetric = (name: string) => `metric/${name}`;

export interface PromptfooCaseDetails {
  description?: string;
  vars: Record<string, unknown>;
  /** The prompt's place among the config's prompts (promptfoo's promptIdx) and the prompt as rendered. */
  promptIndex: number;
  prompt: string;
  provider: string;
  output: unknown;
  /** Each assert's pass, score and reason (an assert-set's children after it). */
  asserts?: { type: string; pass: boolean; score: number; reason: string; metric?: string }[];
}

export async function runPromptfooCase(testCase: Case<PromptfooInput>, ctx: Ctx): Promise<CaseOutcome> {
  const input = testCase.input;
  const { subject } = input;
  const tags = { group: subject.group };
  const fail = (kind: "input" | "endpoint", message: string, extra: Partial<CaseOutcome> = {}, answered = false): CaseOutcome => ({
    status: "error",
    error: { kind, message: redact(message), ...(answered ? { answered: true } : {}) },
    metrics: {},
    tags,
    costUsd: null,
    requests: 0,
    ...extra,
  });
  const raw = `${input.options.prefix ?? ""}${subject.prompt.raw}${input.options.suffix ?? ""}`;
  let prompt: string;
  try {
    prompt = renderPrompt(raw, input.vars, {});
  } catch (error) {
    return fail("input", `the prompt ${subject.prompt.key} does not render: ${(error as Error).message}`);
  }
  const answer = await askModel(subject.provider, prompt, input.vars, ctx);
  if ("error" in answer) return fail("endpoint", answer.error, { requests: 1 }, answer.answered);
  const script = scriptRunner(subject.baseDir, ctx);
  const details: PromptfooCaseDetails = {
    ...(input.description !== undefined ? { description: input.description } : {}),
    vars: input.vars,
    promptIndex: subject.prompt.index,
    prompt: clipText(prompt, 4000),
    provider: subject.provider.id,
    output: outputOf(answer),
  };
  const transformed = await transformAll(details.output, input, prompt, script);
  if ("error" in transformed) return fail("endpoint", transformed.error, { requests: 1, costUsd: answer.costUsd, details });
  details.output = transformed.value;
  const judged: Spent[] = [];
  const embed = embedder(ctx, judged);
  const run: AssertRun = {
    output: transformed.value,
    prompt,
    promptLabel: subject.prompt.label,
    test: input,
    provider: subject.provider,
    costUsd: answer.costUsd,
    latencyMs: answer.cached ? undefined : Math.round(answer.latencyMs),
    script,
    ask: judgeAsker(ctx, judged),
    ...(embed ? { embed } : {}),
  };
  const result = await runAsserts(run);
  details.asserts = assertDetails(result);
  const responses = [answer, ...judged];
  return {
    status: "scored",
    tags,
    details,
    ...testMetrics(result),
    costUsd: responses.every((r) => r.costUsd !== null) ? responses.reduce((sum, r) => sum + (r.costUsd ?? 0), 0) : null,
    requests: responses.filter((r) => !r.cached).length,
  };
}

/** The provider's model asked; an endpoint that failed is the case's error. */
async function askModel(
  provider: PromptfooInput["subject"]["provider"],
  prompt: string,
  vars: Record<string, unknown>,
  ctx: Ctx,
): Promise<ChatResponse | { error: string; answered: boolean }> {
  try {
    return await ctx.models
      .chat(provider.model)
      // The test's vars go along as promptfoo's context.vars (an exec or Python provider's, an http body's {{vars.x}}).
      .chat({ messages: chatMessages(prompt), vars, purpose: "target", sample: ctx.repeat, ...toolsOf(provider.tools) }, ctx.signal);
  } catch (error) {
    if (!isEndpointError(error)) throw error;
    // Refused or unreadable, the answer is the system's own failure, measured (../target-answered.ts).
    return { error: error.message, answered: targetAnswered(error) };
  }
}

/** A rendered prompt that is a JSON list of messages is a chat; any other text is one user message (promptfoo's parseChatPrompt). */
export function chatMessages(prompt: string): ChatMessage[] {
  const trimmed = prompt.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed) && parsed.every((m) => isRecord(m) && typeof m["role"] === "string"))
        return parsed.map((m) => ({
          role: m["role"] as ChatMessage["role"],
          content: typeof m["content"] === "string" ? m["content"] : JSON.stringify(m["content"]),
        }));
    } catch {
      // Not JSON: the text is the message.
    }
  }
  return [{ role: "user", content: prompt }];
}

function toolsOf(tools: unknown[] | undefined): { tools?: ToolSchema[] } {
  if (!tools) return {};
  const schemas = tools.flatMap((tool) => {
    const fn = isRecord(tool) && isRecord(tool["function"]) ? tool["function"] : undefined;
    if (!fn || typeof fn["name"] !== "string") return [];
    return [
      {
        name: fn["name"],
        ...(typeof fn["description"] === "string" ? { description: fn["description"] } : {}),
        parameters: isRecord(fn["parameters"]) ? fn["parameters"] : {},
      },
    ];
  });
  return schemas.length ? { tools: schemas } : {};
}

/** The output as promptfoo's OpenAI provider gives it: the text, or the tool calls when the model only called tools. */
function outputOf(answer: ChatResponse): unknown {
  if (answer.toolCalls.length === 0 || answer.text.trim() !== "") return answer.text;
  return answer.toolCalls.map((call) => ({
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

async function transformAll(output: unknown, input: PromptfooInput, prompt: string, script: AssertRun["script"]) {
  const context = { vars: input.vars, prompt: { raw: prompt, label: input.subject.prompt.label } };
  let value: unknown = output;
  for (const code of [input.subject.provider.transform, input.options.transform]) {
    if (typeof code !== "string") continue;
    const ran = await transformOutput(code, value, context, { script });
    if ("error" in ran) return ran;
    value = ran.value;
  }
  return { value };
}

function scriptRunner(baseDir: string, ctx: Ctx): AssertRun["script"] {
  return (language, source, args) =>
    runScript({
      language,
      source: "file" in source ? { ...source, file: path.resolve(baseDir, source.file) } : source,
      args,
      cwd: baseDir,
      timeoutMs: ctx.options["script-timeout"],
      signal: ctx.signal,
    });
}

function judgeAsker(ctx: Ctx, judged: Spent[]): Ask {
  return async (messages, readable, generation) => {
    // A request asked several times (answer-relevance's questions) is a sample of its own each time, also in the cache.
    const sample = generation === undefined ? ctx.repeat : ctx.repeat * RELEVANCE_QUESTIONS + generation;
    try {
      const response = await ctx.models.chat(ctx.options.judge!).chat({ messages, purpose: "judge", sample, usable: readable }, ctx.signal);
      judged.push(response);
      return { reply: response.text };
    } catch (error) {
      if (!isEndpointError(error)) throw error;
      return { error: `the judge could not be asked: ${redact(error.message)}` };
    }
  };
}

/** The suite's embedding-model as promptfoo's embedding provider; undefined without one. */
function embedder(ctx: Ctx, spent: Spent[]): Embed | undefined {
  const name = ctx.options["embedding-model"];
  if (name === undefined || !ctx.models.embeddings) return undefined;
  const model = ctx.models.embeddings(name);
  return async (text) => {
    try {
      const result = await model.embed(text, ctx.signal);
      spent.push(result);
      return { embedding: result.embedding };
    } catch (error) {
      if (!isEndpointError(error)) throw error;
      return { error: `the embedding model could not be asked: ${redact(error.message)}` };
    }
  };
}

function assertDetails(result: GradingResult): PromptfooCaseDetails["asserts"] {
  return (result.componentResults ?? []).map((c) => ({
    type: c.assertion?.type ?? "?",
    pass: c.pass,
    score: c.score,
    reason: clipText(redact(c.reason), 1000),
    ...(c.assertion?.metric ? { metric: c.assertion.metric } : {}),
  }));
}

const hasThreshold = (result: GradingResult) => result.reason.startsWith("Aggregate score ");

/** The test's pass and score, each named metric; a failing assert named with promptfoo's reason. */
export function testMetrics(result: GradingResult): Pick<CaseOutcome, "metrics" | "metricErrors" | "failedChecks"> {
  const failedChecks: FailedCheck[] = (result.componentResults ?? [])
    .filter((c) => !c.pass && c.assertion?.type !== "assert-set")
    .map((c) => ({ name: c.assertion?.metric ?? c.assertion?.type ?? "assert", reason: clipText(redact(c.reason), 300) }));
  const metrics: Record<string, number> = {};
  const metricErrors: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.namedScores ?? {})) metrics[namedMetric(name)] = value;
  const components = result.componentResults ?? [];
  const measuredFail = components.some((c) => !c.pass && c.ungraded === undefined && c.assertion?.type !== "assert-set");
  // An ungraded assert leaves the test unknown, unless another assert failed it outright (no threshold to reach).
  if (result.ungraded !== undefined && (result.pass || !measuredFail || typeof result.score !== "number" || hasThreshold(result))) {
    metricErrors[TEST_PASS] = result.ungraded;
    metricErrors[TEST_SCORE] = result.ungraded;
  } else {
    metrics[TEST_PASS] = result.pass ? 1 : 0;
    metrics[TEST_SCORE] = result.score;
  }
  return { metrics, ...(Object.keys(metricErrors).length ? { metricErrors } : {}), ...(failedChecks.length ? { failedChecks } : {}) };
}
