import type { PaceFeedback, Pacer, PacerState } from "./pacer.ts";
export interface Limiter {
    /**
     * Runs `task` once a slot is free and the pacer lets it start; the slot is held until the task
     * settles. `task` gets its start time. An abort of `signal` while waiting (for the model's slot,
     * the pacer or the global slot) rejects at once, and so does the limits' `stop` signal.
     */
    run<T>(task: (startedAt: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
    /** How an attempt ended, for the pacer: refusals (429) slow it, answers and rate-limit headers tune it. */
    feedback(attempt: PaceFeedback): void;
    /** The pace this model's endpoint holds to, and the refusals it has seen. */
    readonly state: PacerState;
}
/** The pacers one model's requests wait for. */
export interface ModelPacers {
    /** The model's own limits: `rate:`, `tokens-per-minute`, and what its provider's headers announce. */
    model: Pacer;
    /** Its host's: the rate learned from refusals. */
    host: Pacer;
}
export interface Limits {
    /** The limiter for one model: its own cap (when set), its pacers (when given), then the global cap. */
    forModel(concurrency: number | undefined, pacers?: ModelPacers): Limiter;
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
