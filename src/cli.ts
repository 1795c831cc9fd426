// The CLI's executable entry. Built (dist/cli.js), it requires the engine bundle dist/cli/engine.cjs
// with Node's compile cache on; run from source (`node src/cli.ts`, as the tests do), it imports the
// engine's modules directly. `--version` needs neither.
//
// First of all it checks the Node version, so an old Node gets one clear sentence (exit 2) rather than
// whatever breaks first: this file keeps to syntax old Nodes parse (.ci/bundle.mjs builds it for
// node12: no top-level await) and loads nothing before the check but node:module, which they have.
import module from "node:module"; // not a named import: enableCompileCache is missing before Node 22.1
import { VERSION } from "./version.ts";

/** The engine bundle's path relative to this file, set by .ci/bundle.mjs; undefined when run from source. */
declare const ENGINE_BUNDLE: string | undefined;

/** The oldest Node the CLI runs on: package.json's engines (a test keeps the two equal). */
const MINIMUM_NODE_MAJOR = 22;

interface Engine {
  main(argv: string[]): Promise<number>;
}

const argv = process.argv.slice(2);
const nodeMajor = Number(process.versions.node.split(".")[0]);
if (!(nodeMajor >= MINIMUM_NODE_MAJOR)) {
  process.stderr.write(
    `evalgate needs Node.js ${MINIMUM_NODE_MAJOR} or later (this is ${process.version}). To get Node 24:\n` +
      "  in a GitHub workflow   actions/setup-node with node-version: 24, before evalgate's step\n" +
      "  in this project        npm install --save-dev node@24   (npx and npm scripts then run it)\n" +
      "  on this machine        a version manager: nvm install 24, fnm install 24, or volta install node@24\n",
  );
  process.exitCode = 2;
} else if (argv[0] === "--version" || argv[0] === "-v" || argv[0] === "version") {
  process.stdout.write(`${VERSION}\n`);
} else {
  loadEngine().then(
    async (engine) => {
      process.exitCode = await engine.main(argv);
    },
    (error: unknown) => {
      process.stderr.write(`evalgate: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 3;
    },
  );
}

async function loadEngine(): Promise<Engine> {
  if (typeof ENGINE_BUNDLE === "string") {
    startCompileCache();
    return module.createRequire(import.meta.url)(ENGINE_BUNDLE) as Engine;
  }
  return import("./cli/main.ts");
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
