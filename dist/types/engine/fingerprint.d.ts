export declare function caseFingerprint(input: unknown): string;
