/** Runs `work` on every item, at most `width` at a time; stops pulling new items once `stopped()` says so. */
export declare function forEachBounded<T>(items: Iterable<T>, width: number, work: (item: T) => Promise<void>, stopped?: () => boolean): Promise<void>;
