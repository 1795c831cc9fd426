// Runs the action's run() in its own process, as the runner would, with the engine replaced by one
// that returns the results file named in EVALGATE_TEST_HEAD (and records the options it got), and
// the GitHub client's retry delays cut to a millisecond. EVALGATE_TEST_GATE_ERRORS turns the verdict
// into an infrastructure error, as the engine reports a deadline or an unreachable endpoint.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../../src/config/load.ts";
import { readResultsFile } from "../../src/engine/results-file.ts";
import type { RunOptions } from "../../src/engine/run.ts";
import { run } from "../../src/main.ts";

await run({
  github: { retryBaseMs: 1, spaceWrites: false, requestTimeoutMs: 1000 },
  runEngine: async (options: RunOptions) => {
    const loaded = await loadConfig(options.configPath);
    const results = await readResultsFile(process.env.EVALGATE_TEST_HEAD!);
    const outDir = process.env.EVALGATE_TEST_OUT!;
    await writeFile(
      path.join(outDir, "engine-options.json"),
      JSON.stringify({ selection: options.selection, git: options.git, deadlineMs: options.deadlineMs, budgetUsd: options.budgetUsd }),
    );
    if (options.decide) results.verdict = await options.decide(results, { config: loaded.config, rootDir: loaded.dir });
    // Stands in for the engine's infrastructure errors (deadline, budget, unreachable endpoint).
    const errors = process.env.EVALGATE_TEST_GATE_ERRORS;
    if (errors) results.verdict = { ...(results.verdict as object), verdict: "error", errors: errors.split("\n") };
    const resultsPath = path.join(outDir, "results.json");
    await writeFile(resultsPath, JSON.stringify(results));
    return { results, resultsPath, config: loaded.config, configPath: loaded.path, rootDir: path.dirname(loaded.dir) };
  },
});
