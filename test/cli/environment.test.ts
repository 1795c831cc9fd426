// `.env` and `--env-file` through the real CLI against a scripted endpoint: a key from `.env` is sent
// and redacted everywhere like any secret, a variable already set wins, a bad file is exit 2 with
// file:line; `validate` warns about an unset key (exit 0) unless --strict, while `run` refuses before
// any request; with no config, the CLI says where it looked, and finds the repository root's config
// from a subfolder.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { COMMAND_NAMES } from "../../src/cli/command-names.ts";
import { runCli } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

const KEY = "sk-dotenv-0123456789abcdef";
// The endpoint answers with whatever key it was sent, so a leak would show in every report.
const server = await startScriptedServer((request) => {
  const sent = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
  const judge = (request.body as { model: string }).model === "judge-model";
  return { body: chatCompletion(judge ? `Fine.\nSCORE: 3` : `My key is ${sent}.`) };
});
after(() => server.close());

/** A judged suite whose models need EVALGATE_TEST_KEY, in a fresh git repository: {root}/evals/evalgate.yml. */
async function project(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "evalgate-env-"));
  await mkdir(path.join(root, ".git"));
  await mkdir(path.join(root, "evals"));
  await writeFile(path.join(root, "evals", "prompts.csv"), 'prompt,judge_prompt\n"What is 2 + 2?","4"\n');
  await writeFile(
    path.join(root, "evals", "evalgate.yml"),
    `version: 1
models:
  agent: { provider: openai, base-url: "${server.url}/v1", model: agent-model, api-key-env: EVALGATE_TEST_KEY, max-retries: 0 }
  judge: { provider: openai, base-url: "${server.url}/v1", model: judge-model, api-key-env: EVALGATE_TEST_KEY, max-retries: 0 }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge, judge-runs: 1 }
baseline: { store: none }
`,
  );
  return root;
}

const UNSET = { EVALGATE_TEST_KEY: "" };

test(".env beside the config: its key is sent and redacted from the console, results.json and the comment", async () => {
  const root = await project();
  await writeFile(path.join(root, "evals", ".env"), `# keys\nexport EVALGATE_TEST_KEY="${KEY}"  # for the demo\n`);
  const before = server.requests.length;
  const run = await runCli(["run", "--markdown", "comment.md", "--verbose"], { cwd: root, env: UNSET });
  assert.equal(run.code, 0, run.stderr);
  const sent = server.requests.slice(before).map((request) => request.headers.authorization);
  assert.ok(sent.length >= 2 && sent.every((header) => header === `Bearer ${KEY}`), JSON.stringify(sent));
  const written = [
    run.stdout,
    run.stderr,
    await readFile(path.join(root, ".evalgate/results.json"), "utf8"),
    await readFile(path.join(root, "comment.md"), "utf8"),
  ];
  for (const text of written) assert.ok(!text.includes(KEY) && !text.includes(KEY.slice(0, 12)), "the key never appears");
  assert.match(written[2]!, /My key is \*\*\*\./, "the answer that quoted it is redacted");
});

test("a variable already set wins over .env; --env-file replaces the .env lookup", async () => {
  const root = await project();
  await writeFile(path.join(root, "evals", ".env"), `EVALGATE_TEST_KEY=${KEY}\n`);
  const before = server.requests.length;
  const run = await runCli(["run", "-q"], { cwd: root, env: { EVALGATE_TEST_KEY: "sk-from-the-shell-0000" } });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(server.requests[before]!.headers.authorization, "Bearer sk-from-the-shell-0000");

  await writeFile(path.join(root, "other.env"), "EVALGATE_TEST_KEY='sk-other-file-1111'\n");
  const mark = server.requests.length;
  const other = await runCli(["run", "-q", "--env-file", "other.env"], { cwd: root, env: UNSET });
  assert.equal(other.code, 0, other.stderr);
  assert.equal(server.requests[mark]!.headers.authorization, "Bearer sk-other-file-1111");

  const validate = await runCli(["validate"], { cwd: root, env: UNSET });
  assert.match(validate.stdout, /environment: read evals\/\.env: set EVALGATE_TEST_KEY/);
  const kept = await runCli(["validate"], { cwd: root, env: { EVALGATE_TEST_KEY: "sk-from-the-shell-0000" } });
  assert.match(kept.stdout, /environment: read evals\/\.env: set nothing; kept EVALGATE_TEST_KEY \(already set\)/);
});

