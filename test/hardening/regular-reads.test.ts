// Every file evalgate reads is opened non-blocking and checked to be a regular file on the opened
// descriptor (src/util/regular-file.ts), so a FIFO, a device or a folder is refused at once, never
// waited on, and no check-then-open race lets one in. Two halves: no module of src/ reads a file by
// node:fs's own readers (the few that may say why below), and through the real CLI, --env-file
// naming a FIFO, a folder or a missing file is exit 2 from evalgate's own reading: started with
// `node --`, and as the installed executable (dist/cli.js runs Node through sh with that `--`;
// Node itself reads an `--env-file` anywhere on its command line otherwise; docs/cli.md).
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { CLI, writeSuite } from "../engine/helpers.ts";

const SRC = path.resolve(import.meta.dirname, "../../src");
const READERS = ["readFile", "readFileSync", "createReadStream", "open", "openSync"];

/** The modules that may use node:fs's readers, and why. */
const ALLOWED: Record<string, string> = {
  "util/regular-file.ts": "the one non-blocking, regular-file-checked reader",
  "models/process/group.ts": "/proc/<pid>/stat: the kernel's files",
  "models/process/escaped.ts": "/proc/<pid>/environ and cmdline: the kernel's files",
  "models/process/log.ts": "opens its log for writing (O_NOFOLLOW)",
  "engine/journal.ts": "opens its temporary file for writing",
  "github/shards.ts": "opens the merged file it wrote for appending the verdict",
  "config/output-file.ts": "opens with O_NONBLOCK | O_NOFOLLOW and checks the descriptor itself",
  "models/cache.ts": "opens with O_NONBLOCK | O_NOFOLLOW and checks the descriptor itself",
  "suites/conversations/syllables.ts": "reads data shipped in the package (data/readability/)",
  "suites/conversations/hyphenation.ts": "reads data shipped in the package (data/readability/)",
};

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".ts")).map((entry) => path.join(entry.parentPath, entry.name));
}

test("regular reads: no module reads a file with node:fs's own readers, outside the few that say why", async () => {
  const offenders: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const text = await readFile(file, "utf8");
    const relative = path.relative(SRC, file).split(path.sep).join("/");
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"node:fs(?:\/promises)?"/g)) {
      const names = match[1]!.split(",").map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0]!,
      );
      const used = names.filter((name) => READERS.includes(name));
      if (used.length && !ALLOWED[relative]) offenders.push(`${relative}: ${used.join(", ")}`);
    }
  }
  assert.deepEqual(offenders, [], "read through src/util/regular-file.ts (openRegularFile, readRegularFile, openRegularReadStream)");
});

const INSTALLED_BIN = path.resolve(import.meta.dirname, "../../dist/cli.js");

/**
 * The CLI started as `node -- <cli> …` (or as the executable `bin`, as npm links it), so that only
 * evalgate reads its arguments; killed after 20 s (a hang).
 */
function runProtected(args: string[], cwd: string, bin?: string): Promise<{ code: number | null; stderr: string }> {
  const [command, argv] = bin ? [bin, args] : [process.execPath, ["--", CLI, ...args]];
  const child = spawn(command, argv, {
    cwd,
    // The executable finds Node on PATH, as a user's shell does: this test's Node first.
    env: { ...process.env, CI: "true", PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

test("regular reads: --env-file naming a FIFO, a folder or a missing file is evalgate's exit 2, at once", async () => {
  const { dir, config } = await writeSuite("http://127.0.0.1:9", 1);
  const scratch = await mkdtemp(path.join(tmpdir(), "evalgate-env-"));
  execFileSync("mkfifo", [path.join(scratch, "fifo.env")]);
  await mkdir(path.join(scratch, "folder.env"));
  const cases: [string, RegExp][] = [
    ["fifo.env", /fifo\.env: is not a regular file/],
    ["folder.env", /folder\.env: is a directory/],
    ["missing.env", /--env-file: .*missing\.env does not exist/],
  ];
  for (const bin of [undefined, INSTALLED_BIN]) {
    for (const [name, message] of cases) {
      const run = await runProtected(["validate", "-c", config, "--env-file", path.join(scratch, name)], dir, bin);
      assert.equal(run.code, 2, `${bin ?? "node --"} ${name}: ${run.stderr}`);
      assert.match(run.stderr, message);
    }
  }
});
