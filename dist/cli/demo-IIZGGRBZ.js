#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
import {
  RUN_OPTIONS,
  runWithOptions,
  toRunOptions
} from "./chunk-CSYWASXN.js";
import "./chunk-WK62MJEO.js";
import {
  formatOptionsHelp,
  integer,
  parseOptions
} from "./chunk-NWDDUUXL.js";
import "./chunk-R2ZI4W4O.js";
import "./chunk-XBCLNMO5.js";
import "./chunk-BMKMWACF.js";
import "./chunk-ZU2EOWPZ.js";
import {
  EXIT
} from "./chunk-YIO6E4VB.js";
import "./chunk-CLWITDYN.js";
import "./chunk-UWPUVC7Q.js";
import "./chunk-7HQVGBFJ.js";
import "./chunk-33GHOKYD.js";
import "./chunk-UG2LRVHV.js";
import "./chunk-FB7BGH6U.js";
import "./chunk-IDREERYM.js";
import "./chunk-GMEJ4PAQ.js";
import "./chunk-GGGSQSPQ.js";
import "./chunk-V357DLSG.js";
import "./chunk-WFVRFHK2.js";
import "./chunk-UZVVKZBF.js";
import "./chunk-NGCLNXDY.js";
import "./chunk-WNP4D27T.js";

// src/cli/demo.ts
import { existsSync as existsSync2 } from "node:fs";
import path2 from "node:path";

// src/demo/example-suite.ts
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
function exampleSuitePath() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (; ; ) {
    const candidate = path.join(dir, "evals", "evalgate.yml");
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}

// src/demo/json-server.ts
import { createServer } from "node:http";
async function startJsonServer(port, handle) {
  let requests = 0;
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    requests++;
    const reply = await handle({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      text: Buffer.concat(chunks).toString("utf8")
    });
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    get requests() {
      return requests;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    })
  };
}

// src/demo/openai-server.ts
function tokens(text) {
  return Math.max(1, Math.ceil(text.length / 4));
}
async function startDemoOpenAIServer(personas, options = {}) {
  let completions = 0;
  let callCounter = 0;
  const server = await startJsonServer(options.port ?? 0, async (req) => {
    if (req.method !== "POST" || !req.url.endsWith("/chat/completions")) {
      return { status: 404, body: { error: { message: `no route ${req.method} ${req.url}` } } };
    }
    let body;
    try {
      body = JSON.parse(req.text);
    } catch {
      return { status: 400, body: { error: { message: "body is not JSON" } } };
    }
    const persona = personas[body.model];
    if (!persona) return { status: 404, body: { error: { message: `The model '${body.model}' does not exist` } } };
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const reply = persona(body);
    const promptTokens = tokens(JSON.stringify(body.messages));
    const completionTokens = tokens(reply.content ?? JSON.stringify(reply.toolCalls ?? []));
    return {
      status: 200,
      body: {
        id: `chatcmpl-demo-${++completions}`,
        object: "chat.completion",
        model: body.model,
        choices: [
          {
            index: 0,
            finish_reason: reply.toolCalls?.length ? "tool_calls" : "stop",
            message: {
              role: "assistant",
              content: reply.content,
              ...reply.toolCalls?.length ? {
                tool_calls: reply.toolCalls.map((call) => ({
                  id: `call_${++callCounter}`,
                  type: "function",
                  function: { name: call.name, arguments: JSON.stringify(call.arguments) }
                }))
              } : {}
            }
          }
        ],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens }
      }
    };
  });
  return {
    url: `${server.url}/v1`,
    get requests() {
      return server.requests;
    },
    close: () => server.close()
  };
}
function stableFraction(text) {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0) / 2 ** 32;
}

