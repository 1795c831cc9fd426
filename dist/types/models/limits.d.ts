import { type AttemptFeedback } from "./adaptive.ts";
export interface Limiter {
    /**
     * Runs `task` once a slot is free; the slot is held until the task settles. `task` gets the slot's start time.
     * An abort of `signal` while waiting for the model's slot (a Retry-After pause included) rejects at once.
     */
    run<T>(task: (startedAt: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
    /** How an attempt ended: refusals (429/503) shrink the model's limit, answers grow it back. */
    feedback(attempt: AttemptFeedback): void;
    /** The model's current limit and the refusals it has seen. */
    readonly state: {
        limit: number;
        refused: number;
        cuts: number;
    };
}
export interface Limits {
    /** The limiter for one model: its adaptive limit (ceiling: its own cap when set), then the global one. */
    forModel(concurrency: number | undefined): Limiter;
}
export declare function createLimits(globalConcurrency: number): Limits;
