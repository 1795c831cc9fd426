// One CI run as the action does it around the engine: restore the response cache, run, save. Runs in
// its own process (as a runner would) because @actions/cache reads its service from the environment.
// Prints one JSON line: what was restored and saved.
import { loadConfig } from "../../src/config/load.ts";
import { engineOutputDir } from "../../src/engine/output-dir.ts";
import { runEvaluation } from "../../src/engine/run.ts";
import { planResponseCache, restoreResponseCache, saveResponseCache } from "../../src/github/response-cache.ts";

const configPath = process.argv[2]!;
const loaded = await loadConfig(configPath);
const plan = planResponseCache(loaded, {
  outDir: engineOutputDir(loaded),
  branch: process.env.EVALGATE_TEST_BRANCH,
  workspace: process.env.GITHUB_WORKSPACE ?? process.cwd(),
  maxBytes: Number(process.env.EVALGATE_TEST_MAX_BYTES ?? 200 * 2 ** 20),
});
const restored = await restoreResponseCache(plan);
// EVALGATE_TEST_REFRESH: the action's `refresh-cache: true`.
const outcome = await runEvaluation({ configPath, selection: { repeat: 1 }, refreshCache: process.env.EVALGATE_TEST_REFRESH === "true" });
const saved = await saveResponseCache(plan, restored.restoredKey);
process.stdout.write(`${JSON.stringify({ plan, restored, saved, cacheHits: outcome.results.run.cacheHits })}\n`);
