// FlexEval's rubric metrics: the rubric file (rubric_metrics.yaml, loaded as it is), the placeholder
// rules, the grader conversation with its chain-of-thought preamble, and reading the choice back.
import { isMap, isScalar } from "yaml";
import { closest } from "../../config/did-you-mean.ts";
import type { InputProblem } from "../../config/errors.ts";
import { type PositionedYaml, parsePositionedYaml, yamlProblems } from "../../config/yaml-positions.ts";
import type { ChatMessage } from "../../models/types.ts";
import { clipText } from "../../util/escape.ts";

export interface Rubric {
  name: string;
  prompt: string;
  /** Choice key → score, in the file's order (the parser tries them in this order). */
  choiceScores: [string, number][];
  notes?: string;
  file: string;
  line: number;
}

export const PLACEHOLDERS = ["conversation", "context", "content", "completion", "tool_calls"] as const;

/**
 * Reads a FlexEval rubric file through the shared YAML reader (syntax errors, duplicate keys and
 * alias bombs are problems with file:line:column); every problem names the file, the line and the
 * rubric's field.
 */
export function parseRubricFile(text: string, file: string): { rubrics: Map<string, Rubric>; problems: InputProblem[] } {
  const yaml = parsePositionedYaml(text);
  const problems = yamlProblems(yaml, file);
  const rubrics = new Map<string, Rubric>();
  if (problems.length > 0) return { rubrics, problems };
  const { contents } = yaml.doc;
  if (!isMap(contents)) {
    problems.push({ file, line: 1, message: "expected a map of rubric name → {prompt, choice_scores}" });
    return { rubrics, problems };
  }
  // The document's value, aliases expanded (within the shared limit); the pairs give the order and lines.
  const values = yaml.value as Record<string, unknown>;
  for (const pair of contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    const line = yaml.positionOfNode(pair)?.line ?? 1;
    const value: unknown = values[key] ?? null;
    const where = (field: string, message: string) => problems.push({ file, line, field: `${key}.${field}`, message });
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push({ file, line, field: key, message: "expected {prompt, choice_scores}" });
      continue;
    }
    const entry = value as Record<string, unknown>;
    if (typeof entry["prompt"] !== "string" || !entry["prompt"].trim()) {
      where("prompt", "expected the rubric's prompt text");
      continue;
    }
    const scores = entry["choice_scores"];
    if (typeof scores !== "object" || scores === null || Array.isArray(scores) || Object.keys(scores).length === 0) {
      where("choice_scores", 'expected choice → score, e.g. {"YES": 1, "NO": 0}');
      continue;
    }
    const choiceScores: [string, number][] = [];
    for (const [choice, score] of Object.entries(scores)) {
      if (typeof score !== "number" || !Number.isFinite(score))
        where(`choice_scores.${choice}`, `expected a number, got ${JSON.stringify(score)}`);
      else choiceScores.push([choice, score]);
    }
    const problem = placeholderProblem(entry["prompt"]);
    if (problem) where("prompt", problem);
    const firstLine = promptFirstLine(yaml, key) ?? line;
    for (const field of formatProblems(entry["prompt"])) {
      problems.push({ file, line: firstLine + field.lineOffset, field: `${key}.prompt`, message: field.message });
    }
    rubrics.set(key, {
      name: typeof entry["name"] === "string" ? entry["name"] : key,
      prompt: entry["prompt"],
      choiceScores,
      ...(typeof entry["notes"] === "string" ? { notes: entry["notes"] } : {}),
      file,
      line,
    });
  }
  return { rubrics, problems };
}

/** The line of a rubric prompt's first text line: a block scalar (`prompt: |`) starts on the line after its key. */
function promptFirstLine(yaml: PositionedYaml, key: string): number | undefined {
  const node = yaml.doc.getIn([key, "prompt"], true);
  const line = yaml.positionOfNode(node)?.line;
  if (line === undefined || !isScalar(node)) return line;
  return node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED" ? line + 1 : line;
}

export function usesPlaceholder(prompt: string, name: (typeof PLACEHOLDERS)[number]): boolean {
  return prompt.includes(`{${name}}`);
}

/** FlexEval's rules: {conversation} with {context}, and {content} with {completion}, are errors. */
export function placeholderProblem(prompt: string): string | null {
  if (usesPlaceholder(prompt, "conversation") && usesPlaceholder(prompt, "context")) {
    return "uses both {conversation} and {context}; FlexEval allows one of them ({conversation} already contains the context)";
  }
  if (usesPlaceholder(prompt, "content") && usesPlaceholder(prompt, "completion")) {
    return "uses both {content} and {completion}; FlexEval allows one of them (the completion is the content in completion mode)";
  }
  return null;
}

/**
 * What Python's str.format would refuse in a rubric prompt, as FlexEval formats it: a field that is
 * not one of the placeholders (`{contnet}`: a KeyError there, sent as text here otherwise), or a
 * single `{` or `}` (write `{{` and `}}` for literal braces). lineOffset: the line within the prompt.
 */