test("a bad env file is exit 2 with file:line, every problem at once, no value quoted", async () => {
  const root = await project();
  await writeFile(path.join(root, "bad.env"), `NOT A LINE\nA=1\nA=2\nB="${KEY}\n`);
  const bad = await runCli(["validate", "--env-file", "bad.env"], { cwd: root, env: UNSET });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /bad\.env:1: expected KEY=value/);
  assert.match(bad.stderr, /bad\.env:3: A: is set twice \(first on line 2\)/);
  assert.match(bad.stderr, /bad\.env:4: B: the double quote opened here is never closed/);
  assert.ok(!bad.stderr.includes(KEY.slice(0, 10)), "the file's values are not echoed");
  // A missing file: Node itself scans every argument for --env-file and stops first (exit 9, "node:
  // nowhere.env: not found") on the versions that do; otherwise evalgate says it, exit 2.
  const missing = await runCli(["validate", "--env-file", "nowhere.env"], { cwd: root });
  assert.ok(
    (missing.code === 2 && /--env-file: nowhere\.env does not exist/.test(missing.stderr)) ||
      (missing.code === 9 && /nowhere\.env: not found/.test(missing.stderr)),
    `${missing.code}: ${missing.stderr}`,
  );
});

test("validate warns about an unset key and exits 0; --strict and run refuse with exit 2, run before any request", async () => {
  const root = await project();
  const validate = await runCli(["validate"], { cwd: root, env: UNSET });
  assert.equal(validate.code, 0, validate.stderr);
  assert.match(
    validate.stdout,
    /warning: evals\/evalgate\.yml:3: models\.agent: model "agent" needs the environment variable EVALGATE_TEST_KEY/,
  );
  assert.match(validate.stdout, /--strict makes this an error/);
  const strict = await runCli(["validate", "--strict"], { cwd: root, env: UNSET });
  assert.equal(strict.code, 2);
  assert.match(strict.stderr, /error: evals\/evalgate\.yml:3: models\.agent: .*EVALGATE_TEST_KEY/);
  const before = server.requests.length;
  const run = await runCli(["run"], { cwd: root, env: UNSET });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /EVALGATE_TEST_KEY/);
  assert.equal(server.requests.length, before, "no request was sent");
});

test("no config: the paths searched, -c and init; from a subfolder the repository's config is found", async () => {
  const empty = await mkdtemp(path.join(tmpdir(), "evalgate-noconfig-"));
  await mkdir(path.join(empty, ".git"));
  await mkdir(path.join(empty, "src"));
  const run = await runCli(["validate"], { cwd: path.join(empty, "src") });
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /no config found\. Looked for:\n {2}evals\/evalgate\.yml \(in the current folder\)\n {2}.*evals\/evalgate\.yml \(at the repository's root\)/,
  );
  assert.match(run.stderr, /-c <file>/);
  assert.match(run.stderr, /evalgate init/);

  const root = await project();
  await mkdir(path.join(root, "src", "deep"), { recursive: true });
  const found = await runCli(["validate"], { cwd: path.join(root, "src", "deep"), env: { EVALGATE_TEST_KEY: "sk-set-000000" } });
  assert.equal(found.code, 0, found.stderr);
  assert.match(found.stdout, /^\.\.\/\.\.\/evals\/evalgate\.yml: valid/);
});

test("every command takes --env-file (one option table entry, shared)", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "evalgate-help-"));
  for (const command of COMMAND_NAMES) {
    const help = await runCli([command, "--help"], { cwd: root });
    assert.equal(help.code, 0, `${command}: ${help.stderr}`);
    assert.match(help.stdout, /--env-file <file>/, command);
  }
});
