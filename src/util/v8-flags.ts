// The V8 flags a long run sets, for both entry points (CLI and action). Three jobs, one timing rule:
// keep memory flat as cases pile up (the young generation), keep undici's WebAssembly HTTP parser
// from being recompiled by the optimising compiler (whose memory was a run's peak), and offer the
// linear-time RegExp engine to checks.
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
}
