// The built-in demo targets: deterministic systems on 127.0.0.1 that make realistic mistakes, so the
// example suite runs with no API key and no network. Labelled as demos everywhere they appear.
import { startDemoAthenaServer } from "./athena-server.ts";
import { startDemoOpenAIServer } from "./openai-server.ts";
import { judgedPersonas } from "./personas/judged.ts";
import { supportPersonas } from "./personas/support.ts";
import { toolAgentPersonas } from "./personas/tool-agent.ts";

export interface DemoTargets {
  /** Environment variables that point evals/evalgate.yml at the demo servers. */
  env: Record<string, string>;
  requests(): number;
  close(): Promise<void>;
}

/** The ports evals/evalgate.yml defaults to. Stable ports also keep the response cache valid across demo runs. */
export const DEMO_PORTS = { openai: 4010, athena: 5100 };

export interface DemoOptions {
  /** Ports to use (0 = any free port); default DEMO_PORTS. */
  ports?: { openai: number; athena: number };
  /** Fail when a port is taken instead of falling back to a free one. */
  strictPorts?: boolean;
  latencyMs?: number;
}

/** Starts on the preferred port, or on a free one when it is taken (unless strict). */
async function onPort<T>(preferred: number, strict: boolean, start: (port: number) => Promise<T>): Promise<T> {
  try {
    return await start(preferred);
  } catch (error) {
    if (strict || preferred === 0 || (error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return start(0);
  }
}

/** The personas the demo's OpenAI-compatible server plays, by model name. */
export const DEMO_PERSONAS: ReadonlySet<string> = new Set([
  ...Object.keys(judgedPersonas),
  ...Object.keys(supportPersonas),
  ...Object.keys(toolAgentPersonas),
]);

export async function startDemoTargets(options: DemoOptions = {}): Promise<DemoTargets> {
  const ports = options.ports ?? DEMO_PORTS;
  const strict = options.strictPorts ?? false;
  const personas = { ...judgedPersonas, ...supportPersonas, ...toolAgentPersonas };
  const openai = await onPort(ports.openai, strict, (port) => startDemoOpenAIServer(personas, { port, latencyMs: options.latencyMs ?? 0 }));
  const athena = await onPort(ports.athena, strict, (port) => startDemoAthenaServer({ port }));
  return {
    env: { EVALGATE_DEMO_URL: openai.url.replace(/\/v1$/, ""), EVALGATE_DEMO_ATHENA_URL: athena.url },
    requests: () => openai.requests,
    close: async () => {
      await Promise.all([openai.close(), athena.close()]);
    },
  };
}
