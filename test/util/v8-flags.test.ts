// A run keeps V8's optimising compilers off until it has used some CPU, and lets them in after:
// checked in a real Node process by asking V8 itself (natives syntax) whether a hot function was optimised.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";

const FLAGS_MODULE = pathToFileURL(path.join(import.meta.dirname, "../../src/util/v8-flags.ts")).href;

// V8's %GetOptimizationStatus bit for "optimised code" (Maglev or TurboFan).
const PROBE = `
import { deferOptimisingTiers } from ${JSON.stringify(FLAGS_MODULE)};
const OPTIMIZED = 16;
const cpuMs = () => { const used = process.cpuUsage(); return (used.user + used.system) / 1000; };
const optimised = (f) => (%GetOptimizationStatus(f) & OPTIMIZED) !== 0;
const warm = (f) => { for (let i = 0; i < 2e6; i++) f(i); return optimised(f); };
deferOptimisingTiers(cpuMs() + 400);
const early = warm(new Function("x", "return (x * 7) % 13;"));
let late = false;
// Work and yield until the watch has let the tiers in (a fresh function each time), at most 10 s of CPU.
while (!late && cpuMs() < 10000) {
  late = warm(new Function("x", "return (x * 11) % 17 + " + Math.random() + ";"));
  await new Promise((resolve) => setTimeout(resolve, 120));
}
process.stdout.write(JSON.stringify({ early, late }));
`;

test("the optimising tiers stay off in a short run and join once it has used its CPU", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-v8-flags-"));
  try {
    const probe = path.join(dir, "probe.mjs");
    await writeFile(probe, PROBE);
    const { stdout } = await promisify(execFile)(process.execPath, ["--allow-natives-syntax", probe], { timeout: 120_000 });
    assert.deepEqual(JSON.parse(stdout), { early: false, late: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
