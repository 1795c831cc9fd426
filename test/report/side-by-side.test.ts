// Side by side through the real CLI: a case that regressed shows the baseline's answer beside the
// new one in the HTML report, the differing words marked, and the comment quotes both, escaped; the
// answer view each kind keeps, and the word diff itself.
import assert from "node:assert/strict";
import { copyFile, readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { answerText, caseAnswer } from "../../src/baseline/case-answer.ts";
import { wordDiff } from "../../src/report/word-diff.ts";
import { isJudgeRequest, questionOf, runCli, writeSuite } from "../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../servers/scripted.ts";

const HOSTILE_ANSWER = "Answer to Question 1: it is <b>five</b> | ask @octocat";

test("a regressed case: the HTML report has both answers and the word diff, the comment a folded, escaped excerpt", async () => {
  let regressed = false;
  const server = await startScriptedServer((request) => {
    const question = questionOf(request.body);
    const broken = regressed && question === "Question 1";
    if (isJudgeRequest(request.body)) return { body: chatCompletion(`Judged.\nSCORE: ${broken ? 0 : 3}`) };
    return { body: chatCompletion(broken ? HOSTILE_ANSWER : `Answer to ${question}: it is two, as one plus one.`) };
  });
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    const first = await runCli(["run", "-c", config], { cwd: dir });
    assert.equal(first.code, 0, first.stderr);
    await copyFile(path.join(dir, "out", "results.json"), path.join(dir, "baseline.json"));
    regressed = true;
    const second = await runCli(["run", "-c", config, "--baseline", "baseline.json", "--html", "r.html", "--markdown", "r.md"], {
      cwd: dir,
    });
    assert.ok(second.code === 0 || second.code === 1, second.stderr);

    const html = await readFile(path.join(dir, "r.html"), "utf8");
    const view = /<h3>Baseline and now, side by side<\/h3>[\s\S]*?<\/details>/.exec(html)?.[0] ?? "";
    assert.match(view, /<details class="pair" data-kind="regressed" open><summary>Question 1: what is 1 \+ 1\?/);
    assert.match(view, /<div class="side before"><h4>Baseline <span class="muted">score 1 · agent<\/span><\/h4>/);
    assert.match(view, /<div class="side after"><h4>Now <span class="muted">score 0 · agent<\/span><\/h4>/);
    // the baseline's words the new answer dropped are struck, the new words marked, model text escaped
    assert.match(view, /<pre class="answer">Answer to Question 1: it is <del>two, as one plus one\.<\/del><\/pre>/);
    assert.match(view, /<pre class="answer">Answer to Question 1: it is <ins>&lt;b&gt;five&lt;\/b&gt; \| ask @octocat<\/ins><\/pre>/);
    assert.match(view, /Judge votes \(final 3\)[\s\S]*Judged\.[\s\S]*Judge votes \(final 0\)/);
    assert.doesNotMatch(html, /<b>five/);

    const comment = await readFile(path.join(dir, "r.md"), "utf8");
    const excerpt = /<details><summary>Answers of the worst regressed case, baseline and now<\/summary>\n\n([\s\S]*?)\n\n<\/details>/.exec(
      comment,
    );
    assert.ok(excerpt, comment);
    assert.match(excerpt[1]!, /- \*\*Baseline\*\* \(1\): Answer to Question 1: it is two, as one plus one\./);
    assert.match(excerpt[1]!, /- \*\*Now\*\* \(0\): Answer to Question 1: it is &lt;b&gt;five&lt;\/b&gt; \\\| ask @&#8203;octocat/);
  } finally {
    await server.close();
  }
});

test("the answer view of each kind: a judged answer with votes, function calls, SGI feedback, a conversation's completion", () => {
  assert.deepEqual(caseAnswer({ agent: "bot", prompt: "p", response: "4", votes: [{ score: 3, text: "ok", raw: {} }], finalScore: 3 }), {
    agent: "bot",
    response: "4",
    votes: [{ score: 3, text: "ok" }],
    finalScore: 3,
  });
  const calls = caseAnswer({ transcript: [{ role: "user", content: "hi" }], calls: [{ name: "create_ticket", arguments: { id: 1 } }] })!;
  assert.equal(answerText(calls), JSON.stringify([{ name: "create_ticket", arguments: { id: 1 } }], null, 1));
  const sgi = caseAnswer({
    expected_instructions: ["a"],
    testbench: { feedback: [{ title: "Missing gateway", description: "Add one", x: 1 }] },
  })!;
  assert.deepEqual(sgi, { feedback: [{ title: "Missing gateway", description: "Add one" }] });
  assert.equal(answerText(sgi), "Missing gateway: Add one");
  const conversation = caseAnswer({
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello", isCompletion: true },
      { role: "user", content: "bye" },
    ],
  });
  assert.deepEqual(conversation, { response: "hello" });
  assert.equal(caseAnswer({ prompt: "only a prompt" }), undefined);
  assert.deepEqual(caseAnswer({ response: null }), { response: null }, "no answer is kept as no answer");
});

test("the word diff: the shared words plain, a changed run of words one part, the texts given back whole", () => {
  const parts = wordDiff("The answer is 4, surely.\nDone.", "The answer is 5, maybe.\nDone.");
  assert.deepEqual(parts, [
    { kind: "same", text: "The answer is " },
    { kind: "removed", text: "4, surely.\n" },
    { kind: "added", text: "5, maybe.\n" },
    { kind: "same", text: "Done." },
  ]);
  assert.equal(
    parts
      .filter((p) => p.kind !== "added")
      .map((p) => p.text)
      .join(""),
    "The answer is 4, surely.\nDone.",
  );
  assert.equal(
    parts
      .filter((p) => p.kind !== "removed")
      .map((p) => p.text)
      .join(""),
    "The answer is 5, maybe.\nDone.",
  );
});
