// The bench's command-target worker (Node): answers each request at once with the tool call its
// question asks for, and, when its stdin ends or it is told to stop, adds the time it spent
// answering (from a request's line read to its reply written) to $BENCH_WORKER_TIMES.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

let busyMs = 0;
let answered = 0;
const report = () => {
  if (process.env.BENCH_WORKER_TIMES) appendFileSync(process.env.BENCH_WORKER_TIMES, `${busyMs} ${answered}\n`);
  process.exit(0);
};
process.on("SIGTERM", report);
const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on("line", (line) => {
  const started = performance.now();
  const request = JSON.parse(line);
  const [a, b] = request.messages.at(-1).content.match(/\d+/g).map(Number);
  const call = { id: "call_1", type: "function", function: { name: "add", arguments: JSON.stringify({ a, b }) } };
  process.stdout.write(`${JSON.stringify({ id: request.id, content: null, tool_calls: [call] })}\n`);
  busyMs += performance.now() - started;
  answered++;
});
lines.on("close", report);
