import type { Dispatcher } from "undici";
export type { Dispatcher };
export interface AgentOptions {
    connect?: {
        timeout?: number;
    };
    keepAliveTimeout?: number;
}
export declare const Agent: new (options?: AgentOptions) => Dispatcher;
/** undici's request(url, options) without the global-dispatcher lookup: the dispatcher is always given. */
export declare function request(url: string, options: Omit<Dispatcher.RequestOptions, "origin" | "path"> & {
    dispatcher: Dispatcher;
}): Promise<Dispatcher.ResponseData>;
