import { type AttemptFeedback } from "./adaptive.ts";
export interface Limiter {
    /**
     * Runs `task` once a slot is free; the slot is held until the task settles. `task` gets the slot's start time.
     * An abort of `signal` while waiting for a slot (the model's, a Retry-After pause included, or the global one)
     * rejects at once, and so does the limits' `stop` signal (for every wait, and every run after it).
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
export interface LimitsOptions {
    /**
     * Aborted when nothing more may be sent (the run guard's signal: the deadline or budget reached).
     * Every wait for a slot (the model's or the global one), and every later one, then rejects with its
     * reason; a task already running keeps its slot and finishes.
     */
    stop?: AbortSignal;
}
export declare function createLimits(globalConcurrency: number, options?: LimitsOptions): Limits;
