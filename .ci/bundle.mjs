// Builds dist/: the action (dist/index.js); the engine bundle (dist/cli/engine.cjs) with the CLI's entry
// (dist/cli.js) and the programmatic API (dist/api.js) on it; the API's type declarations (dist/types/, by tsc).
// Deterministic output: no timestamps, stable file names, so CI can diff dist/ against a fresh build.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, readFile, rm, writeFile } from "node:fs/promises";
import { builtinModules, createRequire } from "node:module";
import { build } from "esbuild";
import { licensesText } from "./licenses.mjs";
import { makeTypesStandalone } from "./standalone-types.mjs";

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

// One undici in every bundle, the project's own: @actions/http-client and @actions/github each ask for
// undici 6 (its ProxyAgent and fetch, which undici 7 has alike), and would each bring a copy.
// Of undici, @actions/http-client takes only ProxyAgent and @actions/github only fetch (for the GitHub
// API): each gets it without undici's index, which loads fetch, WebSocket, caches and mocks, and with
// them Node's own copy of undici (behind globalThis.Headers). @actions/core imports the HTTP client, so
// the index sat in front of every action's first request; now it loads with the first GitHub API call.
// ProxyAgent comes from the engine's own undici-dispatchers.ts, which also does what the index does for it.
const UNDICI_PARTS = {
  "@actions/http-client": 'export { ProxyAgent } from "./src/models/undici-dispatchers.ts";',
  "@actions/github": 'export function fetch(input, init) { return require("undici").fetch(input, init); }',
};
const fromProjectRoot = createRequire(import.meta.url);
const oneUndici = {
  name: "one-undici",
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, (args) => {
      const importer = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(args.importer)?.[1]?.replace("\\", "/");
      return Object.hasOwn(UNDICI_PARTS, importer ?? "") ? { path: importer, namespace: "undici-part" } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: "undici-part" }, (args) => ({
      contents: UNDICI_PARTS[args.path],
      resolveDir: process.cwd(),
      loader: "js",
    }));
    build.onResolve({ filter: /^undici(\/|$)/ }, (args) => ({ path: fromProjectRoot.resolve(args.path) }));
  },
};
// undici's HTTP/2 client requires node:http2 when it is loaded, for a few constants, and with it
// node:tls (~10-15 ms before a run's first request). evalgate never asks undici for HTTP/2 (no
// allowH2), so the client gets a stand-in: those constants, and the real module at its first
// HTTP/2 connection. The names are read from undici's source: if they move, the build stops.
const UNDICI_H2 = /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/;
const undiciHttp2Constants = () => {
  const source = readFileSync(fromProjectRoot.resolve("undici/lib/dispatcher/client-h2.js"), "utf8");
  const names = /\nconst \{\s*constants: \{([\w\s,]+)\}\s*\} = http2\n/
    .exec(source)?.[1]
    ?.split(",")
    .map((name) => name.trim());
  if (!names?.length || !/http2\.connect\(/.test(source) || source.match(/\bhttp2\.\w+/g).some((use) => use !== "http2.connect"))
    throw new Error("undici's client-h2.js uses node:http2 otherwise than the stand-in in .ci/bundle.mjs knows: check it");
  const { constants } = fromProjectRoot("node:http2");
  return Object.fromEntries(names.map((name) => [name, constants[name]]));
};
const http2OnFirstUse = {
  name: "http2-on-first-use",
  setup(build) {
    build.onResolve({ filter: /^node:http2$/ }, (args) =>
      UNDICI_H2.test(args.importer) ? { path: "http2", namespace: "http2-on-first-use" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "http2-on-first-use" }, () => ({
      contents: `module.exports = { constants: ${JSON.stringify(undiciHttp2Constants())}, connect: (...args) => require("node:http2").connect(...args) };`,
      loader: "js",
    }));
  },
};
common.plugins = [oneUndici, http2OnFirstUse];

// Node's built-in modules required, not imported, by the ES-module action bundle. An `import` of a
// built-in is linked before the bundle runs, so every built-in any bundled module names was loaded at
// start (worker_threads, zlib, child_process... for code the run may never reach), and the ES-module
// facade reads all of a built-in's exports: node:http's include WebSocket and friends, getters that
// load Node's own copy of undici (~30 ms alone). Required through a CommonJS stand-in, a
// built-in is loaded when the module naming it is initialised, and an export is read when used.
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const requiredBuiltins = {
  name: "required-builtins",
  setup(build) {
    build.onResolve({ filter: /^[a-z_:/]+$/ }, (args) =>
      args.kind === "import-statement" && BUILTINS.has(args.path)
        ? { path: args.path.replace(/^node:/, ""), namespace: "required-builtin" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "required-builtin" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(`node:${args.path}`)});`,
      loader: "js",
    }));
  },
};

// The action: one self-contained file, as the Actions runtime loads it.
// Whitespace and syntax minified (names kept, for readable stack traces): the runner downloads and
// parses it on every job, and the Actions toolkit's Azure storage client alone is ~1 MB of source.
// 4 MiB since the MCP SDK (agent suites) and Nunjucks (promptfoo suites) joined: both are loaded only
// behind the suite kinds' lazy imports, so a run without those suites never initialises them.
const ACTION_MAX_BYTES = 4 * 1024 * 1024;
const action = await build({
  ...common,
  plugins: [...common.plugins, requiredBuiltins],
  entryPoints: { index: "src/action.ts" },
  outdir: "dist",
  metafile: true,
  minifyWhitespace: true,
  minifySyntax: true,
});
const actionBytes = action.metafile.outputs["dist/index.js"].bytes;
if (actionBytes > ACTION_MAX_BYTES) throw new Error(`dist/index.js is ${actionBytes} bytes, more than ${ACTION_MAX_BYTES}: what grew?`);
const importedBuiltins = [...(await readFile("dist/index.js", "utf8")).matchAll(/\bfrom\s*["']([a-z_:/]+)["']/g)]
  .map((match) => match[1])
  .filter((name) => BUILTINS.has(name) && name !== "node:module"); // the banner's createRequire
if (importedBuiltins.length) throw new Error(`dist/index.js imports built-ins (${importedBuiltins.join(", ")}): see requiredBuiltins`);

// Packages few runs use, in a file of their own beside the engine (dist/cli/vendor.cjs): JSON Schema
// checks (ajv), promptfoo's asserts and templates (ajv-formats, nunjucks), an agent's MCP client
// (which validates with ajv). Node reads and hashes the engine's whole text on every start, ~25 ms a
// MB here, whatever of it runs; these are ~330 KB of it. The engine requires the vendor file on first
// use; inside it each package is initialised when asked for, and every importer gets the same copy.
const VENDORED = ["ajv", "ajv/dist/2020.js", "ajv-formats", "nunjucks"];
const VENDOR_FILE = "./vendor.cjs";
const fromVendor = {
  name: "from-vendor",
  setup(build) {
    build.onResolve({ filter: /^(ajv|nunjucks)(\/|-formats$|$)/ }, (args) => {
      if (!VENDORED.includes(args.path))
        throw new Error(`${args.importer} imports ${args.path}: add it to VENDORED (one copy, in the vendor file)`);
      return { path: args.path, namespace: "vendored" };
    });
    build.onResolve({ filter: /^\.\/vendor\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    build.onLoad({ filter: /.*/, namespace: "vendored" }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(VENDOR_FILE)})[${JSON.stringify(args.path)}]();`,
      loader: "js",
    }));
  },
};
const vendor = await build({
  ...common,
  format: "cjs",
  banner: {},
  stdin: {
    contents: `module.exports = { ${VENDORED.map((name) => `${JSON.stringify(name)}: () => require(${JSON.stringify(name)})`).join(", ")} };`,
    resolveDir: process.cwd(),
    sourcefile: "vendor-entry.js",
  },
  outfile: "dist/cli/vendor.cjs",
  metafile: true,
  minifyWhitespace: true,
  minifySyntax: true,
});
await writeAsciiOnly("dist/cli/vendor.cjs");

