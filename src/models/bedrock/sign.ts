// AWS Signature Version 4 for Bedrock's requests, from the standard AWS environment as
// aws-actions/configure-aws-credentials leaves it after OIDC (AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION). The signing is aws4's (synchronous, with
// node:crypto, its derived signing key kept for the day): each attempt is signed as it goes out (the
// signature covers the time and the body), the session token is sent as X-Amz-Security-Token.
import aws4 from "aws4";
import type { BedrockModelConfig } from "../../config/models.ts";
import { firstSet } from "../env.ts";
import type { SignableRequest } from "../transport.ts";

/** The service name Bedrock's runtime signs for (the Smithy model's aws.auth#sigv4 name). */
export const BEDROCK_SIGNING_SERVICE = "bedrock";

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The region a model's requests are signed for: its `region`, else AWS_REGION, else AWS_DEFAULT_REGION. */
export function bedrockRegion(config: BedrockModelConfig, env: NodeJS.ProcessEnv): string | undefined {
  return config.region ?? firstSet(env, ["AWS_REGION", "AWS_DEFAULT_REGION"]);
}

/** The credentials the model's variables hold; the secret key was read as the model's secret (its `secret-access-key-env`). */
export function awsCredentials(config: BedrockModelConfig, secret: string | undefined, env: NodeJS.ProcessEnv): AwsCredentials | null {
  const accessKeyId = firstSet(env, [config["access-key-id-env"]]);
  const sessionToken = firstSet(env, [config["session-token-env"]]);
  if (!accessKeyId || !secret) return null;
  return { accessKeyId, secretAccessKey: secret, ...(sessionToken ? { sessionToken } : {}) };
}

/** Signs each attempt of a model's requests: the headers it goes out with, Authorization and X-Amz-Date added. */
export function sigV4Signer(credentials: AwsCredentials, region: string): (request: SignableRequest) => Promise<Record<string, string>> {
  return async (request) => {
    const url = new URL(request.url);
    const signed = aws4.sign(
      {
        host: url.host,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { ...request.headers },
        body: request.body,
        service: BEDROCK_SIGNING_SERVICE,
        region,
      },
      credentials,
    );
    // Every header as signed (Host and Content-Length included), under the lower-case names the transport sends.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers ?? {})) headers[name.toLowerCase()] = String(value);
    return headers;
  };
}
