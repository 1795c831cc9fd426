// Reads an agent suite's JSONL cases ({id, instruction | messages, expected_calls, order?,
// forbidden?, max_steps?, max_cost?, group?}) and, when the suite has an MCP server, lists its tools:
// their identity is the suite's (a pull request editing a description is named as such), and the
// server's files join what the suite reads (`paths:`). Every problem names the file, line and field.
import { resolve } from "node:path";
import { ConfigError, type InputProblem } from "../../config/errors.ts";
import { streamSuiteJsonLines } from "../../config/jsonl.ts";
import { type BadLines, withLoadWarnings } from "../../config/text-file.ts";
import { withheldVariables } from "../../models/env.ts";
import { listServerTools } from "../../models/mcp/servers.ts";
import type { ChatMessage } from "../../models/types.ts";
import type { Case, TargetIdentity } from "../../results/types.ts";
import { isRecord } from "../../util/is-record.ts";
import { parseJsonKeepingNumbers } from "../../util/json-numbers.ts";
import { type CompiledCheck, compileChecks } from "../checks/compile.ts";
import { displayPath, keepJson, readExpectedCalls } from "../function-calls/load.ts";
import type { CompileOptions } from "../function-calls/matchers.ts";
import type { ExpectedCall } from "../function-calls/metrics.ts";
import { readPreamble } from "../judged/load.ts";
import type { LoadContext, LoadedSuite } from "../kind.ts";
import { type AgentJudgeInput, agentJudgeIdentity, readJudgeCriteria, taskOf } from "./judge.ts";
import { type AgentOptions, CALL_ORDERS, type CallOrder } from "./options.ts";
import { mcpSpec, serverFiles, serverName, toolsIdentity } from "./server.ts";

export interface AgentInput {
  /** What the agent is first told: the instruction as a user message, or the case's messages (none when a simulated user talks). */
  messages: ChatMessage[];
  /** The simulated user's task (`instructions`): it talks to the agent, turn after turn, until it says the stop token. */
  userInstructions?: string;
  /** When the simulated user's task is complete, as the completion judge is asked after each turn (`task_completion_condition`). */
  completionCondition?: string;
  expected: ExpectedCall[];
  /** Per expected call: whether its arguments are checked (an entry without `arguments` takes any). */
  argumentsChecked: boolean[];
  order: CallOrder;
  forbidden: string[];
  maxSteps: number;
  maxCost?: number;
  /** The suite's checks on the final answer, compiled once and shared by its cases. */
  checks?: readonly CompiledCheck[];
  /** The case's values for the checks' {{name}}s. */
  vars?: Record<string, string>;
  /** What the suite's judge grades the final answer against (`judge_prompt`), when the suite has a judge. */
  judge?: AgentJudgeInput;
}

type Ctx = LoadContext & { options: AgentOptions };
type At = (field: string, message: string) => void;

const KNOWN_FIELDS = new Set([
  "id",
  "instruction",
  "messages",
  "expected_calls",
  "order",
  "forbidden",
  "max_steps",
  "max_cost",
  "group",
  "vars",
  "judge_prompt",
  "task_completion_condition",
]);

export function loadAgentSuite(ctx: Ctx): Promise<LoadedSuite<AgentInput>> {
  return withLoadWarnings(async (badLines, warnings) => {
    const checks = await readChecks(ctx, badLines);
    const preamble = ctx.options.judge !== undefined ? await readPreamble(ctx, badLines) : undefined;
    const cases = await readCases(ctx, badLines, warnings, { checks, preamble });
    const spec = mcpSpec(ctx.options, ctx.suiteName, ctx.configDir, ctx.env ?? process.env);
    const identities = {
      ...(checks.checks.length && { checks: Object.fromEntries(checks.checks.map((check) => [check.name, check.definition])) }),
      ...(ctx.options.judge !== undefined && { judge: agentJudgeIdentity(ctx.options, preamble) }),
    };
    if (!spec) return { cases, ...identities };
    for (const file of serverFiles(spec)) badLines.reads.add(file);
    // validate and --dry-run start nothing: the tools are listed when the suite runs.
    if (ctx.startsNothing) return { cases, ...identities };
    // A server that cannot list its tools stops the run before any request (exit 3, its log quoted).
    const tools = await listServerTools(spec, {
      env: serverEnvironment(ctx, spec.start?.["pass-env"]),
      logDir: ctx.logDir ?? resolve(".evalgate", "logs"),
    });
    const targets: Record<string, TargetIdentity> = { [serverName(ctx.options, ctx.suiteName)]: { tools: toolsIdentity(tools) } };
    return { cases, targets, ...identities };
  });
}

type Checks = Awaited<ReturnType<typeof compileChecks>>;

