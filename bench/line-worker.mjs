// The line loop the bench's Node programs share (command-worker.mjs, agent-worker.mjs,
// mcp-server.mjs): each line of stdin is one JSON request, answered at once with one JSON line (or
// nothing, for a notification); when stdin ends or the program is told to stop, the time spent
// answering (from a request's line read to its reply written) and the replies written are added to
// the file named by $<timesVariable> as "<ms> <replies>".
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

/** Answers every request line with `answer(request)` (undefined: no reply). */
export function answerLines(answer, timesVariable) {
  let busyMs = 0;
  let answered = 0;
  const report = () => {
    const file = process.env[timesVariable];
    if (file) appendFileSync(file, `${busyMs} ${answered}\n`);
    process.exit(0);
  };
  process.on("SIGTERM", report);
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => {
    const started = performance.now();
    const reply = answer(JSON.parse(line));
    if (reply !== undefined) {
      process.stdout.write(`${JSON.stringify(reply)}\n`);
      answered++;
    }
    busyMs += performance.now() - started;
  });
  lines.on("close", report);
}
