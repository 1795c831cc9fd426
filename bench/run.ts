// The benchmark: evalgate against the physical limit of a run, cases x calls x latency / concurrency,
// plus memory, start-up, the rate-limit, cache, shard and merge scenarios, each measured in this run.
// Every run is the real CLI (dist/cli.js, build first) in its own process against bench/endpoint.ts,
// also in its own process; peak RSS (VmHWM) and CPU come from /proc. Figures from a busy machine are
// noisy: read them next to the core count and load printed at the top.
//   node bench/run.ts [--quick] [--only efficiency,flat,csv,shard,balance,rate,tpm,outage,bigreply,longthread,cache,early-stop,prompt,checks,cold,command,bedrock,agent] [--peer promptfoo]
// With --peer promptfoo, promptfoo is installed into a temporary folder (never a dependency) and run
// on the same endpoint with one llm-rubric per case, interleaved with evalgate on the same suite.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { ResetOptions } from "./endpoint.ts";

const root = path.resolve(import.meta.dirname, "..");
const cli = path.join(root, "dist", "cli.js");
const action = path.join(root, "dist", "index.js");
const quick = process.argv.includes("--quick");
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1]!.split(",") : null;
const wants = (scenario: string) => !only || only.includes(scenario);
const MiB = 1024 * 1024;

const endpoint = spawn(process.execPath, [path.join(import.meta.dirname, "endpoint.ts"), "50"], { stdio: ["ignore", "pipe", "inherit"] });
const firstLine = await new Promise<string>((resolve) => createInterface({ input: endpoint.stdout! }).once("line", resolve));
const { port } = JSON.parse(firstLine) as { port: number };
const base = `http://127.0.0.1:${port}`;
const work = await mkdtemp(path.join(tmpdir(), "evalgate-bench-"));

interface EndpointStats {
  requests: number;
  refused: number;
  /** 503 "overloaded" answers (the outage scenario). */
  overloaded: number;
  maxInFlight: number;
  meanInFlight: number;
  /** What the endpoint actually took per request (its timer fires a little late). */
  meanLatencyMs: number;
  firstRequestAt: number;
  lastResponseAt: number;
}
const resetEndpoint = (latencyMs: number, limits: Omit<ResetOptions, "latencyMs"> = {}) =>
  fetch(`${base}/reset`, { method: "POST", body: JSON.stringify({ latencyMs, ...limits }) }).then((r) => r.text());
const endpointStats = async () => (await (await fetch(`${base}/stats`)).json()) as EndpointStats;

/** A suite's prompts.csv in `dir` (made if missing), its header first. */
async function writePromptsCsv(dir: string, rows: readonly string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "prompts.csv"), `${rows.join("\n")}\n`);
}

/** A judged suite of `cases` prompts; `promptBytes` pads each prompt (the 20 MB CSV). */
async function writeSuite(name: string, cases: number, concurrency: number, promptBytes = 0): Promise<string> {
  const dir = path.join(work, name);
  const pad = promptBytes ? ` ${"lorem ipsum dolor sit amet ".repeat(Math.ceil(promptBytes / 27)).slice(0, promptBytes)}` : "";
  const rows = ["prompt,judge_prompt"];
  for (let i = 0; i < cases; i++) rows.push(`"Question number ${i}: what is ${i} + ${i}?${pad}","The answer is ${2 * i}."`);
  await writePromptsCsv(dir, rows);
  return writeBenchConfig(
    dir,
    concurrency,
    `models:
  agent: { provider: openai, base-url: "${base}/v1", model: bench-agent, max-retries: 10 }
  judge: { provider: openai, base-url: "${base}/v1", model: bench-judge, max-retries: 10 }
suites:
  bench: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3 }`,
  );
}

/** The judged suite of writeSuite with its agent and judge on Bedrock (Converse, signed with AWS Signature V4). */
async function writeBedrockSuite(name: string, cases: number, concurrency: number): Promise<string> {
  const config = await writeSuite(name, cases, concurrency);
  const text = await readFile(config, "utf8");
  await writeFile(
    config,
    text.replace(
      /provider: openai, base-url: "[^"]+\/v1", model: (bench-\w+)/g,
      `provider: bedrock, base-url: "${base}", region: us-east-1, model: $1`,
    ),
  );
  return config;
}

/** Writes a bench suite's evalgate.yml in `dir`: `body` holds its models and suites; every case counts (min-score 0). */
async function writeBenchConfig(dir: string, concurrency: number, body: string): Promise<string> {
  const config = path.join(dir, "evalgate.yml");
  await writeFile(
    config,
    `version: 1
concurrency: ${concurrency}
output-dir: ${JSON.stringify(path.join(dir, "out"))}
${body}
gate: { min-score: 0 }
`,
  );
  return config;
}

/**
 * The same prompts as a suite graded by `checks` alone (no judge): the CSV has a `number` column
 * for {{number}}. With one check no answer can fail (max-length 10^9), it is the agent's time alone.
 */
async function writeChecksSuite(name: string, cases: number, concurrency: number, checks: string): Promise<string> {
  const dir = path.join(work, name);
  const rows = ["prompt,number"];
  for (let i = 0; i < cases; i++) rows.push(`"Question number ${i}: what is ${i} + ${i}?",${i}`);
  await writePromptsCsv(dir, rows);
  return writeBenchConfig(
    dir,
    concurrency,
    `models:
  agent: { provider: openai, base-url: "${base}/v1", model: bench-agent, max-retries: 10 }
suites:
  bench: { kind: judged, prompts: prompts.csv, agents: [agent], checks: ${checks} }`,
  );
}

