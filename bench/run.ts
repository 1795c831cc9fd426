// The benchmark: evalgate against the physical limit of a run, cases x calls x latency / concurrency.
// 500 judged cases (one agent answer + one judge vote each), concurrency 10, 50 ms per request:
// the limit is 500 x 2 x 0.05 / 10 = 5 s. Runs the real CLI (dist/cli.js) in its own process and
// prints wall time, share of the limit, peak memory, evalgate's own CPU per case and CLI start time.
//   node bench/run.ts [cases=500] [concurrency=10] [latencyMs=50]
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

const cases = Number(process.argv[2] ?? 500);
const concurrency = Number(process.argv[3] ?? 10);
const latencyMs = Number(process.argv[4] ?? 50);
const callsPerCase = 2;
const root = path.resolve(import.meta.dirname, "..");
const cli = path.join(root, "dist", "cli.js");

const endpoint = spawn(process.execPath, [path.join(import.meta.dirname, "endpoint.ts"), String(latencyMs)], {
  stdio: ["ignore", "pipe", "inherit"],
});
const firstLine = await new Promise<string>((resolve) => createInterface({ input: endpoint.stdout! }).once("line", resolve));
const { port } = JSON.parse(firstLine) as { port: number };

const dir = await mkdtemp(path.join(tmpdir(), "evalgate-bench-"));
const rows = [
  "prompt,judge_prompt",
  ...Array.from({ length: cases }, (_, i) => `"Question number ${i}: what is ${i} + ${i}?","The answer is ${2 * i}."`),
];
await writeFile(path.join(dir, "prompts.csv"), `${rows.join("\n")}\n`);
await writeFile(
  path.join(dir, "evalgate.yml"),
  `version: 1
concurrency: ${concurrency}
output-dir: ${JSON.stringify(path.join(dir, "out"))}
models:
  agent: { provider: openai, base-url: "http://127.0.0.1:${port}/v1", model: bench-agent }
  judge: { provider: openai, base-url: "http://127.0.0.1:${port}/v1", model: bench-judge }
suites:
  bench: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }
gate: { min-score: 0 }
`,
);

const limitS = (cases * callsPerCase * latencyMs) / 1000 / concurrency;
const started = performance.now();
const startedAt = Date.now();
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the CLI process.
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const child = spawn(process.execPath, [...nodeArgs, cli, "run", "-c", path.join(dir, "evalgate.yml"), "--no-cache", "--quiet", "--json"], {
  stdio: ["ignore", "ignore", "inherit"],
});
// Peak RSS (VmHWM) and CPU ticks (utime + stime) of the CLI process, sampled from /proc until it exits.
let peakKb = 0;
let cpuTicks = 0;
const poll = setInterval(async () => {
  try {
    const [status, stat] = await Promise.all([readFile(`/proc/${child.pid}/status`, "utf8"), readFile(`/proc/${child.pid}/stat`, "utf8")]);
    peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    cpuTicks = Math.max(cpuTicks, Number(fields[11]) + Number(fields[12]));
  } catch {
    // the process has exited
  }
}, 10);
const exitCode = await new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
const wallS = (performance.now() - started) / 1000;
clearInterval(poll);
const exitedAt = Date.now();
const stats = (await (await fetch(`http://127.0.0.1:${port}/stats`)).json()) as {
  requests: number;
  maxInFlight: number;
  firstRequestAt: number;
  lastResponseAt: number;
};
const requestPhaseS = (stats.lastResponseAt - stats.firstRequestAt) / 1000;
endpoint.kill("SIGTERM");

const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as {
  suites: Record<string, { counts: { scored: number; errors: number } }>;
};
const counts = results.suites.bench!.counts;

const starts: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  spawnSync(process.execPath, [cli, "--version"], { stdio: "ignore" });
  starts.push(performance.now() - t);
}
starts.sort((a, b) => a - b);
await rm(dir, { recursive: true, force: true });

const lines = [
  `evalgate benchmark: ${cases} judged cases x ${callsPerCase} calls, concurrency ${concurrency}, endpoint latency ${latencyMs} ms (node ${process.version})`,
  `  exit code            ${exitCode} (scored ${counts.scored}, errors ${counts.errors})`,
  `  requests             ${stats.requests} (max in flight ${stats.maxInFlight})`,
  `  physical limit       ${limitS.toFixed(2)} s`,
  `  wall time            ${wallS.toFixed(2)} s (includes process start and results.json)`,
  `  share of the limit   ${(limitS / wallS).toFixed(3)}  (promptfoo: 0.42; target >= 0.95)`,
  `    start-up            ${((stats.firstRequestAt - startedAt) / 1000).toFixed(2)} s until the first request (process start, config, cases)`,
  `    requests            ${requestPhaseS.toFixed(2)} s from first request to last answer: ${(limitS / requestPhaseS).toFixed(3)} of the limit`,
  `    finish              ${((exitedAt - stats.lastResponseAt) / 1000).toFixed(2)} s after the last answer (metrics, results.json, exit)`,
  `  evalgate CPU         ${((cpuTicks * 10) / cases).toFixed(2)} ms per case (process total ${(cpuTicks / 100).toFixed(2)} s incl. start-up; target <= 1 ms)`,
  `  peak memory (RSS)    ${(peakKb / 1024).toFixed(1)} MB  (promptfoo: 260 MB; target <= 87 MB)`,
  `  CLI start (--version) median ${starts[5]!.toFixed(0)} ms, min ${starts[0]!.toFixed(0)} ms  (target <= 150 ms)`,
];
process.stdout.write(`${lines.join("\n")}\n`);