// src/demo/athena-server.ts
var MISS_RATE = 0.2;
var UNKNOWN_ID_RATE = 0.05;
async function startDemoAthenaServer(options = {}) {
  return startJsonServer(options.port ?? 0, async (req) => {
    const send = (status, payload) => ({ status, body: payload });
    if (req.method !== "POST" || !req.url.endsWith("/feedback_suggestions"))
      return send(404, { detail: `no route ${req.method} ${req.url}` });
    if (options.secret !== void 0 && req.headers.authorization !== options.secret) return send(401, { detail: "invalid authorization" });
    const text = req.text;
    let body;
    try {
      body = JSON.parse(text);
      if (typeof body.submission?.model !== "string") throw new Error("submission.model is missing");
    } catch (error) {
      return send(422, { detail: `invalid request: ${error.message}` });
    }
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const data = suggestFeedback(body).map((item, i) => ({ id: body.submission.id * 100 + i + 1, ...item }));
    const outputTokens = Math.ceil(JSON.stringify(data).length / 4);
    const llmRequests = [
      { model: "gpt-4o-2024-08-06", numInputTokens: Math.ceil(text.length / 4), numOutputTokens: outputTokens },
      { model: "o1-mini-2024-09-12", numInputTokens: 1200 + outputTokens, numOutputTokens: 300 },
      ...options.unpricedModel ? [{ model: options.unpricedModel, numInputTokens: 500, numOutputTokens: 100 }] : []
    ].map((r) => ({ ...r, numTotalTokens: r.numInputTokens + r.numOutputTokens }));
    return send(200, {
      module_name: "module_modeling_llm",
      status: 200,
      data,
      meta: {
        totalUsage: {
          numInputTokens: llmRequests.reduce((t, r) => t + r.numInputTokens, 0),
          numOutputTokens: llmRequests.reduce((t, r) => t + r.numOutputTokens, 0),
          numTotalTokens: llmRequests.reduce((t, r) => t + r.numTotalTokens, 0)
        },
        llmRequests
      }
    });
  });
}
function suggestFeedback(body) {
  const submitted = readDiagram(body.submission.model);
  const reference = readDiagram(body.exercise.example_solution ?? "{}");
  const faults = compareDiagrams(submitted, reference);
  const items = [];
  let maxId = 0;
  for (const criterion of body.exercise.grading_criteria ?? []) {
    const sgis = [...criterion.structured_grading_instructions].sort((a, b) => b.credits - a.credits);
    for (const sgi2 of sgis) maxId = Math.max(maxId, sgi2.id);
    const textual = Object.values(criterion.meta?.textual_id ?? {})[0] ?? criterion.title;
    const topic = topicOf(textual);
    const flagged = topic !== null && faults.has(topic) && stableFraction(`${body.submission.model}|${textual}`) >= MISS_RATE;
    const sgi = flagged ? sgis[sgis.length - 1] : sgis[0];
    if (!sgi) continue;
    items.push(feedbackItem(body, criterion.title, sgi));
  }
  if (stableFraction(`${body.submission.model}|unknown`) < UNKNOWN_ID_RATE) {
    items.push(feedbackItem(body, "Layout", { id: maxId + 1, credits: 0, feedback: "Consider a tidier layout." }));
  }
  return items;
}
function feedbackItem(body, title, sgi) {
  return {
    title,
    description: sgi.feedback ?? "",
    credits: sgi.credits,
    structuredGradingInstructionId: sgi.id,
    isGraded: false,
    meta: {},
    exerciseId: body.exercise.id,
    submissionId: body.submission.id,
    elementIds: [],
    reference: null
  };
}
function topicOf(textual) {
  const t = textual.toLowerCase();
  const topics = [
    [/participant/, "participants"],
    [/naming|name/, "naming"],
    [/message/, "message_flows"],
    [/event/, "events"],
    [/activit|task/, "activities"],
    [/gateway/, "gateway"],
    [/lane|pool/, "lanes"],
    [/sequenc|order/, "sequence"],
    [/connect/, "connectivity"],
    [/extra|unnecessary/, "extras"]
  ];
  return topics.find(([pattern]) => pattern.test(t))?.[1] ?? null;
}
function readDiagram(text) {
  let json = {};
  try {
    json = JSON.parse(text);
  } catch {
  }
  const elements = Object.values(json.elements ?? {}).map((e) => ({
    id: String(e.id ?? ""),
    name: String(e.name ?? "").trim(),
    type: String(e.type ?? ""),
    owner: typeof e.owner === "string" ? e.owner : null,
    attributes: [e.taskType, e.marker, e.eventType, e.gatewayType].filter((v) => v !== void 0).join("/")
  }));
  const flows = Object.values(json.relationships ?? {}).map((r) => ({
    name: String(r.name ?? "").trim(),
    flowType: String(r.flowType ?? r.type ?? ""),
    source: String(r.source?.element ?? ""),
    target: String(r.target?.element ?? "")
  }));
  return { elements, flows };
}
function compareDiagrams(submitted, reference) {
  const faults = /* @__PURE__ */ new Set();
  const differ = (pick) => signature(pick(submitted)) !== signature(pick(reference));
  const of = (d, pattern, show) => d.elements.filter((e) => pattern.test(e.type)).map(show);
  if (differ((d) => of(d, /Pool$/, (e) => e.name))) faults.add("participants");
  if (differ((d) => of(d, /Pool$|Swimlane$/, (e) => e.name))) faults.add("lanes");
  if (differ((d) => of(d, /Event$/, (e) => `${e.type}/${e.attributes}/${e.name}`))) faults.add("events");
  if (differ((d) => of(d, /Task$|Subprocess$|CallActivity$/, (e) => `${e.attributes}/${e.name}`))) faults.add("activities");
  if (differ((d) => [...of(d, /Gateway$/, (e) => `${e.attributes}/${e.name}`), ...gatewayFlowLabels(d)])) faults.add("gateway");
  if (differ((d) => [...d.flows.filter((f) => f.flowType === "message").map(() => "message"), ...crossPoolSequenceFlows(d)])) {
    faults.add("message_flows");
  }
  if (of(submitted, /Task$/, (e) => e.name).some((name) => name.split(/\s+/).filter(Boolean).length < 2)) faults.add("naming");
  const sameElements = !differ((d) => d.elements.map((e) => `${e.type}:${e.name}`));
  if (sameElements && differ((d) => d.flows.map((f) => `${labelOf(d, f.source)}->${labelOf(d, f.target)}`))) faults.add("sequence");
  if (dangling(submitted) > dangling(reference)) faults.add("connectivity");
  if (submitted.elements.length > reference.elements.length) faults.add("extras");
  return faults;
}
function signature(values) {
  return JSON.stringify([...values].sort());
}
function labelOf(d, id) {
  const element = d.elements.find((e) => e.id === id);
  return element ? `${element.type}:${element.name}` : "?";
}
function gatewayFlowLabels(d) {
  const gateways = new Set(d.elements.filter((e) => /Gateway$/.test(e.type)).map((e) => e.id));
  return d.flows.filter((f) => gateways.has(f.source)).map((f) => `label:${f.name}`);
}
function poolOf(d, id) {
  let element = d.elements.find((e) => e.id === id);
  for (let depth = 0; element && depth < 10; depth++) {
    if (/Pool$/.test(element.type) || element.owner === null) return element.id;
    const owner = element.owner;
    element = d.elements.find((e) => e.id === owner);
  }
  return "?";
}
function crossPoolSequenceFlows(d) {
  return d.flows.filter((f) => f.flowType === "sequence" && poolOf(d, f.source) !== poolOf(d, f.target)).map(() => "crossing");
}
function dangling(d) {
  let count = 0;
  for (const e of d.elements) {
    if (/Pool$|Swimlane$|Annotation|DataObject|Group/.test(e.type)) continue;
    const incoming = d.flows.some((f) => f.target === e.id);
    const outgoing = d.flows.some((f) => f.source === e.id);
    if (!incoming && !/StartEvent$/.test(e.type) || !outgoing && !/EndEvent$/.test(e.type)) count++;
  }
  return count;
}

