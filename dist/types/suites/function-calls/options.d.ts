import * as z from "zod";
export declare const functionCallOptions: z.ZodObject<{
    kind: z.ZodLiteral<"function-calls">;
    description: z.ZodOptional<z.ZodString>;
    dataset: z.ZodString;
    format: z.ZodDefault<z.ZodEnum<{
        auto: "auto";
        evalgate: "evalgate";
        bfcl: "bfcl";
    }>>;
    "possible-answers": z.ZodOptional<z.ZodString>;
    tools: z.ZodOptional<z.ZodString>;
    target: z.ZodOptional<z.ZodString>;
    simulator: z.ZodOptional<z.ZodString>;
    "completion-judge": z.ZodOptional<z.ZodString>;
    "judge-completion": z.ZodDefault<z.ZodBoolean>;
    "max-turns": z.ZodDefault<z.ZodNumber>;
    "max-tool-rounds": z.ZodDefault<z.ZodNumber>;
    "answer-tool-calls": z.ZodDefault<z.ZodBoolean>;
    "stop-token": z.ZodDefault<z.ZodString>;
    "ignore-calls": z.ZodDefault<z.ZodArray<z.ZodString>>;
    matcher: z.ZodDefault<z.ZodEnum<{
        exact: "exact";
        similarity: "similarity";
    }>>;
    "similarity-threshold": z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export type FunctionCallOptions = z.output<typeof functionCallOptions>;
