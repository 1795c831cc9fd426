// The documentation a newcomer reads, checked like code: the README stays short and links every page;
// every link between pages resolves (file and heading); every YAML example is a valid config, config
// fragment or workflow (actionlint); and no page or example installs by an unpinned, unpublished name.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { ConfigError, formatProblem } from "../../src/config/errors.ts";
import { parseConfig } from "../../src/config/load.ts";
import { parsePromptFile } from "../../src/config/prompt-file.ts";
import { evalgateConfig } from "../../src/config/schema.ts";
import { baseType, RUN_TYPES } from "../../src/suites/promptfoo/assert-spec.ts";
import { createWorkflowLinter, documentationFiles, kindOf, workflowOf, yamlBlocks } from "./doc-blocks.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** GitHub's anchor for a heading: lower case, punctuation dropped (not - or _), spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings (outside code), with GitHub's -1, -2 for repeats. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  let fenced = false;
  for (const line of read(file).split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count ? `${base}-${count}` : base);
  }
  return found;
}

/** The relative link targets of a Markdown file: outside code blocks and inline code, not escaped. */
function links(file: string): { target: string; line: number }[] {
  const found: { target: string; line: number }[] = [];
  let fenced = false;
  read(file)
    .split("\n")
    .forEach((line, index) => {
      if (/^\s*```/.test(line)) fenced = !fenced;
      if (fenced) return;
      for (const match of line.replace(/`[^`]*`/g, "").matchAll(/(?<!\\)\]\(([^)\s]+)\)/g)) {
        if (!/^[a-z]+:/i.test(match[1]!)) found.push({ target: match[1]!, line: index + 1 });
      }
    });
  return found;
}

test("the README is at most 300 lines and links every page of docs/", () => {
  const readme = read("README.md");
  assert.ok(readme.split("\n").length <= 300, `README.md has ${readme.split("\n").length} lines`);
  const pages = readdirSync(path.join(ROOT, "docs")).filter((name) => name.endsWith(".md"));
  const linked = new Set(links("README.md").map(({ target }) => target.split("#")[0]));
  const unlinked = pages.filter((page) => !linked.has(`docs/${page}`));
  assert.deepEqual(unlinked, [], "add each page to the README's Documentation table");
});

test("every link between pages resolves to a file, and an anchor to a heading of it", () => {
  const broken: string[] = [];
  for (const file of documentationFiles(ROOT)) {
    for (const { target, line } of links(file)) {
      const [pathPart, anchor] = target.split("#") as [string, string | undefined];
      const resolved = pathPart ? path.normalize(path.join(path.dirname(file), decodeURIComponent(pathPart))) : file;
      let exists = true;
      try {
        readFileSync(path.join(ROOT, resolved));
      } catch (error) {
        exists = (error as NodeJS.ErrnoException).code === "EISDIR";
      }
      if (!exists) broken.push(`${file}:${line}: ${target} (no ${resolved})`);
      else if (anchor && resolved.endsWith(".md") && !anchors(resolved).has(anchor))
        broken.push(`${file}:${line}: ${target} (no heading #${anchor} in ${resolved})`);
    }
  }
  assert.deepEqual(broken, []);
});

/** A promptfoo config in the docs: a mapping with prompts and providers, every assert of a type evalgate runs. */
function promptfooProblems(text: string, where: string): string[] {
  const value = parse(text) as Record<string, unknown> | null;
  if (!value || typeof value !== "object" || !("prompts" in value) || !("providers" in value))
    return [`${where}: a promptfoo config has prompts and providers`];
  const asserts = JSON.stringify(value).matchAll(/"type":"([^"]+)"/g);
  return [...asserts].flatMap(([, type]) =>
    type === "assert-set" || RUN_TYPES.has(baseType(type!)) ? [] : [`${where}: assert type ${type} is not one evalgate runs`],
  );
}

