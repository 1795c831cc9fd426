// The one list of suite kinds: each kind's options schema, whose `kind` literal is the name
// evalgate.yml uses. evalgate.yml's schema is built from it and the loaders in src/suites/index.ts
// are keyed by it, so a new kind starts here. Each kind's schema is built when a suite of that kind is
// parsed (lazy-variant.ts).
import type * as z from "zod";
import { agentOptions } from "../suites/agent/options.ts";
import { conversationsOptions } from "../suites/conversations/options.ts";
import { functionCallOptions } from "../suites/function-calls/options.ts";
import { judgedOptions } from "../suites/judged/options.ts";
import { promptYmlOptions } from "../suites/prompt-yml/options.ts";
import { promptfooOptions } from "../suites/promptfoo/options.ts";
import { sgiOptions } from "../suites/sgi/options.ts";
import { variantTag } from "./lazy-variant.ts";

/** Options schema of every kind, in the order error messages list them. */
export const SUITE_KIND_OPTIONS = [
  judgedOptions,
  sgiOptions,
  functionCallOptions,
  conversationsOptions,
  promptYmlOptions,
  agentOptions,
  promptfooOptions,
] as const;

export type SuiteKindName = z.output<(typeof SUITE_KIND_OPTIONS)[number]>["kind"];

export const SUITE_KIND_NAMES = SUITE_KIND_OPTIONS.map((options) => variantTag(options, "kind")) as readonly SuiteKindName[];
