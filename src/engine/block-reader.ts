// Positional reads of many small pieces of one file (journal entries, shard cases) through a 1 MiB
// window. The pieces are wanted roughly in file order, so one read serves about a thousand of them
// instead of one system call and thread-pool round trip each.
import type { FileHandle } from "node:fs/promises";

const WINDOW_BYTES = 1024 * 1024;

export class BlockReader {
  private readonly handle: FileHandle;
  private block = Buffer.alloc(0);
  private blockStart = 0;

  constructor(handle: FileHandle) {
    this.handle = handle;
  }

  /** The UTF-8 text of `length` bytes at `offset`. */
  async read(offset: number, length: number): Promise<string> {
    const start = offset - this.blockStart;
    if (start >= 0 && start + length <= this.block.length) return this.block.toString("utf8", start, start + length);
    const size = Math.max(length, WINDOW_BYTES);
    const buffer = Buffer.allocUnsafe(size);
    const { bytesRead } = await this.handle.read(buffer, 0, size, offset);
    this.block = buffer.subarray(0, bytesRead);
    this.blockStart = offset;
    return this.block.toString("utf8", 0, length);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
