// docs/reports.md's "Results in SQL" queries, for the tests that run them on real files.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/** docs/reports.md's SQLite section's queries, by their leading comment ("-- Which cases regressed and why"). */
export async function documentedQueries(): Promise<Map<string, string>> {
  const page = await readFile(path.join(repoRoot, "docs", "reports.md"), "utf8");
  const start = page.indexOf("### Results in SQL");
  assert.ok(start >= 0, 'docs/reports.md has no section "### Results in SQL"');
  const next = page.slice(start + 1).search(/\n#{1,3} /);
  const section = next < 0 ? page.slice(start) : page.slice(start, start + 1 + next);
  const queries = new Map<string, string>();
  for (const [, block] of section.matchAll(/```sql\n([\s\S]*?)```/g)) {
    for (const query of block!.split(/\n\s*\n/)) {
      const title = /^-- ([^:\n]+)/.exec(query.trim())?.[1];
      if (title) queries.set(title.trim(), query.trim());
    }
  }
  return queries;
}
