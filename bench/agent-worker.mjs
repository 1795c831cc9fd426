// The bench's agent (a command target): answers at once, calling step_1, step_2 and step_3 in turn
// (one call a request, after each tool answer), then answering; its answering time goes to
// $BENCH_WORKER_TIMES (./line-worker.mjs).
import { answerLines } from "./line-worker.mjs";

answerLines((request) => {
  const done = request.messages.filter((message) => message.role === "tool").length;
  if (done >= 3) return { id: request.id, content: "done" };
  const call = { id: `c${done}`, type: "function", function: { name: `step_${done + 1}`, arguments: JSON.stringify({ n: done }) } };
  return { id: request.id, tool_calls: [call] };
}, "BENCH_WORKER_TIMES");
