// Every suite kind, by the `kind:` it answers to in evalgate.yml. Each kind's module is loaded only
// when a run, merge or comparison needs it: a judged-only run never initialises the conversation metrics.
import type { SuiteKindName } from "../config/suite-kinds.ts";
import type { SuiteKind } from "./kind.ts";

// biome-ignore lint/suspicious/noExplicitAny: each kind narrows its own options and inputs
type AnySuiteKind = SuiteKind<any, any>;

/** The loaded kinds a caller asked for, by name (a Map: a kind named "constructor" is simply absent). */
export type SuiteKinds = ReadonlyMap<string, AnySuiteKind>;

/** The runtime side of config/suite-kinds.ts: one loader per kind listed there (the type keeps them in step). */
const SUITE_KIND_LOADERS: Record<SuiteKindName, () => Promise<AnySuiteKind>> = {
  judged: async () => (await import("./judged/index.ts")).judgedSuite,
  sgi: async () => (await import("./sgi/index.ts")).sgiSuite,
  "function-calls": async () => (await import("./function-calls/index.ts")).functionCallSuite,
  conversations: async () => (await import("./conversations/index.ts")).conversationsSuite,
  "prompt-yml": async () => (await import("./prompt-yml/index.ts")).promptYmlSuite,
  agent: async () => (await import("./agent/index.ts")).agentSuite,
  promptfoo: async () => (await import("./promptfoo/index.ts")).promptfooSuite,
};

/** The kinds a loader exists for (a test checks them against config/suite-kinds.ts). */
export const LOADABLE_SUITE_KINDS: readonly string[] = Object.keys(SUITE_KIND_LOADERS);

/** Loads the named kinds; a name that is no built-in kind is simply absent from the answer. */
export async function loadSuiteKinds(names: Iterable<string>): Promise<SuiteKinds> {
  const wanted = [...new Set(names)].filter((name) => Object.hasOwn(SUITE_KIND_LOADERS, name));
  const loaded = await Promise.all(wanted.map((name) => SUITE_KIND_LOADERS[name as SuiteKindName]()));
  return new Map(wanted.map((name, i) => [name, loaded[i]!]));
}
