// The benchmark's endpoint: an OpenAI-compatible server with a fixed latency, in its own process so
// its work is not charged to evalgate. Judge prompts get "SCORE: n"; everything else an answer.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const latencyMs = Number(process.argv[2] ?? 50);
let inFlight = 0;
let maxInFlight = 0;
let requests = 0;
let firstRequestAt = 0;
let lastResponseAt = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    if (req.url === "/stats") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ requests, maxInFlight, firstRequestAt, lastResponseAt }));
      return;
    }
    requests++;
    if (requests === 1) firstRequestAt = Date.now();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const body = Buffer.concat(chunks).toString("utf8");
    const isJudge = body.includes("SCORE:");
    setTimeout(() => {
      inFlight--;
      lastResponseAt = Date.now();
      const content = isJudge
        ? "The answer covers the criteria.\nSCORE: 2"
        : `An answer of about the right length for request ${requests}.`;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: `bench-${requests}`,
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
