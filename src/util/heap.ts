// Start-up settings for both entry points (CLI and action).
import { setFlagsFromString } from "node:v8";

let tuned = false;

/**
 * Heap settings for a long run, applied once the entry point has loaded its modules: changing a
 * V8 flag changes V8's flag hash, and Node's built-in modules then no longer match the code cache
 * they ship with, so every one loaded after the change is compiled from source (measured: ~25 ms
 * more to the first request). Set after loading, the flags cost nothing at start-up.
 *
 * A small young generation: V8 doubles the new space (up to 2 x 32 MiB) each time the objects
 * surviving scavenges add up to its size, and in a run every case summary survives: the resident
 * set then grew with the number of cases although nothing more was held. A growth factor of 1
 * keeps the semi-spaces at their size; scavenges get more frequent but each stays tiny. Measured with
 * `npm run bench -- --only flat,csv`: 10,000 cases peak at 130 MiB instead of 260 MiB.
 * (--optimize-for-size, tried too, saved another 14 MiB there for a third more CPU per case:
 * 0.59 ms instead of 0.45, and every CPU millisecond is a slot's response waiting.)
 *
 * No TurboFan for WebAssembly: undici parses HTTP with llhttp compiled to WebAssembly, and V8's
 * dynamic tiering recompiles its hot parse function (one huge state machine) with TurboFan, which
 * needs ~10 MiB of compiler memory at once: the run's peak. Liftoff's code parses a response only
 * a little slower, a few microseconds per request. Set before the first connection compiles
 * llhttp. Measured on the bench's 500-case run: peak RSS 100 MiB -> 89 MiB.
 */
const TUNED = ["--semi-space-growth-factor=1", "--no-wasm-tier-up", "--no-wasm-dynamic-tiering"];

export function tuneHeapForRun(): void {
  if (tuned) return;
  tuned = true;
  for (const flag of TUNED) setFlagsFromString(flag);
}
