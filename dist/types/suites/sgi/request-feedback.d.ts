import type { CaseOutcome, RunContext } from "../../engine/types.ts";
import type { JsonResponse } from "../../models/json-endpoint.ts";
import type { SgiOptions } from "./options.ts";
import { type AthenaResponse } from "./response.ts";
export type FeedbackAnswer = {
    ok: true;
    response: JsonResponse;
    parsed: AthenaResponse;
    requests: number;
} | {
    ok: false;
    error: NonNullable<CaseOutcome["error"]>;
    requests: number;
    lastBody?: unknown;
};
export declare function requestFeedback(body: unknown, ctx: RunContext & {
    options: SgiOptions;
}): Promise<FeedbackAnswer>;
