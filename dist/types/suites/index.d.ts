import type { SuiteKind } from "../engine/types.ts";
export declare const suiteKinds: Record<string, SuiteKind<any, any>>;
