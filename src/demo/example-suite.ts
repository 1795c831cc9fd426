// The example suite (evals/evalgate.yml) ships inside the package, so `npx evalgate demo` works from
// any folder. Found by walking up from this module: src/demo/ in the repository, dist/cli/ once bundled.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function exampleSuitePath(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "evals", "evalgate.yml");
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
