// The engine bundle's entry (dist/cli/engine.cjs, built by .ci/bundle.mjs): the CLI's main, required by
// dist/cli.js, and the programmatic API for dist/api.js, initialised on first use so that the CLI's
// start does not pay for it.
export { main } from "./main.ts";

export const api = (): typeof import("../index.ts") => require("../index.ts");
