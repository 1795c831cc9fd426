// dist/licenses.txt (.ci/licenses.mjs): every package a bundle holds, with its version and licence text.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
// @ts-expect-error a build script in plain JavaScript, without declarations
import { licensesText } from "../../.ci/licenses.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

async function fakePackage(root: string, name: string, manifest: Record<string, unknown>, files: Record<string, string> = {}) {
  const dir = path.join(root, "node_modules", name);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name, ...manifest }));
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
  return dir;
}

test("each package once, with version, licence, its licence file and the bundles that hold it", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "evalgate-licenses-"));
  const a = await fakePackage(root, "alpha", { version: "1.2.3", license: "ISC" }, { LICENSE: "ISC text of alpha\r\n" });
  const scoped = await fakePackage(root, "@scope/beta", { version: "0.1.0", license: "MIT" }, { "LICENCE.md": "MIT text of beta" });
  const bare = await fakePackage(root, "gamma", { version: "2.0.0", license: "MIT", author: "Gamma Author" });
  const metafile = (...inputs: string[]) => ({ inputs: {}, outputs: { out: { inputs: Object.fromEntries(inputs.map((i) => [i, {}])) } } });
  const text: string = licensesText({
    "dist/index.js": metafile(`${a}/lib/one.js`, `${a}/lib/two.js`, `${scoped}/index.js`, "src/action.ts"),
    "dist/cli/engine.cjs": metafile(`${a}/lib/one.js`, `${bare}/index.js`),
  });
  assert.match(text, /^Third-party software bundled in dist\/index\.js and dist\/cli\/engine\.cjs: 3 packages\./);
  assert.match(text, /\n@scope\/beta 0\.1\.0 \(MIT\), in dist\/index\.js\n=+\n\nMIT text of beta\n/);
  assert.match(text, /\nalpha 1\.2\.3 \(ISC\), in dist\/index\.js, dist\/cli\/engine\.cjs\n=+\n\nISC text of alpha\n/);
  // no licence file: said so, and MIT's text with the author as holder
  assert.match(
    text,
    /\ngamma 2\.0\.0 \(MIT\), in dist\/cli\/engine\.cjs\n=+\n\n\(The package ships no licence file;[^\n]*\)\n\nMIT License\n\nCopyright \(c\) Gamma Author\n/,
  );
  assert.equal(text.match(/^alpha /gm)?.length, 1);
});

test("the built licences file names every package in the CLI bundle, and one undici", {
  skip: !existsSync(path.join(ROOT, "dist/licenses.txt")),
}, () => {
  const licenses = readFileSync(path.join(ROOT, "dist/licenses.txt"), "utf8");
  const named = new Set([...licenses.matchAll(/^(\S+) \S+ \(.*\), in /gm)].map((m) => m[1]));
  // esbuild keys each lazily initialised module of the engine bundle by its path, minified or not
  const engine = readFileSync(path.join(ROOT, "dist/cli/engine.cjs"), "utf8");
  const bundled = new Set([...engine.matchAll(/"(?:[^"]*\/)?node_modules\/((?:@[^/"]+\/)?[^/"]+)\//g)].map((m) => m[1]!));
  assert.ok(bundled.has("undici") && bundled.has("zod") && bundled.has("yaml"), [...bundled].join(", "));
  for (const name of bundled) assert.ok(named.has(name), `${name} is bundled but not in dist/licenses.txt`);
  assert.equal(licenses.match(/^undici /gm)?.length, 1, "one undici in the bundles");
});
