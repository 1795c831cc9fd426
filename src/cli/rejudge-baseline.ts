// `rejudge-baseline: true` / --rejudge-baseline: before gating, the judged suites that ask for it get
// their baseline re-judged by the current judge (src/suites/judged/rejudge.ts), and the verdict says so.
import type { EvalgateConfig } from "../config/schema.ts";
import { createRegistry } from "../models/registry.ts";
import type { Results } from "../results/types.ts";
import { rejudgeBaselineSuite } from "../suites/judged/rejudge.ts";

export function wantsRejudge(config: EvalgateConfig): boolean {
  return Object.values(config.suites).some((suite) => suite.kind === "judged" && suite["rejudge-baseline"]);
}

export async function rejudgedBaseline(
  baseline: Results,
  head: Results,
  config: EvalgateConfig,
  dirs: { rootDir: string; configDir: string },
  env: NodeJS.ProcessEnv,
): Promise<{ baseline: Results; notes: string[] }> {
  // No cache: the stored answers are graded afresh, as the current answers were.
  const models = createRegistry(config.models, { env, cacheDir: null, concurrency: config.concurrency });
  const suites = { ...baseline.suites };
  const notes: string[] = [];
  try {
    for (const [name, options] of Object.entries(config.suites)) {
      const stored = baseline.suites[name];
      if (options.kind !== "judged" || !options["rejudge-baseline"] || !stored || !head.suites[name]) continue;
      const { suite, rejudged, kept } = await rejudgeBaselineSuite(stored, {
        suiteName: name,
        options,
        load: { configDir: dirs.configDir, rootDir: dirs.rootDir },
        models,
        signal: new AbortController().signal,
        judge: head.suites[name].judge,
        repeat: Math.max(1, baseline.run.selection.repeat ?? 1),
      });
      if (rejudged === 0) {
        notes.push(
          `${name}: rejudge-baseline: the baseline holds no answers to re-judge (it was stored without case details); compared with its own judge's scores`,
        );
        continue;
      }
      suites[name] = suite;
      notes.push(
        `${name}: the baseline's ${rejudged} stored answers were re-judged by the current judge (judge calls only, no agent calls): compared like with like${kept ? `; ${kept} case(s) kept as stored (no stored answer, or the case changed)` : ""}`,
      );
    }
  } finally {
    await models.close();
  }
  return { baseline: { ...baseline, suites }, notes };
}