// The engine: one CommonJS file, which dist/cli.js and dist/api.js require. Commands and suite kinds are
// initialised only when used: esbuild wraps modules reached by import() or require() in lazy initialisers.
// Whitespace and syntax minified, names kept, as the action: V8 holds the whole source text while the
// process lives (and a table of its line ends once a stack is read), and scans a function's text
// again each time it compiles one lazily: 3.3 MB unminified, 2.4 MB minified (2.1 MB with the vendor file apart).
const engine = await build({
  ...common,
  plugins: [...common.plugins, fromVendor],
  format: "cjs",
  banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  define: { "import.meta.url": "__import_meta_url" },
  entryPoints: { "cli/engine": "src/cli/engine-entry.ts" },
  outExtension: { ".js": ".cjs" },
  outdir: "dist",
  metafile: true,
  minifyWhitespace: true,
  minifySyntax: true,
});

// The CLI's entry: the Node version check, --version, and the engine bundle required with Node's compile
// cache on. Built for node12, so an old Node parses it and prints the version check's sentence (esbuild
// refuses top-level await there). Its from-source branch imports src/cli/main.ts, which the bundle holds:
// left out here (external, then dead code).
const fromSourceOnly = {
  name: "from-source-only",
  setup(build) {
    build.onResolve({ filter: /^\.\/cli\/main\.ts$/ }, (args) => ({ path: args.path, external: true }));
  },
};
await build({
  ...common,
  entryPoints: { cli: "src/cli.ts" },
  target: "node12",
  outdir: "dist",
  define: { ENGINE_BUNDLE: JSON.stringify("./cli/engine.cjs") },
  plugins: [fromSourceOnly],
  minifySyntax: true,
  // Started through sh, so that Node gets `--` before the script: Node scans its whole command line,
  // the script's arguments included, for its own `--env-file` (a FIFO there would block it forever).
  // In JavaScript the second line is a string and a comment; in sh it runs Node (docs/cli.md).
  banner: { js: '#!/bin/sh\n\':\' //; exec node -- "$0" "$@"' },
});
await chmod("dist/cli.js", 0o755);
const cliSource = await readFile("dist/cli.js", "utf8");
if (cliSource.includes("main.ts")) throw new Error("dist/cli.js still imports src/cli/main.ts: its from-source branch was not dropped");

