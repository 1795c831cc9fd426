import type { InputProblem } from "../../config/errors.ts";
import { type MetricItem } from "./options.ts";
export interface FlexEvalEval {
    function: MetricItem[];
    rubric: MetricItem[];
    /** FlexEval's do_completion: whether the eval asks for new completions. */
    doCompletion: boolean;
    /** The line of the eval's name in the file. */
    line: number;
}
/**
 * One eval of a FlexEval evals.yaml, read through the shared YAML reader: syntax errors, duplicate
 * keys (PyYAML keeps the last silently) and alias bombs are problems with file:line:column.
 */
export declare function readFlexEvalEval(text: string, file: string, evalName: string): {
    eval?: FlexEvalEval;
    problems: InputProblem[];
};
