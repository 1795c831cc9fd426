// Settings a request did not carry as configured (the model rules of ./families.ts, or a field the
// API refused and named): each named once per model and setting, with where the setting came from,
// in the run's notes (results.json, console, comment, HTML).
import type { FieldChange } from "./families.ts";
import type { ChatRequest, RequestSetting } from "./types.ts";

/** Each wire field a model's settings become: the request's setting and the model entry's key. */
const WIRE_SETTINGS: Readonly<Record<string, { setting?: RequestSetting; configKey: string }>> = {
  temperature: { setting: "temperature", configKey: "temperature" },
  top_p: { setting: "topP", configKey: "top-p" },
  max_tokens: { setting: "maxTokens", configKey: "max-tokens" },
  max_completion_tokens: { setting: "maxTokens", configKey: "max-tokens" },
  max_output_tokens: { setting: "maxTokens", configKey: "max-tokens" },
  thinking: { configKey: "thinking-budget" },
  reasoning_effort: { configKey: "reasoning-effort" },
};

/**
 * The setting a wire field came from, as its source names it: a prompt file's line and key, a
 * suite's own setting (the completion judge's temperature), or the model entry's key.
 */
export function originOf(field: string, request: ChatRequest, modelName: string): string {
  const wire = WIRE_SETTINGS[field];
  if (!wire) return `the request's ${field}`;
  const setting = wire.setting;
  const given = setting ? request.origins?.[setting] : undefined;
  if (given) return given;
  if (setting && request[setting] !== undefined) return `evalgate's ${setting}`;
  return `models.${modelName}.${wire.configKey}`;
}

/** The note for one change: `prompts/careful.prompt.yml:8 temperature 0.2: not sent, gpt-5-mini accepts only the default (1)`. */
export function describeChange(modelName: string, request: ChatRequest, change: FieldChange): string {
  const shown = typeof change.value === "string" ? change.value : JSON.stringify(change.value);
  const what = change.sentAs && change.sentAs !== change.field ? `sent as ${change.sentAs}` : change.sentAs ? "sent changed" : "not sent";
  const judging = request.purpose === "judge" || request.purpose === "grader";
  const votes =
    judging && change.field === "temperature" && !change.sentAs ? `; judge "${modelName}" votes at its default temperature` : "";
  return `model "${modelName}": ${originOf(change.field, request, modelName)} ${shown}: ${what}, ${change.why}${votes}`;
}

/** Names each change once per model and field. */
export function noteChanges(
  note: ((key: string, text: string) => void) | undefined,
  modelName: string,
  request: ChatRequest,
  changes: readonly FieldChange[],
): void {
  if (!note) return;
  for (const change of changes) note(`setting ${modelName} ${change.field}`, describeChange(modelName, request, change));
}
