// Athena, the feedback module manager: what its feedback_suggestions route needs besides the JSON
// body. The post itself is a plain JSON endpoint (./json-endpoint.ts).
import type { AthenaModelConfig } from "../../config/models.ts";

/** Athena: X-Server-URL names the LMS, Authorization carries the shared secret as it is. */
export function athenaHeaders(config: AthenaModelConfig, secret: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { "X-Server-URL": config["lms-url"] };
  if (secret) headers["Authorization"] = secret;
  return { ...headers, ...config.headers };
}
