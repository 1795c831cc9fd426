// Skipping by `paths:` (issue 36): a suite is carried only when evalgate is sure nothing it reads
// changed. The real CLI in a real git repository with real symlinks, git-ignored files and file
// names holding newlines, spaces and bytes that are not UTF-8.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rename, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Results } from "../../../src/results/types.ts";
import { runCli, startEvalServer } from "../../engine/helpers.ts";
import type { ScriptedServer } from "../../servers/scripted.ts";

let server: ScriptedServer;
let dir: string;
let base: string;

const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", ...args], {
    cwd: dir,
    encoding: "utf8",
  });

async function put(file: string | Buffer, text: string): Promise<void> {
  const absolute = Buffer.isBuffer(file) ? Buffer.concat([Buffer.from(`${dir}/`), file]) : path.join(dir, file);
  await mkdir(path.dirname(absolute.toString()), { recursive: true });
  await writeFile(absolute, text);
}

function commitAll(message: string): string {
  git("add", "-A");
  git("commit", "-q", "--allow-empty", "-m", message);
  return git("rev-parse", "HEAD").trim();
}

before(async () => {
  server = await startEvalServer();
  dir = await mkdtemp(path.join(tmpdir(), "evalgate-paths-"));
  git("init", "-q", "-b", "main");
  const rows = [2, 4].map((n) => `"Question ${n}: what is ${n} + 1?","The answer is ${n + 1}.",notes/q${n}.txt`);
  await put(".gitignore", ".evalgate/\nevals/local/\n");
  // The config and the CSV are symlinks: what changes is the file they point to.
  await put(
    "conf/evalgate.yml",
    `version: 1
concurrency: 4
output-dir: .evalgate
models:
  agent: { provider: openai, base-url: "${server.url}/v1", model: agent-model, retry-backoff: 1ms, max-retries: 1 }
  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model, retry-backoff: 1ms, max-retries: 1 }
suites:
  qa: { kind: judged, prompts: qa.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3, paths: ["prompts/**"] }
  local: { kind: judged, prompts: local.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3, judge-preamble: local/preamble.md, paths: ["prompts/**"] }
gate: { min-score: 0.3 }
baseline: { store: file, path: evals/baseline.json }
`,
  );
  await put("data/qa.csv", `prompt,judge_prompt,files\n${rows.join("\n")}\n`);
  await put("evals/notes/q2.txt", "two\n");
  await put("evals/notes/q4.txt", "four\n");
  await put("evals/local.csv", 'prompt,judge_prompt\n"Question 4: what is 4 + 1?","The answer is 5."\n');
  await put("evals/local/preamble.md", "Be fair.\n"); // git-ignored: git cannot say whether it changed
  await put("prompts/system.md", "You answer arithmetic questions.\n");
  await put("prompts/line\nbreak.md", "a name with a newline\n");
  await put(Buffer.from([...Buffer.from("prompts/latin-"), 0xe9, ...Buffer.from(".md")]), "a name that is not UTF-8\n");
  await put("docs/guide.md", "# Guide\n");
  await symlink("../conf/evalgate.yml", path.join(dir, "evals/evalgate.yml"));
  await symlink("../data/qa.csv", path.join(dir, "evals/qa.csv"));
  commitAll("base");
  const made = await runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", "--out", "evals/baseline.json"], { cwd: dir });
  assert.equal(made.code, 0, made.stderr + made.stdout);
  base = commitAll("baseline");
});
after(() => server.close());

/** Runs with --changed-since the baseline commit; the suites that ran and those carried. */
async function runChanged(): Promise<{ ran: string[]; carried: string[]; stdout: string }> {
  const result = await runCli(["run", "-c", "evals/evalgate.yml", "--no-cache", "--quiet", "--changed-since", base], { cwd: dir });
  assert.equal(result.code, 0, result.stderr + result.stdout);
  const results = JSON.parse(await readFile(path.join(dir, ".evalgate/results.json"), "utf8")) as Results;
  const names = Object.keys(results.suites);
  return {
    ran: names.filter((name) => !results.suites[name]!.carried),
    carried: names.filter((name) => results.suites[name]!.carried),
    stdout: result.stdout,
  };
}

