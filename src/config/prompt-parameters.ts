// A prompt file's modelParameters against the model entry's own keys: the file's apply unless the
// entry sets the same key (evalgate.yml wins). One table, read by the request builder and by the
// line `--verbose` prints for each prompt target.
import type { ModelConfig } from "./models.ts";
import type { PromptFile, PromptModelParameters } from "./prompt-file.ts";

/** Each modelParameters key with the model entry's key for the same setting. */
const PARAMETER_KEYS = [
  { parameter: "temperature", configKey: "temperature" },
  { parameter: "maxTokens", configKey: "max-tokens" },
  { parameter: "topP", configKey: "top-p" },
] as const satisfies readonly { parameter: keyof PromptModelParameters; configKey: string }[];

export interface ParameterChoice {
  parameter: keyof PromptModelParameters;
  configKey: string;
  /** Where the value sent comes from. */
  from: "config" | "prompt";
  value: number;
  /** The prompt file's value the config's overrides, when both set one. */
  overridden?: number;
}

/** The settings a prompt target's requests get, each with its source; keys set by neither are absent. */
export function parameterChoices(prompt: Pick<PromptFile, "modelParameters">, config: ModelConfig): ParameterChoice[] {
  const entry = config as Record<string, unknown>;
  return PARAMETER_KEYS.flatMap(({ parameter, configKey }): ParameterChoice[] => {
    const fromConfig = entry[configKey];
    const fromPrompt = prompt.modelParameters[parameter];
    if (typeof fromConfig === "number") {
      return [{ parameter, configKey, from: "config", value: fromConfig, ...(fromPrompt !== undefined ? { overridden: fromPrompt } : {}) }];
    }
    return fromPrompt === undefined ? [] : [{ parameter, configKey, from: "prompt", value: fromPrompt }];
  });
}

/** The prompt file's parameters the model entry leaves to it: what the request carries on top of the entry's own. */
export function promptParameters(prompt: Pick<PromptFile, "modelParameters">, config: ModelConfig): PromptModelParameters {
  return Object.fromEntries(
    parameterChoices(prompt, config)
      .filter((choice) => choice.from === "prompt")
      .map((choice) => [choice.parameter, choice.value]),
  );
}

/** Where the file sets each of `parameters` ("prompts/careful.prompt.yml:8 temperature"); undefined when it names none. */
export function promptParameterOrigins(
  prompt: Pick<PromptFile, "parameterOrigins">,
  parameters: PromptModelParameters,
): Partial<Record<keyof PromptModelParameters, string>> | undefined {
  const given = Object.keys(parameters) as (keyof PromptModelParameters)[];
  const origins = Object.fromEntries(given.flatMap((key) => (prompt.parameterOrigins?.[key] ? [[key, prompt.parameterOrigins[key]]] : [])));
  return Object.keys(origins).length ? origins : undefined;
}
