// The V8 flags a run sets, for both entry points (CLI and action). Four jobs, one timing rule:
// keep memory flat as cases pile up (the young generation), keep undici's WebAssembly HTTP parser
// from being recompiled by the optimising compiler (whose memory was a run's peak), offer the
// linear-time RegExp engine to checks, and keep JavaScript's optimising compilers out of short runs.
import { setFlagsFromString } from "node:v8";

/**
 * A small young generation: V8 grows the new space each time the objects surviving scavenges add up
 * to its size, and in a run every case summary survives, so the resident set would grow with the
 * number of cases although nothing more is held. A growth factor of 1 keeps the semi-spaces at their
 * size; scavenges get more frequent but each stays tiny. (--optimize-for-size saves a little more
 * memory but costs CPU per case, and every CPU millisecond is a slot's response waiting.)
 */
const YOUNG_GENERATION_FLAGS = ["--semi-space-growth-factor=1"];

/**
 * No TurboFan for WebAssembly: undici parses HTTP with llhttp compiled to WebAssembly, and V8's
 * dynamic tiering would recompile its hot parse function (one huge state machine), needing a large
 * block of compiler memory at once. Liftoff's code parses a response nearly as fast. Must be set
 * before the first connection compiles llhttp.
 */
const WASM_FLAGS = ["--no-wasm-tier-up", "--no-wasm-dynamic-tiering"];

/**
 * V8's linear-time regular-expression engine (the RegExp flag `l`): a check's regex runs on it when
 * it can, so a pattern from the config cannot backtrack for ever on a model's answer
 * (suites/checks/regex.ts, which also turns it on itself when an embedder did not).
 */
const REGEXP_FLAGS = ["--enable-experimental-regexp-engine"];

/**
 * V8's optimising tiers (Maglev, TurboFan) off until the process has used OPTIMISING_AFTER_CPU_MS of
 * CPU. A run of a few hundred cases waits on its endpoints: the optimising compilers' zones and code
 * were ~11 MiB of a 500-case run's 97 MiB peak, and the code they made saved no CPU before the run
 * ended (the bench's 500-case and agent runs: the same CPU either way). A long run (10,000 cases at
 * 0 ms, a 200,000-message thread) needs them: without them its CPU per case was 1.7x. So they join
 * once a run has shown it is long; V8 reads these two flags at each tier-up decision.
 */
const OPTIMISING_TIERS = ["maglev", "turbofan"];
const OPTIMISING_AFTER_CPU_MS = 2000;

let applied = false;

/**
 * Applies the flags once, after the entry point has loaded its modules: changing a V8 flag changes
 * V8's flag hash, and Node's built-in modules no longer match the code cache they ship with, so
 * every one loaded after the change would be compiled from source, delaying the first request.
 */
export function applyRunV8Flags(): void {
  if (applied) return;
  applied = true;
  for (const flag of [...YOUNG_GENERATION_FLAGS, ...WASM_FLAGS, ...REGEXP_FLAGS]) setFlagsFromString(flag);
  deferOptimisingTiers(OPTIMISING_AFTER_CPU_MS);
}

/** Turns the optimising tiers off, and on again once the process has used `cpuMs` of CPU (all threads). */
export function deferOptimisingTiers(cpuMs: number): void {
  for (const tier of OPTIMISING_TIERS) setFlagsFromString(`--no-${tier}`);
  const watch = setInterval(() => {
    const used = process.cpuUsage();
    if ((used.user + used.system) / 1000 < cpuMs) return;
    clearInterval(watch);
    for (const tier of OPTIMISING_TIERS) setFlagsFromString(`--${tier}`);
  }, 100);
  watch.unref(); // never what keeps a finished run alive
}
