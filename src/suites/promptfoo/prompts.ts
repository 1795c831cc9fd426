// A promptfoo config's `prompts:` as promptfoo 0.123 reads them: inline text; `file://` text files
// (split on lines holding only `---`), JSON and YAML chat prompts (a list of messages, kept as JSON
// text), JSONL (a prompt a line) and globs of them; `{ raw | id, label }` objects. Prompt functions
// (.js, .py) are code evalgate does not run to build a prompt: exit 2 naming them.
import path from "node:path";
import type { InputProblem } from "../../config/errors.ts";
import { isRecord } from "../../util/is-record.ts";
import { expandRef, fileRef, type PfWhere, parseData, readRef } from "./files.ts";
import type { PfPrompt } from "./types.ts";

export interface PromptsContext {
  where: PfWhere;
  file: string;
  lineOf(fieldPath: (string | number)[]): number | undefined;
  reads: Set<string>;
  problems: InputProblem[];
}

const keyOf = (text: string) =>
  text
    .replace(/[^A-Za-z0-9_./-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "prompt";

export async function readPrompts(value: unknown, ctx: PromptsContext): Promise<PfPrompt[]> {
  const items =
    value === undefined
      ? []
      : Array.isArray(value)
        ? value
        : isRecord(value)
          ? Object.entries(value).map(([id, label]) => ({ id, label }))
          : [value];
  const prompts: Omit<PfPrompt, "index">[] = [];
  for (const [index, item] of items.entries()) {
    const at = { file: ctx.file, line: ctx.lineOf(["prompts", index]), field: `prompts.${index}` };
    const spec: Record<string, unknown> = isRecord(item) ? item : { raw: item };
    const label = typeof spec["label"] === "string" ? spec["label"] : undefined;
    const text = typeof spec["raw"] === "string" ? spec["raw"] : typeof spec["id"] === "string" ? spec["id"] : undefined;
    if (text === undefined) {
      ctx.problems.push({ ...at, message: "a prompt is text, a file:// path, or { raw | id, label }" });
      continue;
    }
    const ref = fileRef(text);
    if (ref === undefined) {
      prompts.push({ raw: text, label: label ?? text, key: label ? keyOf(label) : `prompt-${prompts.length + 1}` });
      continue;
    }
    prompts.push(...(await filePrompts(ref, label, at, ctx)));
  }
  if (prompts.length === 0 && ctx.problems.length === 0)
    ctx.problems.push({ file: ctx.file, line: ctx.lineOf(["prompts"]), field: "prompts", message: "the config has no prompts" });
  const keys = new Map<string, number>();
  return prompts.map((prompt, index) => {
    const seen = (keys.get(prompt.key) ?? 0) + 1;
    keys.set(prompt.key, seen);
    return { ...prompt, index, ...(seen > 1 ? { key: `${prompt.key}-${seen}` } : {}) };
  });
}

async function filePrompts(
  ref: string,
  label: string | undefined,
  at: Omit<InputProblem, "message">,
  ctx: PromptsContext,
): Promise<Omit<PfPrompt, "index">[]> {
  if (/\.(c|m)?(j|t)s(:|$)|\.py(:|$)/.test(ref)) {
    ctx.problems.push({
      ...at,
      message: `prompt functions (${ref}) are code evalgate does not run to build prompts; write the prompt as text, JSON or YAML`,
    });
    return [];
  }
  const expanded = await expandRef(ref, ctx.where);
  if ("problem" in expanded) {
    ctx.problems.push({ ...at, message: expanded.problem });
    return [];
  }
  const prompts: Omit<PfPrompt, "index">[] = [];
  for (const absolute of expanded.files) {
    const read = await readRef(absolute, ctx.where, { ...at, message: "" });
    if ("problem" in read) {
      ctx.problems.push(read.problem);
      continue;
    }
    ctx.reads.add(absolute);
    const shown = path.relative(ctx.where.baseDir, absolute).split(path.sep).join("/");
    const key = keyOf(label ?? shown.replace(/\.[^.]+$/, ""));
    const ext = path.extname(absolute).toLowerCase();
    if (ext === ".json" || ext === ".yaml" || ext === ".yml") {
      const data = ext === ".json" ? jsonText(read.text) : parseData(read);
      const raw = "value" in data ? JSON.stringify(data.value) : read.text;
      prompts.push({ raw, label: label ?? `${shown}: ${ext === ".json" ? raw : raw.slice(0, 80)}`, key });
    } else if (ext === ".jsonl") {
      const lines = read.text.split(/\r?\n/).filter((line) => line.trim() !== "");
      for (const [i, line] of lines.entries())
        prompts.push({ raw: line, label: label ? `${label}: ${line}` : `${shown}: ${line}`, key: `${key}-${i + 1}` });
    } else {
      const parts = splitText(read.text);
      for (const [i, raw] of parts.entries())
        prompts.push({
          raw,
          label: label ? `${label}: ${shown}: ${raw}` : `${shown}: ${raw}`,
          key: parts.length > 1 ? `${key}-${i + 1}` : key,
        });
    }
  }
  return prompts;
}

function jsonText(text: string): { value: unknown } | { problems: InputProblem[] } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { problems: [] };
  }
}

/** promptfoo's text file: prompts separated by lines holding only `---`, each trimmed, empty ones dropped. */
function splitText(text: string): string[] {
  const prompts: string[] = [];
  let buffer: string[] = [];
  const flush = () => {
    const raw = buffer.join("\n").trim();
    if (raw) prompts.push(raw);
    buffer = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "---") flush();
    else buffer.push(line);
  }
  flush();
  return prompts;
}
