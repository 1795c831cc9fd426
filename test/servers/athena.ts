// A scripted Athena-compatible module manager on 127.0.0.1 for tests. It recognises which test case
// a request carries (by the submitted diagram) and answers with the feedback the test scripts for
// that file name, in the module manager's wrapper.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type RecordedRequest, type ScriptedReply, type ScriptedServer, startScriptedServer } from "./scripted.ts";

export interface LlmUsage {
  model: string;
  input: number;
  output: number;
}

export interface FeedbackAnswer {
  /** Textual SGI ids (mapped through the request's meta.textual_id), or raw numbers sent as they are. */
  sgis: (string | number)[];
  /** Credits per textual id; defaults to the SGI's credits from the request. */
  credits?: Record<string, number>;
  usage?: LlmUsage[];
  casing?: "camel" | "snake";
}

/** Either a feedback answer, or a raw reply (errors, malformed bodies). */
export type AthenaAnswer = FeedbackAnswer | { reply: ScriptedReply };

export type AthenaScript = (testCase: string, attempt: number, request: RecordedRequest) => AthenaAnswer;

export interface ScriptedAthena extends ScriptedServer {
  /** Requests per test case name, in arrival order. */
  attempts: Map<string, number>;
}

interface RequestSgi {
  id: number;
  credits: number;
  meta?: { textual_id?: Record<string, string> };
}

export async function startScriptedAthena(testCasesDir: string, script: AthenaScript): Promise<ScriptedAthena> {
  const byDiagram = new Map<string, string>();
  for (const file of readdirSync(testCasesDir).filter((name) => name.endsWith(".json"))) {
    const diagram = JSON.parse(readFileSync(path.join(testCasesDir, file), "utf8"));
    byDiagram.set(JSON.stringify(diagram), file.slice(0, -".json".length));
  }
  const attempts = new Map<string, number>();
  const server = await startScriptedServer((request) => {
    const body = request.body as { submission?: { model?: string } };
    const model = body?.submission?.model;
    const testCase = typeof model === "string" ? byDiagram.get(JSON.stringify(JSON.parse(model))) : undefined;
    if (!testCase) return { status: 400, body: { detail: "unknown submission" } };
    const attempt = (attempts.get(testCase) ?? 0) + 1;
    attempts.set(testCase, attempt);
    const answer = script(testCase, attempt, request);
    return "reply" in answer ? answer.reply : { body: feedbackBody(request, answer) };
  });
  return { ...server, attempts };
}

/** The module manager's wrapper around feedback items for the given SGIs. */
export function feedbackBody(request: RecordedRequest, answer: FeedbackAnswer): unknown {
  const body = request.body as {
    exercise: { id: number; grading_criteria: { title: string; structured_grading_instructions: RequestSgi[] }[] };
    submission: { id: number };
  };
  const byText = new Map<string, { sgi: RequestSgi; title: string }>();
  for (const criterion of body.exercise.grading_criteria) {
    for (const sgi of criterion.structured_grading_instructions) {
      for (const text of Object.values(sgi.meta?.textual_id ?? {})) byText.set(text, { sgi, title: criterion.title });
    }
  }
  const snake = answer.casing === "snake";
  const data = answer.sgis.map((ref, i) => {
    const found = typeof ref === "string" ? byText.get(ref) : undefined;
    if (typeof ref === "string" && !found) throw new Error(`script names unknown SGI ${ref}`);
    const sgiId = found ? found.sgi.id : (ref as number);
    const credits = typeof ref === "string" ? (answer.credits?.[ref] ?? found!.sgi.credits) : 0;
    const item: Record<string, unknown> = {
      id: 1000 + i,
      title: found?.title ?? "Other",
      description: `feedback ${String(ref)}`,
      credits,
      meta: {},
    };
    if (snake)
      Object.assign(item, {
        structured_grading_instruction_id: sgiId,
        is_graded: false,
        exercise_id: body.exercise.id,
        submission_id: body.submission.id,
        element_ids: [],
        reference: null,
      });
    else
      Object.assign(item, {
        structuredGradingInstructionId: sgiId,
        isGraded: false,
        exerciseId: body.exercise.id,
        submissionId: body.submission.id,
        elementIds: [],
        reference: null,
      });
    return item;
  });
  const usage = answer.usage ?? [];
  return {
    module_name: "module_modeling_llm",
    status: 200,
    data,
    meta: {
      totalUsage: {
        numInputTokens: usage.reduce((t, u) => t + u.input, 0),
        numOutputTokens: usage.reduce((t, u) => t + u.output, 0),
        numTotalTokens: usage.reduce((t, u) => t + u.input + u.output, 0),
      },
      llmRequests: usage.map((u) => ({
        model: u.model,
        numInputTokens: u.input,
        numOutputTokens: u.output,
        numTotalTokens: u.input + u.output,
      })),
    },
  };
}
