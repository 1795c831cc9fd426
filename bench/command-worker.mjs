// The bench's command-target worker (Node): answers each request at once with the tool call its
// question asks for; its answering time goes to $BENCH_WORKER_TIMES (./line-worker.mjs).
import { answerLines } from "./line-worker.mjs";

answerLines((request) => {
  const [a, b] = request.messages.at(-1).content.match(/\d+/g).map(Number);
  const call = { id: "call_1", type: "function", function: { name: "add", arguments: JSON.stringify({ a, b }) } };
  return { id: request.id, content: null, tool_calls: [call] };
}, "BENCH_WORKER_TIMES");
