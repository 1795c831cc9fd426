// `evalgate demo`: start the demo targets on 127.0.0.1 and run the example suite against them.
// `--serve` only starts them (on fixed ports, the defaults in evals/evalgate.yml) until stopped.
import { existsSync } from "node:fs";
import path from "node:path";
import { type LoadedConfig, loadConfig } from "../config/load.ts";
import { promptFileOf } from "../config/models.ts";
import { MAX_WAIT_MS } from "../config/primitives.ts";
import { exampleAgentSuitePath, exampleSuitePath } from "../demo/example-suite.ts";
import { DEMO_PERSONAS, DEMO_PORTS, type DemoOptions, startDemoTargets } from "../demo/index.ts";
import { castStandIns } from "../demo/stand-ins.ts";
import type { RunOptions } from "../engine/run.ts";
import { EXIT } from "../util/exit-codes.ts";
import { parseCommand } from "./command-args.ts";
import { UsageError } from "./errors.ts";
import { formatOptionsHelp, integer, type OptionTable } from "./option-table.ts";
import { checkRunFlags, RUN_OPTIONS, toRunOptions } from "./options.ts";
import { runWithOptions } from "./run.ts";

const DEMO_OPTIONS = {
  serve: { type: "boolean", help: "only start the demo targets (ports 4010 and 5100, or --port and --athena-port) and wait" },
  port: {
    type: "string",
    arg: "<port>",
    help: "the OpenAI-compatible demo server's port (default 4010; 0: any free port); refused when taken",
    parse: integer(0, 65535),
  },
  "athena-port": {
    type: "string",
    arg: "<port>",
    help: "the Athena-compatible demo server's port (default 5100; 0: any free port); refused when taken",
    parse: integer(0, 65535),
  },
  latency: { type: "string", arg: "<ms>", help: "add this latency to every demo model answer", parse: integer(0, MAX_WAIT_MS) },
  regress: {
    type: "boolean",
    help: "plant a regression as a pull request would, by editing the careful agent's prompt file (evals/prompts/regressed/careful.prompt.yml): it gets four answers wrong, to see a failing gate: exit 1, the failing console, --markdown and --html",
  },
  "regress-tools": {
    type: "boolean",
    help: "run the example agent suite (evals/agent/) with its MCP server as a pull request edited it (evals/agent/regressed/server.mjs: one tool description broadened): the agent calls the wrong tool, exit 1 naming the cases and the first wrong step",
  },
  ...RUN_OPTIONS,
} as const satisfies OptionTable;

const DEMO_HELP = `Usage: evalgate demo [--serve] [-c your.yml] [run options]

Starts the built-in demo targets (a deterministic OpenAI-compatible server playing agents, judge,
support bot and simulated user, and an Athena-compatible feedback server) on 127.0.0.1, then runs
the example suite shipped with evalgate against them. With -c, runs your config instead, each
openai, anthropic and athena model played by the demo persona of its role (an agent, a judge, a
simulated user…), so a new suite runs end to end before any key is set; http targets run as
configured. No API key, no network. The demo systems make realistic mistakes on purpose, so the
report has something to show.

${formatOptionsHelp(DEMO_OPTIONS)}`;

/** `--regress`: the careful agent's prompt file as a pull request edited it, beside the example suite's own. */
const REGRESSED = { model: "demo-agent-good", prompt: "prompts/regressed/careful.prompt.yml" };

/** `--regress-tools`: the example agent suite, its MCP server's command pointed at the edited server. */
const REGRESSED_TOOLS = { suite: "support-agent", command: ["node", "regressed/server.mjs"] };

/** The agent suite with its server's command replaced by the edited one; its name (and so its identity's key) kept. */
function withRegressedTools(loaded: LoadedConfig): LoadedConfig {
  const suite = Object.hasOwn(loaded.config.suites, REGRESSED_TOOLS.suite) ? loaded.config.suites[REGRESSED_TOOLS.suite] : undefined;
  if (suite?.kind !== "agent" || !suite.mcp)
    throw new UsageError(
      `--regress-tools edits the MCP server of the example's ${REGRESSED_TOOLS.suite}: ${loaded.displayPath} has no such agent suite`,
    );
  const suites = {
    ...loaded.config.suites,
    [REGRESSED_TOOLS.suite]: { ...suite, mcp: { ...suite.mcp, command: REGRESSED_TOOLS.command } },
  };
  return { ...loaded, config: { ...loaded.config, suites } };
}

/** The run's options with the config, once loaded, passed through `change`. */
function withLoadedConfig(options: RunOptions, change: (loaded: LoadedConfig) => LoadedConfig): RunOptions {
  const load = options.loadConfig ?? (() => loadConfig(options.configPath));
  return { ...options, loadConfig: async () => change(await load()) };
}