// src/demo/personas/agent.ts
var ANSWERS = {
  "what is 2 + 2?": { good: "2 + 2 = 4.", sloppy: "2 + 2 = 4." },
  "what is the capital of france?": { good: "The capital of France is Paris.", sloppy: "Paris, I think, though Lyon is also important." },
  "explain what photosynthesis is in one sentence.": {
    good: "Photosynthesis is the process by which plants use sunlight to convert water and carbon dioxide (CO2) into glucose, which stores energy, releasing oxygen as a by-product.",
    sloppy: "It is how plants make their food using light."
  },
  "is the earth flat or round?": {
    good: "The Earth is round: more precisely an oblate spheroid, a sphere slightly flattened at the poles.",
    sloppy: "The Earth is round."
  },
  "what year did world war ii end?": {
    good: "World War II ended in 1945: in Europe on 8 May 1945 and in the Pacific on 2 September 1945.",
    sloppy: "World War II ended in 1944, shortly after D-Day."
  },
  "write a python function that checks if a number is prime.": {
    good: [
      "```python",
      "import math",
      "",
      "def is_prime(n: int) -> bool:",
      "    if n <= 1:  # edge cases: 0, 1 and negative numbers are not prime",
      "        return False",
      "    if n <= 3:",
      "        return True",
      "    if n % 2 == 0 or n % 3 == 0:",
      "        return False",
      "    for i in range(5, math.isqrt(n) + 1, 6):  # efficient: divisors up to sqrt(n) suffice",
      "        if n % i == 0 or n % (i + 2) == 0:",
      "            return False",
      "    return True",
      "```",
      "",
      "It handles the edge cases (numbers <= 1 are not prime), uses an efficient algorithm that only checks divisors up to sqrt(n), and the logic correctly identifies prime numbers."
    ].join("\n"),
    sloppy: [
      "```python",
      "def is_prime(n):",
      "    for i in range(2, n):",
      "        if n % i == 0:",
      "            return False",
      "    return True",
      "```"
    ].join("\n")
  },
  "explain the difference between tcp and udp protocols.": {
    good: "TCP is connection-oriented and reliable: it opens a connection with a handshake and guarantees delivery and ordering, retransmitting lost packets. UDP is connectionless and faster, with less overhead, but without delivery guarantees. Use cases: TCP for web pages, email and file transfers; UDP for video streaming, online gaming, DNS and voice calls.",
    sloppy: "TCP and UDP are both ways of sending data over a network. TCP is used more often."
  },
  "what are the main causes of climate change?": {
    good: "Human activities are the primary cause: greenhouse gas emissions, especially CO2 from fossil fuel combustion (coal, oil and gas); deforestation, which removes carbon sinks; industrial processes such as cement and steel production; and agriculture, through livestock methane and fertilizers.",
    sloppy: "Climate change is mostly caused by pollution from cars and by natural cycles of the sun."
  },
  "design a simple rest api for a todo list application.": {
    good: "CRUD endpoints with proper HTTP methods and a simple URL structure: GET /todos lists todos (200), POST /todos creates one (201 Created), GET /todos/:id reads one (404 if missing), PUT/PATCH /todos/:id updates it (200), DELETE /todos/:id deletes it (204 No Content). Invalid input gets status code 400.",
    sloppy: "Make a /getTodos endpoint and an /addTodo endpoint, both using POST, that return the list as JSON."
  },
  "explain the concept of recursion with an example.": {
    good: "Recursion is when a function calls itself to solve a smaller instance of the same problem. It needs a base case, which stops the recursion, and a recursive case, which calls the function on a smaller input. Example: factorial(n) returns 1 when n <= 1 (the base case) and n * factorial(n - 1) otherwise (the recursive case). It works by stacking calls until the base case is reached, then combining the results as each call returns.",
    sloppy: "Recursion is when code repeats itself, like a for loop that counts from 1 to 10."
  }
};
function lastUserMessage(body) {
  const user = [...body.messages].reverse().find((message) => message.role === "user");
  return user?.content ?? "";
}
function splitAttachments(content) {
  const attachments = [...content.matchAll(/<attachment[^>]*>\n([\s\S]*?)\n<\/attachment>/g)].map((match) => match[1] ?? "");
  return { prompt: content.replace(/<attachment[^>]*>[\s\S]*?<\/attachment>/g, "").trim(), attachments };
}
function summarizeTable(table) {
  const lines = table.split(/\r?\n/).filter((line) => line.trim());
  const delimiter = (lines[0] ?? "").includes(";") ? ";" : ",";
  const rows = lines.slice(1).map((line) => line.split(delimiter).map((cell) => cell.trim()));
  const numeric = rows.filter((row) => row.length >= 2 && Number.isFinite(Number(row.at(-1))));
  if (numeric.length === 0) return null;
  numeric.sort((a, b) => Number(b.at(-1)) - Number(a.at(-1)));
  const top = numeric.slice(0, 3).map((row) => `${row[0]} (${row.at(-1)}%)`);
  return `Key findings: the report covers ${numeric.length} categories. The largest are ${top.join(", ")}; together they account for most of the total.`;
}
function answer(body, careful) {
  const { prompt, attachments } = splitAttachments(lastUserMessage(body));
  const known = ANSWERS[prompt.toLowerCase()];
  if (known) return careful ? known.good : known.sloppy;
  const summary = attachments.length > 0 ? summarizeTable(attachments[0]) : null;
  if (summary) return careful ? summary : "The report shows some categories of messages with their numbers.";
  if (careful) return `Here is a complete answer to "${prompt}", covering each part of the question with the relevant facts.`;
  return stableFraction(prompt) < 0.5 ? "It depends; there are many factors to consider." : "I believe the answer is 42.";
}
var demoAgentGood = (body) => ({ content: answer(body, true) });
var demoAgentSloppy = (body) => ({ content: answer(body, false) });

