#!/usr/bin/env node

// src/cli.ts
import { fileURLToPath } from "node:url";

// src/version.ts
var VERSION = "0.1.0";

// src/cli.ts
var argv = process.argv.slice(2);
if (argv[0] === "--version" || argv[0] === "-v" || argv[0] === "version")
  process.stdout.write(`${VERSION}
`);
else {
  let engine = (await import("./cli/engine-bundle-BOBGO4WZ.js")).startEngineBundle(fileURLToPath(new URL("./cli/engine.cjs", import.meta.url)), argv[0]);
  process.exitCode = await engine.main(argv);
}
