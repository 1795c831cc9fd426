// Starts the built CLI's engine (dist/cli/engine.cjs, one CommonJS bundle) with a V8 code cache that
// is made after start-up.
//
// Why: Node's compile cache (module.enableCompileCache) keeps each module's code as compiled when it
// is loaded, before it runs, so every function start-up calls (the YAML parser, zod's checks, undici's
// set-up, the config and dataset readers) was compiled again on every start. V8 can serialise a script
// after it has run, with every function compiled so far; given that cache, the next start compiles
// almost nothing. Only a classic script can be cached so (not an ES module), hence the CommonJS bundle.
//
// The cache sits beside Node's own compile cache (NODE_COMPILE_CACHE, else the OS temp folder; off
// with NODE_DISABLE_COMPILE_CACHE=1), in a folder of its own that only this user may write to: one
// file per command and bundle, headed by the bundle's SHA-256 (V8 itself checks only the source's
// length), written atomically. The first start of a command makes it (again after the bundle or Node
// changed), a second into the run or at its exit if sooner.
//
// V8 refuses a cache made under other V8 flags, and a command tunes the heap's flags once its modules
// are loaded (util/heap.ts), after the bundle was compiled: the cache is made under V8's own values of
// those flags (the bundle's underDefaultFlags), as the next start compiles the bundle.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import module from "node:module"; // not named imports: enableCompileCache is missing before Node 22.1
import path from "node:path";
import vm from "node:vm";
import { isCommandName } from "./command-names.ts";

/** What the CLI needs of a command runner: the engine bundle, or src/cli/main.ts run from source. */
export interface Engine {
  main(argv: string[]): Promise<number>;
}

/** The bundle's exports (src/cli/engine-entry.ts). */
interface EngineBundle extends Engine {
  underDefaultFlags<T>(make: () => T): T;
}

const HEADER = "evalgate code cache v1";
/** When a first start writes the cache if it has not exited yet: start-up is long done, and nothing compiled for it has been flushed. */
const WRITE_AFTER_MS = 1_000;

export function startEngineBundle(bundleFile: string, command: string | undefined): Engine {
  const source = readFileSync(bundleFile, "latin1"); // esbuild writes ASCII only
  const sourceHash = createHash("sha256").update(source, "latin1").digest("hex");
  const cacheFile = cacheFileFor(command, sourceHash);
  const cached = cacheFile ? readCache(cacheFile, sourceHash) : undefined;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundleFile,
    cachedData: cached,
    // A custom metric module is imported by its path at run time, as an ES module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const bundle = { exports: {} as EngineBundle };
  script.runInThisContext()(bundle.exports, module.createRequire(bundleFile), bundle, bundleFile, path.dirname(bundleFile));
  const engine = bundle.exports;
  if (cacheFile && (!cached || script.cachedDataRejected))
    writeCacheLater(() => engine.underDefaultFlags(() => script.createCachedData()), cacheFile, sourceHash);
  return engine;
}

/** Null when Node's compile cache is off or unavailable, or for a command that is not one (a typo). */
function cacheFileFor(command: string | undefined, sourceHash: string): string | null {
  const name = isCommandName(command) ? command : command === undefined || ["help", "--help", "-h"].includes(command) ? "help" : null;
  if (!name) return null;
  let directory: string | undefined;
  try {
    directory = module.enableCompileCache?.()?.directory;
  } catch {
    return null; // a read-only or missing temp folder: start without
  }
  if (!directory) return null;
  // Node's folder is one per Node version; the bundle's hash in the name lets two versions of evalgate
  // on one machine keep a cache each (old ones stay behind, as Node's own cache files do).
  const folder = path.join(directory, "evalgate");
  return isSharedFolder(folder) ? null : path.join(folder, `${name}-${sourceHash.slice(0, 16)}.bin`);
}

/** The V8 data, when the file was made for this very bundle. */
function readCache(cacheFile: string, sourceHash: string): Buffer | undefined {
  let file: Buffer;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const header = `${HEADER} ${sourceHash}\n`;
  return file.subarray(0, header.length).toString("latin1") === header ? file.subarray(header.length) : undefined;
}

/**
 * The cache is code this process runs: in a shared temp folder, a folder another user can write to
 * would let them run theirs as this user, so such a folder is neither read nor written. (A folder
 * not made yet is made private; Windows has no owners to check.)
 */
function isSharedFolder(folder: string): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return false;
  try {
    const { uid: owner, mode } = statSync(folder);
    return owner !== uid || (mode & 0o022) !== 0;
  } catch {
    return false;
  }
}

function writeCacheLater(createCachedData: () => Buffer, cacheFile: string, sourceHash: string): void {
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(cacheFile), { recursive: true, mode: 0o700 });
      writeFileSync(temporary, Buffer.concat([Buffer.from(`${HEADER} ${sourceHash}\n`, "latin1"), createCachedData()]), {
        mode: 0o600,
      });
      renameSync(temporary, cacheFile); // whole or not at all, also with two runs starting at once
    } catch {
      rmSync(temporary, { force: true }); // no cache this time: the next start tries again
    }
  };
  setTimeout(write, WRITE_AFTER_MS).unref();
  process.once("exit", write);
}
