import type { LoadContext, LoadedSuite } from "../../engine/types.ts";
import type { ChatMessage, ToolSchema } from "../../models/types.ts";
import type { ActualCall, ExpectedCall } from "./metrics.ts";
import type { FunctionCallOptions } from "./options.ts";
export interface FunctionCallInput {
    origin: "evalgate" | "bfcl";
    scenarioType: string;
    /** The simulated user's instructions (live multi-turn). */
    instructions: string;
    completionCondition: string;
    /** Single-turn cases (BFCL): the messages sent to the target as they are. */
    question?: ChatMessage[];
    /** Offered to the target, with the case's own names. */
    tools: ToolSchema[];
    expected: ExpectedCall[];
    /** Function name → what the tool returns when the target calls it. */
    mockedResults: Record<string, unknown>;
    /** Calls already made (recorded): scored without running anything. */
    recorded?: ActualCall[];
}
type Options = FunctionCallOptions;
export declare function loadFunctionCallSuite(ctx: LoadContext & {
    options: Options;
}): Promise<LoadedSuite<FunctionCallInput>>;
/** BFCL categories from ids: simple_python_12 → simple_python, live_multiple_3-1-0 → live_multiple. */
export declare function bfclCategory(id: string): string;
export {};
