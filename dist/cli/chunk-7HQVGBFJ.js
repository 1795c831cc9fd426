#!/usr/bin/env node
import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);

// src/config/paths.ts
import { realpathSync } from "node:fs";
import path from "node:path";
function containmentRoot(repositoryRoot, configDir) {
  return repositoryRoot ?? configDir;
}
function resolveInside(baseDir, value, root) {
  const resolved = path.resolve(baseDir, value);
  if (root === void 0) return { path: resolved };
  const realRoot = realOrSelf(root);
  if (!isWithin(resolved, root) && !isWithin(resolved, realRoot)) return { error: outsideMessage(value, root) };
  const real = realOrSelf(resolved);
  if (!isWithin(real, realRoot))
    return { error: `${JSON.stringify(truncate(value))} is a link to a file outside ${describeRoot(root)}; ${HINT}` };
  return { path: resolved };
}
var HINT = "files a config names must stay inside it (set allow-outside-repo: true to allow this)";
function outsideMessage(value, root) {
  return `${JSON.stringify(truncate(value))} is outside ${describeRoot(root)}; ${HINT}`;
}
function describeRoot(root) {
  return `the repository (${root})`;
}
function isWithin(target, root) {
  const relative = path.relative(root, target);
  return relative === "" || relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
function realOrSelf(target) {
  let current = target;
  const rest = [];
  for (; ; ) {
    try {
      return path.join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return target;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}
function truncate(value, max = 80) {
  return value.length > max ? `${value.slice(0, max - 1)}\u2026` : value;
}

export {
  containmentRoot,
  resolveInside
};
