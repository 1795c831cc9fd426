// The report outputs' one table (src/report/outputs.ts) through the real CLI and the action's entry:
// a path that cannot be written is refused with exit 2 naming the flag (or input) before any request,
// `report` writes every output from a finished results.json (SQLite included), and the old
// `report --csv` still works while it is deprecated.
import assert from "node:assert/strict";
import { mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { REPORT_OUTPUTS } from "../../src/report/outputs.ts";
import type { Results } from "../../src/results/types.ts";
import { runCli, startEvalServer, writeSuite } from "../engine/helpers.ts";
import { pullRequestEvent, runActionStep } from "../github/action-step.ts";
import { startGitHubServer } from "../servers/github.ts";

/** A folder where each output's (first) file would go: every output must refuse it. */
async function blockedTarget(dir: string, output: (typeof REPORT_OUTPUTS)[number]): Promise<string> {
  const target = path.join(dir, `blocked-${output.name}`);
  await mkdir(output.arg === "<dir>" ? output.files(target)[0]! : target, { recursive: true });
  return path.relative(dir, target);
}

test("a bad path for any report output: exit 2 naming the flag on run and report, the input in the action", async () => {
  const server = await startEvalServer();
  const github = await startGitHubServer();
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    for (const output of REPORT_OUTPUTS) {
      const target = await blockedTarget(dir, output);
      const run = await runCli(["run", "-c", config, "--quiet", "--no-cache", `--${output.flag}`, target], { cwd: dir });
      assert.equal(run.code, 2, `${output.flag}: ${run.stderr}`);
      assert.match(run.stderr, new RegExp(`is a folder: evalgate writes its --${output.flag} output only as a regular file`));
    }
    assert.equal(server.requests.length, 0, "refused before any request");

    const ok = await runCli(["run", "-c", config, "--quiet", "--no-cache"], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    for (const output of REPORT_OUTPUTS) {
      const report = await runCli(["report", "out/results.json", `--${output.flag}`, `blocked-${output.name}`], { cwd: dir });
      assert.equal(report.code, 2, `${output.flag}: ${report.stderr}`);
      assert.match(report.stderr, new RegExp(`--${output.flag} output`));
    }

    const requestsBefore = server.requests.length;
    const step = await runActionStep({
      cwd: dir,
      githubUrl: github.url,
      event: pullRequestEvent(9, "9999999999999999999999999999999999999999"),
      inputs: { "github-token": "ghs_fakeToken12345", config, html: "blocked-html" },
    });
    assert.equal(step.code, 2, step.log);
    assert.match(step.log, /blocked-html: is a folder: evalgate writes its input html output only as a regular file/);
    assert.equal(server.requests.length, requestsBefore, "the action refused it before any request too");
  } finally {
    await github.close();
    await server.close();
  }
});

test("report writes every output of a finished run, --sqlite included; the old --csv still works, with a note", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 4);
    const run = await runCli(["run", "-c", config, "--quiet", "--no-cache"], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    const results = JSON.parse(await readFile(path.join(dir, "out", "results.json"), "utf8")) as Results;

    const flags = REPORT_OUTPUTS.flatMap((output) => [`--${output.flag}`, `r-${output.name}`]);
    const report = await runCli(["report", "out/results.json", ...flags], { cwd: dir });
    assert.equal(report.code, 0, report.stderr);
    for (const output of REPORT_OUTPUTS) {
      for (const file of output.files(`r-${output.name}`)) {
        assert.ok((await stat(path.join(dir, file))).size > 0, file);
        assert.match(report.stdout, new RegExp(`wrote ${file.replace(/[.]/g, "\\.")}\\n`));
      }
    }
    const db = new DatabaseSync(path.join(dir, "r-sqlite"));
    try {
      assert.deepEqual({ ...db.prepare("SELECT id, verdict FROM runs").get() }, { id: results.run.id, verdict: "pass" });
      const cases = db.prepare("SELECT COUNT(*) AS n FROM cases WHERE suite = 'qa'").get() as { n: number };
      assert.equal(cases.n, results.suites.qa!.cases.length);
    } finally {
      db.close();
    }
    assert.deepEqual(JSON.parse(await readFile(path.join(dir, "r-json"), "utf8")), results);

    const old = await runCli(["report", "out/results.json", "--csv", "old-csv"], { cwd: dir });
    assert.equal(old.code, 0, old.stderr);
    assert.match(old.stdout, /wrote old-csv\/cases\.csv\nwrote old-csv\/metrics\.csv/);
    assert.match(old.stderr, /report --csv is deprecated; use --csv-dir/);
  } finally {
    await server.close();
  }
});
