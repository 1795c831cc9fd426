// Shared test helpers: model configs parsed by the real schema (so defaults apply) and a registry
// with tiny timeouts and backoffs.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ModelConfig, modelConfig } from "../../src/config/models.ts";
import { createRegistry, type Registry } from "../../src/models/registry.ts";
import type { RunGuard } from "../../src/models/run-guard.ts";

export function parseModels(raw: Record<string, Record<string, unknown>>): Record<string, ModelConfig> {
  const out: Record<string, ModelConfig> = {};
  for (const [name, config] of Object.entries(raw)) out[name] = modelConfig.parse({ timeout: 2000, "retry-backoff": 1, ...config });
  return out;
}

export function registryFor(
  raw: Record<string, Record<string, unknown>>,
  options: { env?: NodeJS.ProcessEnv; cacheDir?: string | null; concurrency?: number; guard?: RunGuard } = {},
): Registry {
  return createRegistry(parseModels(raw), {
    env: options.env ?? {},
    cacheDir: options.cacheDir ?? null,
    concurrency: options.concurrency ?? 8,
    ...(options.guard ? { guard: options.guard } : {}),
  });
}

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `evalgate-${prefix}-`));
}

export const userAsks = (text: string) => ({ purpose: "judge" as const, messages: [{ role: "user" as const, content: text }] });