export function formatProblems(prompt: string): { lineOffset: number; message: string }[] {
  const problems: { lineOffset: number; message: string }[] = [];
  const lineOf = (index: number) => prompt.slice(0, index).split("\n").length - 1;
  const known: readonly string[] = PLACEHOLDERS;
  for (let i = 0; i < prompt.length; i++) {
    const char = prompt[i];
    if ((char === "{" || char === "}") && prompt[i + 1] === char) {
      i++;
      continue;
    }
    if (char === "}") {
      problems.push({ lineOffset: lineOf(i), message: "a single '}' in the prompt; write '}}' for a literal brace" });
      continue;
    }
    if (char !== "{") continue;
    const close = prompt.indexOf("}", i);
    const open = prompt.indexOf("{", i + 1);
    if (close < 0 || (open >= 0 && open < close)) {
      problems.push({ lineOffset: lineOf(i), message: "a single '{' in the prompt; write '{{' for a literal brace" });
      continue;
    }
    const name = prompt.slice(i + 1, close);
    if (!known.includes(name)) {
      const suggestion = closest(name, [...PLACEHOLDERS]);
      problems.push({
        lineOffset: lineOf(i),
        message: `unknown placeholder {${name.length > 40 ? `${name.slice(0, 40)}…` : name}}${suggestion ? ` (did you mean {${suggestion}}?)` : ""}; a rubric may use ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")} (and {{ }} for a literal brace)`,
      });
    }
    i = close;
  }
  return problems;
}

export type PromptValues = Record<(typeof PLACEHOLDERS)[number], string>;

/** Python's str.format for the known placeholders: `{{` and `}}` are literal braces; anything else stays. */
export function fillPrompt(prompt: string, values: PromptValues): string {
  return prompt.replace(/\{\{|\}\}|\{(conversation|context|content|completion|tool_calls)\}/g, (match, name?: keyof PromptValues) =>
    name ? values[name] : match[0]!,
  );
}

// FlexEval's grader call, word for word: a chain-of-thought preamble as the assistant, the rubric
// with the answer instruction, the preamble again.
const COT_PREAMBLE =
  "\nBefore answering, I will reason in a step-by-step manner as to get the right answer, then conclude with the answer in the format requested.";

function answerInstruction(choices: string[]): string {
  const list = `[${choices.map((c) => `'${c}'`).join(", ")}]`;
  return `"
    First, write out in a step by step manner your reasoning to be sure that your conclusion is correct. Avoid simply stating the correct answer at the outset. Then print only a single choice from ${list} (without quotes or punctuation) on its own line corresponding to the correct answer. At the end, repeat just the answer by itself on a new line.

    Reasoning:`;
}

export function graderMessages(filledPrompt: string, rubric: Rubric): ChatMessage[] {
  return [
    { role: "system", content: "You are a helpful assistant." },
    { role: "assistant", content: COT_PREAMBLE },
    { role: "user", content: filledPrompt + answerInstruction(rubric.choiceScores.map(([choice]) => choice)) },
    { role: "assistant", content: COT_PREAMBLE },
  ];
}

export type GradeParse = { ok: true; choice: string; score: number } | { ok: false; reason: string };

// Python's string.punctuation: trimmed from the ends of a line before matching.
const EDGE_PUNCTUATION = /^[\s!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+|[\s!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+$/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether `outer` contains `inner` as whole words ("PARTIALLY CORRECT" contains CORRECT, "INCORRECT" does not). */
function containsWhole(outer: string, inner: string): boolean {
  for (let at = outer.indexOf(inner); at >= 0; at = outer.indexOf(inner, at + 1)) {
    const before = outer[at - 1];
    const after = outer[at + inner.length];
    if ((before === undefined || !WORD_CHAR.test(before)) && (after === undefined || !WORD_CHAR.test(after))) return true;
  }
  return false;
}

/** The choices a line starts or ends with as whole words (the line as written, and with its edge punctuation trimmed). */
function choicesNamed(raw: string, choiceScores: [string, number][]): [string, number][] {
  const spaced = raw.trim().replace(/\s+/g, " ");
  const variants = [...new Set([spaced, spaced.replace(EDGE_PUNCTUATION, "")])];
  const wordAt = (text: string, i: number) => i >= 0 && i < text.length && WORD_CHAR.test(text[i]!);
  return choiceScores.filter(([choice]) => {
    const key = choice.trim().replace(/\s+/g, " ");
    return (
      key !== "" &&
      variants.some(
        (line) =>
          (line.startsWith(key) && !wordAt(line, key.length)) || (line.endsWith(key) && !wordAt(line, line.length - key.length - 1)),
      )
    );
  });
}

/**
 * FlexEval's parser, walking the answer's lines from the bottom and taking a choice the line starts
 * or ends with, with three differences: a choice must be there as whole words (FlexEval's
 * `startswith` reads "NOTE: ..." as NO and "INCORRECT" as CORRECT); keys are matched as written,
 * punctuation included ("N/A"; FlexEval strips the line's punctuation but not the key's, so it never
 * reads one); of choices contained in one another the longest wins ("PARTIALLY CORRECT"), and a line
 * naming two separate choices ("YES or NO") is ambiguous, invalid rather than decided by file order.
 */
export function parseGrade(text: string, choiceScores: [string, number][]): GradeParse {
  const lines = text.trim().split("\n").reverse();
  for (const raw of lines) {
    const named = choicesNamed(raw, choiceScores);
    const longest = named.filter(([choice]) => !named.some(([other]) => other !== choice && containsWhole(other, choice)));
    const distinct = [...new Set(longest.map(([choice]) => choice))];
    if (distinct.length > 1)
      return { ok: false, reason: `ambiguous: the line "${clipText(raw.trim(), 80)}" names ${distinct.join(" and ")}` };
    if (distinct.length === 1) {
      const [choice, score] = longest[0]!;
      return { ok: true, choice, score };
    }
  }
  return { ok: false, reason: `no line starts or ends with one of ${choiceScores.map(([c]) => c).join(", ")}` };
}

/** Rubric scores mapped to 0..1 over the rubric's own range (FlexEval keeps the raw score). */
export function normalizeChoiceScore(score: number, choiceScores: [string, number][]): number {
  const values = choiceScores.map(([, s]) => s);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return max === min ? score : (score - min) / (max - min);
}