/** The config with the careful agent pointed at its edited prompt file; the rest of the example suite as it is. */
function withRegressedPrompt(loaded: LoadedConfig): LoadedConfig {
  const model = Object.hasOwn(loaded.config.models, REGRESSED.model) ? loaded.config.models[REGRESSED.model] : undefined;
  if (!model || promptFileOf(model) === undefined)
    throw new UsageError(
      `--regress edits the prompt file of the example suite's ${REGRESSED.model}: ${loaded.displayPath} has no such model with a prompt:`,
    );
  const models = { ...loaded.config.models, [REGRESSED.model]: { ...model, prompt: REGRESSED.prompt } };
  return { ...loaded, config: { ...loaded.config, models } };
}

/** The config's hosted models played by the demo targets (demo/stand-ins.ts); with -c the cast is printed. */
function withStandIns(loaded: LoadedConfig, env: Record<string, string>, announce: boolean): LoadedConfig {
  const urls = { openai: `${env.EVALGATE_DEMO_URL}/v1`, athena: env.EVALGATE_DEMO_ATHENA_URL! };
  const cast = castStandIns(loaded.config, urls, DEMO_PERSONAS);
  if (announce)
    process.stderr.write(`evalgate demo: playing ${loaded.displayPath}'s models:\n${cast.lines.map((line) => `  ${line}\n`).join("")}`);
  return { ...loaded, config: { ...loaded.config, models: cast.models } };
}

/** What the demo's first line says was planted, if anything. */
function plantedRegression(values: { regress?: boolean; "regress-tools"?: boolean }): string {
  if (values.regress)
    return `; a regression planted: ${REGRESSED.model} is given ${REGRESSED.prompt}, its prompt as a pull request edited it`;
  if (values["regress-tools"])
    return `; a regression planted: ${REGRESSED_TOOLS.suite}'s MCP server runs ${REGRESSED_TOOLS.command.join(" ")}, a tool description as a pull request edited it`;
  return "";
}

/** The demo targets; a port asked for that is taken is bad input, said with the flag that moves it. */
async function startTargets(options: DemoOptions): Promise<Awaited<ReturnType<typeof startDemoTargets>>> {
  try {
    return await startDemoTargets(options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const port = (error as { port?: number }).port;
    throw new UsageError(
      `port ${port ?? "asked for"} is taken on 127.0.0.1 (by a demo already serving?): choose another with --port or --athena-port (0: any free port)`,
    );
  }
}

export async function demoCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // Without -c the demo runs the example suite it ships: no config of the project's is needed.
  const parsed = await parseCommand(argv, DEMO_OPTIONS, { needsConfig: () => false, checkFlags: checkRunFlags });
  const { given } = parsed;
  const values = { ...parsed.values };
  if (values.help) {
    process.stdout.write(`${DEMO_HELP}\n`);
    return EXIT.pass;
  }
  const latencyMs = values.latency ?? 0;
  // Ports asked for are kept to (a taken one is an error); the defaults fall back to free ones for a run.
  const ports = { openai: values.port ?? DEMO_PORTS.openai, athena: values["athena-port"] ?? DEMO_PORTS.athena };
  const strictPorts = values.port !== undefined || values["athena-port"] !== undefined;
  if (values.serve) {
    const targets = await startTargets({ ports, strictPorts: true, latencyMs });
    process.stdout.write(
      `demo targets ready (stop with Ctrl-C):\n${Object.entries(targets.env)
        .map(([k, v]) => `  ${k}=${v}`)
        .join("\n")}\n`,
    );
    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    await targets.close();
    return EXIT.pass;
  }
  if (values["regress-tools"] && (values.regress || given.has("config")))
    throw new UsageError("--regress-tools runs the example agent suite on its own: without --regress and without -c");
  // The shipped example suite, not a project's own evals/evalgate.yml (its models are real endpoints).
  const example = given.has("config") ? undefined : values["regress-tools"] ? exampleAgentSuitePath() : exampleSuitePath();
  if (example) {
    values.config = example;
    // Its baseline ships beside it: the config's baseline path is relative to a repository root,
    // which an installed package's folder is not.
    const baseline = path.join(path.dirname(example), "baseline.json");
    if (!values.baseline && existsSync(baseline)) values.baseline = path.relative(process.cwd(), baseline);
  }
  // The response cache is keyed by request, not by persona: a regressed run must neither replay the
  // normal answers nor leave its own for the next normal demo.
  if (values.regress || values["regress-tools"]) values["no-cache"] = true;
  const targets = await startTargets({ ports, strictPorts, latencyMs });
  try {
    process.stderr.write(
      `evalgate demo: demo targets on 127.0.0.1 (deterministic, no network, mistakes on purpose${plantedRegression(values)})\n`,
    );
    const options = { ...toRunOptions(values, { ...env, ...targets.env }, given), demo: true };
    const regressed = (loaded: LoadedConfig) =>
      values.regress ? withRegressedPrompt(loaded) : values["regress-tools"] ? withRegressedTools(loaded) : loaded;
    const cast = (loaded: LoadedConfig) => withStandIns(regressed(loaded), targets.env, given.has("config"));
    return await runWithOptions(withLoadedConfig(options, cast), values);
  } finally {
    await targets.close();
  }
}
