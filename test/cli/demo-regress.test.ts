// `evalgate demo --regress` through the real CLI: the demo with a regression planted, as a pull request
// would plant it, by an edited prompt file, fails the gate (exit 1) and every report names the
// regressed metric and the prompt change, so a newcomer sees a failing run in one command.
import assert from "node:assert/strict";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCli } from "../engine/helpers.ts";

/** The comment's lines a reader sees without opening anything: those outside <details> blocks, plus one summary line per block. */
function visibleLines(markdown: string): string[] {
  let depth = 0;
  const seen: string[] = [];
  for (const line of markdown.split("\n")) {
    if (depth === 0) seen.push(line);
    depth += (line.match(/<details>/g)?.length ?? 0) - (line.match(/<\/details>/g)?.length ?? 0);
  }
  return seen;
}

test("evalgate demo --regress: exit 1, the console, the comment and the HTML name the regressed metric and the edited prompt", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-regress-"));
  const args = ["demo", "--regress", "-o", "results.json", "--markdown", "comment.md", "--html", "report.html"];
  const run = await runCli(args, { cwd: dir });
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /a regression planted: demo-agent-good is given prompts\/regressed\/careful\.prompt\.yml/);
  assert.match(run.stdout, /^evalgate FAIL {2}1 of 5 suites failed/);
  const promptNote =
    /helpfulness: the prompt of demo-agent-good changed \(evals\/prompts\/careful\.prompt\.yml → evals\/prompts\/regressed\/careful\.prompt\.yml\)/;
  assert.match(run.stdout, promptNote);
  assert.match(run.stdout, /✗ helpfulness .*demo-agent-good\/score: 0\.606 is under min-score 0\.800/);
  const comment = await readFile(path.join(dir, "comment.md"), "utf8");
  assert.match(comment, /^### ❌ evalgate: gate failed — 1 of 5 suites failed/);
  assert.match(comment, /- ❌ \*\*helpfulness\*\* — demo-agent-good\/score: 0\.606 is under min-score 0\.800/);
  assert.match(comment, /\| demo-agent-good\/score +\| +0\.970 \| +0\.606 <sub>n=11<\/sub> \| [^|]+\| ❌ fail/);
  assert.match(comment, /\| What is the capital of France\? · demo-agent-good +\| 🔻 regressed/);
  assert.match(comment, promptNote);
  // A failing metric gives every reason it failed: under min-score and dropped past max-drop.
  assert.match(
    comment,
    /- \*\*demo-agent-good\/score\*\*: 0\\?\.606 is under min-score 0\.800; dropped 37\.5% \(0\.970 → 0\.606\), over max-drop 5%/,
  );
  // What a reader sees: at most 60 lines (blank ones counted), each passing suite folded into one.
  const visible = visibleLines(comment);
  assert.ok(visible.length <= 60, `${visible.length} visible lines:\n${visible.join("\n")}`);
  for (const suite of ["uml-feedback", "support-bot", "tutor-conversations"]) {
    const lines = visible.filter((line) => line.includes(`<b>${suite}</b>`));
    assert.equal(lines.length, 1, `${suite} folds into one line`);
    assert.match(lines[0]!, /^<details><summary>✅ <b>/);
  }
  assert.ok(
    visible.some((line) => line.startsWith("#### ❌ helpfulness")),
    "the failing suite stays open",
  );
  const html = await readFile(path.join(dir, "report.html"), "utf8");
  assert.match(html, /<tr class="row-fail">[^\n]*?demo-agent-good\/score[^\n]*?✗ FAIL<\/td><\/tr>/);
  assert.match(html, /the prompt of demo-agent-good changed/);
  const results = JSON.parse(await readFile(path.join(dir, "results.json"), "utf8"));
  assert.equal(results.verdict.verdict, "fail");
});

test("evalgate demo without --regress still passes against the shipped baseline", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-demo-"));
  const run = await runCli(["demo", "--no-cache", "-q", "-o", "results.json"], { cwd: dir });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^evalgate PASS/);
});

test("evalgate demo: an unchanged run, where no case moved, prints no resolution advice; --regress prints one line for the suite that moved", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-demo-notes-"));
  const plain = await runCli(["demo", "--no-cache", "--details"], { cwd: dir });
  assert.equal(plain.code, 0, plain.stdout + plain.stderr);
  assert.doesNotMatch(plain.stdout, /resolution|inconclusive/);
  const regressed = await runCli(["demo", "--no-cache", "--regress"], { cwd: dir });
  assert.equal(regressed.code, 1, regressed.stdout + regressed.stderr);
  const notes = regressed.stdout.split("\n").filter((line) => line.includes(": resolution "));
  assert.deepEqual(
    notes.map((line) => line.replace(/ \(.*/, "")),
    ["note: helpfulness: resolution 0.01: 11 cases of the ~1142 needed to tell a drop of 5% from noise"],
  );
});

test("evalgate demo --regress-tools: a pull request's edit of a tool description makes the agent call the wrong tool; exit 1 naming the cases and the first wrong step", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-regress-tools-"));
  const run = await runCli(["demo", "--regress-tools", "-o", "results.json", "--markdown", "comment.md"], { cwd: dir });
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /a regression planted: support-agent's MCP server runs node regressed\/server\.mjs/);
  assert.match(run.stdout, /note: support-agent: the tools of support-mcp changed: search_tickets's description/);
  assert.match(
    run.stdout,
    /↓ look-up {2}1 → 0 {2}fails check trajectory: step 1: expected a call of get_ticket\(ticket_id="T-1002"\), the agent called search_tickets\(\{\}\)/,
  );
  const comment = await readFile(path.join(dir, "comment.md"), "utf8");
  assert.match(comment, /the tools of support-mcp changed: search\\_tickets's description/);
  const refused = await runCli(["demo", "--regress-tools", "--regress"], { cwd: dir });
  assert.equal(refused.code, 2, refused.stdout + refused.stderr);
});
