// `evalgate init` through the real CLI in empty git repositories: every kind and every provider
// writes a config that validates and runs against the demo targets (a command target's program
// included, leaving no process behind); the workflow passes actionlint with least privilege per
// event; a second init replaces nothing (exit 2, each file named); and the newcomer's loop works: a
// run becomes the baseline, and a regression planted by editing the prompt file init wrote fails
// the gate, naming the regressed cases and the prompt change.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { fromResolved } from "../../src/cli/init/install-source.ts";
import { INIT_KINDS, INIT_PROVIDERS } from "../../src/cli/init/templates.ts";
import { PROVIDER_CONFIGS } from "../../src/config/providers.ts";
import { SUITE_KIND_NAMES } from "../../src/config/suite-kinds.ts";
import { createWorkflowLinter, yamlBlocks } from "../docs/doc-blocks.ts";
import { startedGroups, survivors } from "../engine/command-project.ts";
import { runCli } from "../engine/helpers.ts";

/** An empty git repository (a .git folder is what evalgate looks for). */
async function emptyRepository(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "evalgate-init-"));
  await mkdir(path.join(root, ".git"));
  await writeFile(path.join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
  return root;
}

/** docs/accepting-regressions.md's evals-accept.yml, parsed, with the action init pins and the config it writes. */
function documentedAcceptWorkflow(action: string): unknown {
  const block = yamlBlocks().find(
    (b) => b.file.endsWith("accepting-regressions.md") && b.text.startsWith("# .github/workflows/evals-accept.yml"),
  );
  assert.ok(block, "docs/accepting-regressions.md shows the accept workflow");
  return parse(block.text.replace("OWNER/evalgate@<commit-sha>", action));
}

/** No key anywhere: the demo needs none, validate only warns. */
const NO_KEYS = { OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "" };

/** The processes of a command target's program (its log under .evalgate/logs/) still alive after the run. */
async function leftBehind(root: string, model: string): Promise<string[]> {
  const log = await readFile(path.join(root, ".evalgate", "logs", `${model}.log`), "utf8");
  const groups = startedGroups(log);
  assert.ok(groups.length > 0, `the program was started: ${log}`);
  return survivors(groups);
}

/** The prompt file init wrote with one line replaced, as a pull request would edit it. */
async function editPrompt(root: string, file: string, line: string, replacement: string): Promise<void> {
  const prompt = path.join(root, "evals", file);
  const text = await readFile(prompt, "utf8");
  assert.ok(text.includes(line), `${file} has the line "${line}"`);
  await writeFile(prompt, text.replace(line, replacement));
}

test("every init kind and provider is one the config knows", () => {
  for (const kind of Object.keys(INIT_KINDS)) assert.ok((SUITE_KIND_NAMES as readonly string[]).includes(kind), kind);
  // A keyless route (azure, vertex) may be a provider of the config with its own settings: each model line names one.
  for (const [name, entry] of Object.entries(INIT_PROVIDERS)) {
    for (const lines of Object.values(entry.models)) {
      const provider = /^provider: (\S+)/.exec(lines[0] ?? "")?.[1];
      assert.ok(provider !== undefined && provider in PROVIDER_CONFIGS, `${name}: ${lines[0]}`);
    }
  }
});

test("every kind, and every provider: init writes a config that validates and passes against the demo targets", async () => {
  // Each kind with the default provider, each provider with the default kind (a provider changes the
  // model lines), and a command target offered tools (function-calls): its program passes them on.
  const pairs = [
    ...Object.keys(INIT_KINDS).map((kind) => [kind, "openai"]),
    ...Object.keys(INIT_PROVIDERS).map((provider) => ["judged", provider]),
    ["function-calls", "command"],
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
    const agent = INIT_KINDS[kind as keyof typeof INIT_KINDS].models.find((model) => model.role === "agent");
    if (agent && "prompt" in agent) {
      const config = await readFile(path.join(root, "evals", "evalgate.yml"), "utf8");
      assert.match(
        config,
        new RegExp(`\\n {4}prompt: ${agent.prompt.file.replaceAll(".", "\\.")} +#`),
        `${kind}/${provider}: the agent names its prompt`,
      );
      await stat(path.join(root, "evals", agent.prompt.file));
    }
    if (provider === "command" && agent)
      assert.deepEqual(await leftBehind(root, agent.name), [], `${kind}: no process of agent.mjs is left`);
  }
});

