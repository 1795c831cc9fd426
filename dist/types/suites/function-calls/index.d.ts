import type { SuiteKind } from "../../engine/types.ts";
import { type FunctionCallInput } from "./load.ts";
import type { FunctionCallOptions } from "./options.ts";
export type { FunctionCallInput } from "./load.ts";
export type { FunctionCallOptions } from "./options.ts";
export declare const functionCallSuite: SuiteKind<FunctionCallOptions, FunctionCallInput>;
