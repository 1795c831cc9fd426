// No circle of imports in src/: a module that imports itself through others loads half-initialised,
// and a circle ties its files into one piece nobody can read alone. This reads every relative import:
// static ones, type-only ones, and `import("…")` (a lazy load or a `typeof import(…)` type still ties
// the two files together), and names each group of files that reach one another (Tarjan's strongly
// connected components).
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const ROOT = path.resolve(import.meta.dirname, "..");
const SRC = path.join(ROOT, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The files a module imports statically by a relative path. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const statements = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/g)];
  const expressions = [...text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g)];
  const specs = [...statements, ...expressions].map((m) => m[1] as string);
  return specs.map((spec) => {
    const target = path.resolve(path.dirname(file), spec);
    return existsSync(target) || !existsSync(path.join(target, "index.ts")) ? target : path.join(target, "index.ts");
  });
}

/** Groups of two or more files that import one another, each as paths from the repository root. */
function importCircles(files: string[], importsOf: (file: string) => string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => target !== file)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(path.relative(ROOT, member).split(path.sep).join("/"));
    } while (member !== file);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

test("no circle of imports in src/", () => {
  const circles = importCircles(sourceFiles(SRC), relativeImports);
  assert.deepEqual(circles, [], `files that import one another:\n${circles.map((group) => group.join(" ↔ ")).join("\n")}`);
});

test("the circle finder names a circle through three files and passes a chain", () => {
  const edges: Record<string, string[]> = {
    [`${ROOT}/a.ts`]: [`${ROOT}/b.ts`],
    [`${ROOT}/b.ts`]: [`${ROOT}/c.ts`],
    [`${ROOT}/c.ts`]: [`${ROOT}/a.ts`],
  };
  assert.deepEqual(
    importCircles(Object.keys(edges), (file) => edges[file] ?? []),
    [["a.ts", "b.ts", "c.ts"]],
  );
  const chain: Record<string, string[]> = { [`${ROOT}/a.ts`]: [`${ROOT}/b.ts`], [`${ROOT}/b.ts`]: [`${ROOT}/c.ts`], [`${ROOT}/c.ts`]: [] };
  assert.deepEqual(
    importCircles(Object.keys(chain), (file) => chain[file] ?? []),
    [],
  );
});
