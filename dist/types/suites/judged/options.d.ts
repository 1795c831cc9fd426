import * as z from "zod";
export declare const judgedOptions: z.ZodObject<{
    kind: z.ZodLiteral<"judged">;
    description: z.ZodOptional<z.ZodString>;
    prompts: z.ZodString;
    agents: z.ZodArray<z.ZodString>;
    judge: z.ZodString;
    runs: z.ZodDefault<z.ZodNumber>;
    "judge-runs": z.ZodDefault<z.ZodNumber>;
    scale: z.ZodDefault<z.ZodEnum<{
        binary: "binary";
        "0-3": "0-3";
        "1-5": "1-5";
        "0-100": "0-100";
    }>>;
    "min-agreement": z.ZodOptional<z.ZodNumber>;
    "pass-score": z.ZodDefault<z.ZodNumber>;
    "judge-preamble": z.ZodOptional<z.ZodString>;
    "allow-empty": z.ZodDefault<z.ZodBoolean>;
}, z.core.$strict>;
export type JudgedOptions = z.output<typeof judgedOptions>;
