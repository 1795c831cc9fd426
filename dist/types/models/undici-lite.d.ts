/** A library's type, opaque here: the package bundles the library's code, not its declarations. */
type Dispatcher = unknown;
import type { IncomingHttpHeaders } from "node:http";
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
export declare const CAP_STRINGS_FROM_BYTES: number;
/** One request in flight: its response, and a way to abort it (the response then rejects with the reason). */
export interface Exchange {
    response: Promise<ExchangeResponse>;
    abort(reason: Error): void;
}
/** Sends one request through `dispatcher` and buffers the whole response. */
export declare function exchange(dispatcher: Dispatcher, url: string, request: ExchangeRequest): Exchange;
/** The offset of the first byte that is not part of a well-formed UTF-8 sequence (the body is known to hold one). */
export declare function firstInvalidUtf8(bytes: Buffer): number;
