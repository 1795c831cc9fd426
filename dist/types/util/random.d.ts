export declare function seededRandom(seed: number): () => number;
