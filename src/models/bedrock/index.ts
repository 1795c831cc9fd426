// The bedrock provider's chat model: the Converse API (./converse.ts) signed with AWS Signature V4
// (./sign.ts) for the model's region, at its `base-url` or Bedrock's runtime endpoint of that region.
import type { BedrockModelConfig, ModelConfigOf } from "../../config/models.ts";
import type { ProviderAdapter } from "../adapter.ts";
import { type ChatAdapter, createChatModel } from "../chat-model.ts";
import { converseAdapter } from "./converse.ts";
import { awsCredentials, bedrockRegion, sigV4Signer } from "./sign.ts";

export function bedrockAdapter(config: BedrockModelConfig, secret: string | undefined, env: NodeJS.ProcessEnv): ChatAdapter {
  const region = bedrockRegion(config, env);
  if (!region) throw new Error(`model ${config.model}: no AWS region: set region: on the model, or AWS_REGION`);
  const credentials = awsCredentials(config, secret, env);
  if (!credentials) {
    throw new Error(
      `model ${config.model}: no AWS credentials: ${config["access-key-id-env"]} and ${config["secret-access-key-env"]} must be set`,
    );
  }
  const endpoint = config["base-url"] ?? `https://bedrock-runtime.${region}.amazonaws.com`;
  return converseAdapter(config, endpoint, sigV4Signer(credentials, region));
}

/** The bedrock provider's entry in the provider table. */
export const bedrockProvider: ProviderAdapter<ModelConfigOf<"bedrock">> = {
  chat: (name, config, secret, deps) => createChatModel(name, bedrockAdapter(config, secret, deps.host.env), { config, ...deps }),
};
