// What a maintainer asked for: `/evalgate accept <suite/metric | suite | all> <reason>` as a pull-request
// comment, or the accept label. The command is the comment's first non-empty line (a quoted reply
// starts with ">", so quoting a command never repeats it). The reason is the acceptor's own words:
// one line, control characters and secrets removed, capped; it is escaped wherever it is shown.
import { ALL_FAILING } from "../gate/acceptance.ts";
import { plainText } from "../util/escape.ts";
import { redact } from "../util/redact.ts";
import type { AcceptTrigger } from "./context.ts";

/** The longest reason kept: a sentence, not an essay (the record and every report carry it). */
export const REASON_MAX_CHARS = 200;

export const ACCEPT_USAGE = "/evalgate accept <suite/metric | suite | all> <reason>";

/** What the trigger asks to accept: the targets and why, or what is wrong with the command. */
export type AcceptAsk = { targets: string[]; reason: string } | { problem: string };

/** The acceptor's words as the record keeps them: one line, no control characters, no secret, at most 200 characters. */
export function cleanReason(text: string): string {
  return plainText(redact(text), REASON_MAX_CHARS).replace(/\s+/g, " ");
}

/**
 * The command a comment holds, or null when it holds none (any other comment). `targets` are the
 * comma-separated names before the reason.
 */
export function parseAcceptComment(body: string): AcceptAsk | null {
  const first =
    body
      .split(/\r?\n/)
      .find((line) => line.trim() !== "")
      ?.trim() ?? "";
  const command = /^\/evalgate(?:\s+(\S+))?(?:\s+([\s\S]*))?$/i.exec(first);
  if (!command) return null;
  if (command[1]?.toLowerCase() !== "accept") return { problem: `the only command is \`${ACCEPT_USAGE}\`` };
  const [targetList = "", ...words] = (command[2] ?? "").trim().split(/\s+/);
  const targets = targetList.split(",").filter(Boolean);
  if (targets.length === 0) return { problem: `name what to accept: \`${ACCEPT_USAGE}\`` };
  const reason = cleanReason(words.join(" "));
  if (!reason) return { problem: `give a reason after ${targets.join(",")}: \`${ACCEPT_USAGE}\`` };
  return { targets: targets.map((target) => (target.toLowerCase() === ALL_FAILING ? ALL_FAILING : target)), reason };
}

/** What a trigger asks: a label accepts every failing metric; a comment what its command names. Null: nothing to do. */
export function acceptAsk(trigger: AcceptTrigger, acceptLabel: string): AcceptAsk | null {
  if (trigger.via === "label")
    return trigger.label === acceptLabel ? { targets: [ALL_FAILING], reason: `label ${cleanReason(acceptLabel)}` } : null;
  return parseAcceptComment(trigger.body);
}
