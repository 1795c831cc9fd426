// Makes data/readability/cmudict-syllables.txt from the npm package `cmudict` (a devDependency): each word
// of CMUdict 0.7a, lowercased, with the stress digits of its first pronunciation, which is how textstat
// counts a word's syllables. `npm run data` writes the table; `--check` (CI) exits 1 when it is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE = "cmudict";
const SOURCE = "lib/cmu/cmudict.0.7a";
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = path.join(root, "data", "readability", "cmudict-syllables.txt");

const packageDir = path.dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8"));
const lines = readFileSync(path.join(packageDir, SOURCE), "latin1").split("\n");

/** CMUdict's copyright and licence: the header's ";;; #" lines from "Copyright" to the closing rule. */
function licenceLines() {
  const header = lines.filter((line) => line.startsWith(";;; #")).map((line) => line.slice(5).trimEnd());
  const from = header.findIndex((line) => line.includes("Copyright"));
  const to = header.findIndex((line, i) => i > from && line.includes("====="));
  if (from < 0 || to < 0) throw new Error(`${PACKAGE}/${SOURCE}: no copyright block in the header`);
  return header.slice(from, to);
}

/** Entries are "WORD  PH1 PH2" lines; alternates ("WORD(1)") follow the first pronunciation, which counts. */
function syllablesByWord() {
  const table = new Map();
  lines.forEach((line, i) => {
    if (!line || line.startsWith(";;;")) return;
    const entry = /^(\S+?)(\(\d+\))? {2}([A-Z]+[0-2]?(?: [A-Z]+[0-2]?)*)$/.exec(line);
    if (!entry) throw new Error(`${PACKAGE}/${SOURCE}:${i + 1}: not an entry: ${JSON.stringify(line)}`);
    const [, spelling, alternate, phones] = entry;
    const word = spelling.toLowerCase();
    if (alternate) {
      if (!table.has(word)) throw new Error(`${PACKAGE}/${SOURCE}:${i + 1}: alternate before the first pronunciation`);
      return;
    }
    if (table.has(word)) throw new Error(`${PACKAGE}/${SOURCE}:${i + 1}: ${word} listed twice`);
    table.set(word, phones.split(" ").filter((phone) => /\d$/.test(phone)).length);
  });
  return table;
}

const table = syllablesByWord();
const words = [...table.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const text = [
  "# word syllables: the stress digits of the word's first pronunciation in CMUdict 0.7a",
  `# made by .ci/make-syllables.mjs (npm run data) from the npm package ${PACKAGE} ${version}, ${SOURCE}`,
  "# CMUdict's copyright and licence, as that file states them:",
  ...licenceLines().map((line) => `#${line}`.replace(/^#(?! )/, "# ")),
  ...words.map((word) => `${word} ${table.get(word)}`),
  "",
].join("\n");

if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(output, "utf8");
  } catch {}
  if (current !== text) {
    console.error(`${path.relative(root, output)} is stale: run 'npm run data' and commit it.`);
    process.exit(1);
  }
  console.log(`${path.relative(root, output)} is current (${PACKAGE} ${version}, ${words.length} words)`);
} else {
  writeFileSync(output, text);
  console.log(`${path.relative(root, output)}: ${words.length} words from ${PACKAGE} ${version}`);
}
