// docs/comment-example.md is the comment markdown.ts renders for the report fixture, hostile text and
// all: rendered again here, so the page shows what a pull request gets today.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { evaluateGate } from "../../src/gate/evaluate.ts";
import { renderMarkdownReport } from "../../src/report/markdown.ts";
import { gate } from "../gate/fixtures.ts";
import { realisticPair } from "../report/fixture.ts";

const PAGE = path.resolve(import.meta.dirname, "../../docs/comment-example.md");

test("docs/comment-example.md is the comment rendered from test/report/fixture.ts", async () => {
  const { base, head } = realisticPair();
  const markdown = renderMarkdownReport(head, evaluateGate(head, base, gate()), {
    runUrl: "https://github.com/acme/support-bot/actions/runs/123456789",
    repoUrl: "https://github.com/acme/support-bot",
    commit: "0123456789abcdef0123456789abcdef01234567",
  });
  const page = await readFile(PAGE, "utf8");
  const body = page.slice(page.indexOf("-->\n") + 4).replace(/^\n/, "");
  assert.equal(body, markdown, "regenerate docs/comment-example.md from the fixture (the render above, after its first comment line)");
});
