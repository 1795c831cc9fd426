// The layers of src/ point one way (docs/architecture.md): a module imports only from its own
// layer and the layers beneath it, GitHub's packages stay in src/github/, and gate/ does no I/O. This
// reads every import in src/ and names each one that breaks the rule.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const SRC = path.resolve(import.meta.dirname, "../src");

/** Layer → the layers it may import (besides itself). Entry points (src/*.ts, cli/, github/) may import anything. */
const MAY_IMPORT: Record<string, string[]> = {
  util: [],
  results: [],
  config: ["util", "results"],
  models: ["config", "util", "results"],
  suites: ["models", "config", "util", "results"],
  gate: ["config", "util", "results"],
  baseline: ["gate", "config", "util", "results"],
  report: ["gate", "baseline", "config", "util", "results"],
  engine: ["suites", "models", "gate", "baseline", "report", "config", "util", "results", "demo"],
  demo: ["suites", "models", "config", "util", "results"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The top folder under src/ ("entry" for src/*.ts). */
function layerOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? (parts[0] as string) : "entry";
}

function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|import\("([^"]+)"\)/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const layer = layerOf(file);
    const where = path.relative(SRC, file);
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      if (/^@actions\/|^@octokit\//.test(spec) && layer !== "github" && where !== "main.ts")
        found.push(`${where} → ${spec} (GitHub's packages belong in github/)`);
      if (layer === "gate" && /^node:(fs|net|http|https|child_process|sqlite)/.test(spec))
        found.push(`${where} → ${spec} (gate/ does no I/O)`);
      if (!spec.startsWith(".") || !(layer in MAY_IMPORT)) continue;
      const target = path.resolve(path.dirname(file), spec);
      const targetLayer = layerOf(target);
      if (path.relative(SRC, target) === "version.ts" || targetLayer === layer) continue;
      // A suite kind's options are a pure schema the config reads.
      if (layer === "config" && /^suites\/[^/]+\/options\.ts$/.test(path.relative(SRC, target).split(path.sep).join("/"))) continue;
      if (!MAY_IMPORT[layer]!.includes(targetLayer)) found.push(`${where} → ${spec} (${layer}/ may not import ${targetLayer}/)`);
    }
  }
  return found;
}

test("imports in src/ follow the layers", () => {
  assert.deepEqual(violations(), []);
});

/** The files of `dir` that reach back to themselves through relative imports (Tarjan's strongly connected groups). */
function importCircles(dir: string): string[][] {
  const files = sourceFiles(dir);
  const edges = new Map(
    files.map((file) => [
      file,
      importsOf(readFileSync(file, "utf8"))
        .filter((spec) => spec.startsWith("."))
        .map((spec) => path.resolve(path.dirname(file), spec)),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of edges.get(file)!.filter((f) => edges.has(f))) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1) circles.push(group.map((f) => path.relative(SRC, f)));
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

test("models/ has no circle of imports: provider folders import the shared modules, never the provider table", () => {
  assert.deepEqual(importCircles(path.join(SRC, "models")), []);
  const table = path.join(SRC, "models", "providers.ts");
  const importers = sourceFiles(path.join(SRC, "models"))
    .filter((file) => path.dirname(file) !== path.join(SRC, "models"))
    .filter((file) => importsOf(readFileSync(file, "utf8")).some((spec) => path.resolve(path.dirname(file), spec) === table));
  assert.deepEqual(importers, []);
});
