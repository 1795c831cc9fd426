// The model-graded asserts, graded by the suite's judge with evalgate's own prompts. Each asks for the
// reply promptfoo's grader gives and reads it by promptfoo 0.123's rules, so the same grader replies
// give the same pass and score: llm-rubric {reason, pass, score} (pass && score ≥ threshold when one is
// set); model-graded-closedqa a reasoning ending in Y or N; factuality a category A–E scored by
// options.factuality (D fails by default); g-eval {score 0–10, reason}, score/10 passing at threshold
// (0.7); answer-relevance {score 0–1, reason} passing at threshold (0.5), or with an embedding-model
// promptfoo's own method (./relevance.ts). A reply that cannot be read,
// or a judge that cannot be asked, grades nothing: `ungraded`, never a pass or a fail.

import type { ChatMessage } from "../../../models/types.ts";
import { isRecord } from "../../../util/is-record.ts";
import type { PfAssertion } from "../types.ts";
import type { Ask, GradeInput } from "./grading.ts";
import { extractJsonObjects } from "./json.ts";
import { type Embed, embeddingRelevance, relevanceQuery } from "./relevance.ts";
import type { GradingResult } from "./result.ts";

export const GRADED_TYPES = [
  "llm-rubric",
  "model-graded-closedqa",
  "factuality",
  "model-graded-factuality",
  "g-eval",
  "answer-relevance",
] as const;

const INVERTIBLE = new Set(["llm-rubric", "g-eval", "answer-relevance"]);

const SYSTEM =
  "You grade one answer of an AI system for an automated test. Follow the instructions exactly and reply only in the format asked for.";

const QUESTIONS: Record<string, (input: GradeInput) => string> = {
  "llm-rubric": (input) =>
    `Grade the output against the rubric.\n\n<Output>\n${input.output}\n</Output>\n<Rubric>\n${text(input.value)}\n</Rubric>\n\nReply with one JSON object and nothing else: {"reason": "<why, in one or two sentences>", "pass": true or false, "score": <a number from 0.0 to 1.0>}`,
  "model-graded-closedqa": (input) =>
    `You are assessing a submitted answer on a given task based on a criterion.\n[BEGIN DATA]\n[Task]: ${input.prompt}\n[Submission]: ${input.output}\n[Criterion]: ${text(input.value)}\n[END DATA]\nDoes the submission meet the criterion? First reason step by step, then write on the last line only the single letter "Y" (yes) or "N" (no).`,
  factuality: (input) =>
    `Compare the factual content of a submitted answer with an expert answer to the same question.\n[BEGIN DATA]\n[Question]: ${input.prompt}\n[Expert]: ${text(input.value)}\n[Submission]: ${input.output}\n[END DATA]\nIgnore differences in style, grammar or punctuation. Choose one category:\n(A) The submitted answer is a subset of the expert answer and is fully consistent with it.\n(B) The submitted answer is a superset of the expert answer and is fully consistent with it.\n(C) The submitted answer contains all the same details as the expert answer.\n(D) There is a disagreement between the submitted answer and the expert answer.\n(E) The answers differ, but these differences don't matter from the perspective of factuality.\nReply with one JSON object and nothing else: {"category": "<A, B, C, D or E>", "reason": "<why>"}`,
  "g-eval": (input) =>
    `Evaluate the reply to the source text on the criteria, from 0 (does not meet them at all) to 10 (meets them fully).\n\n<Criteria>\n${text(input.value)}\n</Criteria>\n<Source>\n${input.prompt}\n</Source>\n<Reply>\n${input.output}\n</Reply>\n\nReply with one JSON object and nothing else: {"score": <an integer from 0 to 10>, "reason": "<why>"}`,
  "answer-relevance": (input) =>
    `How relevant is the answer to the question: does it answer what was asked, without drifting to something else?\n\n<Question>\n${relevanceQuery(input)}\n</Question>\n<Answer>\n${input.output}\n</Answer>\n\nReply with one JSON object and nothing else: {"score": <a number from 0.0 (irrelevant) to 1.0 (fully relevant)>, "reason": "<why>"}`,
};

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** The judge's messages for one model-graded assert. */
export function gradeMessages(input: GradeInput): ChatMessage[] {
  const type = input.type === "model-graded-factuality" ? "factuality" : input.type;
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: QUESTIONS[type]!(input) },
  ];
}

export async function gradedAssert(input: GradeInput, inverse: boolean, ask: Ask, embed?: Embed): Promise<GradingResult> {
  const result = input.type === "answer-relevance" && embed ? await embeddingRelevance(input, ask, embed) : await judged(input, ask);
  // The not- form: llm-rubric, g-eval and answer-relevance flip pass and score; closedqa and factuality have none.
  if (result.ungraded !== undefined || !inverse || !INVERTIBLE.has(input.type)) return result;
  return { ...result, pass: !result.pass, score: Math.min(1, Math.max(0, 1 - result.score)) };
}

