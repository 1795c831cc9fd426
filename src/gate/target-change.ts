// Pure: whether a suite's systems under test were asked with the prompt files the baseline's were.
// An edited prompt is the change a pull request is gated on, so its cases are compared as they are
// (a case is "changed", and left out, only when its own inputs changed): the verdict names the
// prompt that changed, so a moved score is read as the prompt's doing, as the judge-change note
// does for the judge.

import type { Results, TargetIdentity } from "../results/types.ts";
import { ownValue } from "../util/is-record.ts";

type PromptIdentity = NonNullable<TargetIdentity["prompt"]>;
type ToolsIdentity = NonNullable<TargetIdentity["tools"]>;

/** How a target's prompt differs from the baseline's, or undefined when it is the same file content. */
export function promptDifference(model: string, before: PromptIdentity | undefined, now: PromptIdentity | undefined): string | undefined {
  if (!before && !now) return undefined;
  if (!before) return `${model} has a prompt file (${now!.file}) the baseline does not record`;
  if (!now) return `${model} no longer has the prompt file the baseline was asked with (${before.file})`;
  if (before.hash === now.hash) return undefined;
  const files = before.file === now.file ? now.file : `${before.file} → ${now.file}`;
  return `the prompt of ${model} changed (${files})`;
}

/** How an MCP server's tools differ from the baseline's ("the tools of support-mcp changed: create_ticket's description"), or undefined. */
export function toolsDifference(server: string, before: ToolsIdentity | undefined, now: ToolsIdentity | undefined): string | undefined {
  if (!before || !now || before.hash === now.hash) return undefined;
  const names = [...new Set([...Object.keys(before.tools), ...Object.keys(now.tools)])].sort();
  const changes = names.flatMap((name) => {
    const was = ownValue(before.tools, name);
    const is = ownValue(now.tools, name);
    if (!was) return [`${name} added`];
    if (!is) return [`${name} removed`];
    const parts = [was.description !== is.description ? "description" : "", was.schema !== is.schema ? "input schema" : ""].filter(Boolean);
    return parts.length ? [`${name}'s ${parts.join(" and ")}`] : [];
  });
  return `the tools of ${server} changed${changes.length ? `: ${changes.join(", ")}` : ""}`;
}

/** What changed in one target: its prompt file, or its tools. */
function targetDifferences(model: string, before: TargetIdentity | undefined, now: TargetIdentity | undefined): string[] {
  return [promptDifference(model, before?.prompt, now?.prompt), toolsDifference(model, before?.tools, now?.tools)].filter(
    (part): part is string => part !== undefined,
  );
}

/** One note per suite whose targets' prompt files differ from the baseline's; its cases are compared all the same. */
export function targetChangeNotes(head: Results, baseline: Results): string[] {
  const notes: string[] = [];
  for (const [name, suite] of Object.entries(head.suites)) {
    const before = ownValue(baseline.suites, name);
    if (!before || suite.carried) continue;
    const models = [...new Set([...Object.keys(suite.targets ?? {}), ...Object.keys(before.targets ?? {})])].sort();
    const parts = models.flatMap((model) => targetDifferences(model, before.targets?.[model], suite.targets?.[model]));
    if (parts.length)
      notes.push(
        `${name}: ${parts.join("; ")}: its cases are compared with the baseline's answers, so a score change may be the ${parts.some((part) => part.startsWith("the tools")) ? "change's" : "prompt's"}`,
      );
  }
  return notes;
}
