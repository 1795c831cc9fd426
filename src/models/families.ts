// Model rules: which request fields a model family's API takes, in one table. A request is shaped
// by its model's row before it is sent (a setting the model refuses is left out or renamed), and
// every change is named once per model and setting with where the setting came from. What an API
// refused at run time and named (./refused-field.ts) is learned into the same shape.
// Sources: OpenAI's reasoning guide and the 400s quoted in ../../docs/providers.md#model-rules;
// Anthropic's migration guide for Claude Opus 4.7 and the Claude 5 models.

/** A provider whose requests the table shapes. */
export type RuledProvider = "openai" | "anthropic";

export interface FamilyRule {
  provider: RuledProvider;
  /** The family as the docs and notes name it. */
  family: string;
  /** Matches the model id (lowercase, any `vendor/` prefix removed). */
  pattern: RegExp;
  /** Wire fields the family takes only at their default (the value), or never (null): any other value is not sent. */
  onlyDefault: Readonly<Record<string, number | null>>;
  /** Wire fields the family takes under another name. */
  renamed?: Readonly<Record<string, string>>;
  /** The family takes `thinking: {type: "adaptive"}`, never a token budget. */
  adaptiveThinking?: true;
}

/** The table. A model matching no row is sent what it is configured with (a refusal naming a field is learned). */
export const MODEL_FAMILIES: readonly FamilyRule[] = [
  {
    provider: "openai",
    family: "OpenAI reasoning models (gpt-5*, o1*, o3*, o4*)",
    pattern: /^(gpt-5|o1|o3|o4)(?![0-9])/,
    onlyDefault: { temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0, logprobs: null, top_logprobs: null },
    renamed: { max_tokens: "max_completion_tokens" },
  },
  {
    provider: "anthropic",
    family: "Claude Opus 4.7, Opus 4.8, Opus 5, Sonnet 5",
    pattern: /^claude-(opus-4-[78]|opus-5|sonnet-5)(?![0-9])/,
    onlyDefault: { temperature: null, top_p: null, top_k: null },
    adaptiveThinking: true,
  },
];

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

/** The row of the table a model falls under, if any. */
export function familyOf(provider: string, model: string): FamilyRule | undefined {
  const id = model.toLowerCase().replace(/^.*\//, "");
  return MODEL_FAMILIES.find((rule) => rule.provider === provider && rule.pattern.test(id));
}

/** The body with the family's rules and the learned ones applied, and what they changed. `body` is not modified. */
export function shapeBody(
  provider: string,
  model: string,
  body: Record<string, unknown>,
  learned: ReadonlyMap<string, LearnedRule> = new Map(),
): { body: Record<string, unknown>; changes: FieldChange[] } {
  const rule = familyOf(provider, model);
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
