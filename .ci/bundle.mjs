// Builds dist/: the action (dist/index.js), the CLI (dist/cli.js) and the programmatic API
// (dist/api.js, sharing the CLI's chunks) with its type declarations (dist/types/, by tsc).
// Deterministic output: no timestamps, stable file names, so CI can diff dist/ against a fresh build.
import { execFileSync } from "node:child_process";
import { chmod, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
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

// undici's client requires its HTTP/2 module at load, and with it node:http2 and node:tls (~15 ms of
// every start); evalgate never asks for HTTP/2 (no allowH2), so it is required on first use instead.
// undici is pinned exactly and test/models/undici-lite.test.ts fails if this line moves.
const LAZY_H2 = "const connectH2 = require('./client-h2.js')";
const lazyHttp2 = {
  name: "lazy-http2",
  setup(build) {
    build.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes(LAZY_H2)) throw new Error(`${args.path}: "${LAZY_H2}" not found; update .ci/bundle.mjs`);
      return { contents: source.replace(LAZY_H2, "const connectH2 = (...args) => require('./client-h2.js')(...args)"), loader: "js" };
    });
  },
};
common.plugins = [lazyHttp2];

// The action: one self-contained file, as the Actions runtime loads it.
await build({ ...common, entryPoints: { index: "src/action.ts" }, outdir: "dist" });
// The CLI: split, so each command loads only what it needs (`evalgate --version` parses a few KB).
// The API entry shares its chunks, so the package carries the engine once.
await build({
  ...common,
  entryPoints: { cli: "src/cli.ts", api: "src/index.ts" },
  outdir: "dist",
  splitting: true,
  chunkNames: "cli/[name]-[hash]",
  banner: { js: `#!/usr/bin/env node\n${common.banner.js}` },
});
await chmod("dist/cli.js", 0o755);
// The API's declarations: tsc's output is deterministic (no timestamps), so CI can diff it too.
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.types.json"], { stdio: "inherit" });
