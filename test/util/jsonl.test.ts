// The streaming JSONL reader against the line split it replaced: same lines, same numbers, same
// errors, whatever the chunking of the file.
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { type JsonLine, readJsonLines } from "../../src/config/jsonl.ts";

/** Splitting the whole text: lines end at "\n", "\r\n" or a lone "\r"; blank lines skipped; each parsed. */
function splitLines(text: string): JsonLine[] {
  const out: JsonLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    if (raw.trim() === "") return;
    try {
      out.push({ line: index + 1, raw, value: JSON.parse(raw) });
    } catch (error) {
      out.push({ line: index + 1, raw, error: (error as Error).message });
    }
  });
  return out;
}

test("readJsonLines: the same lines and line numbers as splitting the whole text", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-jsonl-"));
  const big = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ id: `case-${i}`, text: "é".repeat(i % 50), n: i }));
  const texts = [
    '{"a":1}\n\n{"b":2}\r\n  \n{"c":\n{"d":"x\\ny"}',
    '{"a":1}\n{"b":2}\n',
    '\r\n\r\n{"only":true}\r\n',
    `${big.slice(0, 2500).join("\n")}\n\n${big.slice(2500).join("\r\n")}\n`, // ~400 KB: several chunks
    '{"mac":1}\r{"mac":2}\r\r{"mac":\r3}\r', // lone CRs (old Mac line ends)
    // A CRLF cut between two 64 KiB chunks: one line end, not two.
    `{"pad":"${"x".repeat(64 * 1024 - 11)}"}\r\n{"next":true}\r\n{"last":true}`,
    // A lone CR last in a chunk, then a line.
    `{"pad":"${"x".repeat(64 * 1024 - 11)}"}\r{"next":true}\n`,
  ];
  for (const [index, text] of texts.entries()) {
    const file = path.join(dir, `${index}.jsonl`);
    await writeFile(file, text);
    const streamed: JsonLine[] = [];
    for await (const line of readJsonLines(file)) streamed.push(line);
    assert.deepEqual(streamed, splitLines(text), `file ${index}`);
  }
});

test("readJsonLines: a missing file is an error, not an empty dataset", async () => {
  await assert.rejects(async () => {
    for await (const _ of readJsonLines(path.join(tmpdir(), "evalgate-no-such-file.jsonl"))) {
      // nothing
    }
  }, /ENOENT/);
});
