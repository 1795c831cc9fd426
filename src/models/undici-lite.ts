// Requests through undici's connection-pooling Agent, with dispatch() and a handler that collects the
// body into one buffer: undici's request() would wrap every response in a Readable stream and an async
// resource, work a JSON answer never needs, and that work sits between a slot's answer and its next
// request.
import { isUtf8 } from "node:buffer";
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import { JsonStringCapper } from "./capped-json.ts";

export type { Dispatcher };

export interface ExchangeRequest {
  method: "GET" | "POST" | "PUT";
  headers: Record<string, string>;
  body?: string;
  /** undici's own limits: time to the response headers, and between body chunks. */
  headersTimeout?: number;
  bodyTimeout?: number;
}

export interface ExchangeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /**
   * The whole body, decoded as UTF-8 (a leading BOM dropped, as undici's body.text() does); in a body
   * past CAP_STRINGS_FROM_BYTES, every JSON string past the answer cap is cut as it arrives (./capped-json.ts).
   */
  text: string;
  /** Characters cut from the body's long strings (0 when none was cut). */
  cutChars: number;
  /** Where the body stops being valid UTF-8 (the offset of its first bad byte); absent when it is valid. JSON must be UTF-8. */
  invalidUtf8At?: number;
}

/** A body this large has its long JSON strings cut as they arrive; a smaller one is read whole. */
export const CAP_STRINGS_FROM_BYTES = 4 * 1024 * 1024;

/** One request in flight: its response, and a way to abort it (the response then rejects with the reason). */
export interface Exchange {
  response: Promise<ExchangeResponse>;
  abort(reason: Error): void;
}

/** Sends one request through `dispatcher` and buffers the whole response. */
export function exchange(dispatcher: Dispatcher, url: string, request: ExchangeRequest): Exchange {
  const handler = new BufferingHandler();
  try {
    const parsed = new URL(url);
    dispatcher.dispatch(
      {
        origin: parsed.origin,
        path: `${parsed.pathname}${parsed.search}`,
        method: request.method,
        headers: request.headers,
        body: request.body,
        headersTimeout: request.headersTimeout,
        bodyTimeout: request.bodyTimeout,
      },
      handler,
    );
  } catch (error) {
    // A URL that does not parse (a TypeError); dispatch() reports its own errors through the handler.
    handler.onResponseError(null, error as Error);
  }
  return { response: handler.response, abort: (reason) => handler.abort(reason) };
}

class BufferingHandler implements Dispatcher.DispatchHandler {
  readonly response: Promise<ExchangeResponse>;
  private resolve!: (response: ExchangeResponse) => void;
  private reject!: (error: Error) => void;
  private controller: Dispatcher.DispatchController | null = null;
  /** An abort that came before undici handed over its controller. */
  private abortReason: Error | null = null;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private chunks: Buffer[] = [];
  private bytes = 0;
  private capper: JsonStringCapper | null = null;
  private settled = false;

  constructor() {
    this.response = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  abort(reason: Error): void {
    if (this.settled) return;
    if (this.controller) {
      this.controller.abort(reason); // undici then calls onResponseError with the reason
      return;
    }
    // Still queued for a connection: settle now, and stop the request once undici starts it.
    this.abortReason = reason;
    this.onResponseError(null, reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.abortReason) controller.abort(this.abortReason);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    // 1xx informational answers come first and say nothing about the final one.
    if (statusCode < 200) return;
    this.status = statusCode;
    this.headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.capper) {
      this.capper.write(chunk);
      return;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    if (this.bytes > CAP_STRINGS_FROM_BYTES) {
      this.capper = new JsonStringCapper();
      for (const held of this.chunks.splice(0)) this.capper.write(held);
    }
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    const body = this.capper ? this.capper.end() : this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const cutChars = this.capper?.cutChars ?? 0;
    this.chunks = [];
    this.capper = null;
    const start = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
    const invalidUtf8At = isUtf8(body) ? undefined : firstInvalidUtf8(body);
    this.resolve({
      status: this.status,
      headers: this.headers,
      text: body.toString("utf8", start),
      cutChars,
      ...(invalidUtf8At !== undefined ? { invalidUtf8At } : {}),
    });
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.chunks = [];
    this.capper = null;
    this.reject(error);
  }
}

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence (the body is known to hold one). */
export function firstInvalidUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    const length =
      lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    // isUtf8 of the sequence alone also refuses overlong forms, surrogates and code points past U+10FFFF.
    if (length === 0 || i + length > bytes.length || !isUtf8(bytes.subarray(i, i + length))) return i;
    i += length;
  }
  return bytes.length;
}