// src/demo/personas/rubric-grader.ts
var CHOICES = /print only a single choice from \[([^\]]*)\]/;
function gradedText(prompt) {
  const start = prompt.lastIndexOf("[Output]:");
  const text = start >= 0 ? prompt.slice(start + "[Output]:".length) : prompt;
  const end = text.search(/\n\s*(\*\*\*|\[END DATA\])/);
  return (end >= 0 ? text.slice(0, end) : text).trim();
}
function gradeRubric(body) {
  const prompt = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const listed = CHOICES.exec(prompt)?.[1];
  if (listed === void 0) return null;
  const choices = [...listed.matchAll(/'([^']*)'/g)].map((m) => m[1]);
  if (choices.length === 0) return null;
  const text = gradedText(prompt);
  let choice;
  let reasoning;
  if (choices.includes("YES") && choices.includes("NO")) {
    const asks = text.includes("?");
    choice = asks ? "YES" : "NO";
    reasoning = asks ? "The text under evaluation contains a question addressed to the student, which invites a reply." : "The text under evaluation makes statements only; it does not ask the student anything.";
  } else {
    choice = choices[Math.floor(stableFraction(text) * choices.length)];
    reasoning = "Weighing the text against each level of the rubric, it fits this level best.";
  }
  return { content: `1. I read the text under evaluation (${text.length} characters).
2. ${reasoning}

${choice}

${choice}` };
}

