import * as z from "zod";
export declare const sgiOptions: z.ZodObject<{
    kind: z.ZodLiteral<"sgi">;
    description: z.ZodOptional<z.ZodString>;
    scenarios: z.ZodString;
    target: z.ZodString;
    costs: z.ZodOptional<z.ZodString>;
    export: z.ZodDefault<z.ZodBoolean>;
    "invalid-retries": z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export type SgiOptions = z.output<typeof sgiOptions>;