/** A function-calls suite of `cases` one-tool questions ("add n and n") in BFCL's format, its target the command `command`. */
async function writeCommandSuite(name: string, cases: number, concurrency: number, command: string[]): Promise<string> {
  const dir = path.join(work, name);
  await mkdir(path.join(dir, "possible_answer"), { recursive: true });
  const tool = {
    name: "add",
    description: "Adds two integers.",
    parameters: { type: "dict", properties: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"] },
  };
  const questions: string[] = [];
  const answers: string[] = [];
  for (let i = 0; i < cases; i++) {
    questions.push(JSON.stringify({ id: `add_${i}`, question: [[{ role: "user", content: `Add ${i} and ${i + 1}.` }]], function: [tool] }));
    answers.push(JSON.stringify({ id: `add_${i}`, ground_truth: [{ add: { a: [i], b: [i + 1] } }] }));
  }
  await writeFile(path.join(dir, "questions.jsonl"), `${questions.join("\n")}\n`);
  await writeFile(path.join(dir, "possible_answer", "questions.jsonl"), `${answers.join("\n")}\n`);
  return writeBenchConfig(
    dir,
    concurrency,
    `models:
  agent: { provider: command, command: ${JSON.stringify(command)}, max-retries: 0 }
suites:
  bench: { kind: function-calls, dataset: questions.jsonl, target: agent }`,
  );
}

interface Measured {
  exitCode: number;
  wallS: number;
  peakMiB: number;
  cpuS: number;
  spawnedAt: number;
  exitedAt: number;
}

/** Runs a process to its end, sampling its peak RSS and CPU from /proc. */
async function measure(args: string[], env: NodeJS.ProcessEnv = process.env, stderr: "inherit" | "ignore" = "inherit"): Promise<Measured> {
  const spawnedAt = Date.now();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ["ignore", "ignore", stderr], env });
  let peakKb = 0;
  let ticks = 0;
  const poll = setInterval(async () => {
    try {
      const [status, stat] = await Promise.all([
        readFile(`/proc/${child.pid}/status`, "utf8"),
        readFile(`/proc/${child.pid}/stat`, "utf8"),
      ]);
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks = Math.max(ticks, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process has exited
    }
  }, 5);
  const exitCode = await new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  clearInterval(poll);
  return {
    exitCode,
    wallS: (performance.now() - started) / 1000,
    peakMiB: (peakKb * 1024) / MiB,
    cpuS: ticks / 100,
    spawnedAt,
    exitedAt: Date.now(),
  };
}

async function runScenario(config: string, latencyMs: number, extra: string[] = [], limits: Omit<ResetOptions, "latencyMs"> = {}) {
  await resetEndpoint(latencyMs, limits);
  const m = await measure([cli, "run", "-c", config, "--quiet", "--json", ...extra]);
  return { ...m, stats: await endpointStats() };
}

async function countsOf(config: string, file = "results.json") {
  const results = JSON.parse(await readFile(path.join(path.dirname(config), "out", file), "utf8"));
  return results.suites.bench.counts as { cases: number; scored: number; errors: number };
}

