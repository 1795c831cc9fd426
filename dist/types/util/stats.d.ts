export declare function mean(values: readonly number[]): number;
/** Population standard deviation: what results.json writes as Metric.spread. */
export declare function populationSd(values: readonly number[]): number;