test("every YAML example is a config, a config fragment or a workflow, and valid", async () => {
  const blocks = yamlBlocks(ROOT);
  const lint = await createWorkflowLinter();
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  for (const block of blocks) {
    const where = `${block.file}:${block.line}`;
    const kind = kindOf(block);
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (kind === "unmarked") {
      problems.push(
        `${where}: neither a whole workflow nor a whole evalgate.yml: mark it \`\`\`yaml steps|workflow-keys|fragment|prompt-yml|promptfoo`,
      );
    } else if (kind === "config") {
      try {
        parseConfig(block.text, path.join(ROOT, "evals", "example.yml"), where);
      } catch (error) {
        problems.push(error instanceof ConfigError ? error.format() : `${where}: ${(error as Error).message}`);
      }
    } else if (kind === "fragment") {
      const value = parse(block.text) as Record<string, unknown>;
      const shape = evalgateConfig.shape as Record<string, { safeParse(value: unknown): { success: boolean; error?: unknown } }>;
      for (const [key, part] of Object.entries(value)) {
        const schema = shape[key];
        if (!schema) problems.push(`${where}: ${key}: not a key of evalgate.yml`);
        else if (!schema.safeParse(part).success) problems.push(`${where}: ${key}: ${String(schema.safeParse(part).error)}`);
      }
    } else if (kind === "promptfoo") {
      problems.push(...promptfooProblems(block.text, where));
    } else if (kind === "prompt-yml") {
      const read = parsePromptFile(block.text, "example.prompt.yml");
      if ("problems" in read) problems.push(...read.problems.map((problem) => `${where}: ${formatProblem(problem)}`));
    } else {
      const workflow = workflowOf(block)!;
      for (const p of await lint(workflow.text, where)) problems.push(`${where}: +${p.line - workflow.offset}: ${p.message}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok((counts.config ?? 0) >= 5, `the README's four kinds and the complete example: ${JSON.stringify(counts)}`);
  assert.ok((counts.workflow ?? 0) >= 3, JSON.stringify(counts));
});

/** Commands that fetch evalgate by name from a registry, which this project has not published to. */
const HIJACKABLE: [RegExp, string][] = [
  [/\bnpx\s+(-y|--yes)\b/, "npx --yes installs whatever the registry has under the name"],
  [
    /\b(npm\s+(install|i|add)|pnpm\s+add|yarn\s+add)\s+(-[-\w]+\s+)*evalgate(@[\w.^~-]+)?(\s|$)/,
    "evalgate is not published on npm: install the tarball or a pinned git URL",
  ],
  [/\b(pnpm\s+dlx|yarn\s+dlx|bunx)\s+evalgate\b/, "fetches evalgate from the registry"],
  [/uses:\s*\S*evalgate@(?!<commit-sha>|[0-9a-f]{40}\b)\S+/, "pin the action to a commit: OWNER/evalgate@<commit-sha>"],
];

test("no page or example installs by an unpinned, unpublished name", () => {
  const files = [
    ...documentationFiles(ROOT),
    ...readdirSync(path.join(ROOT, ".github/workflows")).map((name) => `.github/workflows/${name}`),
    "evals/evalgate.yml",
  ].filter((file) => file !== "docs/performance.md"); // the bench installs promptfoo into a temporary folder, as a peer
  const found: string[] = [];
  for (const file of files) {
    read(file)
      .split("\n")
      .forEach((line, index) => {
        // The release workflow's own comment describes the tag it moves.
        if (file.endsWith("release.yml") && /^\s*#/.test(line)) return;
        for (const [pattern, why] of HIJACKABLE) if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()} (${why})`);
      });
  }
  // In a workflow, npx falls back to the registry without asking: it must be told not to.
  for (const block of yamlBlocks(ROOT)) {
    if (!workflowOf(block)) continue;
    for (const line of block.text.split("\n"))
      if (/\bnpx\s+(?!--no-install\b|--no\b)/.test(line))
        found.push(`${block.file}:${block.line}: ${line.trim()} (npx --no-install in CI)`);
  }
  assert.deepEqual(found, []);
});
