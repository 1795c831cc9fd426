import type { ModelConfig } from "../config/models.ts";
import type { ModelRegistry } from "../engine/types.ts";
import type { RunGuard } from "./run-guard.ts";
import { type ModelStats } from "./stats.ts";
export { missingSecrets } from "./env.ts";
export type { ModelStats } from "./stats.ts";
export interface RegistryOptions {
    env: NodeJS.ProcessEnv;
    /** Folder for the response cache; null turns caching off. */
    cacheDir: string | null;
    /** Requests in flight across all models at most. */
    concurrency: number;
    /** The run's deadline and budget, checked before every request. */
    guard?: RunGuard;
}
export interface Registry extends ModelRegistry {
    stats(): {
        total: ModelStats;
        byModel: Record<string, ModelStats>;
    };
    /** Models stopped for the rest of the run (401/403/404, a circuit breaker), one line each. */
    stoppedModels(): string[];
    /** Awaits pending cache writes. */
    flush(): Promise<void>;
    /** Flushes and closes the HTTP connection pool. */
    close(): Promise<void>;
}
export declare function createRegistry(models: Record<string, ModelConfig>, options: RegistryOptions): Registry;
