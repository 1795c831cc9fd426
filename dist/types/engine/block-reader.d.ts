import type { FileHandle } from "node:fs/promises";
export declare class BlockReader {
    private readonly handle;
    private block;
    private blockStart;
    constructor(handle: FileHandle);
    /** The UTF-8 text of `length` bytes at `offset`. */
    read(offset: number, length: number): Promise<string>;
    close(): Promise<void>;
}