test("init, a run, baseline save, an edit of the prompt file init wrote: exit 1, the regressed cases and the prompt change named", async () => {
  for (const provider of ["openai", "command"]) {
    const root = await emptyRepository();
    const init = await runCli(["init", "--workflow", "--provider", provider], { cwd: root });
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /\n {2}evals\/prompts\/assistant\.prompt\.yml +assistant's prompt: edit it/);
    const variables = provider === "command" ? "OPENAI_API_KEY, AGENT_BASE_URL and AGENT_MODEL" : "OPENAI_API_KEY";
    assert.match(
      init.stdout,
      new RegExp(
        `Next:\\n {2}evalgate demo -c evals/evalgate\\.yml +run it now.*\\n {2}evalgate run +run it for real, with ${variables} set.*\\n {2}evalgate baseline save +keep that run`,
      ),
    );
    assert.equal(await readFile(path.join(root, ".gitignore"), "utf8"), "# evalgate: results and cache, and keys\n.evalgate/\n.env\n");

    const first = await runCli(["demo", "-c", "evals/evalgate.yml", "-q"], { cwd: root, env: NO_KEYS });
    assert.equal(first.code, 0, first.stdout + first.stderr);
    if (provider === "command") assert.deepEqual(await leftBehind(root, "assistant"), [], "no process left after exit 0");
    const refused = await runCli(["baseline", "save"], { cwd: root });
    assert.equal(refused.code, 2, "a demo run is not taken for the baseline of the real system");
    assert.match(refused.stderr, /was not saved as the baseline: it was made by evalgate demo: .*--force keeps it anyway/);
    const save = await runCli(["baseline", "save", "--force"], { cwd: root });
    assert.equal(save.code, 0, save.stderr);

    await editPrompt(
      root,
      "prompts/assistant.prompt.yml",
      "Double-check every fact, figure and date before you answer.",
      "Answer from memory.",
    );
    const regressed = await runCli(["demo", "-c", "evals/evalgate.yml"], { cwd: root, env: NO_KEYS });
    assert.equal(regressed.code, 1, regressed.stdout + regressed.stderr);
    assert.match(regressed.stdout, /note: helpfulness: the prompt of assistant changed \(evals\/prompts\/assistant\.prompt\.yml\)/);
    assert.match(regressed.stdout, /✗ helpfulness .*score: 0\.606 is under min-score 0\.800; dropped/);
    assert.match(regressed.stdout, /↓ What is the capital of France\? +1 → 0 +evals\/judged\/prompts\.csv:3/);
    if (provider === "command") assert.deepEqual(await leftBehind(root, "assistant"), [], "no process left after exit 1");
  }
});

