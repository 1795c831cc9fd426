// `evalgate demo`: start the demo targets on 127.0.0.1 and run the example suite against them.
// `--serve` only starts them (on fixed ports, the defaults in evals/evalgate.yml) until stopped.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { exampleSuitePath } from "../demo/example-suite.ts";
import { startDemoTargets } from "../demo/index.ts";
import { EXIT } from "./errors.ts";
import { parseRunArgs, RUN_OPTIONS_HELP, runOptionSpec, toRunOptions } from "./options.ts";
import { runWithOptions } from "./run.ts";

const DEMO_HELP = `Usage: evalgate demo [--serve] [run options]

Starts the built-in demo targets (a deterministic OpenAI-compatible server playing agents, judge,
support bot and simulated user, and an Athena-compatible feedback server) on 127.0.0.1, then runs
the example suite shipped with evalgate (its evals/evalgate.yml, unless --config is given) against
them. No API key, no network. The demo systems make realistic mistakes on purpose, so the report
has something to show.

  --serve                 only start the demo targets (ports 4010 and 5100) and wait
  --latency <ms>          add this latency to every demo model answer

${RUN_OPTIONS_HELP}`;

export async function demoCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = parseRunArgs(argv, { serve: { type: "boolean", default: false }, latency: { type: "string" } });
  if (values.help) {
    process.stdout.write(`${DEMO_HELP}\n`);
    return EXIT.pass;
  }
  const latencyMs = values.latency ? Number(values.latency) : 0;
  if (values.serve) {
    const targets = await startDemoTargets({ strictPorts: true, latencyMs });
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
  // The shipped example suite, not a project's own evals/evalgate.yml (its models are real endpoints).
  const example = givesConfig(argv) ? undefined : exampleSuitePath();
  if (example) {
    values.config = example;
    // Its baseline ships beside it: the config's baseline path is relative to a repository root,
    // which an installed package's folder is not.
    const baseline = path.join(path.dirname(example), "baseline.json");
    if (!values.baseline && existsSync(baseline)) values.baseline = path.relative(process.cwd(), baseline);
  }
  const targets = await startDemoTargets({ latencyMs });
  try {
    process.stderr.write("evalgate demo: demo targets on 127.0.0.1 (deterministic, no network, mistakes on purpose)\n");
    return await runWithOptions(toRunOptions(values, { ...env, ...targets.env }), values);
  } finally {
    await targets.close();
  }
}

function givesConfig(argv: string[]): boolean {
  const { tokens } = parseArgs({ args: argv, options: runOptionSpec, strict: false, allowPositionals: true, tokens: true });
  return tokens.some((token) => token.kind === "option" && token.name === "config");
}
