import * as z from "zod";
/** "30s", "2m", "500ms", "14d" or a number of milliseconds. */
export declare const duration: z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>;
export declare function parseDuration(text: string): number;
/** An environment variable's name: secrets are referenced, never written into the config. */
export declare const envName: z.ZodString;
/** A configured model's name, as used under `models:`. */
export declare const modelRef: z.ZodString;
export declare const ratio: z.ZodNumber;
