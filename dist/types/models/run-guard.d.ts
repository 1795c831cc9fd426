export interface RunGuardOptions {
    /** Milliseconds from the guard's creation after which no new request is sent. */
    deadlineMs?: number;
    /** USD the run may spend (from the models' price tables). */
    budgetUsd?: number;
    /** The clock, injectable for tests. */
    now?: () => number;
}
export interface RunGuard {
    /** Why nothing new may be sent (deadline, budget), evaluated now; null while the run may go on. */
    check(): string | null;
    /** Adds one call's cost (null when unknown: it counts nothing). */
    recordCost(usd: number | null): void;
    spentUsd(): number;
    /** Milliseconds left before the deadline (0 once it passed); null without a deadline. */
    remainingMs(): number | null;
    /**
     * Stops the run for a reason of its own (a provider's quota used up): as the deadline does, nothing
     * new is sent and every wait ends. The first reason stays.
     */
    halt(reason: string): void;
    readonly limits: {
        deadlineMs?: number;
        budgetUsd?: number;
    };
    /**
     * Aborted the moment the guard stops (the deadline's timer fires, or a check() that finds a limit
     * reached, as after a cost that uses up the budget), with an Error carrying RUN_STOPPED and the
     * reason. Waits listen to it to end at once; requests on the wire do not (what is in flight finishes).
     */
    readonly signal: AbortSignal;
    /** Clears the deadline's timer (the run is over); the guard's state stays readable. */
    close(): void;
}
/** Marks an error as "not sent because the run stopped", so the engine counts the case as not run. */
export declare const RUN_STOPPED = "not sent, the run stopped";
export declare function createRunGuard(options?: RunGuardOptions): RunGuard;
