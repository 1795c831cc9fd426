// Builds the two entry points into dist/: the action (dist/index.js) and the CLI (dist/cli.js).
// Deterministic output: no timestamps, stable file names, so CI can diff dist/ against a fresh build.
import { chmod, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist", { recursive: true, force: true });

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  legalComments: "none",
  logLevel: "warning",
  // Some CommonJS dependencies call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

// The action: one self-contained file, as the Actions runtime loads it.
await build({ ...common, entryPoints: { index: "src/action.ts" }, outdir: "dist" });
// The CLI: split, so each command loads only what it needs (`evalgate --version` parses a few KB).
await build({
  ...common,
  entryPoints: { cli: "src/cli.ts" },
  outdir: "dist",
  splitting: true,
  chunkNames: "cli/[name]-[hash]",
  banner: { js: `#!/usr/bin/env node\n${common.banner.js}` },
});
await chmod("dist/cli.js", 0o755);
