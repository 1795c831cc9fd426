/** One pattern against a branch or "suite/metric". */
export declare function matchGlob(pattern: string, text: string): boolean;
/** A GitHub-style filter list: the last pattern that matches decides; a `!` pattern excludes. */
export declare function matchFilters(patterns: readonly string[], text: string): boolean;
