// A config's identity in results.json (`run.configHash`): a short hash of its text, so a baseline made
// with another evalgate.yml is flagged in every report and by `evalgate baseline show`.
import { createHash } from "node:crypto";

export function configHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
