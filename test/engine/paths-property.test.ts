// Property test of `paths:` skipping (issue 36), in real git repositories: random trees (names with
// spaces, line breaks and bytes that are not UTF-8, symlinks to files and folders, a git-ignored
// folder), random edits (committed, staged or left in the work tree; renames, deletions, links
// re-pointed) and random globs. A brute-force oracle reads every file's bytes before and after: a
// suite is never skipped when a file it reads, or a name its globs match, changed.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { changedFilesSince, gitName, ignoredNames, type SuiteInputs, whyTouched } from "../../src/engine/changes.ts";
import { pathGlob, pathGlobProblem } from "../../src/util/path-glob.ts";

function generator(seed: number) {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
  return { next, pick: <T>(items: readonly T[]): T => items[next(items.length)]!, chance: (p: number) => next(1000) < p * 1000 };
}
type Random = ReturnType<typeof generator>;

/** Name parts: plain, with a space, a line break, a tab, and one with a byte that is not UTF-8. */
const PARTS: Buffer[] = ["a", "b", "ab", "x.md", "y.csv", "a b", "new\nline", "t\tab", "p"].map((s) => Buffer.from(s));
PARTS.push(Buffer.from([0x6c, 0xe9, 0x2e, 0x6d, 0x64])); // "l\xe9.md"
const FOLDERS = ["src", "data", "prompts", "ign", "src/deep"];

const bytesName = (name: Buffer) => name.toString("latin1");
const isUtf8Name = (name: string) => Buffer.from(Buffer.from(name, "latin1").toString("utf8"), "utf8").toString("latin1") === name;

interface Tree {
  dir: string;
  git(...args: string[]): string;
}

async function createTree(random: Random): Promise<Tree> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-paths-prop-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@e", "-c", "commit.gpgsign=false", ...args], {
      cwd: dir,
      encoding: "utf8",
      stdio: "pipe",
    });
  git("init", "-q", "-b", "main");
  writeFileSync(path.join(dir, ".gitignore"), "ign/\n");
  for (const folder of FOLDERS) mkdirSync(path.join(dir, folder), { recursive: true });
  for (let i = 0; i < 14; i++) writeRandomFile(dir, random);
  writeFileSync(path.join(dir, "ign/p"), "ignored\n");
  // Links: to a file, to a folder, a relative chain.
  const files = listTree(dir).filter((entry) => entry.kind === "file" && isUtf8Name(entry.name));
  for (let i = 0; i < 3 && files.length; i++) {
    const target = random.pick(files).name;
    const link = `src/link${i}`;
    if (!existsSync(path.join(dir, link))) symlinkSync(path.relative(path.join(dir, "src"), path.join(dir, target)), path.join(dir, link));
  }
  if (!existsSync(path.join(dir, "data/linked"))) symlinkSync("../prompts", path.join(dir, "data/linked"));
  git("add", "-A");
  git("commit", "-q", "-m", "base");
  return { dir, git };
}

function writeRandomFile(dir: string, random: Random): void {
  const folder = random.pick(FOLDERS);
  const name = Buffer.concat([Buffer.from(`${dir}/${folder}/`), random.pick(PARTS)]);
  try {
    if (lstatSync(name).isDirectory()) return;
  } catch {}
  writeFileSync(name, `content ${random.next(1000)}\n`);
}

interface Entry {
  /** Repository-relative name, one byte per character. */
  name: string;
  kind: "file" | "link";
  bytes: string;
}

/** Every file and link under `dir` (not .git), with its bytes (a link: its target). */
function listTree(dir: string, prefix = ""): Entry[] {
  const entries: Entry[] = [];
  const here = Buffer.concat([Buffer.from(dir), Buffer.from(prefix ? `/${prefix}` : "")]);
  for (const child of readdirSync(here, { encoding: "buffer" })) {
    const name = prefix ? `${prefix}/${bytesName(child)}` : bytesName(child);
    if (name === ".git") continue;
    const full = Buffer.concat([Buffer.from(`${dir}/`), Buffer.from(name, "latin1")]);
    const info = lstatSync(full);
    if (info.isSymbolicLink()) entries.push({ name, kind: "link", bytes: readlinkSync(full, { encoding: "buffer" }).toString("latin1") });
    else if (info.isDirectory()) entries.push(...listTree(dir, name));
    else entries.push({ name, kind: "file", bytes: readFileSync(full).toString("latin1") });
  }
  return entries;
}

function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** What reading `relative` (through any links) gives: its bytes, or null when it cannot be read. */
function readThrough(dir: string, relative: string): string | null {
  try {
    return readFileSync(path.join(dir, relative)).toString("latin1");
  } catch {
    return null;
  }
}

