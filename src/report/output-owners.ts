// Whose file is it? An output is written over a file only when that file is evalgate's own earlier
// output of the same kind (or empty): a README under --markdown, a package.json under -o or someone's
// database under --sqlite would otherwise be lost at the end of a run. Each output tells its own files
// by how they begin; checked before any request (report/outputs.ts, checkReportTargets).
import { readFileHead } from "../config/output-file.ts";

/** How each text output's files begin. */
export const OUTPUT_HEADS = {
  /** results.json and its copies (`-o`, `--results-json`, `--output json`). */
  results: /^\uFEFF?\s*\{\s*"schema"\s*:\s*"evalgate\/results@/,
  html: /^<!doctype html>[\s\S]*?(?:<meta name="generator" content="evalgate">|<title>evalgate report)/i,
  markdown: /^(?:\s*<!--[^\n]*-->)*\s*#{1,3} [^\n]{0,12}evalgate\b/,
  junit: /^(?:<\?xml[^>]*\?>\s*)?<testsuites name="evalgate"/,
  casesCsv: /^suite,kind,case_id,repeat,/,
  metricsCsv: /^suite,kind,metric,gated,/,
} as const;

/** Why `file` is not `what` as evalgate writes it; undefined when it is, or when it is empty or absent. */
export async function foreignText(file: string, head: RegExp, what: string): Promise<string | undefined> {
  const bytes = await readFileHead(file);
  if (!bytes || bytes.length === 0 || head.test(bytes.toString("utf8"))) return undefined;
  return `holds something other than ${what}, which is all evalgate writes there`;
}
