/** JSON.parse, keeping the source text of numbers whose JS value loses how they were written. */
export declare function parseJsonKeepingNumbers(text: string): unknown;
/** The source text of `holder[key]` when it was a number whose JS value hides how it was written. */
export declare function numberSource(holder: unknown, key: string | number): string | undefined;
/** JSON integer literal: Python's json reads it as an int (exact, any size); anything else is a float. */
export declare function isIntegerLiteral(source: string): boolean;
/** JSON.stringify that writes kept numbers as they were written (5.0 stays 5.0), so a round trip through a file keeps them. */
export declare function stringifyKeepingNumbers(value: unknown): string;
