// Live multi-turn cases: a scripted simulated user, target and completion judge (one scripted
// OpenAI-compatible server on 127.0.0.1, routed by the request's model) drive a conversation.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import type { FunctionCallDetails } from "../../../src/suites/function-calls/run.ts";
import { chatCompletion, type RecordedRequest, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";
import { optionsFor, registryFor, runSuite } from "./helpers.ts";

interface Body {
  model: string;
  messages: { role: string; content: string | null; tool_calls?: unknown[] }[];
}

const USER_LINES = ["I need a ticket for the printer jam on floor 3, high priority please.", "Yes, that's all correct."];

function simulator(body: Body) {
  const own = body.messages.filter((m) => m.role === "assistant").length;
  const task = body.messages[0]?.content ?? "";
  if (task.includes("ENDLESS")) return chatCompletion(`Could you check the status again? (attempt ${own + 1})`);
  return chatCompletion(USER_LINES[own] ?? "Thanks, the session is finished.");
}

function target(body: Body) {
  const last = body.messages.at(-1);
  if (last?.role === "tool") return chatCompletion(`Done: ${last.content}`);
  if (last?.content?.includes("printer jam")) {
    return chatCompletion(null, {
      toolCalls: [
        { name: "TicketPlugin-create_ticket", arguments: { title: "Printer jam on floor 3", priority: "high" } },
        { name: "CommonPlugin-explain_workflow", arguments: {} },
      ],
    });
  }
  if (last?.content?.includes("status")) return chatCompletion(null, { toolCalls: [{ name: "get_ticket", arguments: { id: "T-7" } }] });
  return chatCompletion("Is there anything else?");
}

function judge(body: Body) {
  const conversation = body.messages.at(-1)?.content ?? "";
  return chatCompletion(conversation.includes("ticket T-1042 created") ? "Yes." : "no");
}

let server: ScriptedServer;
let dir: string;

before(async () => {
  server = await startScriptedServer((request: RecordedRequest) => {
    const body = request.body as Body;
    if (body.model === "sim") return { body: simulator(body) };
    if (body.model === "bot") return { body: target(body) };
    if (body.model === "judge") return { body: judge(body) };
    return { status: 404, body: { error: { message: "no such model" } } };
  });
  dir = mkdtempSync(join(tmpdir(), "evalgate-fc-live-"));
  const tools = [
    {
      type: "function",
      function: {
        name: "TicketPlugin-create_ticket",
        parameters: { type: "object", properties: { title: { type: "string" }, priority: { type: "string" } } },
      },
    },
    { name: "get_ticket", parameters: { type: "object", properties: { id: { type: "string" } } } },
  ];
  const cases = [
    {
      id: "create-printer-ticket",
      scenarioType: "create_ticket",
      instructions: "Ask for a support ticket about the printer jam on floor 3, priority High.",
      task_completion_condition: "the assistant has created the ticket",
      expected_function_calls: [
        { functionName: "TicketPlugin-create_ticket", arguments: { title: "Printer jam on floor 3", priority: "High" } },
      ],
      mocked_results: { "ticketplugin-create_ticket": { message: "ticket T-1042 created" } },
      tools,
    },
    {
      id: "endless-status",
      scenarioType: "lookup",
      instructions: "ENDLESS: keep asking about ticket T-7.",
      task_completion_condition: "the user said goodbye",
      expected_function_calls: [{ functionName: "get_ticket", arguments: { id: "T-7" } }],
      tools,
    },
  ];
  writeFileSync(join(dir, "cases.jsonl"), `${cases.map((c) => JSON.stringify(c)).join("\n")}\n`);
});

after(async () => {
  await server?.close();
});

test("a conversation ends when the judge finds the completion condition met; a silent one hits the turn limit", async () => {
  const registry = registryFor({ sim: `${server.url}/v1`, bot: `${server.url}/v1`, judge: `${server.url}/v1` });
  const options = optionsFor({
    dataset: "cases.jsonl",
    target: "bot",
    simulator: "sim",
    "completion-judge": "judge",
    "max-turns": 3,
    "ignore-calls": ["CommonPlugin-explain_workflow"],
  });
  const run = await runSuite(options, { configDir: dir, rootDir: dir }, registry);
  await registry.close();
  const [done, endless] = run.summaries;

  assert.equal(done?.status, "scored");
  const details = done?.details as FunctionCallDetails;
  assert.equal(details.termination, "judge");
  assert.equal(details.turns, 1);
  assert.deepEqual(
    details.calls.map((c) => c.name),
    ["TicketPlugin-create_ticket", "CommonPlugin-explain_workflow"],
  );
  // "high" for "High" passes the seed's similarity; the ignored call is not counted.
  assert.deepEqual(done?.metrics, {
    precision_fn: 1,
    recall_fn: 1,
    precision_args: 1,
    recall_args: 1,
    reliability: 1,
    exact_match: 1,
    completed: 1,
  });
  assert.deepEqual(
    details.transcript.map((t) => t.role),
    ["user", "assistant", "tool", "tool", "assistant"],
  );
  assert.equal(details.transcript[2]?.content, '{"message":"ticket T-1042 created"}'); // the mocked result
  assert.equal(details.transcript[3]?.content, '{"status":"success"}'); // neutral acknowledgement
  assert.deepEqual(details.judgeVerdicts, [{ turn: 1, text: "Yes.", complete: true }]);

  // The simulated user's thread never shows tool messages, and its roles are swapped.
  const simRequests = server.requests.filter((r) => (r.body as Body).model === "sim").map((r) => r.body as Body);
  assert.ok(simRequests.every((b) => b.messages.every((m) => m.role !== "tool" && !m.tool_calls)));
  assert.match(simRequests[0]?.messages[0]?.content ?? "", /Ask for a support ticket about the printer jam/);
  // The target got the tool results answering its calls, then replied with text.
  const botRequests = server.requests
    .map((r) => r.body as Body)
    .filter((b) => b.model === "bot" && b.messages[0]?.content?.includes("printer jam"));
  assert.equal(botRequests.length, 2);
  assert.deepEqual(
    botRequests[1]?.messages.map((m) => m.role),
    ["user", "assistant", "tool", "tool"],
  );

  assert.equal(endless?.status, "scored");
  assert.equal(endless?.tags.hit_turn_limit, "true");
  const endlessDetails = endless?.details as FunctionCallDetails;
  assert.equal(endlessDetails.termination, "turn_limit");
  assert.equal(endlessDetails.turns, 3);
  assert.equal(endless?.metrics.completed, 0);
  // get_ticket was called once per turn: 1 pair of 3 calls.
  assert.ok(Math.abs((endless?.metrics.precision_fn as number) - 1 / 3) < 1e-12);
  assert.equal(endless?.metrics.recall_fn, 1);
  assert.equal(endless?.requests, 3 /* sim */ + 6 /* bot: call + reply per turn */ + 3 /* judge */);

  assert.equal(run.aggregate.metrics.completion_rate?.value, 1 / 2);
  assert.equal(run.aggregate.metrics.completion_rate?.gated, false);
  assert.ok(run.aggregate.warnings.some((w) => w.includes("turn limit")));
  assert.equal(run.aggregate.metrics["lookup/recall_fn"]?.value, 1);
});

test("the stop token ends a conversation without a judge; a nonsense verdict or a failing target is a case error", async () => {
  const registry = registryFor({
    sim: `${server.url}/v1`,
    bot: `${server.url}/v1`,
    judge: `${server.url}/v1`,
    gone: `${server.url}/missing`,
  });
  const stopOnly = await runSuite(
    optionsFor({ dataset: "cases.jsonl", target: "bot", simulator: "sim", "judge-completion": false, "max-turns": 5 }),
    { configDir: dir, rootDir: dir },
    registry,
  );
  const first = stopOnly.summaries[0] as (typeof stopOnly.summaries)[number];
  assert.equal((first.details as FunctionCallDetails).termination, "stop_token");
  assert.equal((first.details as FunctionCallDetails).turns, 2); // two user lines, then "the session is finished"
  assert.equal(first?.metrics.completed, 1);
  assert.equal(first?.metrics.precision_fn, 1 / 2); // explain_workflow counts when not ignored

  // The simulator model doubling as judge answers with user text: neither yes nor no.
  const nonsense = await runSuite(
    optionsFor({ dataset: "cases.jsonl", target: "bot", simulator: "sim", "max-turns": 2 }),
    { configDir: dir, rootDir: dir },
    registry,
  );
  assert.equal(nonsense.summaries[0]?.status, "error");
  assert.equal(nonsense.summaries[0]?.error?.kind, "judge");

  const failing = await runSuite(
    optionsFor({ dataset: "cases.jsonl", target: "gone", simulator: "sim", "max-turns": 2 }),
    { configDir: dir, rootDir: dir },
    registry,
  );
  await registry.close();
  assert.deepEqual(
    failing.summaries.map((s) => [s.status, s.error?.kind]),
    [
      ["error", "endpoint"],
      ["error", "endpoint"],
    ],
  );
  assert.equal(failing.aggregate.metrics.reliability?.n, 0);
});