/** Makes an edit, runs, and puts the tree back as the baseline commit had it. */
async function afterEdit(edit: () => Promise<void> | void) {
  await edit();
  try {
    return await runChanged();
  } finally {
    git("reset", "-q", "--hard", base);
    git("clean", "-q", "-fd");
    await put("evals/local/preamble.md", "Be fair.\n");
  }
}

test("a change to nothing qa reads carries it; local reads a file git ignores, so it always runs", async () => {
  const { ran, carried, stdout } = await afterEdit(() => put("docs/guide.md", "# Guide\n\nMore.\n"));
  assert.deepEqual(carried, ["qa"]);
  assert.deepEqual(ran, ["local"]);
  assert.match(stdout, /local ran: it reads evals\/local\/preamble\.md, which git does not track \(no diff can show a change\)/);
});

test("the file behind a symlinked CSV, or behind the symlinked config (the suite's block), changed: the suite runs", async () => {
  const csv = path.join(dir, "data/qa.csv");
  assert.ok(
    (await afterEdit(async () => writeFile(csv, (await readFile(csv, "utf8")).replace("what is 2", "what's 2")))).ran.includes("qa"),
  );
  const config = path.join(dir, "conf/evalgate.yml");
  const edited = await afterEdit(async () =>
    writeFile(config, (await readFile(config, "utf8")).replace("scale: 0-3, paths", "scale: 0-3, description: edited, paths")),
  );
  assert.ok(edited.ran.includes("qa"));
  // The link itself, pointed elsewhere: a change too.
  const relinked = await afterEdit(async () => {
    await put("data/qa2.csv", await readFile(path.join(dir, "data/qa.csv"), "utf8"));
    await rename(path.join(dir, "evals/qa.csv"), path.join(dir, "evals/old.csv"));
    await symlink("../data/qa2.csv", path.join(dir, "evals/qa.csv"));
    git("add", "-A");
  });
  assert.ok(relinked.ran.includes("qa"));
});

test("a file a CSV row attaches changed: the suite runs (no paths: entry needed)", async () => {
  assert.ok((await afterEdit(() => put("evals/notes/q4.txt", "four, edited\n"))).ran.includes("qa"));
});

test("paths: globs see every changed name: a newline, bytes that are not UTF-8, both sides of a rename", async () => {
  assert.ok((await afterEdit(() => put("prompts/line\nbreak.md", "edited\n"))).ran.includes("qa"));
  const latin = Buffer.from([...Buffer.from("prompts/latin-"), 0xe9, ...Buffer.from(".md")]);
  assert.ok((await afterEdit(() => put(latin, "edited\n"))).ran.includes("qa"));
  assert.ok((await afterEdit(() => void git("mv", "prompts/system.md", "docs/system.md"))).ran.includes("qa"), "renamed out of prompts/");
  assert.ok((await afterEdit(() => void git("mv", "docs/guide.md", "prompts/guide.md"))).ran.includes("qa"), "renamed into prompts/");
  // Untracked, not ignored: listed by git, matched like any other change.
  assert.ok((await afterEdit(() => put("prompts/new file.md", "new\n"))).ran.includes("qa"));
});

test("a paths: glob that cannot match safely is exit 2 at load, naming the field; before any request", async () => {
  const config = path.join(dir, "conf/evalgate.yml");
  const original = await readFile(config, "utf8");
  try {
    for (const [glob, why] of [
      ["!", /nothing after "!"/],
      ["src/***/x", /"\*\*\*"/],
      ["/abs/**", /relative to the repository root/],
      ["prompts/{a,b", /unclosed "\{"/],
    ] as const) {
      await writeFile(
        config,
        original.replace('paths: ["prompts/**"] }\n  local', `paths: ["prompts/**", ${JSON.stringify(glob)}] }\n  local`),
      );
      const sent = server.requests.length;
      const result = await runCli(["run", "-c", "evals/evalgate.yml", "--changed-since", base], { cwd: dir });
      assert.equal(result.code, 2, `${glob}: ${result.stderr}`);
      assert.match(result.stderr, /suites\.qa\.paths\[1\]/);
      assert.match(result.stderr, why);
      assert.equal(server.requests.length, sent);
    }
  } finally {
    await writeFile(config, original);
  }
});