// The API: ESM named exports of the engine bundle's lazily initialised src/index.ts (the same names).
const apiNames = await exportsOf("src/index.ts");
await writeFile(
  "dist/api.js",
  `// The programmatic API (src/index.ts), from the engine bundle. Generated by .ci/bundle.mjs.
import { createRequire } from "node:module";
const { ${apiNames.join(", ")} } = createRequire(import.meta.url)("./cli/engine.cjs").api();
export { ${apiNames.join(", ")} };
`,
);
if (Object.keys(engine.metafile.outputs).length !== 1) throw new Error("the engine bundle is more than one file");
await writeAsciiOnly("dist/cli/engine.cjs");

// The bundles drop their packages' comments; their licences are all here (shipped with the package too).
await writeFile(
  "dist/licenses.txt",
  licensesText({ "dist/index.js": action.metafile, "dist/cli/engine.cjs": engine.metafile, "dist/cli/vendor.cjs": vendor.metafile }),
);

// The API's declarations: tsc's output is deterministic (no timestamps), so CI can diff it too.
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.types.json"], { stdio: "inherit" });
await makeTypesStandalone();

/** The names a module exports (values only: types are gone once bundled), sorted. */
async function exportsOf(entry) {
  const result = await build({ ...common, entryPoints: [entry], write: false, metafile: true, outdir: "dist" });
  const [output] = Object.values(result.metafile.outputs);
  return [...output.exports].sort();
}

/**
 * Escapes what esbuild leaves non-ASCII (its charset escapes strings and names, not comments): one
 * character past Latin-1 anywhere makes V8 hold the whole 1.8 MB source in two bytes a character.
 * As \uXXXX the text means the same in a comment, a string, a name or a regular expression.
 */
async function writeAsciiOnly(file) {
  const text = await readFile(file, "utf8");
  const escaped = text.replace(/[^\x00-\x7f]/gu, (char) =>
    Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""),
  );
  if (escaped !== text) await writeFile(file, escaped);
}
