// A case's fingerprint: a hash of what it asks and expects (its input), so a baseline case with the
// same id but edited inputs is recognised as a different case rather than read as a model change.
import { createHash } from "node:crypto";
import { stableJson } from "../util/stable-json.ts";

/**
 * Where a case sits in its file, what it costs to run, or what belongs to its grader rather than to
 * the case (a judged suite's `judge-preamble`, hashed into the judge's identity, promptHash; the
 * suite's compiled `checks`, shared by every case; the row values they read are the case's `vars`),
 * or the system under test (a prompt-yml row's `subject`: its file's messages, model and evaluators,
 * recorded as the suite's targets and checks): not what the case asks, so not fingerprinted. A new
 * preamble is a changed judge and an edited prompt a changed system, not every case changed.
 */
const NOT_CONTENT = new Set(["row", "line", "position", "prices", "preamble", "checks", "subject", "human"]);

export function caseFingerprint(input: unknown): string {
  const content =
    input && typeof input === "object" && !Array.isArray(input)
      ? Object.fromEntries(Object.entries(input).filter(([key]) => !NOT_CONTENT.has(key)))
      : input;
  return contentHash(content);
}

/** A short hash of a JSON-like value, the same for the same content whatever its key order. */
export function contentHash(value: unknown): string {
  return createHash("sha256")
    .update(stableJson(value) ?? "null")
    .digest("hex")
    .slice(0, 16);
}
