import type { LoadContext, LoadedSuite } from "../../engine/types.ts";
import type { ConversationsOptions } from "./options.ts";
import { type PlannedMetric } from "./plan.ts";
import { type RawThread } from "./thread.ts";
export interface ConversationPlan {
    mode: "historical" | "completion";
    metrics: PlannedMetric[];
}
export interface ConversationInput {
    thread: RawThread;
    file: string;
    line: number;
    plan: ConversationPlan;
}
export declare function loadConversationsSuite(ctx: LoadContext & {
    options: ConversationsOptions;
}): Promise<LoadedSuite<ConversationInput>>;
