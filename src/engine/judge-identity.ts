// A suite's judge as results.json records it: what the suite said at load time (name, prompt hash,
// scale, votes), the model id the config asks for, and the models the provider said answered.
import type { EvalgateConfig } from "../config/schema.ts";
import type { JudgeIdentity } from "../results/types.ts";
import type { LoadedSuite } from "../suites/kind.ts";

export function judgeIdentity(
  loaded: NonNullable<LoadedSuite["judge"]>,
  models: EvalgateConfig["models"],
  reportedModels: string[],
): JudgeIdentity {
  const configured = models[loaded.name];
  const model = configured && "model" in configured && typeof configured.model === "string" ? configured.model : undefined;
  return {
    name: loaded.name,
    ...(model ? { model } : {}),
    ...(reportedModels.length ? { reportedModels } : {}),
    promptHash: loaded.promptHash,
    scale: loaded.scale,
    runs: loaded.runs,
  };
}
