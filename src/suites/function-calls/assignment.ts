// Maximum-weight assignment (Hungarian / Kuhn–Munkres with potentials, O(n²·m)), so pairing
// expected and actual calls never depends on the order the calls were made in.

/**
 * Pairs rows with columns to maximise the total weight; every row of the smaller side is paired.
 * Returns [row, column] pairs sorted by row. Ties resolve deterministically (lowest indices first).
 */
export function maxWeightAssignment(weights: number[][]): [number, number][] {
  const rows = weights.length;
  const columns = rows === 0 ? 0 : (weights[0] as number[]).length;
  if (rows === 0 || columns === 0) return [];
  if (rows > columns) {
    const transposed = Array.from({ length: columns }, (_, j) => weights.map((row) => row[j] as number));
    return maxWeightAssignment(transposed)
      .map(([j, i]): [number, number] => [i, j])
      .sort((x, y) => x[0] - y[0]);
  }
  const top = Math.max(...weights.flat());
  const cost = (i: number, j: number) => top - (weights[i - 1] as number[])[j - 1]!; // 1-based, minimise
  const u = new Array<number>(rows + 1).fill(0);
  const v = new Array<number>(columns + 1).fill(0);
  const rowOf = new Array<number>(columns + 1).fill(0); // rowOf[j]: row assigned to column j
  const way = new Array<number>(columns + 1).fill(0);
  for (let i = 1; i <= rows; i++) {
    rowOf[0] = i;
    let j0 = 0;
    const minv = new Array<number>(columns + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Array<boolean>(columns + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = rowOf[j0] as number;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= columns; j++) {
        if (used[j]) continue;
        const reduced = cost(i0, j) - (u[i0] as number) - (v[j] as number);
        if (reduced < (minv[j] as number)) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number;
          j1 = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (used[j]) {
          u[rowOf[j] as number] = (u[rowOf[j] as number] as number) + delta;
          v[j] = (v[j] as number) - delta;
        } else minv[j] = (minv[j] as number) - delta;
      }
      j0 = j1;
    } while (rowOf[j0] !== 0);
    do {
      const j1 = way[j0] as number;
      rowOf[j0] = rowOf[j1] as number;
      j0 = j1;
    } while (j0 !== 0);
  }
  const pairs: [number, number][] = [];
  for (let j = 1; j <= columns; j++) if ((rowOf[j] as number) > 0) pairs.push([(rowOf[j] as number) - 1, j - 1]);
  return pairs.sort((x, y) => x[0] - y[0]);
}
