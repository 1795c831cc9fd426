#!/usr/bin/env node
// An agent as a program from the repository: an evalgate command target (`provider: command`) that
// answers each request by asking a model at an OpenAI-compatible endpoint. The example suite's
// support bot runs through it (evalgate.yml, demo-support-bot), and `evalgate init --provider command`
// starts a project with it. Node 18 or later, no dependencies. Put your agent's own code in ask();
// keep the loop.
//
// evalgate writes one JSON request per line on stdin, {"id", "messages", "tools"?, "vars"?,
// "parameters"?, "case"}: OpenAI's chat messages and tools, the model's prompt file (`prompt:` in
// evalgate.yml) already filled in and first, its modelParameters as `parameters` (temperature,
// max_tokens, top_p, response_format). It reads one reply per line on stdout, {"id", "content"?, "tool_calls"?,
// "usage"?} or {"id", "error"}; only replies go to stdout, logs go to stderr (evalgate keeps them in
// .evalgate/logs/<model>.log). The protocol: docs/command-targets.md in evalgate's repository.
//
// Where it asks, from its environment (evalgate.yml's `env:` adds to it):
//   AGENT_BASE_URL  the endpoint, up to /v1 (https://api.openai.com/v1, …); default: the demo
//                   server's, http://127.0.0.1:4010/v1 (`evalgate demo --serve` starts it)
//   AGENT_MODEL     the model; default: demo-agent, the demo's agent, which answers as its prompt tells it
//   AGENT_API_KEY   optional: sent as a bearer token
// Under `evalgate demo`, EVALGATE_DEMO_URL and EVALGATE_DEMO_MODEL name the demo server and the
// model that plays this agent there; they come first, so a demo run never leaves the machine.
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";

const { env } = process;
const demo = env.EVALGATE_DEMO_MODEL !== undefined && env.EVALGATE_DEMO_MODEL !== "";
const BASE_URL = (demo ? `${env.EVALGATE_DEMO_URL || "http://127.0.0.1:4010"}/v1` : env.AGENT_BASE_URL || "http://127.0.0.1:4010/v1").replace(/\/+$/, "");
const MODEL = demo ? env.EVALGATE_DEMO_MODEL : env.AGENT_MODEL || "demo-agent";
const API_KEY = demo ? "" : env.AGENT_API_KEY || "";
/** Tries per request: a rate limit (429) or a server error (5xx) is tried again, after its Retry-After. */
const TRIES = 3;

/** The model's answer to the request, in the reply's shape. */
async function ask(request) {
  // `parameters`: the prompt file's modelParameters and responseFormat, by OpenAI's names.
  const body = { model: MODEL, messages: request.messages, ...(request.tools ? { tools: request.tools } : {}), ...request.parameters };
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${BASE_URL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(API_KEY ? { authorization: `Bearer ${API_KEY}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    if (response.ok) {
      const answer = await response.json();
      const message = answer.choices?.[0]?.message ?? {};
      return { content: message.content ?? null, tool_calls: message.tool_calls, usage: answer.usage };
    }
    const detail = `${MODEL} at ${BASE_URL} answered HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    if ((response.status !== 429 && response.status < 500) || attempt === TRIES) return { error: detail };
    const retryAfter = Number(response.headers.get("retry-after"));
    process.stderr.write(`${detail}; trying again\n`);
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 20) * 1000 : 1000 * attempt);
  }
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
  if (line.trim() === "") continue;
  const request = JSON.parse(line);
  let reply;
  try {
    reply = await ask(request);
  } catch (error) {
    // A failure of this request only: evalgate fails its case, and the run goes on.
    reply = { error: `could not ask ${MODEL} at ${BASE_URL}: ${error?.cause?.message ?? error?.message ?? error}` };
  }
  process.stdout.write(`${JSON.stringify({ ...reply, id: request.id })}\n`);
  process.stderr.write(`answered ${request.id} (${request.case?.id ?? "no case"})${reply.error ? `: ${reply.error}` : ""}\n`);
}
