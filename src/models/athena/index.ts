// The athena provider's entry in the provider table: raw JSON posts to its feedback route.
import type { ModelConfigOf } from "../../config/models.ts";
import type { ProviderAdapter } from "../adapter.ts";
import { athenaHeaders } from "./headers.ts";

export const athenaProvider: ProviderAdapter<ModelConfigOf<"athena">> = {
  endpoint: (config, secret) => ({ method: "POST", headers: athenaHeaders(config, secret) }),
};
