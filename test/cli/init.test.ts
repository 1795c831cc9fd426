// `evalgate init` through the real CLI in empty git repositories: every kind and every provider
// writes a config that validates and runs against the demo targets; the workflow passes actionlint
// with least privilege per event; a second init replaces nothing (exit 2, each file named); and
// the newcomer's loop works: a run becomes the baseline, a planted regression (the config's
// max-tokens cut to 8) fails the gate naming the regressed cases.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { INIT_KINDS, INIT_PROVIDERS } from "../../src/cli/init/templates.ts";
import { PROVIDER_CONFIGS } from "../../src/config/providers.ts";
import { SUITE_KIND_NAMES } from "../../src/config/suite-kinds.ts";
import { createWorkflowLinter } from "../docs/doc-blocks.ts";
import { runCli } from "../engine/helpers.ts";

/** An empty git repository (a .git folder is what evalgate looks for). */
async function emptyRepository(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "evalgate-init-"));
  await mkdir(path.join(root, ".git"));
  await writeFile(path.join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
  return root;
}

/** No key anywhere: the demo needs none, validate only warns. */
const NO_KEYS = { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "" };

test("every init kind and provider is one the config knows", () => {
  for (const kind of Object.keys(INIT_KINDS)) assert.ok((SUITE_KIND_NAMES as readonly string[]).includes(kind), kind);
  for (const provider of Object.keys(INIT_PROVIDERS)) assert.ok(provider in PROVIDER_CONFIGS, provider);
});

test("every kind, and every provider: init writes a config that validates and passes against the demo targets", async () => {
  // Each kind with the default provider, and each provider with the default kind (a provider only changes the model lines).
  const pairs = [
    ...Object.keys(INIT_KINDS).map((kind) => [kind, "openai"]),
    ...Object.keys(INIT_PROVIDERS).map((provider) => ["judged", provider]),
  ];
  for (const [kind, provider] of new Map(pairs.map((pair) => [pair.join("/"), pair])).values()) {
    const root = await emptyRepository();
    const init = await runCli(["init", "--kind", kind!, "--provider", provider!], { cwd: root });
    assert.equal(init.code, 0, `${kind}/${provider}: ${init.stderr}`);
    const validate = await runCli(["validate"], { cwd: root, env: NO_KEYS });
    assert.equal(validate.code, 0, `${kind}/${provider} validate: ${validate.stderr}`);
    const demo = await runCli(["demo", "-c", "evals/evalgate.yml", "-q", "--no-cache"], { cwd: root, env: NO_KEYS });
    assert.equal(demo.code, 0, `${kind}/${provider} demo: ${demo.stdout}${demo.stderr}`);
    assert.match(demo.stdout, /^evalgate PASS {2}1 of 1 suite passed/);
  }
});

test("init --workflow, a run, baseline save, a planted regression: exit 1 with the regressed cases named", async () => {
  const root = await emptyRepository();
  const init = await runCli(["init", "--workflow"], { cwd: root });
  assert.equal(init.code, 0, init.stderr);
  assert.match(
    init.stdout,
    /Next:\n {2}evalgate demo -c evals\/evalgate\.yml +run it now.*\n {2}evalgate run +run it for real, with OPENAI_API_KEY set.*\n {2}evalgate baseline save +keep that run/,
  );
  assert.equal(await readFile(path.join(root, ".gitignore"), "utf8"), "# evalgate: results and cache, and keys\n.evalgate/\n.env\n");

  assert.equal((await runCli(["demo", "-c", "evals/evalgate.yml", "-q"], { cwd: root, env: NO_KEYS })).code, 0);
  const save = await runCli(["baseline", "save"], { cwd: root });
  assert.equal(save.code, 0, save.stderr);

  const config = path.join(root, "evals", "evalgate.yml");
  await writeFile(config, (await readFile(config, "utf8")).replace("max-tokens: 400", "max-tokens: 8"));
  const regressed = await runCli(["demo", "-c", "evals/evalgate.yml"], { cwd: root, env: NO_KEYS });
  assert.equal(regressed.code, 1, regressed.stdout + regressed.stderr);
  assert.match(regressed.stdout, /✗ helpfulness .*score: \d\.\d+ is under min-score 0\.800; dropped/);
  assert.match(regressed.stdout, /↓ Explain the difference between TCP and UDP protocols\. +1 → [\d.]+ +evals\/judged\/prompts\.csv:8/);
});

