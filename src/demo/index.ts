// The built-in demo targets: deterministic systems on 127.0.0.1 that make realistic mistakes, so the
// example suite runs with no API key and no network. Labelled as demos everywhere they appear.
import { startDemoAthenaServer } from "./athena-server.ts";
import { startDemoOpenAIServer } from "./openai-server.ts";
import { judgedPersonas } from "./personas/judged.ts";
import { supportPersonas } from "./personas/support.ts";

export interface DemoTargets {
  /** Environment variables that point evals/evalgate.yml at the demo servers. */
  env: Record<string, string>;
  requests(): number;
  close(): Promise<void>;
}

export async function startDemoTargets(ports: { openai?: number; athena?: number; latencyMs?: number } = {}): Promise<DemoTargets> {
  const openai = await startDemoOpenAIServer(
    { ...judgedPersonas, ...supportPersonas },
    { port: ports.openai ?? 0, latencyMs: ports.latencyMs ?? 0 },
  );
  const athena = await startDemoAthenaServer({ port: ports.athena ?? 0 });
  return {
    env: { EVALGATE_DEMO_URL: openai.url.replace(/\/v1$/, ""), EVALGATE_DEMO_ATHENA_URL: athena.url },
    requests: () => openai.requests,
    close: async () => {
      await Promise.all([openai.close(), athena.close()]);
    },
  };
}
