#!/usr/bin/env node

// src/cli.ts
import module from "node:module";

// src/version.ts
var VERSION = "0.1.0";

// src/cli.ts
var argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-v" || argv[0] === "version")
  process.stdout.write(`${VERSION}
`);
else {
  let engine;
  startCompileCache(), engine = module.createRequire(import.meta.url)("./cli/engine.cjs"), process.exitCode = await engine.main(argv);
}
function startCompileCache() {
  try {
    module.enableCompileCache?.();
  } catch {
  }
}
