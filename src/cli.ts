// The CLI's executable entry. Built (dist/cli.js), it starts the engine bundle dist/cli/engine.cjs
// through its code cache (cli/engine-bundle.ts); run from source (`node src/cli.ts`, as the tests do),
// it imports the engine's modules directly. `--version` needs neither.
import { fileURLToPath } from "node:url";
import type { Engine } from "./cli/engine-bundle.ts";
import { VERSION } from "./version.ts";

/** The engine bundle's path relative to this file, set by .ci/bundle.mjs; undefined when run from source. */
declare const ENGINE_BUNDLE: string | undefined;

const argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-v" || argv[0] === "version") {
  process.stdout.write(`${VERSION}\n`);
} else {
  const engine: Engine =
    typeof ENGINE_BUNDLE === "string"
      ? (await import("./cli/engine-bundle.ts")).startEngineBundle(fileURLToPath(new URL(ENGINE_BUNDLE, import.meta.url)), argv[0])
      : await import("./cli/main.ts");
  process.exitCode = await engine.main(argv);
}
