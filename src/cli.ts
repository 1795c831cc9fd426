// The CLI's executable entry. Built (dist/cli.js), it requires the engine bundle dist/cli/engine.cjs
// with Node's compile cache on; run from source (`node src/cli.ts`, as the tests do), it imports the
// engine's modules directly. `--version` needs neither.
import module from "node:module"; // not a named import: enableCompileCache is missing before Node 22.1
import { VERSION } from "./version.ts";

/** The engine bundle's path relative to this file, set by .ci/bundle.mjs; undefined when run from source. */
declare const ENGINE_BUNDLE: string | undefined;

interface Engine {
  main(argv: string[]): Promise<number>;
}

const argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-v" || argv[0] === "version") {
  process.stdout.write(`${VERSION}\n`);
} else {
  let engine: Engine;
  if (typeof ENGINE_BUNDLE === "string") {
    startCompileCache();
    engine = module.createRequire(import.meta.url)(ENGINE_BUNDLE) as Engine;
  } else engine = await import("./cli/main.ts");
  process.exitCode = await engine.main(argv);
}

/**
 * Node keeps the bundle's compiled code on disk (NODE_COMPILE_CACHE, else the OS temp folder; off
 * with NODE_DISABLE_COMPILE_CACHE=1), so a start after the first compiles little of it.
 */
function startCompileCache(): void {
  try {
    module.enableCompileCache?.();
  } catch {
    // a read-only or missing temp folder: start without
  }
}
