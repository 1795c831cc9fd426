// What src/models/undici-lite.ts saves: the start-up of a process that loads undici's public index
// versus only the internal module evalgate uses (the Agent), each bundled as the CLI is (esbuild, ESM).
// Run: node bench/undici-start.ts [runs]. Prints the bundle sizes and min/median process start.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";

const runs = Number(process.argv[2] ?? 40);
const dir = await mkdtemp(path.join(tmpdir(), "evalgate-undici-"));
const variants: Record<string, string> = {
  "node only": "",
  "undici public index": 'import { Agent, request } from "undici";\nconsole.log(typeof Agent, typeof request);',
  "undici-lite (internal modules)":
    'import { Agent, exchange } from "./src/models/undici-lite.ts";\nconsole.log(typeof Agent, typeof exchange);',
};

try {
  const bundles: Record<string, string> = {};
  for (const [name, source] of Object.entries(variants)) {
    const outfile = path.join(dir, `${Object.keys(bundles).length}.mjs`);
    await build({
      stdin: { contents: source, resolveDir: process.cwd(), loader: "ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      outfile,
      logLevel: "warning",
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    });
    bundles[name] = outfile;
  }
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(bundles).map((name) => [name, []]));
  // Interleaved, so a busy moment on the machine hits every variant alike.
  for (let i = 0; i < runs; i++) {
    for (const [name, file] of Object.entries(bundles)) {
      const started = performance.now();
      const child = spawnSync(process.execPath, [file], { stdio: "ignore" });
      if (child.status !== 0) throw new Error(`${name}: exited ${child.status}`);
      times[name]!.push(performance.now() - started);
    }
  }
  console.log(`process start, ${runs} runs each (Node ${process.version}):`);
  for (const [name, file] of Object.entries(bundles)) {
    const sorted = times[name]!.sort((a, b) => a - b);
    const kb = Math.round((await stat(file)).size / 1024);
    console.log(
      `  ${name.padEnd(32)} ${String(kb).padStart(5)} KB   min ${sorted[0]!.toFixed(0)} ms   median ${sorted[Math.floor(runs / 2)]!.toFixed(0)} ms`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
