import * as z from "zod";
import { lazyVariant } from "../../config/lazy-variant.ts";
import { duration, modelRef, ratio, suitePaths, suiteRepeat } from "../../config/primitives.ts";
import { commandLine, processEnv, startService, workingDir } from "../../config/providers.ts";
import { checksOption } from "../checks/options.ts";
import { judgeOnlyProblems, judgeVoteOptions } from "../judged/judge-options.ts";

/** The orders a case's expected calls may be held to. */
export const CALL_ORDERS = ["ordered", "unordered", "subsequence"] as const;
export type CallOrder = (typeof CALL_ORDERS)[number];

/** The agent's MCP server: built with the agent kind's options, when a config has an agent suite. */
const mcpServer = () =>
  z
    .strictObject({
      name: z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "letters, digits, '.', '_' and '-'")
        .optional()
        .describe("how reports name the server and its tools' identity (default: the suite's name followed by -mcp)"),
      command: commandLine.optional().describe("a stdio server: its command, a string run by the shell or an argv list"),
      url: z
        .string()
        .regex(/^https?:\/\/\S+$/, "an http:// or https:// URL")
        .optional()
        .describe("a streamable HTTP server's MCP endpoint: running already, or started by `start` ({{port}}: the port evalgate picks)"),
      start: startService
        .optional()
        .describe("a streamable HTTP server evalgate starts from the checkout (as a model's start:), stopped when the run ends; needs url"),
      cwd: workingDir,
      env: processEnv,
      timeout: duration.default(30_000).describe("how long listing the tools, or one tool call, may take"),
    })
    .refine((server) => (server.command === undefined) !== (server.url === undefined), "give either command (stdio) or url, not both")
    .refine((server) => server.start === undefined || server.url !== undefined, {
      message: "start needs url: the MCP endpoint of the server it starts",
      path: ["start"],
    })
    .describe("the MCP server whose tools the agent is offered and whose answers it gets");

/** Options that only mean something with a judge: set without one, they are a mistake worth saying. */
const JUDGE_ONLY = ["judge-early-stop", "judge-preamble", "rejudge-baseline"] as const;

export const agentOptions = lazyVariant("kind", "agent", () =>
  z
    .strictObject({
      kind: z.literal("agent"),
      description: z.string().optional(),
      paths: suitePaths,
      repeat: suiteRepeat,
      dataset: z
        .string()
        .min(1)
        .describe("JSONL cases: {id, instruction | messages, expected_calls: [{name, arguments?}], order?, forbidden?, max_steps?}"),
      target: modelRef.describe(
        "a chat model (evalgate runs the loop, calling the MCP server's tools) or a command target that returns its own trajectory",
      ),
      mcp: mcpServer().optional(),
      simulator: modelRef
        .optional()
        .describe("the model playing the user in cases with `instructions` (the function-calls kind's simulated user), turn after turn"),
      "max-turns": z.number().int().min(1).max(100).default(10).describe("the simulated user's messages per case at most"),
      "stop-token": z.string().min(1).default("the session is finished").describe("what the simulated user says when its task is done"),
      "completion-judge": modelRef
        .optional()
        .describe("the model asked after each turn whether a case's task_completion_condition is met (default: the simulator)"),
      "judge-completion": z
        .boolean()
        .default(true)
        .describe(
          "ask the completion judge after each turn of cases with a task_completion_condition; false relies on the stop token alone",
        ),
      "max-steps": z.number().int().min(1).max(200).default(10).describe("model turns per case at most (a case's max_steps wins)"),
      "max-cost": z.number().positive().optional().describe("USD per case at most: the loop stops, and the case fails, past it"),
      "max-tokens": z
        .number()
        .int()
        .positive()
        .optional()
        .describe("tokens (input and output) per case at most: the loop stops, and the case fails, past it"),
      order: z.enum(CALL_ORDERS).default("subsequence").describe("how expected calls are held to their order (a case's order wins)"),
      "ignore-calls": z.array(z.string()).default([]).describe("tool names left out of the trajectory checks and the metrics"),
      checks: checksOption.describe(
        "exact checks on each case's final answer ({{name}} filled from the case's vars); metrics check_pass_rate and check/<name> (docs/checks.md)",
      ),
      matcher: z.enum(["similarity", "exact"]).default("exact").describe("how plain expected argument values are compared"),
      "similarity-threshold": ratio.default(0.95).describe("difflib ratio at or above which an argument matches, with matcher: similarity"),
      judge: modelRef
        .optional()
        .describe(
          "the model that grades each case's final answer against the case's judge_prompt (the judged kind's votes); metrics judge_score and judge_pass_rate",
        ),
      ...judgeVoteOptions,
      "rejudge-baseline": z
        .boolean()
        .default(false)
        .describe("send the baseline's stored final answers to the current judge (judge calls only) and compare like with like"),
    })
    .superRefine((options, ctx) => {
      if (options.judge === undefined) judgeOnlyProblems(options, JUDGE_ONLY, ctx);
    }),
);

export type AgentOptions = z.output<typeof agentOptions>;