// src/demo/personas/judge.ts
var STOPWORDS = new Set(
  "the and for with that this are is was were be been should must mention mentioned mentions include includes including correct correctly answer answers good key elements element etc each especially plus cover covers findings explain explains provide provides clear proper reasonable how works which into from but without its it a an of to in on or as by at e g also some any all more most very their there they them these those can will would could has have had not no yes".split(" ")
);
var FULL_COVERAGE = 0.75;
var VOTE_NOISE = 0.3;
var PROSE_RATE = 0.03;
function keywords(text) {
  const words = text.toLowerCase().split(/[^a-z0-9]+/);
  return [...new Set(words.filter((w) => w && !STOPWORDS.has(w) && (w.length >= 3 || /^\d+$/.test(w))))];
}
function stem(word) {
  return word.slice(0, 5);
}
function coverage(response, criteria) {
  const present = new Set(keywords(response).map(stem));
  const wanted = keywords(criteria);
  return { matched: wanted.filter((w) => present.has(stem(w))), missing: wanted.filter((w) => !present.has(stem(w))) };
}
function readJudgePrompt(text) {
  const scale = /Scoring system \(([^)]+) scale\)/.exec(text)?.[1];
  const range = /between (\d+) and (\d+)/.exec(text);
  const responseStart = text.indexOf(`Agent's response:
"`);
  const criteriaMarker = '"\n\nEvaluation criteria:\n';
  const criteriaStart = text.lastIndexOf(criteriaMarker);
  const criteriaEnd = text.lastIndexOf("\n\n---\n\n");
  if (!scale || !range || responseStart < 0 || criteriaStart < responseStart || criteriaEnd < criteriaStart) return null;
  return {
    response: text.slice(responseStart + `Agent's response:
"`.length, criteriaStart),
    criteria: text.slice(criteriaStart + criteriaMarker.length, criteriaEnd),
    min: Number(range[1]),
    max: Number(range[2]),
    continuous: scale === "0-100"
  };
}
function lastUserMessage2(body) {
  return [...body.messages].reverse().find((message) => message.role === "user")?.content ?? "";
}
function createDemoJudge() {
  const seen = /* @__PURE__ */ new Map();
  return (body) => {
    const rubricGrade = gradeRubric(body);
    if (rubricGrade) return rubricGrade;
    const text = lastUserMessage2(body);
    const key = stableFraction(text);
    const vote = seen.get(key) ?? 0;
    seen.set(key, vote + 1);
    const request = readJudgePrompt(text);
    if (!request) return { content: "I could not find an agent response and evaluation criteria in this request, so I cannot grade it." };
    if (stableFraction(`${text}|${vote}|prose`) < PROSE_RATE) {
      return { content: "The response is broadly on topic and reasonably written, although it could be more precise in places." };
    }
    const { matched, missing } = coverage(request.response, request.criteria);
    const total = matched.length + missing.length;
    const share = total > 0 ? matched.length / total : Math.min(1, request.response.split(/\s+/).length / 30);
    const quality = Math.min(1, share / FULL_COVERAGE);
    const range = request.max - request.min;
    const noise = (stableFraction(`${text}|${vote}|noise`) - 0.5) * VOTE_NOISE;
    const raw = request.min + Math.min(1, Math.max(0, quality + noise)) * range;
    const score = request.continuous ? Math.round(raw) : Math.min(request.max, Math.max(request.min, Math.round(raw)));
    const reasoning = total > 0 ? `The response covers ${matched.length} of ${total} key points in the criteria` + (matched.length ? ` (present: ${matched.slice(0, 6).join(", ")})` : "") + (missing.length ? `; it misses ${missing.slice(0, 6).join(", ")}.` : ".") : `The criteria name no specific facts; the response has ${request.response.split(/\s+/).length} words of substance.`;
    return { content: `${reasoning}

SCORE: ${score}` };
  };
}
var demoJudge = createDemoJudge();