/** The suite's checks on the final answer, compiled (their problems are reported with the cases'). */
function readChecks(ctx: Ctx, badLines: BadLines): Promise<Checks> {
  if (!ctx.options.checks) return Promise.resolve({ checks: [], problems: [] });
  return compileChecks(ctx.options.checks, {
    configDir: ctx.configDir,
    rootDir: ctx.rootDir,
    allowedRoot: ctx.allowedRoot,
    configFile: ctx.configFile ?? "evalgate.yml",
    lineOf: ctx.lineOf,
    at: ["suites", ctx.suiteName, "checks"],
    badLines,
  });
}

async function readCases(
  ctx: Ctx,
  badLines: BadLines,
  warnings: InputProblem[],
  { checks, preamble }: { checks: Checks; preamble: string | undefined },
): Promise<Case<AgentInput>[]> {
  const datasetPath = resolve(ctx.configDir, ctx.options.dataset);
  const file = displayPath(ctx.rootDir, datasetPath);
  const problems: InputProblem[] = [...checks.problems];
  const lines: { line: number; raw: string; value: unknown }[] = [];
  const unreadable = await streamSuiteJsonLines(datasetPath, file, badLines, parseJsonKeepingNumbers, (line) =>
    lines.push(...keepJson(line, file, problems)),
  );
  if (unreadable)
    throw new ConfigError([
      { file, line: unreadable.line, field: `suites.${ctx.suiteName}.dataset`, message: `the dataset ${unreadable.message}` },
    ]);
  if (lines.length === 0 && problems.length === 0) problems.push({ file, message: "the dataset holds no cases" });
  const compile: CompileOptions = { mode: ctx.options.matcher, threshold: ctx.options["similarity-threshold"] };
  const seen = new Set<string>();
  const cases = lines.flatMap((line) => {
    const at: At = (field, message) => problems.push({ file, line: line.line, field, message });
    const testCase = readCase(line, { file, options: ctx.options, compile, seen, warnings, checks: checks.checks, preamble }, at);
    return testCase ? [testCase] : [];
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return ctx.keep ? cases.filter((c) => ctx.keep!(c.id)) : cases;
}

interface CaseContext {
  file: string;
  options: AgentOptions;
  compile: CompileOptions;
  seen: Set<string>;
  warnings: InputProblem[];
  checks: readonly CompiledCheck[];
  /** The judge-preamble file's text, when the suite has a judge and sets one. */
  preamble: string | undefined;
}

function readCase(line: { line: number; value: unknown }, ctx: CaseContext, at: At): Case<AgentInput> | undefined {
  if (!isRecord(line.value)) {
    at("(line)", "each line must be a JSON object");
    return undefined;
  }
  const record = line.value;
  const unknown = Object.keys(record).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length > 0) ctx.warnings.push({ file: ctx.file, line: line.line, message: `unknown fields ignored: ${unknown.join(", ")}` });
  let failed = false;
  const fail: At = (field, message) => {
    failed = true;
    at(field, message);
  };
  const id = typeof record.id === "string" ? record.id.trim() : "";
  if (id === "") fail("id", "a non-empty string is required");
  else if (ctx.seen.has(id)) fail("id", `duplicate case id "${id}"`);
  ctx.seen.add(id);
  const userInstructions = readUserInstructions(record, ctx.options, fail);
  const completionCondition = readCompletionCondition(record, fail);
  const messages = userInstructions === undefined ? readMessages(record, fail) : [];
  const expected = readExpectedCalls(record.expected_calls, "expected_calls", ctx.compile, fail);
  const argumentsChecked = Array.isArray(record.expected_calls)
    ? record.expected_calls.map((entry) => isRecord(entry) && entry.arguments !== undefined)
    : [];
  const limits = readLimits(record, ctx.options, fail);
  if (record.group !== undefined && (typeof record.group !== "string" || record.group.trim() === ""))
    fail("group", "must be a non-empty string");
  const vars = readVars(record.vars, ctx.checks, fail);
  const criteria = readJudgeCriteria(record, ctx.options, fail);
  if (failed) return undefined;
  return {
    id,
    title: id,
    source: { file: ctx.file, line: line.line },
    position: line.line,
    ...(typeof record.group === "string" ? { cluster: record.group.trim() } : {}),
    input: {
      messages,
      expected,
      argumentsChecked,
      ...limits,
      ...(userInstructions !== undefined && { userInstructions }),
      ...(completionCondition !== undefined && { completionCondition }),
      ...(ctx.checks.length > 0 && { checks: ctx.checks }),
      ...(vars && { vars }),
      ...(criteria !== undefined && {
        judge: { prompt: taskOf(record), criteria, ...(ctx.preamble !== undefined && { preamble: ctx.preamble }) },
      }),
    },
  };
}

/** The case's values for the checks: text values, one for every {{name}} a check reads (names in lower case, as a CSV column's). */
function readVars(value: unknown, checks: readonly CompiledCheck[], fail: At): Record<string, string> | undefined {
  if (value !== undefined && (!isRecord(value) || Object.values(value).some((v) => typeof v !== "string"))) {
    fail("vars", "must be an object of text values");
    return undefined;
  }
  const vars = Object.fromEntries(Object.entries((value ?? {}) as Record<string, string>).map(([k, v]) => [k.trim().toLowerCase(), v]));
  for (const check of checks)
    for (const name of check.columns)
      if (!Object.hasOwn(vars, name)) fail(`vars.${name}`, `the check ${check.name} reads {{${name}}}: give the case a value`);
  return value === undefined ? undefined : vars;
}

/** A simulated user's task, when the case gives one (the suite then needs a simulator and an MCP server: evalgate runs the loop). */
function readUserInstructions(record: Record<string, unknown>, options: AgentOptions, fail: At): string | undefined {
  if (record.instructions === undefined) return undefined;
  if (record.instruction !== undefined || record.messages !== undefined)
    fail("instructions", "give one of instruction, messages or instructions (a simulated user's task)");
  else if (typeof record.instructions !== "string" || record.instructions.trim() === "") fail("instructions", "must be a non-empty string");
  else if (options.simulator === undefined)
    fail("instructions", "a simulated user plays these instructions: give the suite a simulator model");
  else if (options.mcp === undefined)
    fail("instructions", "a simulated user talks to the loop evalgate runs: give the suite an mcp server");
  return String(record.instructions);
}

/** The simulated user's completion condition: a text, in a case a simulated user plays. */
function readCompletionCondition(record: Record<string, unknown>, fail: At): string | undefined {
  const condition = record.task_completion_condition;
  if (condition === undefined) return undefined;
  if (typeof condition !== "string" || condition.trim() === "") fail("task_completion_condition", "must be a non-empty string");
  else if (record.instructions === undefined)
    fail("task_completion_condition", "the completion judge ends a simulated user's conversation: give the case instructions");
  return typeof condition === "string" ? condition : undefined;
}

function readMessages(record: Record<string, unknown>, fail: At): ChatMessage[] {
  if ((record.instruction === undefined) === (record.messages === undefined)) {
    fail("instruction", "give either instruction (a text) or messages (a list of {role, content}), not both");
    return [];
  }
  if (record.instruction !== undefined) {
    if (typeof record.instruction !== "string" || record.instruction.trim() === "") fail("instruction", "must be a non-empty string");
    return [{ role: "user", content: String(record.instruction) }];
  }
  if (!Array.isArray(record.messages) || record.messages.length === 0) {
    fail("messages", "must be a non-empty list of {role, content}");
    return [];
  }
  return record.messages.flatMap((message, i) => {
    if (!isRecord(message) || !["system", "user", "assistant"].includes(String(message.role)) || typeof message.content !== "string") {
      fail(`messages.${i}`, "must be {role: system | user | assistant, content: text}");
      return [];
    }
    return [{ role: message.role as ChatMessage["role"], content: message.content }];
  });
}

function readLimits(
  record: Record<string, unknown>,
  options: AgentOptions,
  fail: At,
): Pick<AgentInput, "order" | "forbidden" | "maxSteps" | "maxCost"> {
  const order = record.order ?? options.order;
  if (!CALL_ORDERS.includes(order as CallOrder)) fail("order", `must be one of ${CALL_ORDERS.join(", ")}`);
  const forbidden = record.forbidden ?? [];
  if (!Array.isArray(forbidden) || forbidden.some((name) => typeof name !== "string" || name === ""))
    fail("forbidden", "must be a list of tool names");
  const maxSteps = record.max_steps ?? options["max-steps"];
  if (typeof maxSteps !== "number" || !Number.isInteger(maxSteps) || maxSteps < 1)
    fail("max_steps", "must be a whole number of at least 1");
  const maxCost = record.max_cost ?? options["max-cost"];
  if (maxCost !== undefined && (typeof maxCost !== "number" || !(maxCost > 0))) fail("max_cost", "must be a number of USD above 0");
  return {
    order: order as CallOrder,
    forbidden: Array.isArray(forbidden) ? (forbidden as string[]) : [],
    maxSteps: maxSteps as number,
    ...(typeof maxCost === "number" && { maxCost }),
  };
}

/** The environment the server lists its tools in: the run's, less every model's keys and the runner's tokens (as during the run). */
function serverEnvironment(ctx: LoadContext, passEnv: string[] | undefined): NodeJS.ProcessEnv {
  const env = ctx.env ?? process.env;
  const withheld = new Set(withheldVariables("", { ...ctx.models }, env, passEnv));
  return Object.fromEntries(Object.entries(env).filter(([name]) => !withheld.has(name)));
}
