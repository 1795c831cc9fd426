// The merge's and the journal's positional reader on a real file: what it returns is the file's bytes
// at each offset, also when reads are issued together and a new window is read while others wait.
import assert from "node:assert/strict";
import { mkdtemp, open, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { BlockReader } from "../../src/engine/block-reader.ts";

test("reads issued together across 1 MiB windows each get their own bytes", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "evalgate-block-"));
  const file = path.join(dir, "lines.txt");
  // 3.5 MiB of numbered lines: every piece is recognisable, and pieces straddle the windows.
  const lines = Array.from({ length: 60_000 }, (_, i) => `line ${String(i).padStart(6, "0")} ${"é".repeat(i % 40)}|`);
  const text = lines.join("\n");
  await writeFile(file, text);
  const bytes = Buffer.from(text);
  const pieces: { offset: number; length: number }[] = [];
  let offset = 0;
  for (const line of lines) {
    const length = Buffer.byteLength(line);
    pieces.push({ offset, length });
    offset += length + 1;
  }
  const reader = new BlockReader(await open(file, "r"));
  try {
    // In order, all at once (the window moves while later reads wait), then backwards, then one past a window's size.
    const forward = await Promise.all(pieces.map((piece) => reader.read(piece.offset, piece.length)));
    assert.deepEqual(forward, lines);
    const picked = [59_999, 30_000, 1, 45_123, 2];
    assert.deepEqual(
      await Promise.all(picked.map((i) => reader.read(pieces[i]!.offset, pieces[i]!.length))),
      picked.map((i) => lines[i]),
    );
    const big = await reader.read(10, 2 * 1024 * 1024);
    assert.equal(big, bytes.subarray(10, 10 + 2 * 1024 * 1024).toString("utf8"));
  } finally {
    await reader.close();
  }
});