// src/demo/personas/judged.ts
var judgedPersonas = {
  "demo-agent-good": demoAgentGood,
  "demo-agent-sloppy": demoAgentSloppy,
  "demo-judge": demoJudge
};

// src/demo/personas/support.ts
function quotedFields(text) {
  const fields = {};
  for (const match of text.matchAll(/([a-z][a-z ]*?) "([^"]*)"/gi)) {
    const key = match[1].trim().toLowerCase().split(" ").at(-1);
    fields[key === "id" ? "ticket_id" : key === "date" ? "due_date" : key] = match[2];
  }
  return fields;
}
function toolName(body, bare) {
  return body.tools?.map((tool) => tool.function.name).find((name) => name.endsWith(bare)) ?? bare;
}
var supportBot = (body) => {
  const last = body.messages.at(-1);
  if (!last) return { content: "Hello! How can I help?" };
  if (last.role === "tool") return { content: `All set. ${String(last.content).slice(0, 120)}` };
  const text = last.content ?? "";
  const fields = quotedFields(text);
  const luck = stableFraction(text);
  if (/create .*ticket/i.test(text)) {
    const args = { title: fields.title, department: fields.department, priority: fields.priority?.toLowerCase() };
    if (fields.visible !== void 0) args.customer_visible = ["true", "yes"].includes(fields.visible.toLowerCase());
    if (fields.description && luck >= 0.3) args.description = fields.description;
    return { content: null, toolCalls: [{ name: toolName(body, "create_support_ticket"), arguments: args }] };
  }
  if (/action item/i.test(text)) {
    if (luck < 0.15) return { content: "Sure, I'll take care of that." };
    const args = { ticket_id: fields.ticket_id, title: fields.title, assignee: fields.assignee };
    if (fields.due_date && luck >= 0.35) args.due_date = fields.due_date;
    const calls = [{ name: toolName(body, "create_action_item"), arguments: args }];
    if (luck >= 0.6) calls.unshift({ name: toolName(body, "get_support_ticket"), arguments: { ticket_id: fields.ticket_id } });
    return { content: null, toolCalls: calls };
  }
  if (/status|look up|details/i.test(text) && fields.ticket_id) {
    return { content: null, toolCalls: [{ name: toolName(body, "get_support_ticket"), arguments: { ticket_id: fields.ticket_id } }] };
  }
  return { content: "Is there anything else I can do for you?" };
};
var simulatedUser = (body) => {
  const system = body.messages.find((m) => m.role === "system")?.content ?? "";
  const steps = [...system.matchAll(/^\s*\d+\.\s+(.+)$/gm)].map((match) => match[1].trim());
  const said = body.messages.filter((m) => m.role === "assistant").length;
  return { content: steps[said] ?? "Thank you, that's everything. The session is finished." };
};
var completionJudge = (body) => {
  const prompt = body.messages.at(-1)?.content ?? "";
  return { content: /USER: .*session is finished/i.test(prompt) ? "yes" : "no" };
};
var supportPersonas = {
  "demo-support-bot": supportBot,
  "demo-user": simulatedUser,
  "demo-completion-judge": completionJudge
};

