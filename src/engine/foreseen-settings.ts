// What `validate` says before any request of the settings the models' rules will leave out or
// rename: the model entries' own, their prompt files', and those the suites' requests carry.
import { promptParameterOrigins, promptParameters } from "../config/prompt-parameters.ts";
import { foreseenChanges } from "../models/foreseen-settings.ts";
import type { ChatRequest } from "../models/types.ts";
import type { RunPlan } from "./plan.ts";

/** One line per model and setting, as the run's notes will name it. */
export function foreseenSettingNotes(plan: RunPlan): string[] {
  const models = plan.loaded.config.models;
  const notes = new Map<string, string>();
  const add = (name: string, request: Omit<ChatRequest, "messages">) => {
    const config = models[name];
    if (!config) return;
    for (const { key, text } of foreseenChanges(name, config, request)) if (!notes.has(key)) notes.set(key, text);
  };
  for (const name of plan.models) {
    const prompt = plan.prompts.get(name);
    const parameters = prompt ? promptParameters(prompt, models[name]!) : {};
    const origins = prompt ? promptParameterOrigins(prompt, parameters) : undefined;
    add(name, { purpose: "target", ...parameters, ...(origins ? { origins } : {}) });
  }
  for (const suite of plan.suites) {
    for (const { model, settings } of suite.suiteKind.requestSettings?.(suite.options, suite.cases) ?? []) add(model, settings);
  }
  return [...notes.values()];
}