test("a second init replaces nothing: exit 2 naming every file; --force replaces them", async () => {
  const root = await emptyRepository();
  assert.equal((await runCli(["init", "--workflow"], { cwd: root })).code, 0);
  const config = path.join(root, "evals", "evalgate.yml");
  await writeFile(config, "# mine\n");
  const times = await Promise.all([config, path.join(root, ".github/workflows/evals.yml")].map(async (file) => (await stat(file)).mtimeMs));
  const again = await runCli(["init", "--workflow", "--kind", "function-calls"], { cwd: root });
  assert.equal(again.code, 2);
  assert.match(again.stderr, /these files exist, so nothing was written:\n {2}evals\/evalgate\.yml\n {2}\.github\/workflows\/evals\.yml\n/);
  assert.match(again.stderr, /--force/);
  assert.equal(await readFile(config, "utf8"), "# mine\n");
  assert.deepEqual(
    await Promise.all([config, path.join(root, ".github/workflows/evals.yml")].map(async (file) => (await stat(file)).mtimeMs)),
    times,
  );
  await assert.rejects(stat(path.join(root, "evals", "function-calls")), "no file of the refused init was written");
  const forced = await runCli(["init", "--force"], { cwd: root });
  assert.equal(forced.code, 0, forced.stderr);
  assert.match(await readFile(config, "utf8"), /kind: judged/);
});

test("the workflow's action is pinned to the commit the CLI was installed from (package-lock.json)", async () => {
  const root = await emptyRepository();
  const sha = "89abcdef0123456789abcdef0123456789abcdef";
  await writeFile(
    path.join(root, "package-lock.json"),
    JSON.stringify({
      lockfileVersion: 3,
      packages: { "node_modules/evalgate": { resolved: `git+ssh://git@github.com/acme/evalgate.git#${sha}` } },
    }),
  );
  assert.equal((await runCli(["init", "--workflow"], { cwd: root })).code, 0);
  const text = await readFile(path.join(root, ".github/workflows/evals.yml"), "utf8");
  assert.equal(text.match(new RegExp(`uses: acme/evalgate@${sha}`, "g"))?.length, 2);
});

test("the workflow passes actionlint; pull requests never get contents: write, the push job only when it stores (and then reads the merged pull request)", async () => {
  const lint = await createWorkflowLinter();
  for (const store of ["file", "branch"]) {
    const root = await emptyRepository();
    const init = await runCli(
      ["init", "--workflow", "--baseline-store", store, "--action", "acme/evalgate@0123456789abcdef0123456789abcdef01234567"],
      {
        cwd: root,
      },
    );
    assert.equal(init.code, 0, init.stderr);
    const text = await readFile(path.join(root, ".github/workflows/evals.yml"), "utf8");
    assert.deepEqual(await lint(text, "evals.yml"), [], store);
    const workflow = parse(text) as {
      permissions: object;
      on: Record<string, unknown>;
      jobs: Record<string, { if: string; permissions: Record<string, string>; steps: { uses?: string; with?: { config?: string } }[] }>;
    };
    assert.deepEqual(workflow.permissions, {}, "nothing at the workflow's level");
    assert.deepEqual(Object.keys(workflow.on), ["pull_request", "push", "workflow_dispatch"]);
    assert.deepEqual(workflow.jobs["pull-request"]!.permissions, { contents: "read", "pull-requests": "write", checks: "write" });
    assert.deepEqual(
      workflow.jobs.push!.permissions,
      store === "branch"
        ? { contents: "write", "pull-requests": "read", checks: "write" } // the merged pull request's acceptance
        : { contents: "read", checks: "write" },
    );
    for (const job of Object.values(workflow.jobs)) {
      const step = job.steps.find((s) => s.uses?.startsWith("acme/evalgate@"));
      assert.equal(step?.with?.config, "evals/evalgate.yml");
    }
    const config = await readFile(path.join(root, "evals", "evalgate.yml"), "utf8");
    assert.match(config, store === "branch" ? /store: branch/ : /store: file +# .*\n {2}path: evals\/baseline\.json/);
  }
});
