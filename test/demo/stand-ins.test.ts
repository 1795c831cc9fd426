// `evalgate demo -c`: which demo persona plays each model. Hosted chat models take the persona of
// their role and lose their key, and one with a prompt file a persona that answers to it; Athena
// goes to the demo feedback server; an http target (the user's own system) runs as configured, and
// a command target too, told which demo model to ask; a model already named after a persona keeps it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseConfig } from "../../src/config/load.ts";
import { DEMO_PERSONAS } from "../../src/demo/index.ts";
import { castStandIns } from "../../src/demo/stand-ins.ts";

const URLS = { openai: "http://127.0.0.1:4010/v1", athena: "http://127.0.0.1:5100" };

test("each model is played by the persona of its role; http targets run as configured", () => {
  const { config } = parseConfig(
    `version: 1
models:
  bot: { provider: http, url: "https://bot.example/chat" }
  agent: { provider: anthropic, model: claude-haiku-4-5, max-tokens: 50 }
  judge: { provider: openai, model: gpt-4.1, api-key-env: OPENAI_API_KEY, temperature: 0 }
  user: { provider: openai, model: gpt-4.1-mini, api-key-env: OPENAI_API_KEY }
  sloppy: { provider: openai, base-url: "http://elsewhere/v1", model: demo-agent-sloppy }
  feedback: { provider: athena, url: "https://athena.example/modules/m/feedback_suggestions", secret-env: ATHENA_SECRET }
suites:
  qa: { kind: judged, prompts: p.csv, agents: [agent, sloppy], judge: judge }
  calls: { kind: function-calls, dataset: c.jsonl, target: bot, simulator: user, completion-judge: judge }
  uml: { kind: sgi, scenarios: sgi/, target: feedback }
`,
    "/repo/evals/evalgate.yml",
  );
  const cast = castStandIns(config, URLS, DEMO_PERSONAS);
  assert.deepEqual(cast.models.agent, {
    provider: "openai",
    "base-url": URLS.openai,
    model: "demo-agent-good",
    "api-key-header": "authorization",
    timeout: 60_000,
    "max-retries": 3,
    "retry-backoff": 1000,
    headers: {},
    "max-tokens": 50,
  });
  assert.equal((cast.models.judge as { model: string }).model, "demo-judge", "the first role wins: judge of qa");
  assert.equal((cast.models.judge as { "api-key-env"?: string })["api-key-env"], undefined, "no key needed");
  assert.equal((cast.models.user as { model: string }).model, "demo-user");
  assert.equal((cast.models.sloppy as { model: string; "base-url": string }).model, "demo-agent-sloppy");
  assert.equal((cast.models.sloppy as { "base-url": string })["base-url"], URLS.openai);
  assert.equal(cast.models.bot, config.models.bot, "the http target is the user's own system");
  const feedback = cast.models.feedback as { url: string; "secret-env"?: string };
  assert.equal(feedback.url, "http://127.0.0.1:5100/modules/m/feedback_suggestions");
  assert.equal(feedback["secret-env"], undefined);
  assert.ok(cast.lines.includes("bot (http) → not replaced: runs as configured"), cast.lines.join("\n"));
  assert.ok(cast.lines.includes("agent → the demo's demo-agent-good"));
});

test("a prompt file is answered to; a command target runs as configured, told the demo's server and model", () => {
  const { config } = parseConfig(
    `version: 1
models:
  assistant: { provider: openai, model: gpt-4.1-mini, prompt: prompts/assistant.prompt.yml }
  program: { provider: command, command: [node, agent.mjs], prompt: prompts/assistant.prompt.yml, env: { AGENT_API_KEY: "\${OPENAI_API_KEY:-}" } }
  bot: { provider: command, command: [node, agent.mjs], prompt: prompts/bot.prompt.yml }
  idle: { provider: command, command: [node, idle.mjs] }
  judge: { provider: openai, model: gpt-4.1 }
  user: { provider: openai, model: gpt-4.1-mini }
suites:
  qa: { kind: judged, prompts: p.csv, agents: [assistant, program], judge: judge }
  calls: { kind: function-calls, dataset: c.jsonl, target: bot, simulator: user, completion-judge: judge }
`,
    "/repo/evals/evalgate.yml",
  );
  const cast = castStandIns(config, URLS, DEMO_PERSONAS);
  const assistant = cast.models.assistant as { model: string; prompt?: string };
  assert.equal(assistant.model, "demo-agent", "the demo agent that follows its system prompt");
  assert.equal(assistant.prompt, "prompts/assistant.prompt.yml", "the prompt file goes with it");
  assert.ok(
    cast.lines.includes("assistant → the demo's demo-agent, answering as prompts/assistant.prompt.yml tells it"),
    cast.lines.join("\n"),
  );
  assert.deepEqual(cast.models.program, {
    ...config.models.program,
    env: { AGENT_API_KEY: "${OPENAI_API_KEY:-}", EVALGATE_DEMO_URL: "http://127.0.0.1:4010", EVALGATE_DEMO_MODEL: "demo-agent" },
  });
  assert.ok(
    cast.lines.includes(
      "program (command) → runs as configured; EVALGATE_DEMO_MODEL=demo-agent in its environment, the demo's model to ask",
    ),
  );
  assert.equal((cast.models.bot as { env: Record<string, string> }).env.EVALGATE_DEMO_MODEL, "demo-support-bot", "a target with tools");
  assert.equal(cast.models.idle, config.models.idle, "a program no suite names is left alone");
});
