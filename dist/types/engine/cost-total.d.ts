/** Cases that sent requests but whose cost is unknown. A case that sent nothing cost nothing. */
export declare function countUnpricedCases(cases: readonly {
    costUsd: number | null;
    requests: number;
}[]): number;
export declare function sumUnpriced(suites: readonly {
    unpricedCases?: number;
}[]): number;
/** The results.json field: written only when some case is unpriced, so complete totals read as before. */
export declare function unpricedField(count: number): {
    unpricedCases?: number;
};
