// The job summary: written before the PR comment and check run are updated, as it needs no permission.
import { appendFile } from "node:fs/promises";
import { SUMMARY_MAX_BYTES } from "../report/markdown.ts";
import { redact } from "../util/redact.ts";

/** Appends markdown to GITHUB_STEP_SUMMARY; false when there is none (local runs) or it is too large. */
export async function writeJobSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return false;
  let text = redact(markdown);
  if (Buffer.byteLength(text, "utf8") > SUMMARY_MAX_BYTES) {
    text =
      "> [!WARNING]\n> The evalgate report is larger than the job summary's 1 MiB limit; see the report file (action output `report-path`).\n";
  }
  await appendFile(file, text.endsWith("\n") ? text : `${text}\n`, "utf8");
  return true;
}
