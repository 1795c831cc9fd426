// The bench's agent (a command target): answers at once, calling step_1, step_2 and step_3 in turn
// (one call a request, after each tool answer), then answering; when its stdin ends or it is told to
// stop, adds the time it spent answering to $BENCH_WORKER_TIMES.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

let busyMs = 0;
const report = () => {
  if (process.env.BENCH_WORKER_TIMES) appendFileSync(process.env.BENCH_WORKER_TIMES, `${busyMs}\n`);
  process.exit(0);
};
process.on("SIGTERM", report);
const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on("line", (line) => {
  const started = performance.now();
  const request = JSON.parse(line);
  const done = request.messages.filter((message) => message.role === "tool").length;
  const reply =
    done < 3
      ? {
          tool_calls: [
            { id: `c${done}`, type: "function", function: { name: `step_${done + 1}`, arguments: JSON.stringify({ n: done }) } },
          ],
        }
      : { content: "done" };
  process.stdout.write(`${JSON.stringify({ id: request.id, ...reply })}\n`);
  busyMs += performance.now() - started;
});
lines.on("close", report);
