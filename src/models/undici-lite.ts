// The two pieces of undici evalgate uses, the connection-pooling Agent and request(), imported
// from undici's own modules rather than its index: the index also pulls in mocks, caches,
// WebSocket and EventSource, twice the code to parse at every CLI start.
import type { Dispatcher } from "undici";
// @ts-expect-error see above
import requestModule from "undici/lib/api/api-request.js";
// @ts-expect-error undici ships no types for its internal modules; the public types below describe them.
import AgentModule from "undici/lib/dispatcher/agent.js";

export type { Dispatcher };

export interface AgentOptions {
  connect?: { timeout?: number };
  keepAliveTimeout?: number;
}

export const Agent = AgentModule as new (options?: AgentOptions) => Dispatcher;

const apiRequest = requestModule as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/** undici's request(url, options) without the global-dispatcher lookup: the dispatcher is always given. */
export function request(
  url: string,
  options: Omit<Dispatcher.RequestOptions, "origin" | "path"> & { dispatcher: Dispatcher },
): Promise<Dispatcher.ResponseData> {
  const parsed = new URL(url);
  const { dispatcher, ...rest } = options;
  return apiRequest.call(dispatcher, { ...rest, origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` });
}
