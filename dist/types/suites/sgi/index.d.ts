import type { SuiteKind } from "../../engine/types.ts";
import { type SgiInput } from "./load.ts";
import type { SgiOptions } from "./options.ts";
export type { SgiInput } from "./load.ts";
export type { SgiOptions } from "./options.ts";
export declare const sgiSuite: SuiteKind<SgiOptions, SgiInput>;
