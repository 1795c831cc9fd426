// The benchmark's endpoint: an OpenAI-compatible server with a fixed latency, in its own process so
// its work is not charged to evalgate. Judge prompts get "SCORE: n"; everything else an answer.
//   node bench/endpoint.ts [latencyMs=50] [ratePerSecond=0 (no limit)]
// With a rate, requests beyond rate x window in any sliding window (1 s unless `windowMs`) get 429
// with a Retry-After in whole seconds, as providers send it. With `tokensPerMinute`, each request
// costs 200 tokens (its usage) and the tokens of the last second may not pass a sixtieth of that;
// the answers then carry OpenAI's x-ratelimit-*-tokens headers. `outage` answers 503 "overloaded"
// for `durationMs` once `afterRequests` were served; `replyBytes` pads every agent answer to that size.
// A request that offers the bench MCP server's tools gets tool calls (agentToolCall).
// GET /stats reports counts, in-flight figures, the latency actually served and timings; GET /timeline
// every admission and refusal (ms since the first request), to see how a pace held; POST /reset
// starts a new scenario, optionally with {"latencyMs", "rate", "windowMs", "tokensPerMinute", "outage", "replyBytes",
// "judge": "agree" | "split", "slow"}: a split judge gives each answer 2, 1, 2, 1, … by arrival, so its first two votes always
// disagree; with "slow": {"every": 10, "factor": 10} every tenth question (its number modulo `every` is 0) is answered
// `factor` times slower, at the agent and the judge alike (the skewed durations of the shard scenario).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

let latencyMs = Number(process.argv[2] ?? 50);
let rate = Number(process.argv[3] ?? 0);
let windowMs = 1000;
let tokensPerMinute = 0;
let outage: { afterRequests: number; durationMs: number } | null = null;
let outageStartedAt = 0;
let overloaded = 0;
let replyBytes = 0;
const TOKENS_PER_REQUEST = 200;
/** Admission times within the last second, for the tokens-per-minute limit. */
let tokenWindow: number[] = [];
let inFlight = 0;
let maxInFlight = 0;
let requests = 0;
let refused = 0;
let firstRequestAt = 0;
let lastResponseAt = 0;
/** Sum of the latencies actually served (body received to response written), for the mean. */
let servedMs = 0;
/** Integral of in-flight requests over time (request·ms), for the mean. */
let inFlightArea = 0;
let lastChangeAt = 0;
/** Admission times within the last second, for the rate limit. */
let window: number[] = [];
let splitJudge = false;
let slow: { every: number; factor: number } | null = null;
/** Every admission and refusal as [ms since the first request, 1 admitted | 0 refused], for GET /timeline. */
let timeline: [number, number][] = [];
/** Judge votes seen per question, for the split judge. */
let votesPerQuestion = new Map<string, number>();

const changeInFlight = (delta: number) => {
  const now = performance.now();
  if (lastChangeAt) inFlightArea += inFlight * (now - lastChangeAt);
  lastChangeAt = now;
  inFlight += delta;
  maxInFlight = Math.max(maxInFlight, inFlight);
};

/** A scenario: what the endpoint enforces and how it answers (POST /reset). */
export interface ResetOptions {
  latencyMs?: number;
  rate?: number;
  windowMs?: number;
  tokensPerMinute?: number;
  outage?: { afterRequests: number; durationMs: number };
  replyBytes?: number;
  judge?: "agree" | "split";
  slow?: { every: number; factor: number };
}

const reset = (options: ResetOptions) => {
  latencyMs = options.latencyMs ?? latencyMs;
  rate = options.rate ?? 0;
  windowMs = options.windowMs ?? 1000;
  tokensPerMinute = options.tokensPerMinute ?? 0;
  outage = options.outage ?? null;
  replyBytes = options.replyBytes ?? 0;
  splitJudge = options.judge === "split";
  slow = options.slow ?? null;
  votesPerQuestion = new Map();
  maxInFlight = requests = refused = firstRequestAt = lastResponseAt = inFlightArea = lastChangeAt = servedMs = 0;
  outageStartedAt = overloaded = 0;
  window = [];
  tokenWindow = [];
  timeline = [];
};

