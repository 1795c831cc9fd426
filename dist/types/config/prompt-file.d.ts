import type { InputProblem } from "./errors.ts";
export type PromptFormat = "prompt-yml" | "messages" | "text";
export type PromptRole = "system" | "user" | "assistant";
export interface PromptPlaceholder {
    name: string;
    /** 1-based line of the `{{` in the file. */
    line: number;
}
export interface PromptMessage {
    role: PromptRole;
    content: string;
    /** 1-based line where the content starts in the file. */
    line: number;
    /** The `{{name}}` placeholders of the content, in order. */
    placeholders: PromptPlaceholder[];
}
export interface PromptModelParameters {
    maxTokens?: number;
    temperature?: number;
    topP?: number;
}
export interface PromptJsonSchema {
    name: string;
    strict?: boolean;
    description?: string;
    schema: Record<string, unknown>;
}
export interface PromptTestDatum {
    line: number;
    values: Record<string, unknown>;
}
export type PromptEvaluator = {
    name: string;
    line: number;
} & ({
    string: {
        startsWith?: string;
        endsWith?: string;
        contains?: string;
        equals?: string;
    };
} | {
    llm: {
        modelId: string;
        prompt: string;
        choices: {
            choice: string;
            score: number;
        }[];
        systemPrompt?: string;
    };
} | {
    uses: string;
});
export interface PromptFile {
    format: PromptFormat;
    /** The file as shown in messages (repository-relative). */
    file: string;
    /** The file's identity: the first 16 hex digits of the SHA-256 of its text. */
    hash: string;
    name?: string;
    description?: string;
    /** The model the file asks for (GitHub Models' id); evalgate.yml's `model:` is what is sent. */
    model?: string;
    modelParameters: PromptModelParameters;
    responseFormat?: "text" | "json_object" | "json_schema";
    jsonSchema?: PromptJsonSchema;
    messages: PromptMessage[];
    testData: PromptTestDatum[];
    evaluators: PromptEvaluator[];
    /** Lines of the top-level fields a prompt-yml file sets (for problems about their values); absent in the other formats. */
    fieldLines?: Partial<Record<"model" | "responseFormat" | "testData" | "evaluators", number>>;
    /** Where each of modelParameters is set, as the file names it ("prompts/careful.prompt.yml:8 temperature"); prompt-yml only. */
    parameterOrigins?: Partial<Record<keyof PromptModelParameters, string>>;
}
export type PromptFileRead = {
    prompt: PromptFile;
} | {
    problems: InputProblem[];
};
/** A prompt file larger than this is refused (prompts are kilobytes). */
export declare const MAX_PROMPT_FILE_BYTES: number;
/** What a file's name says it holds: GitHub Models' format, YAML/JSON (a mapping or a list of messages), or text; undefined for anything else. */
export declare function promptFormatOf(file: string): "prompt-yml" | "structured" | "text" | undefined;
/** Reads and parses a prompt file; a missing, huge, binary or badly encoded file is a problem like a bad field. */
export declare function readPromptFile(absolute: string, file: string): Promise<PromptFileRead>;
/** Parses a prompt file's text in the format its name says; every problem at once. */
export declare function parsePromptFile(text: string, file: string): PromptFileRead;