const lines: string[] = [];
const print = (line: string) => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};
const f = (n: number, digits = 2) => n.toFixed(digits);
/** The middle value (the upper one of an even count); NaN for none. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

print(
  `evalgate benchmark (node ${process.version}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => f(l, 1))
    .join(" ")} at start: figures on a busy machine are noisy)`,
);

// Every start after the first finds the engine bundle in Node's compile cache (src/cli.ts): one run
// first, so that the scenarios measure those starts. The first start is measured on its own below.
if (only?.some((scenario) => scenario !== "cold") ?? true) {
  const warmUp = await runScenario(await writeSuite("warm-up", 5, 5), 0, ["--no-cache"]);
  if (warmUp.exitCode !== 0) throw new Error(`the warm-up run exited ${warmUp.exitCode}`);
}

// 1-2. Efficiency: share of the physical limit, and where the rest went.
for (const [cases, concurrency] of !wants("efficiency")
  ? []
  : quick
    ? [[500, 10]]
    : [
        [500, 10],
        [2000, 20],
      ]) {
  const latencyMs = 50;
  const config = await writeSuite(`eff-${cases}`, cases!, concurrency!);
  const r = await runScenario(config, latencyMs, ["--no-cache"]);
  const limitS = (cases! * 2 * latencyMs) / 1000 / concurrency!;
  const counts = await countsOf(config);
  const requestsS = (r.stats.lastResponseAt - r.stats.firstRequestAt) / 1000;
  print(`${cases} cases x 2 calls, concurrency ${concurrency}, ${latencyMs} ms latency: limit ${f(limitS)} s`);
  print(
    `  wall ${f(r.wallS)} s = ${f(limitS / r.wallS, 3)} of the limit (goal >= ${cases === 500 ? "0.94" : "0.95"}); exit ${r.exitCode}, scored ${counts.scored}/${cases}`,
  );
  print(
    `  start-up ${f((r.stats.firstRequestAt - r.spawnedAt) / 1000)} s to the first request, requests ${f(requestsS)} s (${f(limitS / requestsS, 3)} of the limit), finish ${f((r.exitedAt - r.stats.lastResponseAt) / 1000)} s`,
  );
  print(
    `  in flight: mean ${f(r.stats.meanInFlight, 1)}, max ${r.stats.maxInFlight} of ${concurrency}; peak RSS ${f(r.peakMiB, 1)} MiB${cases === 500 ? " (goal <= 90 MiB)" : ""}`,
  );
  // The endpoint's own timer slack is not evalgate's: the limit at the latency it actually served.
  const servedLimitS = (cases! * 2 * r.stats.meanLatencyMs) / 1000 / concurrency!;
  print(
    `  the endpoint served ${f(r.stats.meanLatencyMs)} ms per request: limit at that latency ${f(servedLimitS)} s, wall = ${f(servedLimitS / r.wallS, 3)} of it, requests = ${f(servedLimitS / requestsS, 3)}`,
  );
  // The same requests with no engine at all: what HTTP alone leaves of the limit on this machine.
  await resetEndpoint(latencyMs);
  const bare = await measure([path.join(import.meta.dirname, "bare-client.ts"), base, String(cases! * 2), String(concurrency)]);
  const bareStats = await endpointStats();
  const bareS = (bareStats.lastResponseAt - bareStats.firstRequestAt) / 1000;
  print(
    `  a bare client on the same endpoint (bench/bare-client.ts: evalgate's transport, nothing between requests): requests ${f(bareS)} s = ${f(limitS / bareS, 3)} of the limit, exit ${bare.exitCode}; evalgate's request phase took ${f(requestsS / bareS, 3)}x as long`,
  );
  // The share a Node process reaches that does nothing but these requests: this machine's ceiling for the wall's share.
  print(
    `  the bare client's whole process (Node's start, the requests, its exit): wall ${f(bare.wallS)} s = ${f(limitS / bare.wallS, 3)} of the limit; evalgate's wall is ${f(r.wallS / bare.wallS, 3)}x it`,
  );
}

// 3-4. Harness cost and memory at 0 ms: what evalgate itself costs per case, and whether memory stays flat.
if (wants("flat")) {
  const cases = quick ? 2000 : 10_000;
  const config = await writeSuite(`flat-${cases}`, cases, 10);
  const r = await runScenario(config, 0, ["--no-cache"]);
  const counts = await countsOf(config);
  print(`${cases} cases at 0 ms latency, concurrency 10: wall ${f(r.wallS)} s, exit ${r.exitCode}, scored ${counts.scored}`);
  print(
    `  harness CPU ${f((r.cpuS * 1000) / cases)} ms per case (process total ${f(r.cpuS)} s); peak RSS ${f(r.peakMiB, 1)} MiB (goal <= 150 MiB at 10,000)`,
  );
}

// 5. A 20 MB prompts CSV: validate and run hold the cases, never 40x the file.
if (wants("csv")) {
  const cases = quick ? 2000 : 10_000;
  const config = await writeSuite("csv-20mb", cases, 10, Math.round(((quick ? 4 : 20) * 1_000_000) / cases));
  const size = (await stat(path.join(path.dirname(config), "prompts.csv"))).size;
  const validate = await measure([cli, "validate", "-c", config]);
  const run = await runScenario(config, 0, ["--no-cache"]);
  print(
    `prompts CSV of ${f(size / MiB, 1)} MiB (${cases} rows): validate peak RSS ${f(validate.peakMiB, 1)} MiB (exit ${validate.exitCode}), run peak RSS ${f(run.peakMiB, 1)} MiB (exit ${run.exitCode}, ${f(run.wallS)} s) (goal <= 150 MiB each)`,
  );
}

// 6. Sharding: one shard of 10,000 out of 40,000 cases, then merging 4 shard files of 10,000.
if (wants("shard")) {
  const total = quick ? 8000 : 40_000;
  const config = await writeSuite("shards", total, 10);
  const dir = path.dirname(config);
  const shard = await runScenario(config, 0, ["--no-cache", "--shard", "1/4", "-o", path.join(dir, "shard-1.json")]);
  const one = JSON.parse(await readFile(path.join(dir, "shard-1.json"), "utf8"));
  const shardCases = one.suites.bench.cases.length as number;
  print(
    `shard 1/4 of ${total} cases at 0 ms: ${shardCases} cases, wall ${f(shard.wallS)} s, peak RSS ${f(shard.peakMiB, 1)} MiB (goal <= 150 MiB)`,
  );
  // Shards 2-4: shard 1's file with its case ids renamed, so the merge reads four full-size files
  // without running all 40,000 cases here.
  const text = await readFile(path.join(dir, "shard-1.json"), "utf8");
  const files = [path.join(dir, "shard-1.json")];
  for (const n of [2, 3, 4]) {
    const file = path.join(dir, `shard-${n}.json`);
    await writeFile(file, text.replaceAll('"caseId":"agent/', `"caseId":"agent/s${n}-`));
    files.push(file);
  }
  const bytes = (await Promise.all(files.map((file) => stat(file)))).reduce((n, s) => n + s.size, 0);
  // Three merges: the peak moves with when the garbage collector runs, and the goal holds for every run.
  const merges: Measured[] = [];
  for (let i = 0; i < (quick ? 1 : 3); i++)
    merges.push(await measure([cli, "merge", "-c", config, "-o", path.join(dir, "merged.json"), ...files]));
  print(
    `merge of 4 shard files (${4 * shardCases} cases, ${f(bytes / MiB, 1)} MiB), ${merges.length} runs: ${merges.map((m) => `${f(m.wallS)} s`).join(", ")}; peak RSS ${merges.map((m) => `${f(m.peakMiB, 1)}`).join(", ")} MiB; exit ${merges.map((m) => m.exitCode).join(", ")} (goal <= 2 s and <= 140 MiB in every run)`,
  );
}

// 6b. Shards balanced by cost: 10,000 cases, every tenth 10x slower, in 4 shards dealt by hash (no
// baseline) and by the baseline's per-case durations (an unsharded run's results.json).
if (wants("balance")) {
  const cases = quick ? 2000 : 10_000;
  const latencyMs = 5;
  const slow = { every: 10, factor: 10 };
  const config = await writeSuite("balance", cases, 10);
  const dir = path.dirname(config);
  const baseline = await runScenario(config, latencyMs, ["--no-cache", "-o", path.join(dir, "base.json")], { slow });
  const shardWalls = async (extra: string[]) => {
    const walls: number[] = [];
    for (let index = 1; index <= 4; index++) {
      const run = await runScenario(
        config,
        latencyMs,
        ["--no-cache", "--shard", `${index}/4`, "-o", path.join(dir, `s${index}.json`), ...extra],
        { slow },
      );
      if (run.exitCode !== 0) throw new Error(`shard ${index}/4 exited ${run.exitCode}`);
      walls.push(run.wallS);
    }
    return walls;
  };
  const ratio = (walls: number[]) => Math.max(...walls) / (walls.reduce((a, b) => a + b) / walls.length);
  const hashed = await shardWalls([]);
  const balanced = await shardWalls(["--baseline", path.join(dir, "base.json")]);
  print(
    `4 shards of ${cases} cases, every tenth ${slow.factor}x slower (${latencyMs} / ${latencyMs * slow.factor} ms), concurrency 10: unsharded ${f(baseline.wallS)} s (the baseline, exit ${baseline.exitCode})`,
  );
  print(
    `  dealt by hash (today without a baseline): shards ${hashed.map((w) => f(w)).join(", ")} s, slowest / mean ${f(ratio(hashed), 3)}`,
  );
  print(
    `  dealt by the baseline's durations: shards ${balanced.map((w) => f(w)).join(", ")} s, slowest / mean ${f(ratio(balanced), 3)} (goal <= 1.15)`,
  );
}

// 7. A provider allowing 100 requests/s, enforced per 100 ms window and per 1 s window (429 with a
// Retry-After in whole seconds): the pacer finds the rate, spaces requests at it, loses no case.
for (const windowMs of wants("rate") ? [100, 1000] : []) {
  const config = await writeSuite(`rate-${windowMs}`, 500, 50);
  const r = await runScenario(config, 50, ["--no-cache"], { rate: 100, windowMs });
  const counts = await countsOf(config);
  const activeS = (r.stats.lastResponseAt - r.stats.firstRequestAt) / 1000;
  const rate = r.stats.requests / activeS;
  print(
    `rate limit 100 requests/s enforced per ${windowMs} ms window, 1,000 requests at concurrency 50, 50 ms: scored ${counts.scored}/500 (lost ${500 - counts.scored}), exit ${r.exitCode}, wall ${f(r.wallS)} s`,
  );
  print(
    `  effective rate ${f(rate, 1)} requests/s = ${f(rate / 100, 3)} of the limit (goal >= 0.90); refused ${r.stats.refused} = ${f((100 * r.stats.refused) / (r.stats.requests + r.stats.refused), 1)}% of answers (goal <= 10%); in flight mean ${f(r.stats.meanInFlight, 1)}, max ${r.stats.maxInFlight}`,
  );
}

// 7b. A provider allowing 120,000 tokens a minute (200-token requests: 10 a second), enforced per
// second, that says so in OpenAI's x-ratelimit-*-tokens headers.
if (wants("tpm")) {
  const tokensPerMinute = 120_000;
  const cases = quick ? 50 : 100;
  const config = await writeSuite("tpm", cases, 20);
  const r = await runScenario(config, 50, ["--no-cache"], { tokensPerMinute });
  const counts = await countsOf(config);
  const activeS = (r.stats.lastResponseAt - r.stats.firstRequestAt) / 1000;
  const tokensPerS = (r.stats.requests * 200) / activeS;
  print(
    `tokens-per-minute limit ${tokensPerMinute.toLocaleString("en-US")} (200-token requests), ${cases * 2} requests at concurrency 20: scored ${counts.scored}/${cases}, exit ${r.exitCode}, wall ${f(r.wallS)} s`,
  );
  print(
    `  ${f(tokensPerS * 60, 0)} tokens/min = ${f((tokensPerS * 60) / tokensPerMinute, 3)} of the limit (goal >= 0.90); refused ${r.stats.refused}`,
  );
}

// 7c. 2 s of 503 "overloaded" after the first 100 requests: retries ride it out, the breaker stays shut.
if (wants("outage")) {
  const cases = 500;
  const concurrency = 10;
  const latencyMs = 50;
  const config = await writeSuite("outage", cases, concurrency);
  const outageMs = 2000;
  const r = await runScenario(config, latencyMs, ["--no-cache"], { outage: { afterRequests: 100, durationMs: outageMs } });
  const counts = await countsOf(config).catch(() => ({ cases: 0, scored: 0, errors: 0 }));
  const limitS = (cases * 2 * latencyMs) / 1000 / concurrency;
  const lostS = r.wallS - limitS;
  print(
    `2 s of 503 overloaded after 100 requests, ${cases} cases at concurrency ${concurrency}, ${latencyMs} ms: exit ${r.exitCode} (goal 0), scored ${counts.scored}/${cases}, ${r.stats.overloaded} overloaded answers`,
  );
  print(
    `  wall ${f(r.wallS)} s against a limit of ${f(limitS)} s without the outage: ${f(lostS)} s lost (goal <= the outage plus one backoff: ${f(outageMs / 1000)} s + 1-1.3 s, the base backoff and its jitter)`,
  );
}

// 7d. A 50 MB answer: what is kept of it is capped, and memory stays bounded.
if (wants("bigreply")) {
  const config = await writeSuite("bigreply", 1, 1);
  const r = await runScenario(config, 0, ["--no-cache"], { replyBytes: 50_000_000 });
  const size = (await stat(path.join(path.dirname(config), "out", "results.json"))).size;
  print(
    `a 50 MB answer: exit ${r.exitCode}, peak RSS ${f(r.peakMiB, 1)} MiB (goal <= 250 MiB), results.json ${f(size / MiB, 2)} MiB (goal <= 5 MiB), wall ${f(r.wallS)} s`,
  );
}

// 7e. One long conversation: a message-level metric on a thread of N messages costs time linear in N
// (a thread of 200,000 messages once never finished: its rows were grouped by copying), and memory
// that does not grow with N: the thread is read as a stream, each message scored as it arrives and
// its rows written to the journal as they are computed (src/suites/conversations/stream-run.ts).
// The threads are generated into the bench's temporary folder.
if (wants("longthread")) {
  const sizes = quick ? [25_000, 100_000] : [50_000, 200_000];
  const walls: number[] = [];
  for (const messages of sizes) {
    const dir = await mkdtemp(path.join(work, `longthread-${messages}-`));
    const input = Array.from({ length: messages }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `message ${i}` }));
    await writeFile(path.join(dir, "data.jsonl"), `${JSON.stringify({ input })}\n`);
    const config = path.join(dir, "evalgate.yml");
    await writeFile(
      config,
      `version: 1\noutput-dir: ${JSON.stringify(path.join(dir, "out"))}\nmodels: {}\nsuites:\n  convs:\n    kind: conversations\n    dataset: data.jsonl\n    metrics: { function: [{ name: string_length, level: Message }] }\ngate: { min-score: 0 }\n`,
    );
    const r = await measure([cli, "run", "-c", config, "--quiet", "--no-cache"]);
    walls.push(r.wallS);
    print(
      `one thread of ${messages.toLocaleString("en-US")} messages, string_length per message: wall ${f(r.wallS)} s, CPU ${f(r.cpuS)} s, peak RSS ${f(r.peakMiB, 1)} MiB (goal <= 300 MiB), exit ${r.exitCode}`,
    );
  }
  print(
    `  ${sizes[1]! / sizes[0]!}x the messages took ${f(walls[1]! / walls[0]!)}x the time (goal: about ${sizes[1]! / sizes[0]!}x, linear)`,
  );
}

// 8. The response cache: the second run asks the judge nothing.
if (wants("cache")) {
  const config = await writeSuite("cache", 200, 10);
  const first = await runScenario(config, 50);
  const second = await runScenario(config, 50);
  print(
    `cache, 200 cases at 50 ms: uncached ${f(first.wallS)} s (${first.stats.requests} requests), cached ${f(second.wallS)} s (${second.stats.requests} requests: the agent, the system under test, is not cached)`,
  );
}

// 9. Judge early stop: 3 votes per answer, all cast or stopped once the rest cannot change the score.
if (wants("early-stop")) {
  const cases = quick ? 100 : 300;
  const latencyMs = 50;
  const config = await writeSuite("early-stop", cases, 10);
  await writeFile(config, (await readFile(config, "utf8")).replace("judge-runs: 1", "judge-runs: 3"));
  for (const judge of ["agree", "split"] as const) {
    const runs = [];
    for (const flags of [[], ["--judge-early-stop"]]) {
      await resetEndpoint(latencyMs, { judge });
      const m = await measure([cli, "run", "-c", config, "--quiet", "--json", "--no-cache", ...flags]);
      runs.push({ ...m, judgeRequests: (await endpointStats()).requests - cases });
    }
    const [all, early] = runs as [(typeof runs)[0], (typeof runs)[0]];
    print(
      `judge early stop, ${cases} answers x 3 votes, ${judge === "agree" ? "votes agreeing" : "a split judge (first two votes differ)"}, concurrency 10, ${latencyMs} ms: every vote ${all.judgeRequests} judge requests in ${f(all.wallS)} s; early stop ${early.judgeRequests} in ${f(early.wallS)} s (exit ${all.exitCode}/${early.exitCode})`,
    );
    print(
      `  saved ${f(1 - early.judgeRequests / all.judgeRequests, 3)} of the judge requests, wall time ${f(early.wallS / all.wallS, 3)}x`,
    );
  }
}

// 9b. A prompt target: the same suite with the agent's prompt from a .prompt.yml (a system message, the
// case's prompt in a {{prompt}} user message), interleaved with the plain model, at 50 ms.
if (wants("prompt")) {
  const cases = 500;
  const latencyMs = 50;
  const plain = await writeSuite("prompt-plain", cases, 10);
  const prompted = await writeSuite("prompt-target", cases, 10);
  await writeFile(
    path.join(path.dirname(prompted), "agent.prompt.yml"),
    'messages:\n  - role: system\n    content: You answer arithmetic questions with the sum only.\n  - role: user\n    content: "Question: {{prompt}}"\n',
  );
  await writeFile(
    prompted,
    (await readFile(prompted, "utf8")).replace("model: bench-agent,", "model: bench-agent, prompt: agent.prompt.yml,"),
  );
  const walls: Record<"plain" | "prompt", number[]> = { plain: [], prompt: [] };
  const phases: Record<"plain" | "prompt", number[]> = { plain: [], prompt: [] };
  for (let round = 0; round < (quick ? 2 : 4); round++) {
    for (const [which, config] of [
      ["plain", plain],
      ["prompt", prompted],
    ] as const) {
      const r = await runScenario(config, latencyMs, ["--no-cache"]);
      if (r.exitCode !== 0) throw new Error(`the ${which} run exited ${r.exitCode}`);
      walls[which].push(r.wallS);
      phases[which].push((r.stats.lastResponseAt - r.stats.firstRequestAt) / 1000);
    }
  }
  const ratio = median(walls.prompt) / median(walls.plain);
  print(
    `prompt target, ${cases} cases x 2 calls, concurrency 10, ${latencyMs} ms, interleaved x${walls.plain.length}: plain model wall median ${f(median(walls.plain))} s (${walls.plain.map((w) => f(w)).join(", ")}), with a prompt file ${f(median(walls.prompt))} s (${walls.prompt.map((w) => f(w)).join(", ")}) = ${f(ratio, 3)}x (goal <= 1.01)`,
  );
  print(
    `  request phase median: plain ${f(median(phases.plain))} s, with a prompt file ${f(median(phases.prompt))} s = ${f(median(phases.prompt) / median(phases.plain), 3)}x`,
  );
}

// 9c. Checks instead of a judge: the 500-case suite with three checks (a {{column}}, a forbidden
// text, a regex) against the same suite whose one check cannot fail, the agent's time alone;
// rounds interleaved, medians compared. Then the checks' own cost: harness CPU per case at 0 ms.
if (wants("checks")) {
  const three = '[{ contains: "question {{number}}" }, { not-contains: "As an AI" }, { regex: "^An answer .* \\\\d+\\\\.$", name: shape }]';
  const agentOnly = "[{ max-length: 1000000000 }]";
  const latencyMs = 50;
  const rounds = quick ? 3 : 5;
  const walls: Record<"three" | "agent", number[]> = { three: [], agent: [] };
  const configs = {
    three: await writeChecksSuite("checks-three", 500, 10, three),
    agent: await writeChecksSuite("checks-agent", 500, 10, agentOnly),
  };
  let judgeRequests = 0;
  let passRate = Number.NaN;
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 === 0 ? (["agent", "three"] as const) : (["three", "agent"] as const)) {
      const r = await runScenario(configs[which], latencyMs, ["--no-cache"]);
      if (r.exitCode !== 0) throw new Error(`the ${which} checks run exited ${r.exitCode}`);
      walls[which].push(r.wallS);
      if (which === "three") {
        judgeRequests += r.stats.requests - 500;
        const results = JSON.parse(await readFile(path.join(path.dirname(configs.three), "out", "results.json"), "utf8"));
        passRate = results.suites.bench.metrics.check_pass_rate.value;
      }
    }
  }
  const [threeS, agentS] = [median(walls.three), median(walls.agent)];
  print(
    `checks, 500 cases, concurrency 10, ${latencyMs} ms, no judge: three checks ${f(threeS)} s, the agent alone (one check that cannot fail) ${f(agentS)} s: ${f((threeS / agentS - 1) * 100, 2)}% (goal within 1%); ${judgeRequests} judge requests, check_pass_rate ${passRate}`,
  );
  print(`  each round (three | agent alone): ${walls.three.map((w, i) => `${f(w)} | ${f(walls.agent[i]!)}`).join(", ")} s`);
  const cases = quick ? 2000 : 5000;
  const cpu: Record<"three" | "agent", number> = { three: 0, agent: 0 };
  for (const which of ["agent", "three"] as const) {
    const config = await writeChecksSuite(`checks-cpu-${which}`, cases, 10, which === "three" ? three : agentOnly);
    cpu[which] = (await runScenario(config, 0, ["--no-cache"])).cpuS;
  }
  print(
    `  at 0 ms, ${cases} cases: harness CPU ${f((cpu.three * 1000) / cases)} ms per case with three checks, ${f((cpu.agent * 1000) / cases)} ms with the agent alone (the checks: ${f(((cpu.three - cpu.agent) * 1000) / cases, 3)} ms per case)`,
  );
}

// 10. Cold start: process start to the first request, CLI and bundled action.
if (wants("cold")) {
  const config = await writeSuite("cold", 20, 10);
  const starts: number[] = [];
  for (let i = 0; i < (quick ? 3 : 5); i++) {
    const r = await runScenario(config, 0, ["--no-cache"]);
    starts.push((r.stats.firstRequestAt - r.spawnedAt) / 1000);
  }
  // The first start after an install or upgrade (and every start on a fresh CI runner): nothing in the compile cache yet.
  const firstStarts: number[] = [];
  for (let i = 0; i < 3; i++) {
    await resetEndpoint(0);
    const env = { ...process.env, NODE_COMPILE_CACHE: await mkdtemp(path.join(work, "no-compile-cache-")) };
    const m = await measure([cli, "run", "-c", config, "--quiet", "--json", "--no-cache"], env);
    firstStarts.push(((await endpointStats()).firstRequestAt - m.spawnedAt) / 1000);
  }
  const actionStarts: number[] = [];
  for (let i = 0; i < (quick ? 3 : 5); i++) {
    await resetEndpoint(0);
    const env = {
      ...process.env,
      INPUT_CONFIG: config,
      "INPUT_GITHUB-TOKEN": "",
      GITHUB_WORKSPACE: path.dirname(config),
      GITHUB_STEP_SUMMARY: path.join(work, "summary.md"),
    };
    const m = await measure([action], env, "ignore");
    const stats = await endpointStats();
    if (stats.firstRequestAt) actionStarts.push((stats.firstRequestAt - m.spawnedAt) / 1000);
  }
  const versions: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    spawnSync(process.execPath, [cli, "--version"], { stdio: "ignore" });
    versions.push((performance.now() - t) / 1000);
  }
  print(
    `cold start to the first request (median): CLI ${f(median(starts) * 1000, 0)} ms, action dist/index.js ${actionStarts.length ? `${f(median(actionStarts) * 1000, 0)} ms` : "no request (see its output)"}; evalgate --version ${f(median(versions) * 1000, 0)} ms (goal: first request within 250 ms)`,
  );
  print(
    `  the CLI's first start, before the compile cache has it (after an install or upgrade; a fresh CI runner): ${f(median(firstStarts) * 1000, 0)} ms`,
  );
}

// 11. Command targets: 2,000 single-turn tool-calling cases at concurrency 8 against a worker that
// answers at once (bench/command-worker.mjs, then bench/command_worker.py): evalgate's own time per
// case (the wall time less the workers' answering time spread over the 8 slots), CPU and peak RSS.
for (const [language, command] of wants("command")
  ? [
      ["Node", [process.execPath, path.join(import.meta.dirname, "command-worker.mjs")]],
      ["Python", ["python3", path.join(import.meta.dirname, "command_worker.py")]],
    ]
  : []) {
  const cases = quick ? 500 : 2000;
  const concurrency = 8;
  const config = await writeCommandSuite(`command-${language}`, cases, concurrency, command as string[]);
  const times = path.join(path.dirname(config), "worker-times.txt");
  const r = await measure([cli, "run", "-c", config, "--quiet", "--json", "--no-cache"], { ...process.env, BENCH_WORKER_TIMES: times });
  const counts = await countsOf(config);
  const workers = (await readFile(times, "utf8").catch(() => "")).trim().split("\n").filter(Boolean);
  const busyS = workers.reduce((sum, line) => sum + Number(line.split(" ")[0]), 0) / 1000;
  const ownMs = ((r.wallS - busyS / concurrency) * 1000) / cases;
  print(
    `command target, ${language} worker: ${cases} cases at concurrency ${concurrency}, answered at once: exit ${r.exitCode}, scored ${counts.scored}/${cases}, wall ${f(r.wallS)} s, ${workers.length} workers answering for ${f(busyS, 3)} s in all`,
  );
  print(
    `  evalgate's own time per case ${f(ownMs, 3)} ms (wall less the workers' answering time over ${concurrency} slots; goal <= 1 ms); evalgate's CPU ${f((r.cpuS * 1000) / cases, 3)} ms per case; peak RSS ${f(r.peakMiB, 1)} MiB (goal <= 120 MiB)`,
  );
}

// 11b. Bedrock: the 500-case suite through provider: bedrock (Converse; every attempt signed with AWS
// Signature V4, a session token included) and through provider: openai (unsigned), interleaved.
if (wants("bedrock")) {
  const [cases, concurrency, latencyMs] = [500, 10, 50];
  const configs = {
    unsigned: await writeSuite("bedrock-unsigned", cases, concurrency),
    signed: await writeBedrockSuite("bedrock-signed", cases, concurrency),
  };
  const aws = {
    AWS_ACCESS_KEY_ID: "AKIABENCH0000000000",
    AWS_SECRET_ACCESS_KEY: "bench-secret-access-key-000000",
    AWS_SESSION_TOKEN: "bench-session-token-000000",
  };
  const walls = { unsigned: [] as number[], signed: [] as number[] };
  const cpu = { unsigned: [] as number[], signed: [] as number[] };
  for (let round = 0; round < (quick ? 1 : 3); round++) {
    for (const kind of ["unsigned", "signed"] as const) {
      await resetEndpoint(latencyMs);
      const m = await measure([cli, "run", "-c", configs[kind], "--quiet", "--json", "--no-cache"], { ...process.env, ...aws });
      if (m.exitCode !== 0) throw new Error(`the ${kind} run exited ${m.exitCode}`);
      walls[kind].push(m.wallS);
      cpu[kind].push(m.cpuS);
    }
  }
  const [signed, unsigned] = [median(walls.signed), median(walls.unsigned)];
  print(
    `bedrock: ${cases} cases x 2 calls, concurrency ${concurrency}, ${latencyMs} ms latency, ${walls.signed.length} runs each, interleaved`,
  );
  print(
    `  signed (bedrock, Converse) wall ${f(signed)} s, unsigned (openai) ${f(unsigned)} s: ${f((signed / unsigned - 1) * 100, 1)}% more time (goal <= 2%); CPU ${f(median(cpu.signed))} s vs ${f(median(cpu.unsigned))} s`,
  );
}

// 12. Agent suites: 500 cases of 3 tool calls each at concurrency 8, the agent a command target and
// the tools an MCP server over stdio, both answering at once: evalgate's own time per tool call (the
// wall time less the agents' and servers' answering time over the 8 slots, per call) and peak RSS.
if (wants("agent")) await benchAgentSuite();

async function benchAgentSuite(): Promise<void> {
  const [cases, concurrency] = [500, 8];
  const dir = path.join(work, "agent");
  await mkdir(dir, { recursive: true });
  const rows = Array.from({ length: cases }, (_, i) =>
    JSON.stringify({
      id: `task-${i}`,
      instruction: `Do task ${i}.`,
      expected_calls: [1, 2, 3].map((n) => ({ name: `step_${n}` })),
      order: "ordered",
    }),
  );
  await writeFile(path.join(dir, "cases.jsonl"), `${rows.join("\n")}\n`);
  const node = JSON.stringify(process.execPath);
  const server = `mcp: { command: [${node}, ${JSON.stringify(path.join(import.meta.dirname, "mcp-server.mjs"))}] }`;
  const suite = (target: string) => `suites:
  bench: { kind: agent, dataset: cases.jsonl, target: ${target}, max-steps: 5, ${server} }`;
  const times = { BENCH_WORKER_TIMES: path.join(dir, "worker-times.txt"), BENCH_SERVER_TIMES: path.join(dir, "server-times.txt") };
  const calls = cases * 3;
  const ownMs = (wallS: number, busyS: number) => f(((wallS - busyS / concurrency) * 1000) / calls, 3);
  const command = await writeBenchConfig(
    dir,
    concurrency,
    `models:
  agent: { provider: command, command: [${node}, ${JSON.stringify(path.join(import.meta.dirname, "agent-worker.mjs"))}], max-retries: 0 }
${suite("agent")}`,
  );
  const r = await measure([cli, "run", "-c", command, "--quiet", "--json", "--no-cache"], { ...process.env, ...times });
  const busyS = (await busyInFile(times.BENCH_WORKER_TIMES)) + (await busyInFile(times.BENCH_SERVER_TIMES));
  print(
    `agent suite: ${cases} cases x 3 tool calls at concurrency ${concurrency} (a command agent, a stdio MCP server, both answering at once): exit ${r.exitCode}, scored ${(await countsOf(command)).scored}/${cases}, wall ${f(r.wallS)} s`,
  );
  print(
    `  evalgate's own time per tool call ${ownMs(r.wallS, busyS)} ms (wall less the agents' and servers' answering time over ${concurrency} slots, per call, the agent's 4 requests a case included; goal <= 1 ms); CPU ${f((r.cpuS * 1000) / calls, 3)} ms per call; peak RSS ${f(r.peakMiB, 1)} MiB (goal <= 150 MiB)`,
  );
  // The same exchanges with no engine at all (bench/bare-agent.ts), read by the same formula: what
  // the processes and pipes alone cost on this machine, the floor under evalgate's figure.
  const bareTimes = { BENCH_WORKER_TIMES: `${times.BENCH_WORKER_TIMES}.bare`, BENCH_SERVER_TIMES: `${times.BENCH_SERVER_TIMES}.bare` };
  const bare = await measure([path.join(import.meta.dirname, "bare-agent.ts"), String(cases), String(concurrency)], {
    ...process.env,
    ...bareTimes,
  });
  const bareBusyS = (await busyInFile(bareTimes.BENCH_WORKER_TIMES)) + (await busyInFile(bareTimes.BENCH_SERVER_TIMES));
  print(
    `  a bare client doing the same exchanges (bench/bare-agent.ts: an agent and a server process per slot, nothing between answers): exit ${bare.exitCode}, wall ${f(bare.wallS)} s = ${ownMs(bare.wallS, bareBusyS)} ms per tool call by the same formula`,
  );
  // The loop evalgate runs itself: a chat model on the bench endpoint, answering at once with the calls.
  await mkdir(path.join(dir, "chat"), { recursive: true });
  const chat = await writeBenchConfig(
    path.join(dir, "chat"),
    concurrency,
    `models:
  agent: { provider: openai, base-url: "${base}/v1", model: bench-agent, max-retries: 0 }
${suite("agent")}`,
  );
  await writeFile(path.join(dir, "chat", "cases.jsonl"), `${rows.join("\n")}\n`);
  const chatTimes = { BENCH_SERVER_TIMES: `${times.BENCH_SERVER_TIMES}.chat` };
  await resetEndpoint(0);
  const loop = await measure([cli, "run", "-c", chat, "--quiet", "--json", "--no-cache"], {
    ...process.env,
    ...chatTimes,
    OPENAI_API_KEY: "bench",
  });
  const served = await endpointStats();
  const loopBusyS = (served.requests * served.meanLatencyMs) / 1000 + (await busyInFile(chatTimes.BENCH_SERVER_TIMES));
  print(
    `  the loop evalgate runs (a chat model on the bench endpoint at 0 ms, the same server): exit ${loop.exitCode}, scored ${(await countsOf(chat)).scored}/${cases}, wall ${f(loop.wallS)} s = ${ownMs(loop.wallS, loopBusyS)} ms per tool call by the same formula; CPU ${f((loop.cpuS * 1000) / calls, 3)} ms per call; peak RSS ${f(loop.peakMiB, 1)} MiB`,
  );
}

/** The answering time a bench program (./line-worker.mjs) added to `file`, in seconds. */
async function busyInFile(file: string): Promise<number> {
  const lines = (await readFile(file, "utf8").catch(() => "")).trim().split("\n").filter(Boolean);
  return lines.reduce((sum, line) => sum + Number(line.split(" ")[0]), 0) / 1000;
}

