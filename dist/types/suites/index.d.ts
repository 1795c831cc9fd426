import type { SuiteKind } from "../engine/types.ts";
type AnySuiteKind = SuiteKind<any, any>;
/** The loaded kinds a caller asked for, by name (a Map: a kind named "constructor" is simply absent). */
export type SuiteKinds = ReadonlyMap<string, AnySuiteKind>;
/** Loads the named kinds; a name that is no built-in kind is simply absent from the answer. */
export declare function loadSuiteKinds(names: Iterable<string>): Promise<SuiteKinds>;
export {};
