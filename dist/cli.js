#!/bin/sh
':' //; exec node -- "$0" "$@"
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf, __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require < "u" ? require : typeof Proxy < "u" ? new Proxy(x, {
  get: (a, b) => (typeof require < "u" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require < "u") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from == "object" || typeof from == "function")
    for (let key of __getOwnPropNames(from))
      !__hasOwnProp.call(to, key) && key !== except && __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: !0 }) : target,
  mod
));

// src/cli.ts
import module from "module";

// src/version.ts
var VERSION = "0.1.0";

// src/cli.ts
var MINIMUM_NODE_MAJOR = 22, argv = process.argv.slice(2), nodeMajor = Number(process.versions.node.split(".")[0]);
nodeMajor >= MINIMUM_NODE_MAJOR ? argv[0] === "--version" || argv[0] === "-v" || argv[0] === "version" ? process.stdout.write(`${VERSION}
`) : loadEngine().then(
  async (engine) => {
    process.exitCode = await engine.main(argv);
  },
  (error) => {
    process.stderr.write(`evalgate: ${error instanceof Error ? error.message : String(error)}
`), process.exitCode = 3;
  }
) : (process.stderr.write(
  `evalgate needs Node.js ${MINIMUM_NODE_MAJOR} or later (this is ${process.version}). To get Node 24:
  in a GitHub workflow   actions/setup-node with node-version: 24, before evalgate's step
  in this project        npm install --save-dev node@24   (npx and npm scripts then run it)
  on this machine        a version manager: nvm install 24, fnm install 24, or volta install node@24
`
), process.exitCode = 2);
async function loadEngine() {
  return startCompileCache(), module.createRequire(import.meta.url)("./cli/engine.cjs");
}
function startCompileCache() {
  var _a, _b;
  try {
    (_b = (_a = module).enableCompileCache) == null || _b.call(_a);
  } catch {
  }
}
