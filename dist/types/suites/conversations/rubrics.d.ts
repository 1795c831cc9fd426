import type { InputProblem } from "../../config/errors.ts";
import type { ChatMessage } from "../../models/types.ts";
export interface Rubric {
    name: string;
    prompt: string;
    /** Choice key → score, in the file's order (the parser tries them in this order). */
    choiceScores: [string, number][];
    notes?: string;
    file: string;
    line: number;
}
export declare const PLACEHOLDERS: readonly ["conversation", "context", "content", "completion", "tool_calls"];
/**
 * Reads a FlexEval rubric file through the shared YAML reader (syntax errors, duplicate keys and
 * alias bombs are problems with file:line:column); every problem names the file, the line and the
 * rubric's field.
 */
export declare function parseRubricFile(text: string, file: string): {
    rubrics: Map<string, Rubric>;
    problems: InputProblem[];
};
export declare function usesPlaceholder(prompt: string, name: (typeof PLACEHOLDERS)[number]): boolean;
/** FlexEval's rules: {conversation} with {context}, and {content} with {completion}, are errors. */
export declare function placeholderProblem(prompt: string): string | null;
export type PromptValues = Record<(typeof PLACEHOLDERS)[number], string>;
/** Python's str.format for the known placeholders: `{{` and `}}` are literal braces; anything else stays. */
export declare function fillPrompt(prompt: string, values: PromptValues): string;
export declare function graderMessages(filledPrompt: string, rubric: Rubric): ChatMessage[];
export type GradeParse = {
    ok: true;
    choice: string;
    score: number;
} | {
    ok: false;
    reason: string;
};
/**
 * FlexEval's parser, walking the answer's lines from the bottom, punctuation stripped, and taking the
 * first choice the line starts or ends with — but as a whole word: FlexEval's `startswith` reads
 * "NOTE: ..." as NO and "INCORRECT" as CORRECT. A line that starts with one choice and ends with
 * another ("YES or NO") is ambiguous and makes the grade invalid rather than picking by file order.
 */
export declare function parseGrade(text: string, choiceScores: [string, number][]): GradeParse;
/** Rubric scores mapped to 0..1 over the rubric's own range (FlexEval keeps the raw score). */
export declare function normalizeChoiceScore(score: number, choiceScores: [string, number][]): number;
