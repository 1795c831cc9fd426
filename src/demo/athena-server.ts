// A deterministic Athena-compatible module manager on 127.0.0.1 for the demo's SGI suite. It plays
// a modelling-feedback LLM: it compares the submitted Apollon diagram with the exercise's example
// solution, picks the "correct" or "incorrect" instruction of each grading criterion, and misses
// some faults on purpose (stable per diagram), like a real model would.

import { type JsonServer, startJsonServer } from "./json-server.ts";
import { stableFraction } from "./openai-server.ts";

export interface DemoAthenaOptions {
  /** Adds an LLM request with this model name, e.g. one missing from llm_cost.yml (cost unknown). */
  unpricedModel?: string;
  /** Rejects requests whose Authorization header differs. */
  secret?: string;
  latencyMs?: number;
  /** 0 (the default) picks a free port. */
  port?: number;
}

export type DemoAthenaServer = JsonServer;

interface RequestSgi {
  id: number;
  credits: number;
  feedback?: string;
  instruction_description?: string;
}
interface RequestCriterion {
  id: number;
  title: string;
  meta?: { textual_id?: Record<string, string> };
  structured_grading_instructions: RequestSgi[];
}
interface FeedbackRequest {
  exercise: { id: number; example_solution?: string; grading_criteria?: RequestCriterion[] };
  submission: { id: number; model: string };
}

/** Share of real faults the demo model overlooks. */
const MISS_RATE = 0.2;
/** Share of answers that carry an instruction id the exercise does not define. */
const UNKNOWN_ID_RATE = 0.05;

export async function startDemoAthenaServer(options: DemoAthenaOptions = {}): Promise<DemoAthenaServer> {
  return startJsonServer(options.port ?? 0, async (req) => {
    const send = (status: number, payload: unknown) => ({ status, body: payload });
    if (req.method !== "POST" || !req.url.endsWith("/feedback_suggestions"))
      return send(404, { detail: `no route ${req.method} ${req.url}` });
    if (options.secret !== undefined && req.headers.authorization !== options.secret) return send(401, { detail: "invalid authorization" });
    const text = req.text;
    let body: FeedbackRequest;
    try {
      body = JSON.parse(text) as FeedbackRequest;
      if (typeof body.submission?.model !== "string") throw new Error("submission.model is missing");
    } catch (error) {
      return send(422, { detail: `invalid request: ${(error as Error).message}` });
    }
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    // Ids derive from the submission so the same request always gets the same answer (and token count).
    const data = suggestFeedback(body).map((item, i) => ({ id: body.submission.id * 100 + i + 1, ...item }));
    const outputTokens = Math.ceil(JSON.stringify(data).length / 4);
    const llmRequests = [
      { model: "gpt-4o-2024-08-06", numInputTokens: Math.ceil(text.length / 4), numOutputTokens: outputTokens },
      { model: "o1-mini-2024-09-12", numInputTokens: 1200 + outputTokens, numOutputTokens: 300 },
      ...(options.unpricedModel ? [{ model: options.unpricedModel, numInputTokens: 500, numOutputTokens: 100 }] : []),
    ].map((r) => ({ ...r, numTotalTokens: r.numInputTokens + r.numOutputTokens }));
    return send(200, {
      module_name: "module_modeling_llm",
      status: 200,
      data,
      meta: {
        totalUsage: {
          numInputTokens: llmRequests.reduce((t, r) => t + r.numInputTokens, 0),
          numOutputTokens: llmRequests.reduce((t, r) => t + r.numOutputTokens, 0),
          numTotalTokens: llmRequests.reduce((t, r) => t + r.numTotalTokens, 0),
        },
        llmRequests,
      },
    });
  });
}

