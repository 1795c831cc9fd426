/**
 * Pairs rows with columns to maximise the total weight; every row of the smaller side is paired.
 * Returns [row, column] pairs sorted by row. Ties resolve deterministically (lowest indices first).
 */
export declare function maxWeightAssignment(weights: number[][]): [number, number][];
