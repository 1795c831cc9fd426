// Temporary files that hold a long thread's details while it is scored (its messages, turns and each
// metric's rows, as comma-separated JSON), so they are written as computed and never held; the
// journal copies them into the case's line, and they are removed once it has (or the case failed).
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openRegularReadStream } from "../../util/regular-file.ts";
import type { StreamedDetails } from "../kind.ts";

export class SpoolFile {
  readonly file: string;
  bytes = 0;
  private items = 0;
  private readonly stream: WriteStream;
  private failure: Error | undefined;

  constructor(file: string) {
    this.file = file;
    this.stream = createWriteStream(file, { highWaterMark: 256 * 1024 });
    this.stream.on("error", (error) => {
      this.failure = error;
    });
  }

  get empty(): boolean {
    return this.items === 0;
  }

  /** Appends one JSON item; waits when the disk is behind. */
  async add(json: string): Promise<void> {
    if (this.failure) throw this.failure;
    const text = this.items++ ? `,${json}` : json;
    this.bytes += Buffer.byteLength(text);
    if (!this.stream.write(text)) await new Promise<void>((resolve) => this.stream.once("drain", resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.stream.end((error?: Error | null) => (error || this.failure ? reject(error ?? this.failure) : resolve())),
    );
  }
}

/** A folder of spool files, removed with everything in it. */
export class Spool {
  readonly dir: string;
  private readonly files: SpoolFile[] = [];

  private constructor(dir: string) {
    this.dir = dir;
  }

  static async create(): Promise<Spool> {
    return new Spool(await mkdtemp(path.join(tmpdir(), "evalgate-thread-")));
  }

  file(name: string): SpoolFile {
    const file = new SpoolFile(path.join(this.dir, name));
    this.files.push(file);
    return file;
  }

  async dispose(): Promise<void> {
    await Promise.allSettled(this.files.map((file) => file.close()));
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Details whose text is these pieces in order: strings as they are, spool files by their contents. */
  async details(parts: (string | SpoolFile)[]): Promise<StreamedDetails> {
    await Promise.all(this.files.map((file) => file.close()));
    const bytes = parts.reduce((sum, part) => sum + (typeof part === "string" ? Buffer.byteLength(part) : part.bytes), 0);
    return {
      bytes,
      async *pieces() {
        for (const part of parts) {
          if (typeof part === "string") yield part;
          else if (part.bytes > 0) yield* (await openRegularReadStream(part.file, { highWaterMark: 256 * 1024 })) as AsyncIterable<Buffer>;
        }
      },
      dispose: () => this.dispose(),
    };
  }
}
