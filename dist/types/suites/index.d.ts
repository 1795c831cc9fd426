import type { SuiteKind } from "./kind.ts";
type AnySuiteKind = SuiteKind<any, any>;
/** The loaded kinds a caller asked for, by name (a Map: a kind named "constructor" is simply absent). */
export type SuiteKinds = ReadonlyMap<string, AnySuiteKind>;
/** The kinds a loader exists for (a test checks them against config/suite-kinds.ts). */
export declare const LOADABLE_SUITE_KINDS: readonly string[];
/** Loads the named kinds; a name that is no built-in kind is simply absent from the answer. */
export declare function loadSuiteKinds(names: Iterable<string>): Promise<SuiteKinds>;
export {};