const refuse = (res: import("node:http").ServerResponse, waitMs: number, headers: Record<string, string> = {}) => {
  refused++;
  timeline.push([Date.now() - firstRequestAt, 0]);
  res.writeHead(429, { "content-type": "application/json", "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))), ...headers });
  res.end(JSON.stringify({ error: { message: "rate limit reached" } }));
};

/** OpenAI's token headers for the tokens-per-minute limit: the limit, what is left, when it is full again. */
const tokenHeaders = (now: number): Record<string, string> => {
  if (!tokensPerMinute) return {};
  const perSecond = tokensPerMinute / 60;
  const used = tokenWindow.filter((t) => t > now - 1000).length * TOKENS_PER_REQUEST;
  return {
    "x-ratelimit-limit-tokens": String(tokensPerMinute),
    "x-ratelimit-remaining-tokens": String(Math.max(0, Math.floor(tokensPerMinute - used))),
    "x-ratelimit-reset-tokens": `${Math.ceil((used / perSecond) * 1000)}ms`,
  };
};

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    if (req.url === "/stats") {
      const activeMs = lastResponseAt && firstRequestAt ? lastResponseAt - firstRequestAt : 0;
      const meanInFlight = activeMs > 0 ? inFlightArea / activeMs : 0;
      res.writeHead(200, { "content-type": "application/json" });
      const meanLatencyMs = requests > 0 ? servedMs / requests : 0;
      res.end(JSON.stringify({ requests, refused, overloaded, maxInFlight, meanInFlight, meanLatencyMs, firstRequestAt, lastResponseAt }));
      return;
    }
    if (req.url === "/timeline") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(timeline));
      return;
    }
    if (req.url === "/reset") {
      reset(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"));
      res.end("{}");
      return;
    }
    const now = Date.now();
    if (!firstRequestAt) firstRequestAt = now;
    if (outage && requests >= outage.afterRequests) {
      outageStartedAt ||= now;
      if (now - outageStartedAt < outage.durationMs) {
        overloaded++;
        res.writeHead(503, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "overloaded_error", message: "Overloaded" } }));
        return;
      }
    }
    if (rate > 0) {
      window = window.filter((t) => t > now - windowMs);
      if (window.length >= (rate * windowMs) / 1000) {
        refuse(res, window[0]! + windowMs - now);
        return;
      }
      window.push(now);
    }
    if (tokensPerMinute > 0) {
      tokenWindow = tokenWindow.filter((t) => t > now - 1000);
      if ((tokenWindow.length + 1) * TOKENS_PER_REQUEST > tokensPerMinute / 60) {
        refuse(res, tokenWindow[0]! + 1000 - now, tokenHeaders(now));
        return;
      }
      tokenWindow.push(now);
    }
    requests++;
    timeline.push([now - firstRequestAt, 1]);
    const id = requests;
    changeInFlight(1);
    const receivedAt = performance.now();
    const body = Buffer.concat(chunks).toString("utf8");
    const isJudge = body.includes("SCORE:");
    // promptfoo's llm-rubric grader (bench --peer promptfoo) asks the judge model for JSON.
    const isRubric = !isJudge && body.includes('"bench-judge"');
    const slowQuestion = slow !== null && Number(/Question number (\d+)/.exec(body)?.[1] ?? -1) % slow.every === 0;
    setTimeout(
      () => {
        servedMs += performance.now() - receivedAt; // a timer fires late by up to a millisecond or so
        changeInFlight(-1);
        lastResponseAt = Date.now();
        // The same question always gets the same answer, so a rerun's judge prompts hit the cache.
        const question = /Question number (\d+)/.exec(body)?.[1] ?? "?";
        const answer = `An answer of about the right length to question ${question}.`;
        const vote = votesPerQuestion.get(question) ?? 0;
        if (isJudge) votesPerQuestion.set(question, vote + 1);
        const content = isJudge
          ? `The answer covers the criteria.\nSCORE: ${splitJudge && vote % 2 === 1 ? 1 : 2}`
          : isRubric
            ? JSON.stringify({ reason: "The answer covers the criteria.", pass: true, score: 1 })
            : replyBytes > answer.length
              ? `${answer} ${"lorem ipsum ".repeat(Math.ceil(replyBytes / 12)).slice(0, replyBytes - answer.length - 1)}`
              : answer;
        res.writeHead(200, { "content-type": "application/json", ...tokenHeaders(Date.now()) });
        // Bedrock's Converse route (the bedrock scenario): the same answer in Converse's reply shape.
        if (req.url?.startsWith("/model/")) {
          const converse = { output: { message: { role: "assistant", content: [{ text: content }] } }, stopReason: "end_turn" };
          res.end(JSON.stringify({ ...converse, usage: { inputTokens: 200, outputTokens: 40, totalTokens: 240 }, metrics: { latencyMs } }));
          return;
        }
        const call = agentToolCall(body);
        const message = call ? { role: "assistant", content: null, tool_calls: [call] } : { role: "assistant", content };
        res.end(
          JSON.stringify({
            id: `bench-${id}`,
            choices: [{ index: 0, finish_reason: call ? "tool_calls" : "stop", message }],
            usage: tokensPerMinute
              ? { prompt_tokens: TOKENS_PER_REQUEST - 40, completion_tokens: 40, total_tokens: TOKENS_PER_REQUEST }
              : { prompt_tokens: 200, completion_tokens: 40, total_tokens: 240 },
          }),
        );
      },
      latencyMs * (slowQuestion ? slow!.factor : 1),
    );
  });
});

/**
 * The agent scenario's model: offered the bench MCP server's tools (step_1, step_2, step_3), it calls
 * them in turn, one a request, then answers (as bench/agent-worker.mjs does as a command agent).
 */
function agentToolCall(body: string): Record<string, unknown> | null {
  if (!body.includes('"step_1"')) return null;
  const messages = (JSON.parse(body) as { messages?: { role?: string }[] }).messages ?? [];
  const done = messages.filter((message) => message.role === "tool").length;
  if (done >= 3) return null;
  return { id: `c${done}`, type: "function", function: { name: `step_${done + 1}`, arguments: JSON.stringify({ n: done }) } };
}

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
