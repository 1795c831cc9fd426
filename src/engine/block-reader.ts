// Positional reads of many small pieces of one file (journal entries, shard cases) through a 1 MiB
// window. The pieces are wanted roughly in file order, so one read serves about a thousand of them
// instead of one system call and thread-pool round trip each. The window's buffer is reused: a
// fresh 1 MiB per window is memory outside the heap that only a garbage collection gives back, and
// a merge of 40 MB of shards had 37 MiB of such windows waiting for one at its peak.
import type { FileHandle } from "node:fs/promises";

const WINDOW_BYTES = 1024 * 1024;

export class BlockReader {
  private readonly handle: FileHandle;
  private buffer: Buffer | null = null;
  private block: Buffer = Buffer.alloc(0);
  private blockStart = 0;
  /** Reads run one after another: the next window overwrites the buffer the last one decoded from. */
  private queue: Promise<unknown> = Promise.resolve();
  private reading = 0;

  constructor(handle: FileHandle) {
    this.handle = handle;
  }

  /** The UTF-8 text of `length` bytes at `offset`. */
  read(offset: number, length: number): Promise<string> {
    const start = offset - this.blockStart;
    // While a window is being read into the buffer, its bytes are not the block's any more: wait for it.
    if (this.reading === 0 && start >= 0 && start + length <= this.block.length)
      return Promise.resolve(this.block.toString("utf8", start, start + length));
    this.reading++;
    const next = this.queue.then(() => this.readWindow(offset, length)).finally(() => this.reading--);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async readWindow(offset: number, length: number): Promise<string> {
    const start = offset - this.blockStart;
    if (start >= 0 && start + length <= this.block.length) return this.block.toString("utf8", start, start + length);
    const size = Math.max(length, WINDOW_BYTES);
    if (!this.buffer || this.buffer.length < size) this.buffer = Buffer.allocUnsafe(size);
    const { bytesRead } = await this.handle.read(this.buffer, 0, size, offset);
    this.block = this.buffer.subarray(0, bytesRead);
    this.blockStart = offset;
    return this.block.toString("utf8", 0, length);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
