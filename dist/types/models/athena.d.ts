import type { AthenaModelConfig, HttpModelConfig } from "../config/models.ts";
import { type ResponseCache } from "./cache.ts";
import type { JsonEndpoint } from "./json-endpoint.ts";
import { type ModelChannel } from "./transport.ts";
export interface JsonEndpointDeps {
    channel: ModelChannel;
    cache: ResponseCache | null;
}
/** Athena: X-Server-URL names the LMS, Authorization carries the shared secret as it is. */
export declare function athenaHeaders(config: AthenaModelConfig, secret: string | undefined): Record<string, string>;
export declare function createJsonEndpoint(name: string, config: AthenaModelConfig | HttpModelConfig, secret: string | undefined, deps: JsonEndpointDeps): JsonEndpoint;
