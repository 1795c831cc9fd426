// Files that ship beside the code (the example suite, readability's dictionaries) are found by walking up
// from this module: src/util/ in the repository, dist/cli/ in the npm package, dist/ in the action's checkout.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function shippedFile(relativePath: string): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
