// Every suite kind, by the `kind:` it answers to in evalgate.yml.
import type { SuiteKind } from "../engine/types.ts";
import { conversationsSuite } from "./conversations/index.ts";
import { functionCallSuite } from "./function-calls/index.ts";
import { judgedSuite } from "./judged/index.ts";
import { sgiSuite } from "./sgi/index.ts";

// biome-ignore lint/suspicious/noExplicitAny: each kind narrows its own options and inputs
export const suiteKinds: Record<string, SuiteKind<any, any>> = {
  judged: judgedSuite,
  sgi: sgiSuite,
  "function-calls": functionCallSuite,
  conversations: conversationsSuite,
};
