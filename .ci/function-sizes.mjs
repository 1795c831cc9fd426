#!/usr/bin/env node
// Function sizes in src/, counted with the TypeScript compiler: lines from a function's first line
// to its last. Issue 26's house rule: none over 100 lines, at most 15 over 60.
// Usage: node .ci/function-sizes.mjs [--list] [--check]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const LIMIT_HARD = 100;
const LIMIT_SOFT = 60;
const MAX_OVER_SOFT = 15;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

function functionName(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

function measure(path) {
  const text = readFileSync(path, "utf8");
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const sizes = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      sizes.push({ file: relative(process.cwd(), path), name: functionName(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

const all = sourceFiles("src")
  .flatMap(measure)
  .sort((a, b) => b.lines - a.lines);
const overHard = all.filter((f) => f.lines > LIMIT_HARD);
const overSoft = all.filter((f) => f.lines > LIMIT_SOFT);
const args = process.argv.slice(2);
if (args.includes("--list")) for (const f of overSoft) console.log(`${String(f.lines).padStart(4)}  ${f.name}  ${f.file}`);
console.log(`${all.length} functions in src/: ${overHard.length} over ${LIMIT_HARD} lines, ${overSoft.length} over ${LIMIT_SOFT}`);
if (args.includes("--check") && (overHard.length > 0 || overSoft.length > MAX_OVER_SOFT)) {
  console.error(
    `function sizes: the rule is none over ${LIMIT_HARD} lines and at most ${MAX_OVER_SOFT} over ${LIMIT_SOFT} (--list shows them)`,
  );
  process.exit(1);
}
