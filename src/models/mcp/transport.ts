// The MCP SDK's stdio transport, over a process evalgate started in a group of its own
// (../process/group.ts): the SDK's own StdioClientTransport spawns its child outside any group,
// logs nothing and is not stopped with the run. Messages are the SDK's framing (one JSON-RPC message
// a line); a line longer than the cap ends the session.
import { serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isRecord } from "../../util/is-record.ts";
import type { GroupProcess } from "../process/group.ts";

/** A stdout line longer than this is no message anyone can use: the server is treated as broken. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export class GroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private readonly process: GroupProcess;
  /** The pieces of the line being read (joined once, when its end comes: a 10 MB line is not copied per chunk). */
  private pieces: Buffer[] = [];
  private pending = 0;
  private closed = false;

  constructor(process: GroupProcess) {
    this.process = process;
  }

  async start(): Promise<void> {
    this.process.stdout!.on("data", (chunk: Buffer) => this.read(chunk));
    void this.process.exited.then(() => this.finish());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error("the MCP server has ended");
    this.process.stdin!.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    await this.process.stop();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  private read(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
      this.pieces.push(chunk.subarray(start, newline));
      start = newline + 1;
      const line = Buffer.concat(this.pieces).toString("utf8").replace(/\r$/, "");
      this.pieces = [];
      this.pending = 0;
      if (line.trim() !== "") this.deliver(line);
    }
    if (start < chunk.length) {
      this.pieces.push(chunk.subarray(start));
      this.pending += chunk.length - start;
    }
    if (this.pending > MAX_MESSAGE_BYTES) {
      this.pieces = [];
      this.pending = 0;
      this.onerror?.(new Error(`the MCP server wrote a line longer than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB`));
      void this.close();
    }
  }

  /**
   * One line to the client, read as JSON-RPC 2.0 by its envelope. The SDK's own reader also runs its
   * schema over every message; the client checks each result against its request's schema anyway,
   * so that second pass over every answer is left out.
   */
  private deliver(line: string): void {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      message = undefined;
    }
    if (!isRecord(message) || message.jsonrpc !== "2.0") {
      this.onerror?.(new Error(`the MCP server wrote a line on stdout that is not a JSON-RPC message: ${line.slice(0, 200)}`));
      return;
    }
    this.onmessage?.(message as JSONRPCMessage);
  }
}
