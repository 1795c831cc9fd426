// Model rules applied: a request is shaped by its model's rules (the family table,
// ../config/model-family.ts) before it is sent (a setting the model refuses is left out or renamed), and
// every change is named once per model and setting with where the setting came from. What an API
// refused at run time and named (./refused-field.ts) is learned into the same shape.
import { type FamilyRule, familyRuleOf } from "../config/model-family.ts";

/** A setting the API refused at run time, naming it: left out (or renamed) in every later request to that model. */
export interface LearnedRule {
  field: string;
  sentAs?: string;
  /** The API's words, redacted. */
  why: string;
}

/** One field of a request body the rules changed. */
export interface FieldChange {
  /** The wire field as the request would have carried it. */
  field: string;
  value: unknown;
  /** Renamed: the field it was sent as. Absent: not sent. */
  sentAs?: string;
  /** Why, after "not sent," / "sent as x,": e.g. "gpt-5-mini accepts only the default". */
  why: string;
}

/** The body with the family's rules and the learned ones applied, and what they changed. `body` is not modified. */
export function shapeBody(
  provider: string,
  model: string,
  body: Record<string, unknown>,
  learned: ReadonlyMap<string, LearnedRule> = new Map(),
): { body: Record<string, unknown>; changes: FieldChange[] } {
  const rule = familyRuleOf(provider, model);
  const shaped = { ...body };
  const changes: FieldChange[] = [];
  const id = model.replace(/^.*\//, "");
  for (const [field, value] of Object.entries(body)) {
    const change = changeOf(rule, learned.get(field), id, field, value);
    if (!change) continue;
    changes.push(change);
    delete shaped[field];
    if (change.sentAs !== undefined) shaped[change.sentAs] = field === "thinking" ? { type: "adaptive" } : value;
  }
  return { body: shaped, changes };
}

function changeOf(
  rule: FamilyRule | undefined,
  learned: LearnedRule | undefined,
  id: string,
  field: string,
  value: unknown,
): FieldChange | null {
  if (learned) return { field, value, ...(learned.sentAs ? { sentAs: learned.sentAs } : {}), why: learned.why };
  if (!rule) return null;
  const renamed = rule.renamed?.[field];
  if (renamed) return { field, value, sentAs: renamed, why: `${id} takes no ${field}` };
  if (Object.hasOwn(rule.onlyDefault, field)) {
    const only = rule.onlyDefault[field];
    if (only === null) return { field, value, why: `${id} takes no ${field}` };
    if (value !== only) return { field, value, why: `${id} accepts only the default (${only})` };
  }
  if (field === "thinking" && rule.adaptiveThinking && isBudget(value)) {
    return { field, value: value.budget_tokens, sentAs: "thinking", why: `${id} takes adaptive thinking, not a budget` };
  }
  return null;
}

function isBudget(value: unknown): value is { budget_tokens: number } {
  return typeof value === "object" && value !== null && "budget_tokens" in value;
}
