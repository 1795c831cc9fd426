import * as z from "zod";
export declare const openaiModel: z.ZodObject<{
    timeout: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "max-retries": z.ZodDefault<z.ZodNumber>;
    "retry-backoff": z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodBoolean>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    price: z.ZodOptional<z.ZodObject<{
        "input-per-million": z.ZodNumber;
        "output-per-million": z.ZodNumber;
    }, z.core.$strict>>;
    "public-vars": z.ZodOptional<z.ZodArray<z.ZodString>>;
    provider: z.ZodLiteral<"openai">;
    "base-url": z.ZodDefault<z.ZodString>;
    model: z.ZodString;
    "api-key-env": z.ZodOptional<z.ZodString>;
    "api-key-header": z.ZodDefault<z.ZodEnum<{
        authorization: "authorization";
        "api-key": "api-key";
    }>>;
    "api-version": z.ZodOptional<z.ZodString>;
    temperature: z.ZodOptional<z.ZodNumber>;
    "max-tokens": z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export declare const anthropicModel: z.ZodObject<{
    timeout: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "max-retries": z.ZodDefault<z.ZodNumber>;
    "retry-backoff": z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodBoolean>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    price: z.ZodOptional<z.ZodObject<{
        "input-per-million": z.ZodNumber;
        "output-per-million": z.ZodNumber;
    }, z.core.$strict>>;
    "public-vars": z.ZodOptional<z.ZodArray<z.ZodString>>;
    provider: z.ZodLiteral<"anthropic">;
    "base-url": z.ZodDefault<z.ZodString>;
    model: z.ZodString;
    "api-key-env": z.ZodDefault<z.ZodString>;
    temperature: z.ZodOptional<z.ZodNumber>;
    "max-tokens": z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export declare const httpModel: z.ZodObject<{
    timeout: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "max-retries": z.ZodDefault<z.ZodNumber>;
    "retry-backoff": z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodBoolean>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    price: z.ZodOptional<z.ZodObject<{
        "input-per-million": z.ZodNumber;
        "output-per-million": z.ZodNumber;
    }, z.core.$strict>>;
    "public-vars": z.ZodOptional<z.ZodArray<z.ZodString>>;
    provider: z.ZodLiteral<"http">;
    url: z.ZodString;
    method: z.ZodDefault<z.ZodEnum<{
        POST: "POST";
        PUT: "PUT";
    }>>;
    "api-key-env": z.ZodOptional<z.ZodString>;
    body: z.ZodDefault<z.ZodUnknown>;
    "reply-path": z.ZodDefault<z.ZodString>;
    "tool-calls-path": z.ZodOptional<z.ZodString>;
    "id-path": z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export declare const athenaModel: z.ZodObject<{
    timeout: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "max-retries": z.ZodDefault<z.ZodNumber>;
    "retry-backoff": z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodBoolean>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    price: z.ZodOptional<z.ZodObject<{
        "input-per-million": z.ZodNumber;
        "output-per-million": z.ZodNumber;
    }, z.core.$strict>>;
    "public-vars": z.ZodOptional<z.ZodArray<z.ZodString>>;
    provider: z.ZodLiteral<"athena">;
    url: z.ZodString;
    "secret-env": z.ZodOptional<z.ZodString>;
    "lms-url": z.ZodDefault<z.ZodString>;
}, z.core.$strict>;
export declare const modelConfig: z.ZodDiscriminatedUnion<[z.ZodObject<{
    timeout: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "max-retries": z.ZodDefault<z.ZodNumber>;
    "retry-backoff": z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodBoolean>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    price: z.ZodOptional<z.ZodObject<{
        "input-per-million": z.ZodNumber;
        "output-per-million": z.ZodNumber;
    }, z.core.$strict>>;
    "public-vars": z.ZodOptional<z.ZodArray<z.ZodString>>;
    provider: z.ZodLiteral<"openai">;
    "base-url": z.ZodDefault<z.ZodString>;
    model: z.ZodString;
    "api-key-env": z.ZodOptional<z.ZodString>;
    "api-key-header": z.ZodDefault<z.ZodEnum<{
        authorization: "authorization";
        "api-key": "api-key";
    }>>;
    "api-version": z.ZodOptional<z.ZodString>;
    temperature: z.ZodOptional<z.ZodNumber>;
    "max-tokens": z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>, z.ZodObject<{
    timeout: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "max-retries": z.ZodDefault<z.ZodNumber>;
    "retry-backoff": z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodBoolean>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    price: z.ZodOptional<z.ZodObject<{
        "input-per-million": z.ZodNumber;
        "output-per-million": z.ZodNumber;
    }, z.core.$strict>>;
    "public-vars": z.ZodOptional<z.ZodArray<z.ZodString>>;
    provider: z.ZodLiteral<"anthropic">;
    "base-url": z.ZodDefault<z.ZodString>;
    model: z.ZodString;
    "api-key-env": z.ZodDefault<z.ZodString>;
    temperature: z.ZodOptional<z.ZodNumber>;
    "max-tokens": z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>, z.ZodObject<{
    timeout: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "max-retries": z.ZodDefault<z.ZodNumber>;
    "retry-backoff": z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodBoolean>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    price: z.ZodOptional<z.ZodObject<{
        "input-per-million": z.ZodNumber;
        "output-per-million": z.ZodNumber;
    }, z.core.$strict>>;
    "public-vars": z.ZodOptional<z.ZodArray<z.ZodString>>;
    provider: z.ZodLiteral<"http">;
    url: z.ZodString;
    method: z.ZodDefault<z.ZodEnum<{
        POST: "POST";
        PUT: "PUT";
    }>>;
    "api-key-env": z.ZodOptional<z.ZodString>;
    body: z.ZodDefault<z.ZodUnknown>;
    "reply-path": z.ZodDefault<z.ZodString>;
    "tool-calls-path": z.ZodOptional<z.ZodString>;
    "id-path": z.ZodOptional<z.ZodString>;
}, z.core.$strict>, z.ZodObject<{
    timeout: z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "max-retries": z.ZodDefault<z.ZodNumber>;
    "retry-backoff": z.ZodDefault<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    concurrency: z.ZodOptional<z.ZodNumber>;
    cache: z.ZodOptional<z.ZodBoolean>;
    headers: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodString>>;
    price: z.ZodOptional<z.ZodObject<{
        "input-per-million": z.ZodNumber;
        "output-per-million": z.ZodNumber;
    }, z.core.$strict>>;
    "public-vars": z.ZodOptional<z.ZodArray<z.ZodString>>;
    provider: z.ZodLiteral<"athena">;
    url: z.ZodString;
    "secret-env": z.ZodOptional<z.ZodString>;
    "lms-url": z.ZodDefault<z.ZodString>;
}, z.core.$strict>], "provider">;
export type ModelConfig = z.output<typeof modelConfig>;
export type OpenAIModelConfig = z.output<typeof openaiModel>;
export type AnthropicModelConfig = z.output<typeof anthropicModel>;
export type HttpModelConfig = z.output<typeof httpModel>;
export type AthenaModelConfig = z.output<typeof athenaModel>;
