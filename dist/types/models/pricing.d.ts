import type { ModelConfig } from "../config/models.ts";
import type { TokenUsage } from "./types.ts";
/** USD for one call; null when the model has no price or the endpoint reported no usage. */
export declare function costUsd(price: ModelConfig["price"], usage: TokenUsage | null): number | null;
