// The engine bundle's entry (dist/cli/engine.cjs, built by .ci/bundle.mjs): the CLI's main, started by
// dist/cli.js (with underDefaultFlags, under which it makes the bundle's code cache: this copy of
// util/heap.ts is the one main tunes), and the programmatic API for dist/api.js, initialised on first use so that the CLI's
// start does not pay for it.
export { underDefaultFlags } from "../util/heap.ts";
export { main } from "./main.ts";

export const api = (): typeof import("../index.ts") => require("../index.ts");
