// The test files the Node 22 pass of .ci/run runs: those whose outcome can depend on the Node
// version. A test file is one when it, or a test helper it imports (followed through test/), runs
// the CLI or the action as a process (child_process: the bundle users install, EVALGATE_TEST_CLI),
// or uses a runtime API whose behaviour changed between Node majors: child processes and process
// groups, worker threads, node:sqlite, undici or fetch. The rest (pure scoring, parsing, rendering)
// computes the same on any Node and runs on Node 24 only. New tests follow the rule by what they
// import; nothing to list. Prints the files, one a line, sorted.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const TEST = path.join(ROOT, "test");
const RUNTIME =
  /["'](node:child_process|node:worker_threads|node:sqlite|node:http|node:net|undici)["']|\bfetch\(|EVALGATE_TEST_(CLI|ACTION)/;

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.(ts|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

const seen = new Map();
/** Whether a file under test/, or a helper it imports from test/, touches a version-dependent runtime API. */
function versionDependent(file) {
  if (seen.has(file)) return seen.get(file);
  seen.set(file, false); // a circle of helpers adds nothing
  const text = readFileSync(file, "utf8");
  let found = RUNTIME.test(text);
  for (const [, spec] of text.matchAll(/\bfrom\s+["'](\.[^"']+)["']/g)) {
    if (found) break;
    const target = path.resolve(path.dirname(file), spec);
    if (target.startsWith(TEST + path.sep) && existsSync(target)) found = versionDependent(target);
  }
  seen.set(file, found);
  return found;
}

const selected = files(TEST)
  .filter((file) => file.endsWith(".test.ts") && versionDependent(file))
  .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
  .sort();
process.stdout.write(`${selected.join("\n")}\n`);
