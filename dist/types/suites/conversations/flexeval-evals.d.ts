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
export declare function readFlexEvalEval(text: string, file: string, evalName: string): {
    eval?: FlexEvalEval;
    problems: InputProblem[];
};
