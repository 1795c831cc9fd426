import type { SuiteKind } from "../../engine/types.ts";
import { type JudgedInput } from "./load.ts";
import type { JudgedOptions } from "./options.ts";
export type { JudgedInput } from "./load.ts";
export type { JudgedOptions } from "./options.ts";
export declare const judgedSuite: SuiteKind<JudgedOptions, JudgedInput>;
