// The benchmark's endpoint: an OpenAI-compatible server with a fixed latency, in its own process so
// its work is not charged to evalgate. Judge prompts get "SCORE: n"; everything else an answer.
//   node bench/endpoint.ts [latencyMs=50] [ratePerSecond=0 (no limit)]
// With a rate, requests beyond that many in any one-second window get 429 with a Retry-After.
// GET /stats reports counts, in-flight figures, the latency actually served and timings; POST /reset
// starts a new scenario, optionally with {"latencyMs": n, "rate": n, "judge": "agree" | "split"}: a split
// judge gives each answer 2, 1, 2, 1, … by arrival, so its first two votes always disagree.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

let latencyMs = Number(process.argv[2] ?? 50);
let rate = Number(process.argv[3] ?? 0);
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
/** Judge votes seen per question, for the split judge. */
let votesPerQuestion = new Map<string, number>();

const changeInFlight = (delta: number) => {
  const now = performance.now();
  if (lastChangeAt) inFlightArea += inFlight * (now - lastChangeAt);
  lastChangeAt = now;
  inFlight += delta;
  maxInFlight = Math.max(maxInFlight, inFlight);
};

const reset = (options: { latencyMs?: number; rate?: number; judge?: "agree" | "split" }) => {
  latencyMs = options.latencyMs ?? latencyMs;
  rate = options.rate ?? 0;
  splitJudge = options.judge === "split";
  votesPerQuestion = new Map();
  maxInFlight = requests = refused = firstRequestAt = lastResponseAt = inFlightArea = lastChangeAt = servedMs = 0;
  window = [];
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
      res.end(JSON.stringify({ requests, refused, maxInFlight, meanInFlight, meanLatencyMs, firstRequestAt, lastResponseAt }));
      return;
    }
    if (req.url === "/reset") {
      reset(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"));
      res.end("{}");
      return;
    }
    const now = Date.now();
    if (!firstRequestAt) firstRequestAt = now;
    if (rate > 0) {
      window = window.filter((t) => t > now - 1000);
      if (window.length >= rate) {
        refused++;
        const waitS = Math.max(0.01, (window[0]! + 1000 - now) / 1000);
        res.writeHead(429, { "content-type": "application/json", "retry-after": waitS.toFixed(2) });
        res.end(JSON.stringify({ error: { message: "rate limit reached" } }));
        return;
      }
      window.push(now);
    }
    requests++;
    const id = requests;
    changeInFlight(1);
    const receivedAt = performance.now();
    const body = Buffer.concat(chunks).toString("utf8");
    const isJudge = body.includes("SCORE:");
    // promptfoo's llm-rubric grader (bench --peer promptfoo) asks the judge model for JSON.
    const isRubric = !isJudge && body.includes('"bench-judge"');
    setTimeout(() => {
      servedMs += performance.now() - receivedAt; // a timer fires late by up to a millisecond or so
      changeInFlight(-1);
      lastResponseAt = Date.now();
      // The same question always gets the same answer, so a rerun's judge prompts hit the cache.
      const question = /Question number (\d+)/.exec(body)?.[1] ?? "?";
      const vote = votesPerQuestion.get(question) ?? 0;
      if (isJudge) votesPerQuestion.set(question, vote + 1);
      const content = isJudge
        ? `The answer covers the criteria.\nSCORE: ${splitJudge && vote % 2 === 1 ? 1 : 2}`
        : isRubric
          ? JSON.stringify({ reason: "The answer covers the criteria.", pass: true, score: 1 })
          : `An answer of about the right length to question ${question}.`;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: `bench-${id}`,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
          usage: { prompt_tokens: 200, completion_tokens: 40, total_tokens: 240 },
        }),
      );
    }, latencyMs);
  });
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
