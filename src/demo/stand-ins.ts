// `evalgate demo -c your.yml`: your suites, with the hosted models they call played by the demo
// targets, so a new config runs end to end with no key and no network. Each model is played by the
// persona of the role it has in the suites (an agent answers, a judge scores, a simulated user
// talks to a tool-calling bot…); a model that already names a persona keeps it (the example suite).
// A model with a prompt file is played by a persona that answers as that prompt tells it, so an edit
// of the prompt changes its answers. What runs in or for your repository (an `http` endpoint, a
// `command` program) is left as configured: it is the system under test, not a stand-in's to play; a
// program is told, in its environment, which demo persona would play the model it asks.
import { type ModelConfig, promptFileOf } from "../config/models.ts";
import type { EvalgateConfig } from "../config/schema.ts";

/** The persona playing a model that a suite names under this key; by suite kind where one key means different systems. */
const STAND_INS: Record<string, string | Record<string, string>> = {
  agents: "demo-agent-good",
  judge: "demo-judge",
  grader: "demo-judge",
  simulator: "demo-user",
  "completion-judge": "demo-completion-judge",
  // demo-agent answers as the system prompt it is sent tells it: a prompt-yml file's messages are its prompt.
  target: { "function-calls": "demo-support-bot", conversations: "demo-agent-good", "prompt-yml": "demo-agent", agent: "demo-tool-agent" },
  "model-map": "demo-agent",
};

/** For a model with a prompt file: the persona that follows its prompt instead of the one that needs none. */
const PROMPTED: Record<string, string> = { "demo-agent-good": "demo-agent" };

/** Providers the demo's OpenAI-compatible server stands in for. */
const HOSTED_CHAT = new Set(["openai", "anthropic", "bedrock", "copilot"]);

export interface StandInUrls {
  /** The demo OpenAI-compatible server's base URL (…/v1). */
  openai: string;
  /** The demo Athena-compatible server's origin. */
  athena: string;
}

export interface Cast {
  models: Record<string, ModelConfig>;
  /** One line per model: who plays it, or why it is left as configured. */
  lines: string[];
}

/** The config's models with each hosted one pointed at the demo persona of its role; no key needed. */
export function castStandIns(config: EvalgateConfig, urls: StandInUrls, personas: ReadonlySet<string>): Cast {
  const roles = personaByModel(config);
  const models: Record<string, ModelConfig> = {};
  const lines: string[] = [];
  for (const [name, model] of Object.entries(config.models)) {
    if (model.provider === "athena") {
      models[name] = { ...model, url: `${urls.athena}${new URL(model.url, "http://placeholder").pathname}`, "secret-env": undefined };
      lines.push(`${name} → the demo feedback server`);
      continue;
    }
    const persona =
      "model" in model && model.model !== undefined && personas.has(model.model) ? model.model : roleStandIn(roles.get(name), model);
    if (model.provider === "command" && persona) {
      models[name] = { ...model, env: { ...model.env, ...demoEnvironment(urls.openai, persona) } };
      lines.push(`${name} (command) → runs as configured; EVALGATE_DEMO_MODEL=${persona} in its environment, the demo's model to ask`);
      continue;
    }
    if (!HOSTED_CHAT.has(model.provider) || !persona) {
      if (roles.has(name) || persona) lines.push(`${name} (${model.provider}) → not replaced: runs as configured`);
      models[name] = model;
      continue;
    }
    models[name] = standIn(model, persona, urls.openai);
    const prompt = promptFileOf(model);
    lines.push(`${name} → the demo's ${persona}${prompt !== undefined ? `, answering as ${prompt} tells it` : ""}`);
  }
  return { models, lines };
}

/** The persona of the model's role; for a model with a prompt file, one that answers to it. */
function roleStandIn(persona: string | undefined, model: ModelConfig): string | undefined {
  return persona !== undefined && promptFileOf(model) !== undefined ? (PROMPTED[persona] ?? persona) : persona;
}

/**
 * What a program under test is told (evals/agent.mjs reads it): the demo server's origin and the
 * persona that plays its model there. Plain values, no secret.
 */
function demoEnvironment(openaiUrl: string, persona: string): Record<string, string> {
  return { EVALGATE_DEMO_URL: openaiUrl.replace(/\/v1$/, ""), EVALGATE_DEMO_MODEL: persona };
}

function standIn(model: ModelConfig, persona: string, baseUrl: string): ModelConfig {
  const prompt = promptFileOf(model);
  const limits = "max-tokens" in model && model["max-tokens"] !== undefined ? { "max-tokens": model["max-tokens"] } : {};
  const temperature = "temperature" in model && model.temperature !== undefined ? { temperature: model.temperature } : {};
  return {
    provider: "openai",
    "base-url": baseUrl,
    model: persona,
    "api-key-header": "authorization",
    timeout: model.timeout,
    "max-retries": model["max-retries"],
    "retry-backoff": model["retry-backoff"],
    headers: {},
    ...(model.cache !== undefined ? { cache: model.cache } : {}),
    ...(model.price ? { price: model.price } : {}),
    ...limits,
    ...temperature,
    // The prompt file is the system under test's, read from the checkout: a stand-in answers to it.
    ...(prompt !== undefined ? { prompt } : {}),
  };
}

/** Each model's persona by the first role a suite gives it. */
function personaByModel(config: EvalgateConfig): Map<string, string> {
  const found = new Map<string, string>();
  for (const suite of Object.values(config.suites)) {
    for (const [key, stand] of Object.entries(STAND_INS)) {
      const persona = typeof stand === "string" ? stand : stand[suite.kind];
      const value = (suite as Record<string, unknown>)[key];
      // A name, a list of names (agents) or a mapping to names (model-map).
      const names = Array.isArray(value)
        ? value
        : typeof value === "string"
          ? [value]
          : value && typeof value === "object"
            ? Object.values(value)
            : [];
      for (const name of names) if (persona && !found.has(name)) found.set(name, persona);
    }
  }
  return found;
}
