// Where the `branch` store keeps baselines on its data branch: the action writes them there (through
// GitHub's API, github/baseline-store.ts) and `evalgate baseline show` reads them from a fetched ref.
export const baselinePath = (branch: string) => `baselines/${branch}/results.json`;
export const historyPrefix = (branch: string) => `history/${branch}/`;
