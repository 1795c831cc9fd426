#!/usr/bin/env node
// Writes the shipped JSON Schemas from the built CLI: evalgate.schema.json (the config) and
// schemas/<format>.schema.json (the dataset formats). --check: exit 1 when a file is stale.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const cli = (...args) => execFileSync(process.execPath, ["dist/cli.js", "schema", ...args], { encoding: "utf8" });
// The formats from their one list (Node 24 strips the file's types).
const formats = Object.keys((await import("../src/suites/dataset-schemas.ts")).DATASET_SCHEMAS);
const files = new Map([["evalgate.schema.json", cli()]]);
for (const format of formats) files.set(`schemas/${format}.schema.json`, cli("--dataset", format));

const check = process.argv.includes("--check");
let stale = 0;
mkdirSync("schemas", { recursive: true });
for (const [file, text] of files) {
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {}
  if (current === text) continue;
  if (check) {
    console.error(`${file} is stale: run 'npm run schema' and commit it.`);
    stale++;
  } else writeFileSync(file, text);
}
process.exit(stale > 0 ? 1 : 0);