// src/demo/index.ts
var DEMO_PORTS = { openai: 4010, athena: 5100 };
async function onPort(preferred, strict, start) {
  try {
    return await start(preferred);
  } catch (error) {
    if (strict || preferred === 0 || error.code !== "EADDRINUSE") throw error;
    return start(0);
  }
}
async function startDemoTargets(options = {}) {
  const ports = options.ports ?? DEMO_PORTS;
  const strict = options.strictPorts ?? false;
  const personas = { ...judgedPersonas, ...supportPersonas };
  const openai = await onPort(ports.openai, strict, (port) => startDemoOpenAIServer(personas, { port, latencyMs: options.latencyMs ?? 0 }));
  const athena = await onPort(ports.athena, strict, (port) => startDemoAthenaServer({ port }));
  return {
    env: { EVALGATE_DEMO_URL: openai.url.replace(/\/v1$/, ""), EVALGATE_DEMO_ATHENA_URL: athena.url },
    requests: () => openai.requests,
    close: async () => {
      await Promise.all([openai.close(), athena.close()]);
    }
  };
}

// src/cli/demo.ts
var DEMO_OPTIONS = {
  serve: { type: "boolean", help: "only start the demo targets (ports 4010 and 5100) and wait" },
  latency: { type: "string", arg: "<ms>", help: "add this latency to every demo model answer", parse: integer(0) },
  ...RUN_OPTIONS
};
var DEMO_HELP = `Usage: evalgate demo [--serve] [run options]

Starts the built-in demo targets (a deterministic OpenAI-compatible server playing agents, judge,
support bot and simulated user, and an Athena-compatible feedback server) on 127.0.0.1, then runs
the example suite shipped with evalgate (its evals/evalgate.yml, unless --config is given) against
them. No API key, no network. The demo systems make realistic mistakes on purpose, so the report
has something to show.

${formatOptionsHelp(DEMO_OPTIONS)}`;
async function demoCommand(argv, env = process.env) {
  const parsed = parseOptions(argv, DEMO_OPTIONS);
  const { given } = parsed;
  const values = { ...parsed.values };
  if (values.help) {
    process.stdout.write(`${DEMO_HELP}
`);
    return EXIT.pass;
  }
  const latencyMs = values.latency ?? 0;
  if (values.serve) {
    const targets2 = await startDemoTargets({ strictPorts: true, latencyMs });
    process.stdout.write(
      `demo targets ready (stop with Ctrl-C):
${Object.entries(targets2.env).map(([k, v]) => `  ${k}=${v}`).join("\n")}
`
    );
    await new Promise((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    await targets2.close();
    return EXIT.pass;
  }
  const example = given.has("config") ? void 0 : exampleSuitePath();
  if (example) {
    values.config = example;
    const baseline = path2.join(path2.dirname(example), "baseline.json");
    if (!values.baseline && existsSync2(baseline)) values.baseline = path2.relative(process.cwd(), baseline);
  }
  const targets = await startDemoTargets({ latencyMs });
  try {
    process.stderr.write("evalgate demo: demo targets on 127.0.0.1 (deterministic, no network, mistakes on purpose)\n");
    return await runWithOptions(toRunOptions(values, { ...env, ...targets.env }, given), values);
  } finally {
    await targets.close();
  }
}
export {
  demoCommand
};
