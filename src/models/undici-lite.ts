// The one piece of undici evalgate uses, the connection-pooling Agent, imported from undici's own
// module rather than its index: the index also pulls in fetch, mocks, caches, WebSocket and
// EventSource, twice the code to parse at every CLI start. Requests go through the Agent's
// dispatch() with a handler that collects the body into one buffer: undici's request() would wrap
// every response in a Readable stream and an async resource, work a JSON answer never needs, and
// that work sits between a slot's answer and its next request.
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
// @ts-expect-error as above
import connectApi from "undici/lib/api/api-connect.js";
// @ts-expect-error undici ships no types for its internal modules; the public types below describe them.
import AgentModule from "undici/lib/dispatcher/agent.js";
// @ts-expect-error as above
import DispatcherModule from "undici/lib/dispatcher/dispatcher.js";
// @ts-expect-error as above
import EnvHttpProxyAgentModule from "undici/lib/dispatcher/env-http-proxy-agent.js";
// @ts-expect-error as above
import ProxyAgentModule from "undici/lib/dispatcher/proxy-agent.js";

// A proxy tunnel is opened with the dispatcher's connect(), which undici's index adds to every
// dispatcher (with request(), stream() and the rest); only connect() is needed here.
(DispatcherModule as { prototype: Record<string, unknown> }).prototype["connect"] ??= connectApi;

export type { Dispatcher };

export interface AgentOptions {
  connect?: { timeout?: number };
  keepAliveTimeout?: number;
}

export const Agent = AgentModule as new (options?: AgentOptions) => Dispatcher;

/** Every request through one proxy (CONNECT for https, and for http too, as undici tunnels by default). */
export const ProxyAgent = ProxyAgentModule as new (options: AgentOptions & { uri: string }) => Dispatcher;

/** A proxy per scheme, bypassed for the hosts `noProxy` lists (undici's reading of NO_PROXY). */
export const EnvHttpProxyAgent = EnvHttpProxyAgentModule as new (
  options: AgentOptions & { httpProxy: string; httpsProxy: string; noProxy: string },
) => Dispatcher;

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
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    const start = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
    this.resolve({ status: this.status, headers: this.headers, text: body.toString("utf8", start) });
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.chunks = [];
    this.reject(error);
  }
}
