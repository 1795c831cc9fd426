#!/usr/bin/env node

// src/cli/engine-bundle.ts
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import vm from "node:vm";

// src/cli/command-names.ts
var COMMAND_NAMES = ["run", "validate", "compare", "merge", "report", "demo", "schema"], isCommandName = (name) => name !== void 0 && COMMAND_NAMES.includes(name);

// src/cli/engine-bundle.ts
var HEADER = "evalgate code cache v1", WRITE_AFTER_MS = 1e3;
function startEngineBundle(bundleFile, command) {
  let source = readFileSync(bundleFile, "latin1"), sourceHash = createHash("sha256").update(source, "latin1").digest("hex"), cacheFile = cacheFileFor(command, sourceHash), cached = cacheFile ? readCache(cacheFile, sourceHash) : void 0, script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}
})`, {
    filename: bundleFile,
    cachedData: cached,
    // A custom metric module is imported by its path at run time, as an ES module.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
  }), bundle = { exports: {} };
  script.runInThisContext()(bundle.exports, module.createRequire(bundleFile), bundle, bundleFile, path.dirname(bundleFile));
  let engine = bundle.exports;
  return cacheFile && (!cached || script.cachedDataRejected) && writeCacheLater(() => engine.underDefaultFlags(() => script.createCachedData()), cacheFile, sourceHash), engine;
}
function cacheFileFor(command, sourceHash) {
  let name = isCommandName(command) ? command : command === void 0 || ["help", "--help", "-h"].includes(command) ? "help" : null;
  if (!name) return null;
  let directory;
  try {
    directory = module.enableCompileCache?.()?.directory;
  } catch {
    return null;
  }
  if (!directory) return null;
  let folder = path.join(directory, "evalgate");
  return isSharedFolder(folder) ? null : path.join(folder, `${name}-${sourceHash.slice(0, 16)}.bin`);
}
function readCache(cacheFile, sourceHash) {
  let file;
  try {
    file = readFileSync(cacheFile);
  } catch {
    return;
  }
  let header = `${HEADER} ${sourceHash}
`;
  return file.subarray(0, header.length).toString("latin1") === header ? file.subarray(header.length) : void 0;
}
function isSharedFolder(folder) {
  let uid = process.getuid?.();
  if (uid === void 0) return !1;
  try {
    let { uid: owner, mode } = statSync(folder);
    return owner !== uid || (mode & 18) !== 0;
  } catch {
    return !1;
  }
}
function writeCacheLater(createCachedData, cacheFile, sourceHash) {
  let written = !1, write = () => {
    if (written) return;
    written = !0;
    let temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(cacheFile), { recursive: !0, mode: 448 }), writeFileSync(temporary, Buffer.concat([Buffer.from(`${HEADER} ${sourceHash}
`, "latin1"), createCachedData()]), {
        mode: 384
      }), renameSync(temporary, cacheFile);
    } catch {
      rmSync(temporary, { force: !0 });
    }
  };
  setTimeout(write, WRITE_AFTER_MS).unref(), process.once("exit", write);
}
export {
  startEngineBundle
};
