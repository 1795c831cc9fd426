// answer-relevance as promptfoo 0.123 measures it when the suite has an `embedding-model`
// (matchesAnswerRelevance): the judge writes, three times, the question the answer answers
// (evalgate's own prompt); the test's `query` var (else the prompt) and each question are embedded;
// the score is their mean cosine similarity, passing at the threshold (0.5), with promptfoo's reason.
// A question or a vector that cannot be had grades nothing: `ungraded`, never a pass or a fail.
import type { Ask, GradeInput } from "./grading.ts";
import type { GradingResult } from "./result.ts";

/** What the answer is compared with: the test's `query` var, else the prompt (promptfoo's handleAnswerRelevance). */
export const relevanceQuery = (input: Pick<GradeInput, "vars" | "prompt">) =>
  typeof input.vars["query"] === "string" ? (input.vars["query"] as string) : input.prompt;

/** One text's embedding, or why it could not be had. */
export type Embed = (text: string) => Promise<{ embedding: number[] } | { error: string }>;

export const RELEVANCE_QUESTIONS = 3;

const SYSTEM = "You write test questions for an automated evaluation. Reply with the question only, on one line.";
const generate = (answer: string) =>
  `Write the one question that the answer below answers, as a user would ask it.\n\n<Answer>\n${answer}\n</Answer>`;

/** promptfoo's cosineSimilarity: dot product over the norms' product. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`the embeddings have different lengths (${a.length} and ${b.length})`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return dot / (Math.sqrt(normA) * Math.sqrt(normB));
}

const ungraded = (why: string): GradingResult => ({ pass: false, score: 0, reason: why, ungraded: why });

export async function embeddingRelevance(input: GradeInput, ask: Ask, embed: Embed): Promise<GradingResult> {
  const questions: string[] = [];
  for (let i = 0; i < RELEVANCE_QUESTIONS; i++) {
    const messages = [
      { role: "system" as const, content: SYSTEM },
      { role: "user" as const, content: generate(input.output) },
    ];
    const asked = await ask(messages, (reply) => reply.trim() !== "", i);
    if ("error" in asked) return ungraded(asked.error);
    if (asked.reply.trim() === "") return ungraded("the judge wrote no question");
    questions.push(asked.reply.trim());
  }
  const base = await embed(relevanceQuery(input));
  if ("error" in base) return ungraded(base.error);
  const similarities: number[] = [];
  for (const question of questions) {
    const vector = await embed(question);
    if ("error" in vector) return ungraded(vector.error);
    try {
      similarities.push(cosineSimilarity(base.embedding, vector.embedding));
    } catch (error) {
      return ungraded((error as Error).message);
    }
  }
  const similarity = similarities.reduce((sum, s) => sum + s, 0) / similarities.length;
  const threshold = input.assertion.threshold ?? 0.5;
  const pass = similarity >= threshold - Number.EPSILON;
  const reason = `Relevance ${similarity.toFixed(2)} is ${pass ? "greater" : "less"} than threshold ${threshold}`;
  return { pass, score: similarity, reason };
}