// 12. The peer: promptfoo and evalgate on the same 500-test promptfooconfig.yaml (an answer and an
// llm-rubric grade each), interleaved: evalgate reads it as a promptfoo suite.
if (process.argv.includes("--peer")) {
  const peer = process.argv[process.argv.indexOf("--peer") + 1];
  if (peer !== "promptfoo") throw new Error(`--peer: only "promptfoo" is known, got ${peer}`);
  await comparePromptfoo();
}

endpoint.kill("SIGTERM");
await rm(work, { recursive: true, force: true });

async function comparePromptfoo(): Promise<void> {
  const cases = 500;
  const concurrency = 10;
  const latencyMs = 50;
  // BENCH_PROMPTFOO_PREFIX reuses an earlier install (a folder holding node_modules/promptfoo).
  const prefix = process.env.BENCH_PROMPTFOO_PREFIX ?? (await mkdtemp(path.join(tmpdir(), "evalgate-peer-")));
  const bin = path.join(prefix, "node_modules", "promptfoo", "dist", "src", "entrypoint.js");
  const installed = await readFile(bin).then(
    () => true,
    () => false,
  );
  if (!installed) {
    print(`installing promptfoo into ${prefix} ...`);
    const install = spawnSync("npm", ["install", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error", "promptfoo"], {
      stdio: "inherit",
    });
    if (install.status !== 0) throw new Error("npm install promptfoo failed");
  }
  const version = JSON.parse(await readFile(path.join(prefix, "node_modules", "promptfoo", "package.json"), "utf8")).version as string;
  const dir = path.join(work, "peer-promptfoo");
  await mkdir(path.join(dir, "home"), { recursive: true });
  const provider = (model: string) => ({ id: `openai:chat:${model}`, config: { apiBaseUrl: `${base}/v1`, apiKey: "bench" } });
  const tests = Array.from({ length: cases }, (_, i) => ({
    vars: { question: `Question number ${i}: what is ${i} + ${i}?` },
    assert: [{ type: "llm-rubric", value: `The answer is ${2 * i}.` }],
  }));
  const pfConfig = path.join(dir, "promptfooconfig.yaml");
  await writeFile(
    pfConfig,
    JSON.stringify({
      description: "bench",
      prompts: ["{{question}}"],
      providers: [provider("bench-agent")],
      defaultTest: { options: { provider: provider("bench-judge") } },
      tests,
    }),
  );
  // evalgate runs the very same file, as a promptfoo suite: its provider mapped, its llm-rubric graded by the suite's judge.
  const config = await writeBenchConfig(
    dir,
    concurrency,
    `models:
  agent: { provider: openai, base-url: "${base}/v1", model: bench-agent, max-retries: 10 }
  judge: { provider: openai, base-url: "${base}/v1", model: bench-judge, max-retries: 10 }
suites:
  bench: { kind: promptfoo, config: promptfooconfig.yaml, model-map: { "openai:chat:bench-agent": agent }, judge: judge }`,
  );
  const env = {
    ...process.env,
    PROMPTFOO_CONFIG_DIR: path.join(dir, "home"),
    PROMPTFOO_DISABLE_TELEMETRY: "1",
    PROMPTFOO_DISABLE_UPDATE: "1",
    PROMPTFOO_DISABLE_SHARING: "1",
    OPENAI_API_KEY: "bench",
  };
  const limitS = (cases * 2 * latencyMs) / 1000 / concurrency;
  const rounds: { evalgate: Measured; promptfoo: Measured; pfRequests: number }[] = [];
  for (let round = 0; round < 2; round++) {
    const ours = await runScenario(config, latencyMs, ["--no-cache"]);
    await resetEndpoint(latencyMs);
    const theirs = await measure(
      [
        bin,
        "eval",
        "-c",
        pfConfig,
        "--no-cache",
        "-j",
        String(concurrency),
        "--no-table",
        "--no-progress-bar",
        "-o",
        path.join(dir, "out.json"),
      ],
      env,
      "ignore",
    );
    const stats = await endpointStats();
    rounds.push({ evalgate: ours, promptfoo: theirs, pfRequests: stats.requests });
  }
  const ourWall = median(rounds.map((r) => r.evalgate.wallS));
  const theirWall = median(rounds.map((r) => r.promptfoo.wallS));
  const ourPeak = median(rounds.map((r) => r.evalgate.peakMiB));
  const theirPeak = median(rounds.map((r) => r.promptfoo.peakMiB));
  print(
    `peer: promptfoo ${version} vs evalgate on the same promptfooconfig.yaml (kind: promptfoo), ${cases} tests x (answer + llm-rubric), concurrency ${concurrency}, ${latencyMs} ms, interleaved x${rounds.length}`,
  );
  print(
    `  evalgate  wall ${f(ourWall)} s = ${f(limitS / ourWall, 3)} of the limit, peak RSS ${f(ourPeak, 1)} MiB (each round: ${rounds.map((r) => f(r.evalgate.wallS)).join(", ")} s)`,
  );
  print(
    `  promptfoo wall ${f(theirWall)} s = ${f(limitS / theirWall, 3)} of the limit, peak RSS ${f(theirPeak, 1)} MiB, ${rounds.at(-1)!.pfRequests} requests, exit ${rounds.at(-1)!.promptfoo.exitCode} (each round: ${rounds.map((r) => f(r.promptfoo.wallS)).join(", ")} s)`,
  );
  print(`  ratios: promptfoo takes ${f(theirWall / ourWall)}x the time and ${f(theirPeak / ourPeak)}x the memory of evalgate`);
  print(
    `  evalgate takes ${f(ourWall / theirWall, 3)}x promptfoo's time (goal <= 0.5) and ${f(ourPeak / theirPeak, 3)}x its memory (goal <= 0.3); evalgate scored ${(await countsOf(config)).scored}/${cases}`,
  );
  // A temporary install is ~2 GB: gone with the run (a BENCH_PROMPTFOO_PREFIX install is kept).
  if (!process.env.BENCH_PROMPTFOO_PREFIX) await rm(prefix, { recursive: true, force: true });
}
