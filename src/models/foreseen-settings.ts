// The settings a model's rules (./families.ts) will leave out or rename, named before any request:
// what `evalgate validate` prints. The request is built by the model's own adapter and shaped by
// the same function a run uses, so both name the same changes in the same words.
import type { ModelConfig } from "../config/models.ts";
import { shapeBody } from "./families.ts";
import { ruledChatAdapter } from "./providers.ts";
import { describeChange } from "./setting-changes.ts";
import type { ChatRequest } from "./types.ts";

/** The note each change to `request` would get (keyed as a run keys it: once per model and field). */
export function foreseenChanges(
  name: string,
  config: ModelConfig,
  request: Omit<ChatRequest, "messages">,
): { key: string; text: string }[] {
  const adapter = ruledChatAdapter(config);
  const model = "model" in config ? config.model : undefined;
  if (!adapter || !model) return [];
  const full: ChatRequest = { messages: [], ...request };
  const body = adapter.build(full).body as Record<string, unknown>;
  return shapeBody(adapter.provider, model, body).changes.map((change) => ({
    key: `setting ${name} ${change.field}`,
    text: describeChange(name, full, change),
  }));
}
