import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
export type { Dispatcher };
export interface AgentOptions {
    connect?: {
        timeout?: number;
    };
    keepAliveTimeout?: number;
}
export declare const Agent: new (options?: AgentOptions) => Dispatcher;
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
    /** The whole body, decoded as UTF-8 (a leading BOM dropped, as undici's body.text() does). */
    text: string;
}
/** One request in flight: its response, and a way to abort it (the response then rejects with the reason). */
export interface Exchange {
    response: Promise<ExchangeResponse>;
    abort(reason: Error): void;
}
/** Sends one request through `dispatcher` and buffers the whole response. */
export declare function exchange(dispatcher: Dispatcher, url: string, request: ExchangeRequest): Exchange;