/** One random edit, half of them to one of `near` (the files the suite reads) when it still exists. */
function randomEdit(tree: Tree, random: Random, near: string[]): void {
  const entries = listTree(tree.dir);
  const nearby = entries.filter((entry) => near.includes(entry.name));
  const pick = random.chance(0.5) && nearby.length ? random.pick(nearby) : random.pick(entries);
  const full = Buffer.concat([Buffer.from(`${tree.dir}/`), Buffer.from(pick.name, "latin1")]);
  switch (random.next(8)) {
    case 0:
      if (pick.kind === "file") writeFileSync(full, `edited ${random.next(1000)}\n`);
      break;
    case 1:
      rmSync(full, { force: true });
      break;
    case 2: {
      const to = Buffer.concat([Buffer.from(`${tree.dir}/${random.pick(FOLDERS)}/`), Buffer.from(`moved-${random.next(100)}`)]);
      if (!existsSync(to)) renameSync(full, to);
      break;
    }
    case 3:
      writeRandomFile(tree.dir, random);
      break;
    case 4:
      if (pick.kind === "link") {
        rmSync(full);
        symlinkSync(random.pick(["../data", "../prompts/x.md", "deep", "../ign/p"]), full);
      }
      break;
    case 5:
      writeFileSync(path.join(tree.dir, "ign", random.pick(["a", "p", "x.md"])), `ignored ${random.next(1000)}\n`);
      break;
    default:
      // A new file, left untracked unless the round stages it.
      writeFileSync(path.join(tree.dir, random.pick(FOLDERS.filter((f) => f !== "ign")), `new ${random.next(100)}.md`), "new\n");
  }
}

function randomGlob(random: Random): string {
  const segment = () =>
    random.pick(["*", "**", "src", "data", "prompts", "deep", "*.md", "?", "a*", "{a,b}", "[ax]*", "p", "l*", "*line", "link*"]);
  const glob = random.chance(0.3)
    ? random.pick(["prompts/**", "**/*.md", "src/**", "data/*", "**"])
    : Array.from({ length: 1 + random.next(3) }, segment).join("/");
  return random.chance(0.2) ? `!${glob}` : glob;
}

/** GitHub's reading of a filter list, with the same glob matcher: what the oracle expects globs to select. */
function selected(globs: string[], name: string): boolean {
  let included = false;
  for (const glob of globs) {
    const negated = glob.startsWith("!");
    if (pathGlob(negated ? glob.slice(1) : glob)(name)) included = !negated;
  }
  return included;
}

test("paths: property: never skipped when a file the suite reads, or a name its globs select, changed (real git, 40 random repositories)", async () => {
  let skipped = 0;
  let touched = 0;
  for (let round = 0; round < 40; round++) {
    const random = generator(1000 + round);
    const tree = await createTree(random);
    try {
      const base = listTree(tree.dir);
      const baseCommit = tree.git("rev-parse", "HEAD").trim();
      // What the suite reads: some files by the names a config would use (through links too), an ignored one sometimes, one that does not exist.
      const readable = base.filter((entry) => isUtf8Name(entry.name)).map((entry) => entry.name);
      const reads = Array.from({ length: 1 + random.next(3) }, () => random.pick(readable));
      const links = base.filter((entry) => entry.kind === "link" && entry.name.startsWith("src/link")).map((entry) => entry.name);
      if (links.length && random.chance(0.6)) reads.push(random.pick(links));
      const prompts = base.filter((entry) => entry.kind === "file" && /^prompts\/[^/]+$/.test(entry.name) && isUtf8Name(entry.name));
      if (prompts.length && random.chance(0.5)) reads.push(`data/linked/${random.pick(prompts).name.slice("prompts/".length)}`);
      if (random.chance(0.3)) reads.push("ign/p");
      reads.push("data/absent.yml");
      // Edits go near what is read: the files behind the links too.
      const near = [...reads, ...reads.map((file) => path.relative(tree.dir, realOrSelf(path.join(tree.dir, file))))];
      const globs = Array.from({ length: random.next(3) }, () => randomGlob(random)).filter((g) => !pathGlobProblem(g.replace(/^!/, "")));
      const before = new Map(reads.map((file) => [file, readThrough(tree.dir, file)]));

      for (let edits = random.next(4); edits > 0; edits--) randomEdit(tree, random, near);
      if (random.chance(0.3)) {
        tree.git("add", "-A");
        if (random.chance(0.5)) tree.git("commit", "-q", "--allow-empty", "-m", "edit");
      }

      const after = listTree(tree.dir);
      const byName = (entries: Entry[]) => new Map(entries.map((entry) => [entry.name, `${entry.kind}:${entry.bytes}`]));
      const [was, now] = [byName(base), byName(after)];
      const names = new Set([...was.keys(), ...now.keys()]);
      // The oracle: a read file's bytes differ, or a name outside the ignored folder that the globs select differs.
      const readChanged = reads.find((file) => before.get(file) !== readThrough(tree.dir, file));
      const globChanged = [...names].find(
        (name) =>
          !name.startsWith("ign/") && was.get(name) !== now.get(name) && selected(globs, Buffer.from(name, "latin1").toString("utf8")),
      );

      const changes = await changedFilesSince(tree.dir, baseCommit);
      const inputs: SuiteInputs = {
        declared: globs,
        reads: { files: reads.map((file) => path.join(tree.dir, file)), folders: [] },
        rootDir: tree.dir,
        configFile: "evalgate.yml",
        shown: [],
      };
      const ignored = await ignoredNames(tree.dir, reads.filter((file) => readThrough(tree.dir, file) === null).map(gitName));
      const why = whyTouched(inputs, { ...changes, ignored });
      if (readChanged !== undefined || globChanged !== undefined) {
        touched++;
        assert.ok(
          why,
          `round ${round}: skipped though ${JSON.stringify(readChanged ?? globChanged)} changed (globs ${JSON.stringify(globs)})`,
        );
      } else if (!why) skipped++;
    } finally {
      await rm(tree.dir, { recursive: true, force: true });
    }
  }
  // The property means something only if both outcomes happen.
  assert.ok(touched >= 10, `${touched} rounds with a change the suite must see`);
  assert.ok(skipped >= 5, `${skipped} rounds skipped`);
});