test("function-calls through a command target: an edit of the support bot's prompt fails the gate on the call it adds", async () => {
  const root = await emptyRepository();
  assert.equal((await runCli(["init", "--kind", "function-calls", "--provider", "command"], { cwd: root })).code, 0);
  assert.equal((await runCli(["demo", "-c", "evals/evalgate.yml", "-q"], { cwd: root, env: NO_KEYS })).code, 0);
  assert.equal((await runCli(["baseline", "save", "--force"], { cwd: root })).code, 0, "a demo run, kept on purpose");
  await editPrompt(
    root,
    "prompts/support-bot.prompt.yml",
    "Call only the tools the request needs, with every detail the user gives.",
    "Look a ticket up before you change it.",
  );
  // By default a drop this small suite cannot tell from noise is inconclusive: named, not failed.
  const quiet = await runCli(["demo", "-c", "evals/evalgate.yml"], { cwd: root, env: NO_KEYS });
  assert.equal(quiet.code, 0, quiet.stdout + quiet.stderr);
  assert.match(quiet.stdout, /✓ support-bot .*inconclusive, inside noise \(not failed\): .*precision_fn/);
  const config = path.join(root, "evals", "evalgate.yml");
  await writeFile(
    config,
    (await readFile(config, "utf8")).replace(/^ {2}min-score: 0\.8 .*$/m, (line) => `${line}\n  fail-inside-noise: true`),
  );
  const regressed = await runCli(["demo", "-c", "evals/evalgate.yml"], { cwd: root, env: NO_KEYS });
  assert.equal(regressed.code, 1, regressed.stdout + regressed.stderr);
  assert.match(regressed.stdout, /the prompt of support-bot changed \(evals\/prompts\/support-bot\.prompt\.yml\)/);
  assert.match(regressed.stdout, /✗ support-bot .*precision_fn: dropped/);
  assert.match(regressed.stdout, /↓ add_action_item: add_action_item-1 +1 → [\d.]+ +evals\/function-calls\/cases\.jsonl:4/);
  assert.deepEqual(await leftBehind(root, "support-bot"), []);
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

test("without a commit to pin to, the workflow's action is a placeholder no ref can match, and init says why on its line and in its output", async () => {
  const root = await emptyRepository();
  const init = await runCli(["init", "--workflow"], { cwd: root });
  assert.equal(init.code, 0, init.stderr);
  const text = await readFile(path.join(root, ".github/workflows/evals.yml"), "utf8");
  const lines = text.match(/uses: OWNER\/evalgate@<commit-sha> +# EDIT: evalgate cannot tell which repository and commit/g);
  assert.equal(lines?.length, 2, "never a tag or a name someone could claim, and each line says so");
  assert.doesNotMatch(text, /uses: [\w.-]+\/evalgate@v\d/);
  assert.match(init.stdout, /its action is a placeholder to edit: evalgate cannot tell which repository and commit it was installed from/);
  assert.deepEqual(await (await createWorkflowLinter())(text, "evals.yml"), [], "actionlint reads it as it is");
});

test("a git install from a URL that is not GitHub: the commit is kept, the repository is the placeholder, and the line says which", async () => {
  const root = await emptyRepository();
  const sha = "0123456789abcdef0123456789abcdef01234567";
  const resolved = `git+https://user:s3cr3t-token@git.example.com/team/evalgate.git#${sha}`;
  await writeFile(
    path.join(root, "package-lock.json"),
    JSON.stringify({ lockfileVersion: 3, packages: { "node_modules/evalgate": { resolved } } }),
  );
  const init = await runCli(["init", "--workflow"], { cwd: root });
  assert.equal(init.code, 0, init.stderr);
  const text = await readFile(path.join(root, ".github/workflows/evals.yml"), "utf8");
  assert.match(
    text,
    new RegExp(`uses: OWNER/evalgate@${sha} +# EDIT: the CLI came from git\\+https://git\\.example\\.com/team/evalgate\\.git#${sha}`),
  );
  assert.doesNotMatch(text + init.stdout, /s3cr3t-token/, "a URL's user and token are never copied");
});

test("the repository and commit of each form of a git install npm records", () => {
  const sha = "89abcdef0123456789abcdef0123456789abcdef";
  for (const resolved of [
    `git+ssh://git@github.com/acme/evalgate.git#${sha}`,
    `git+https://github.com/acme/evalgate.git#${sha}`,
    `github:acme/evalgate#${sha}`,
    `git+ssh://git@github.com:acme/evalgate#${sha}`,
  ])
    assert.deepEqual(fromResolved(resolved), { repository: "acme/evalgate", commit: sha }, resolved);
  assert.deepEqual(fromResolved(`git+file:///tmp/evalgate.git#${sha}`), { commit: sha });
  assert.deepEqual(fromResolved("https://registry.npmjs.org/evalgate/-/evalgate-1.0.0.tgz"), {});
});

test("the workflow passes actionlint; pull requests never get contents: write, the push job only when it stores (and then reads the merged pull request)", async () => {
  const lint = await createWorkflowLinter();
  for (const [store, provider] of [
    ["file", "openai"],
    ["branch", "openai"],
    ["file", "command"],
  ] as const) {
    const root = await emptyRepository();
    const init = await runCli(
      [
        "init",
        "--workflow",
        "--baseline-store",
        store,
        "--provider",
        provider,
        "--action",
        "acme/evalgate@0123456789abcdef0123456789abcdef01234567",
      ],
      { cwd: root },
    );
    assert.equal(init.code, 0, init.stderr);
    const text = await readFile(path.join(root, ".github/workflows/evals.yml"), "utf8");
    assert.deepEqual(await lint(text, "evals.yml"), [], `${store}/${provider}`);
    const workflow = parse(text) as {
      permissions: object;
      on: Record<string, unknown>;
      jobs: Record<
        string,
        {
          if: string;
          permissions: Record<string, string>;
          steps: { uses?: string; with?: { config?: string; "persist-credentials"?: boolean }; env?: Record<string, string> }[];
        }
      >;
    };
    assert.deepEqual(workflow.permissions, {}, "nothing at the workflow's level");
    assert.deepEqual(Object.keys(workflow.on), ["pull_request", "push", "workflow_dispatch"]);
    assert.deepEqual(
      (workflow.on.pull_request as { paths: string[] }).paths,
      ["evals/**", ".github/workflows/evals.yml"],
      "a pull request that touches nothing the suites read runs nothing",
    );
    assert.deepEqual(workflow.jobs["pull-request"]!.permissions, { contents: "read", "pull-requests": "write", checks: "write" });
    assert.deepEqual(
      workflow.jobs.push!.permissions,
      store === "branch"
        ? { contents: "write", "pull-requests": "read", checks: "write" } // the merged pull request's acceptance
        : { contents: "read", checks: "write" },
    );
    for (const job of Object.values(workflow.jobs)) {
      const checkout = job.steps.find((s) => s.uses?.startsWith("actions/checkout@"));
      assert.equal(checkout?.with?.["persist-credentials"], false, "the token is not left in .git/config for the checkout's code");
      const step = job.steps.find((s) => s.uses?.startsWith("acme/evalgate@"));
      assert.equal(step?.with?.config, "evals/evalgate.yml");
      // The judge's key as a secret; where the command target's program asks, in plain sight.
      const env = provider === "command" ? { AGENT_BASE_URL: "https://api.openai.com/v1", AGENT_MODEL: "gpt-4.1-mini" } : {};
      assert.deepEqual(step?.env, { OPENAI_API_KEY: "${{ secrets.OPENAI_API_KEY }}", ...env });
    }
    const config = await readFile(path.join(root, "evals", "evalgate.yml"), "utf8");
    assert.match(config, store === "branch" ? /store: branch/ : /store: file +# .*\n {2}path: evals\/baseline\.json/);
    const accept = await readFile(path.join(root, ".github/workflows/evals-accept.yml"), "utf8").catch(() => null);
    if (store === "branch") {
      assert.ok(accept !== null, "a branch-stored baseline takes acceptances: the accept workflow is written");
      assert.deepEqual(await lint(accept, "evals-accept.yml"), [], `${store}/${provider}`);
      assert.match(init.stdout, /\.github\/workflows\/evals-accept\.yml +the workflow that accepts a regression/);
      assert.deepEqual(parse(accept), documentedAcceptWorkflow("acme/evalgate@0123456789abcdef0123456789abcdef01234567"));
    } else assert.equal(accept, null, "a committed baseline file cannot hold acceptances: no accept workflow");
  }
});

test("keyless routes: the workflow passes actionlint; each job that calls the model gets the route's one permission, its login step and no stored key", async () => {
  const lint = await createWorkflowLinter();
  const routes = {
    bedrock: { permission: "id-token", login: "aws-actions/configure-aws-credentials@v5", env: {} },
    copilot: { permission: "copilot-requests", login: undefined, env: { COPILOT_GITHUB_TOKEN: "${{ github.token }}" } },
    azure: { permission: "id-token", login: "azure/login@v2", env: {} },
    vertex: {
      permission: "id-token",
      login: "google-github-actions/auth@v3",
      env: { VERTEX_ACCESS_TOKEN: "${{ steps.gcp.outputs.access_token }}" },
    },
  } as const;
  for (const [provider, route] of Object.entries(routes)) {
    const root = await emptyRepository();
    const action = "acme/evalgate@0123456789abcdef0123456789abcdef01234567";
    const init = await runCli(["init", "--workflow", "--provider", provider, "--action", action], { cwd: root });
    assert.equal(init.code, 0, init.stderr);
    const text = await readFile(path.join(root, ".github/workflows/evals.yml"), "utf8");
    assert.deepEqual(await lint(text, "evals.yml"), [], provider);
    const workflow = parse(text) as {
      permissions: object;
      jobs: Record<string, { permissions: Record<string, string>; steps: { uses?: string; run?: string; env?: Record<string, string> }[] }>;
    };
    assert.deepEqual(workflow.permissions, {}, "nothing at the workflow's level");
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const base =
        name === "pull-request" ? { contents: "read", "pull-requests": "write", checks: "write" } : { contents: "read", checks: "write" };
      assert.deepEqual(job.permissions, { ...base, [route.permission]: "write" }, `${provider}: ${name}`);
      const evalgate = job.steps.findIndex((step) => step.uses === action);
      const before = job.steps.slice(0, evalgate);
      if (route.login)
        assert.ok(
          before.some((step) => step.uses === route.login),
          `${provider}: ${route.login} before evalgate`,
        );
      else
        assert.ok(
          before.some((step) => step.run?.startsWith("npm install -g @github/copilot")),
          "the Copilot CLI is installed first",
        );
      assert.deepEqual(job.steps[evalgate]!.env ?? {}, route.env, `${provider}: no stored key`);
      assert.doesNotMatch(JSON.stringify(job.steps), /secrets\.[A-Z_]*(API_KEY|TOKEN)/, "no stored model key");
    }
  }
});

test("init --prompt --dataset --column: the suite is built around the project's own files, named where they are, nothing copied", async () => {
  const root = await emptyRepository();
  await mkdir(path.join(root, "data"));
  await mkdir(path.join(root, "prompts"));
  const csv = 'question,expected,topic\n"What is 2 + 2?","The correct answer is 4.",maths\n"What is the capital of France?","Paris.",geo\n';
  const prompt = "messages:\n  - role: system\n    content: You are a careful support bot.\n  - role: user\n    content: '{{prompt}}'\n";
  await writeFile(path.join(root, "data", "support.csv"), csv);
  await writeFile(path.join(root, "prompts", "bot.prompt.yml"), prompt);
  const args = [
    "init",
    "--prompt",
    "prompts/bot.prompt.yml",
    "--dataset",
    "data/support.csv",
    "--column",
    "prompt=question",
    "--column",
    "judge_prompt=expected",
  ];
  const init = await runCli(args, { cwd: root });
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /data\/support\.csv +your dataset, used as it is: 2 prompts; columns prompt: question, judge_prompt: expected/);
  const config = parse(await readFile(path.join(root, "evals", "evalgate.yml"), "utf8"));
  assert.equal(config.models.assistant.prompt, "../prompts/bot.prompt.yml");
  assert.deepEqual(config.suites.helpfulness.prompts, "../data/support.csv");
  assert.deepEqual(config.suites.helpfulness.columns, { prompt: "question", judge_prompt: "expected" });
  assert.equal(config.suites.helpfulness["judge-preamble"], undefined, "the example's preamble came with the example data");
  await assert.rejects(stat(path.join(root, "evals", "judged")), "no example file copied");
  await assert.rejects(stat(path.join(root, "evals", "prompts")), "no prompt file written");
  assert.equal(await readFile(path.join(root, "data", "support.csv"), "utf8"), csv, "the dataset is as it was");
  assert.equal(await readFile(path.join(root, "prompts", "bot.prompt.yml"), "utf8"), prompt, "the prompt file is as it was");
  const demo = await runCli(["demo", "-c", "evals/evalgate.yml", "-q", "--no-cache"], { cwd: root, env: NO_KEYS });
  assert.equal(demo.code, 0, demo.stdout + demo.stderr);
  assert.match(demo.stdout, /helpfulness +judged +2\/2 scored/);
});

test("init --dataset whose columns do not fit, a missing prompt file: exit 2 naming each, nothing written", async () => {
  const root = await emptyRepository();
  await writeFile(path.join(root, "support.csv"), "question,category\nWhat is 2 + 2?,maths\n");
  const init = await runCli(["init", "--dataset", "support.csv", "--prompt", "missing.prompt.yml"], { cwd: root });
  assert.equal(init.code, 2, init.stdout);
  assert.match(init.stderr, /missing\.prompt\.yml: --prompt: does not exist/);
  assert.match(
    init.stderr,
    /support\.csv:1: prompt: missing header column "prompt" \(found: question, category\): name your columns with --column prompt=<column>/,
  );
  assert.match(init.stderr, /support\.csv:1: judge_prompt: missing header column "judge_prompt"/);
  await assert.rejects(stat(path.join(root, "evals")), "nothing written");
  const column = await runCli(["init", "--column", "answer=question"], { cwd: root });
  assert.equal(column.code, 2);
  assert.match(column.stderr, /--column expects <column>=<your column>, the column one of prompt, judge_prompt, files, group/);
});
