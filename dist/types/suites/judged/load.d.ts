import { type InputProblem } from "../../config/errors.ts";
import { TextChecker } from "../../config/text-file.ts";
import type { LoadContext, LoadedSuite } from "../../engine/types.ts";
import type { JudgedOptions } from "./options.ts";
import type { Attachment } from "./prompt.ts";
export interface JudgedInput {
    agent: string;
    /** 1-based run number (`runs:` answers per prompt per agent). */
    run: number;
    /** 1-based index of the prompt among the CSV's usable rows. */
    row: number;
    prompt: string;
    /** The row's judge_prompt: what a good answer contains. */
    criteria: string;
    attachments: Attachment[];
    /** The judge-preamble file's text, when the suite sets one. */
    preamble?: string;
}
/** One usable CSV row. */
export interface PromptRow {
    line: number;
    prompt: string;
    criteria: string;
    /** Paths from the files column (separated by ";"), relative to the CSV's folder. */
    files: string[];
}
/** Parses the CSV text into usable rows; rows with an empty prompt or judge_prompt are skipped with a warning. */
export declare function readPromptRows(text: string, file: string): {
    rows: PromptRow[];
    warnings: InputProblem[];
};
/**
 * The same, streamed from the file: rows are handed to `onRow` as they are read, never all held.
 * Lines with NUL bytes or invalid UTF-8 are noted in `checker`; the rows' own warnings (a row
 * skipped, a column ignored) go to `warnings` as they are found, so they outlive a later row's error.
 */
export declare function streamPromptRows(path: string, file: string, onRow: (row: PromptRow) => Promise<void> | void, checker?: TextChecker, warnings?: InputProblem[]): Promise<void>;
export declare function loadJudgedSuite(ctx: LoadContext & {
    options: JudgedOptions;
}): Promise<LoadedSuite<JudgedInput>>;
