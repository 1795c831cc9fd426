// A promptfoo config as evalgate runs it: its prompts, providers (each routed to a configured model)
// and tests, expanded as promptfoo expands them (defaultTest merged, scenarios, var combinations).

/** One assert as the config writes it (promptfoo's Assertion). */
export interface PfAssertion {
  type: string;
  value?: unknown;
  threshold?: number;
  weight?: number;
  metric?: string;
  transform?: string;
  /** An assert-set's asserts. */
  assert?: PfAssertion[];
  config?: Record<string, unknown>;
}

/** promptfoo's test options evalgate reads: output transform, prompt prefix/suffix, factuality scoring. */
export interface PfTestOptions {
  transform?: string;
  prefix?: string;
  suffix?: string;
  factuality?: Record<string, number>;
  disableVarExpansion?: boolean;
  disableDefaultAsserts?: boolean;
  [key: string]: unknown;
}

export interface PfTest {
  description?: string;
  vars: Record<string, unknown>;
  assert: PfAssertion[];
  options: PfTestOptions;
  threshold?: number;
}

export interface PfPrompt {
  /** Its place among the config's prompts (promptfoo's promptIdx). */
  index: number;
  /** promptfoo's label (the raw text, or "file: text" for a file's prompt). */
  label: string;
  raw: string;
  /** The metrics' group part: the label shortened to letters, digits and _ . - /. */
  key: string;
}

export interface PfProvider {
  /** The promptfoo provider id as written. */
  id: string;
  label?: string;
  /** The configured evalgate model its prompts go to. */
  model: string;
  transform?: string;
  /** promptfoo's provider config.tools (OpenAI's format), for is-valid-openai-tools-call. */
  tools?: unknown[];
  key: string;
}

/** Where a test was written: the config, or a file it names. */
export interface PfSource {
  file: string;
  line?: number;
}