/** One feedback item per criterion: its best instruction when nothing looks wrong, else its worst. */
export function suggestFeedback(body: FeedbackRequest): Record<string, unknown>[] {
  const submitted = readDiagram(body.submission.model);
  const reference = readDiagram(body.exercise.example_solution ?? "{}");
  const faults = compareDiagrams(submitted, reference);
  const items: Record<string, unknown>[] = [];
  let maxId = 0;
  for (const criterion of body.exercise.grading_criteria ?? []) {
    const sgis = [...criterion.structured_grading_instructions].sort((a, b) => b.credits - a.credits);
    for (const sgi of sgis) maxId = Math.max(maxId, sgi.id);
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

function feedbackItem(body: FeedbackRequest, title: string, sgi: RequestSgi): Record<string, unknown> {
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
    reference: null,
  };
}

type Topic =
  | "participants"
  | "events"
  | "activities"
  | "gateway"
  | "message_flows"
  | "lanes"
  | "naming"
  | "sequence"
  | "connectivity"
  | "extras";

/** Which aspect a criterion is about, from its textual id or title. */
function topicOf(textual: string): Topic | null {
  const t = textual.toLowerCase();
  const topics: [RegExp, Topic][] = [
    [/participant/, "participants"],
    [/naming|name/, "naming"],
    [/message/, "message_flows"],
    [/event/, "events"],
    [/activit|task/, "activities"],
    [/gateway/, "gateway"],
    [/lane|pool/, "lanes"],
    [/sequenc|order/, "sequence"],
    [/connect/, "connectivity"],
    [/extra|unnecessary/, "extras"],
  ];
  return topics.find(([pattern]) => pattern.test(t))?.[1] ?? null;
}

interface DiagramElement {
  id: string;
  name: string;
  type: string;
  owner: string | null;
  attributes: string;
}
interface DiagramFlow {
  name: string;
  flowType: string;
  source: string;
  target: string;
}
interface Diagram {
  elements: DiagramElement[];
  flows: DiagramFlow[];
}

function readDiagram(text: string): Diagram {
  let json: { elements?: Record<string, Record<string, unknown>>; relationships?: Record<string, Record<string, unknown>> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // an unreadable diagram compares as an empty one
  }
  const elements = Object.values(json.elements ?? {}).map((e) => ({
    id: String(e.id ?? ""),
    name: String(e.name ?? "").trim(),
    type: String(e.type ?? ""),
    owner: typeof e.owner === "string" ? e.owner : null,
    attributes: [e.taskType, e.marker, e.eventType, e.gatewayType].filter((v) => v !== undefined).join("/"),
  }));
  const flows = Object.values(json.relationships ?? {}).map((r) => ({
    name: String(r.name ?? "").trim(),
    flowType: String(r.flowType ?? r.type ?? ""),
    source: String((r.source as { element?: string } | undefined)?.element ?? ""),
    target: String((r.target as { element?: string } | undefined)?.element ?? ""),
  }));
  return { elements, flows };
}

/** The topics on which the submission visibly differs from the example solution. */
function compareDiagrams(submitted: Diagram, reference: Diagram): Set<Topic> {
  const faults = new Set<Topic>();
  const differ = (pick: (d: Diagram) => string[]) => signature(pick(submitted)) !== signature(pick(reference));
  const of = (d: Diagram, pattern: RegExp, show: (e: DiagramElement) => string) => d.elements.filter((e) => pattern.test(e.type)).map(show);

  if (differ((d) => of(d, /Pool$/, (e) => e.name))) faults.add("participants");
  if (differ((d) => of(d, /Pool$|Swimlane$/, (e) => e.name))) faults.add("lanes");
  if (differ((d) => of(d, /Event$/, (e) => `${e.type}/${e.attributes}/${e.name}`))) faults.add("events");
  if (differ((d) => of(d, /Task$|Subprocess$|CallActivity$/, (e) => `${e.attributes}/${e.name}`))) faults.add("activities");
  if (differ((d) => [...of(d, /Gateway$/, (e) => `${e.attributes}/${e.name}`), ...gatewayFlowLabels(d)])) faults.add("gateway");
  if (differ((d) => [...d.flows.filter((f) => f.flowType === "message").map(() => "message"), ...crossPoolSequenceFlows(d)])) {
    faults.add("message_flows");
  }
  if (of(submitted, /Task$/, (e) => e.name).some((name) => name.split(/\s+/).filter(Boolean).length < 2)) faults.add("naming");
  // Order only means something when the same elements are there: compare the wiring then.
  const sameElements = !differ((d) => d.elements.map((e) => `${e.type}:${e.name}`));
  if (sameElements && differ((d) => d.flows.map((f) => `${labelOf(d, f.source)}->${labelOf(d, f.target)}`))) faults.add("sequence");
  if (dangling(submitted) > dangling(reference)) faults.add("connectivity");
  if (submitted.elements.length > reference.elements.length) faults.add("extras");
  return faults;
}

function signature(values: string[]): string {
  return JSON.stringify([...values].sort());
}

function labelOf(d: Diagram, id: string): string {
  const element = d.elements.find((e) => e.id === id);
  return element ? `${element.type}:${element.name}` : "?";
}

function gatewayFlowLabels(d: Diagram): string[] {
  const gateways = new Set(d.elements.filter((e) => /Gateway$/.test(e.type)).map((e) => e.id));
  return d.flows.filter((f) => gateways.has(f.source)).map((f) => `label:${f.name}`);
}

function poolOf(d: Diagram, id: string): string {
  let element = d.elements.find((e) => e.id === id);
  for (let depth = 0; element && depth < 10; depth++) {
    if (/Pool$/.test(element.type) || element.owner === null) return element.id;
    const owner = element.owner;
    element = d.elements.find((e) => e.id === owner);
  }
  return "?";
}

function crossPoolSequenceFlows(d: Diagram): string[] {
  return d.flows.filter((f) => f.flowType === "sequence" && poolOf(d, f.source) !== poolOf(d, f.target)).map(() => "crossing");
}

/** Flow nodes (not pools or lanes) missing an incoming or an outgoing flow, start and end events excepted. */
function dangling(d: Diagram): number {
  let count = 0;
  for (const e of d.elements) {
    if (/Pool$|Swimlane$|Annotation|DataObject|Group/.test(e.type)) continue;
    const incoming = d.flows.some((f) => f.target === e.id);
    const outgoing = d.flows.some((f) => f.source === e.id);
    if ((!incoming && !/StartEvent$/.test(e.type)) || (!outgoing && !/EndEvent$/.test(e.type))) count++;
  }
  return count;
}