async function judged(input: GradeInput, ask: Ask): Promise<GradingResult> {
  const read = (reply: string) => readReply(input, reply);
  const asked = await ask(gradeMessages(input), (reply) => !("ungraded" in read(reply) && read(reply).ungraded !== undefined));
  if ("error" in asked) return { pass: false, score: 0, reason: asked.error, ungraded: asked.error };
  return read(asked.reply);
}

function readReply(input: GradeInput, reply: string): GradingResult {
  const type = input.type === "model-graded-factuality" ? "factuality" : input.type;
  if (type === "model-graded-closedqa") return readClosedQa(reply);
  if (type === "factuality") return readFactuality(reply, input.options.factuality);
  const json = firstJson(reply);
  if (!json) return ungraded(`the judge's reply holds no JSON object: ${reply.slice(0, 200)}`);
  if (type === "llm-rubric") return readRubric(json, input.assertion);
  return readScored(type, json, input.assertion);
}

const ungraded = (why: string): GradingResult => ({ pass: false, score: 0, reason: why, ungraded: why });

function firstJson(reply: string): Record<string, unknown> | undefined {
  const found = extractJsonObjects(reply)[0];
  return isRecord(found) ? found : undefined;
}

/** promptfoo's runJsonGradingPrompt: pass defaults to true, a string pass is read as yes/true/pass/y, score defaults to pass. */
function readRubric(json: Record<string, unknown>, assertion: PfAssertion): GradingResult {
  let pass = json["pass"] ?? true;
  if (typeof pass !== "boolean") pass = /^(true|yes|pass|y)$/i.test(String(pass));
  let score = json["score"];
  if (typeof score !== "number") score = Number.isFinite(Number(score)) ? Number(score) : Number(pass);
  const threshold = assertion.threshold;
  if (typeof threshold === "number" && Number.isFinite(threshold)) pass = (pass as boolean) && (score as number) >= threshold;
  const reason =
    typeof json["reason"] === "string" && json["reason"]
      ? json["reason"]
      : pass
        ? "Grading passed"
        : `Score ${score} below threshold ${threshold}`;
  return { pass: pass as boolean, score: score as number, reason };
}

function readClosedQa(reply: string): GradingResult {
  const end = reply.trimEnd();
  const pass = end.endsWith("Y");
  if (!pass && !end.endsWith("N")) return ungraded(`Model grader produced a malformed response:\n${reply}`);
  return {
    pass,
    score: pass ? 1 : 0,
    reason: pass ? `The submission meets the criterion:\n${reply}` : `The submission does not meet the criterion:\n${reply}`,
  };
}

const FACTUALITY_KEYS: Record<string, string> = { A: "subset", B: "superset", C: "agree", D: "disagree", E: "differButFactual" };

function readFactuality(reply: string, weights: Record<string, number> | undefined): GradingResult {
  let option: string | undefined;
  let reason: string | undefined;
  const json = firstJson(reply);
  if (json && typeof json["category"] === "string") {
    option = json["category"].trim().toUpperCase();
    if (!/^[A-E]$/.test(option)) return ungraded(`Invalid category value: ${option}`);
    reason = typeof json["reason"] === "string" && json["reason"].trim() ? json["reason"].trim() : `Category ${option}`;
  } else {
    const match = /\s*\(?([a-eA-E])\)/.exec(reply);
    if (!match) return ungraded(`Factuality checker output did not match expected format: ${reply}`);
    option = match[1]!.toUpperCase();
    reason = /\)\s*(.*)/s.exec(reply)?.[1]?.trim() || reply;
  }
  const score = weights?.[FACTUALITY_KEYS[option]!] ?? (option === "D" ? 0 : 1);
  return { pass: score > 0, score, reason };
}

/** g-eval (0–10, divided by 10) and answer-relevance (0–1): a score out of its range grades nothing. */
function readScored(type: string, json: Record<string, unknown>, assertion: PfAssertion): GradingResult {
  const max = type === "g-eval" ? 10 : 1;
  const raw =
    typeof json["score"] === "number"
      ? json["score"]
      : typeof json["score"] === "string" && json["score"].trim()
        ? Number(json["score"])
        : Number.NaN;
  if (!Number.isFinite(raw) || raw < 0 || raw > max)
    return ungraded(`the judge's score ${JSON.stringify(json["score"])} is not a number from 0 to ${max}`);
  const score = raw / max;
  const threshold = assertion.threshold ?? (type === "g-eval" ? 0.7 : 0.5);
  const reason = typeof json["reason"] === "string" ? json["reason"] : "";
  return { pass: score >= threshold, score, reason };
}

/** The grading prompts' text, hashed into the judge's identity (a prompt edit is a changed grader). */
export const GRADING_PROMPTS_TEXT =
  SYSTEM +
  Object.values(QUESTIONS)
    .map((question) => question.toString())
    .join("\n");
