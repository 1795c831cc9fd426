import * as z from "zod";
export declare const suiteConfig: z.ZodDiscriminatedUnion<[z.ZodObject<{
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
}, z.core.$strict>, z.ZodObject<{
    kind: z.ZodLiteral<"sgi">;
    description: z.ZodOptional<z.ZodString>;
    scenarios: z.ZodString;
    target: z.ZodString;
    costs: z.ZodOptional<z.ZodString>;
    export: z.ZodDefault<z.ZodBoolean>;
    "invalid-retries": z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>, z.ZodObject<{
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
}, z.core.$strict>, z.ZodObject<{
    kind: z.ZodLiteral<"conversations">;
    description: z.ZodOptional<z.ZodString>;
    dataset: z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>;
    mode: z.ZodDefault<z.ZodEnum<{
        historical: "historical";
        completion: "completion";
    }>>;
    target: z.ZodOptional<z.ZodString>;
    grader: z.ZodOptional<z.ZodString>;
    rubrics: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    functions: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    flexeval: z.ZodOptional<z.ZodObject<{
        evals: z.ZodString;
        eval: z.ZodString;
    }, z.core.$strict>>;
    metrics: z.ZodDefault<z.ZodObject<{
        function: z.ZodDefault<z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            level: z.ZodDefault<z.ZodPipe<z.ZodPipe<z.ZodEnum<{
                message: "message";
                Thread: "Thread";
                Turn: "Turn";
                Message: "Message";
                ToolCall: "ToolCall";
                thread: "thread";
                turn: "turn";
                toolcall: "toolcall";
                "tool-call": "tool-call";
            }>, z.ZodTransform<string, "message" | "Thread" | "Turn" | "Message" | "ToolCall" | "thread" | "turn" | "toolcall" | "tool-call">>, z.ZodEnum<{
                Thread: "Thread";
                Turn: "Turn";
                Message: "Message";
                ToolCall: "ToolCall";
            }>>>;
            kwargs: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            "depends-on": z.ZodDefault<z.ZodArray<z.ZodObject<{
                name: z.ZodString;
                type: z.ZodOptional<z.ZodEnum<{
                    function: "function";
                    rubric: "rubric";
                }>>;
                kwargs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                "metric-name": z.ZodOptional<z.ZodString>;
                level: z.ZodOptional<z.ZodPipe<z.ZodPipe<z.ZodEnum<{
                    message: "message";
                    Thread: "Thread";
                    Turn: "Turn";
                    Message: "Message";
                    ToolCall: "ToolCall";
                    thread: "thread";
                    turn: "turn";
                    toolcall: "toolcall";
                    "tool-call": "tool-call";
                }>, z.ZodTransform<string, "message" | "Thread" | "Turn" | "Message" | "ToolCall" | "thread" | "turn" | "toolcall" | "tool-call">>, z.ZodEnum<{
                    Thread: "Thread";
                    Turn: "Turn";
                    Message: "Message";
                    ToolCall: "ToolCall";
                }>>>;
                "relative-position": z.ZodDefault<z.ZodNumber>;
                min: z.ZodDefault<z.ZodNumber>;
                max: z.ZodDefault<z.ZodNumber>;
            }, z.core.$strict>>>;
            gate: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
                role: z.ZodOptional<z.ZodString>;
                "at-least": z.ZodOptional<z.ZodNumber>;
                "at-most": z.ZodOptional<z.ZodNumber>;
                direction: z.ZodOptional<z.ZodEnum<{
                    higher: "higher";
                    lower: "lower";
                }>>;
            }, z.core.$strict>]>>;
        }, z.core.$strict>>>;
        rubric: z.ZodDefault<z.ZodArray<z.ZodObject<{
            name: z.ZodString;
            level: z.ZodDefault<z.ZodPipe<z.ZodPipe<z.ZodEnum<{
                message: "message";
                Thread: "Thread";
                Turn: "Turn";
                Message: "Message";
                ToolCall: "ToolCall";
                thread: "thread";
                turn: "turn";
                toolcall: "toolcall";
                "tool-call": "tool-call";
            }>, z.ZodTransform<string, "message" | "Thread" | "Turn" | "Message" | "ToolCall" | "thread" | "turn" | "toolcall" | "tool-call">>, z.ZodEnum<{
                Thread: "Thread";
                Turn: "Turn";
                Message: "Message";
                ToolCall: "ToolCall";
            }>>>;
            kwargs: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
            "depends-on": z.ZodDefault<z.ZodArray<z.ZodObject<{
                name: z.ZodString;
                type: z.ZodOptional<z.ZodEnum<{
                    function: "function";
                    rubric: "rubric";
                }>>;
                kwargs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                "metric-name": z.ZodOptional<z.ZodString>;
                level: z.ZodOptional<z.ZodPipe<z.ZodPipe<z.ZodEnum<{
                    message: "message";
                    Thread: "Thread";
                    Turn: "Turn";
                    Message: "Message";
                    ToolCall: "ToolCall";
                    thread: "thread";
                    turn: "turn";
                    toolcall: "toolcall";
                    "tool-call": "tool-call";
                }>, z.ZodTransform<string, "message" | "Thread" | "Turn" | "Message" | "ToolCall" | "thread" | "turn" | "toolcall" | "tool-call">>, z.ZodEnum<{
                    Thread: "Thread";
                    Turn: "Turn";
                    Message: "Message";
                    ToolCall: "ToolCall";
                }>>>;
                "relative-position": z.ZodDefault<z.ZodNumber>;
                min: z.ZodDefault<z.ZodNumber>;
                max: z.ZodDefault<z.ZodNumber>;
            }, z.core.$strict>>>;
            gate: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
                role: z.ZodOptional<z.ZodString>;
                "at-least": z.ZodOptional<z.ZodNumber>;
                "at-most": z.ZodOptional<z.ZodNumber>;
                direction: z.ZodOptional<z.ZodEnum<{
                    higher: "higher";
                    lower: "lower";
                }>>;
            }, z.core.$strict>]>>;
        }, z.core.$strict>>>;
    }, z.core.$strict>>;
}, z.core.$strict>], "kind">;
export declare const metricRule: z.ZodObject<{
    "max-drop": z.ZodOptional<z.ZodNumber>;
    "max-rise": z.ZodOptional<z.ZodNumber>;
    "min-score": z.ZodOptional<z.ZodNumber>;
    "max-score": z.ZodOptional<z.ZodNumber>;
    direction: z.ZodOptional<z.ZodEnum<{
        higher: "higher";
        lower: "lower";
    }>>;
    gated: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export declare const gateProfile: z.ZodObject<{
    "max-error-rate": z.ZodOptional<z.ZodNumber>;
    metrics: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
        "max-drop": z.ZodOptional<z.ZodNumber>;
        "max-rise": z.ZodOptional<z.ZodNumber>;
        "min-score": z.ZodOptional<z.ZodNumber>;
        "max-score": z.ZodOptional<z.ZodNumber>;
        direction: z.ZodOptional<z.ZodEnum<{
            higher: "higher";
            lower: "lower";
        }>>;
        gated: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>>;
    "max-drop": z.ZodOptional<z.ZodNumber>;
    "max-rise": z.ZodOptional<z.ZodNumber>;
    "min-score": z.ZodOptional<z.ZodNumber>;
    "max-score": z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export declare const gateConfig: z.ZodObject<{
    "max-drop": z.ZodDefault<z.ZodNumber>;
    "max-rise": z.ZodDefault<z.ZodNumber>;
    "min-score": z.ZodDefault<z.ZodNumber>;
    "max-score": z.ZodOptional<z.ZodNumber>;
    "max-error-rate": z.ZodDefault<z.ZodNumber>;
    metrics: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodObject<{
        "max-drop": z.ZodOptional<z.ZodNumber>;
        "max-rise": z.ZodOptional<z.ZodNumber>;
        "min-score": z.ZodOptional<z.ZodNumber>;
        "max-score": z.ZodOptional<z.ZodNumber>;
        direction: z.ZodOptional<z.ZodEnum<{
            higher: "higher";
            lower: "lower";
        }>>;
        gated: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>>;
    profiles: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodObject<{
        "max-error-rate": z.ZodOptional<z.ZodNumber>;
        metrics: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
            "max-drop": z.ZodOptional<z.ZodNumber>;
            "max-rise": z.ZodOptional<z.ZodNumber>;
            "min-score": z.ZodOptional<z.ZodNumber>;
            "max-score": z.ZodOptional<z.ZodNumber>;
            direction: z.ZodOptional<z.ZodEnum<{
                higher: "higher";
                lower: "lower";
            }>>;
            gated: z.ZodOptional<z.ZodBoolean>;
        }, z.core.$strict>>>;
        "max-drop": z.ZodOptional<z.ZodNumber>;
        "max-rise": z.ZodOptional<z.ZodNumber>;
        "min-score": z.ZodOptional<z.ZodNumber>;
        "max-score": z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>>;
    "fail-inside-noise": z.ZodDefault<z.ZodBoolean>;
}, z.core.$strict>;
export declare const baselineConfig: z.ZodObject<{
    store: z.ZodDefault<z.ZodEnum<{
        file: "file";
        branch: "branch";
        none: "none";
    }>>;
    branch: z.ZodDefault<z.ZodString>;
    path: z.ZodDefault<z.ZodString>;
    "gated-branches": z.ZodDefault<z.ZodArray<z.ZodString>>;
    "history-size": z.ZodDefault<z.ZodNumber>;
    "store-failed": z.ZodDefault<z.ZodBoolean>;
    "max-age": z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
}, z.core.$strict>;
/** Limits of one run: when one is reached nothing new is sent and the verdict is "error" (exit 3). */
export declare const runLimits: z.ZodObject<{
    deadline: z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    "budget-usd": z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export declare const evalgateConfig: z.ZodObject<{
    version: z.ZodLiteral<1>;
    concurrency: z.ZodDefault<z.ZodNumber>;
    "output-dir": z.ZodDefault<z.ZodString>;
    "allow-outside-repo": z.ZodDefault<z.ZodBoolean>;
    models: z.ZodRecord<z.ZodString, z.ZodDiscriminatedUnion<[z.ZodObject<{
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
    }, z.core.$strict>], "provider">>;
    suites: z.ZodRecord<z.ZodString, z.ZodDiscriminatedUnion<[z.ZodObject<{
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
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"sgi">;
        description: z.ZodOptional<z.ZodString>;
        scenarios: z.ZodString;
        target: z.ZodString;
        costs: z.ZodOptional<z.ZodString>;
        export: z.ZodDefault<z.ZodBoolean>;
        "invalid-retries": z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>, z.ZodObject<{
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
    }, z.core.$strict>, z.ZodObject<{
        kind: z.ZodLiteral<"conversations">;
        description: z.ZodOptional<z.ZodString>;
        dataset: z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>;
        mode: z.ZodDefault<z.ZodEnum<{
            historical: "historical";
            completion: "completion";
        }>>;
        target: z.ZodOptional<z.ZodString>;
        grader: z.ZodOptional<z.ZodString>;
        rubrics: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
        functions: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
        flexeval: z.ZodOptional<z.ZodObject<{
            evals: z.ZodString;
            eval: z.ZodString;
        }, z.core.$strict>>;
        metrics: z.ZodDefault<z.ZodObject<{
            function: z.ZodDefault<z.ZodArray<z.ZodObject<{
                name: z.ZodString;
                level: z.ZodDefault<z.ZodPipe<z.ZodPipe<z.ZodEnum<{
                    message: "message";
                    Thread: "Thread";
                    Turn: "Turn";
                    Message: "Message";
                    ToolCall: "ToolCall";
                    thread: "thread";
                    turn: "turn";
                    toolcall: "toolcall";
                    "tool-call": "tool-call";
                }>, z.ZodTransform<string, "message" | "Thread" | "Turn" | "Message" | "ToolCall" | "thread" | "turn" | "toolcall" | "tool-call">>, z.ZodEnum<{
                    Thread: "Thread";
                    Turn: "Turn";
                    Message: "Message";
                    ToolCall: "ToolCall";
                }>>>;
                kwargs: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                "depends-on": z.ZodDefault<z.ZodArray<z.ZodObject<{
                    name: z.ZodString;
                    type: z.ZodOptional<z.ZodEnum<{
                        function: "function";
                        rubric: "rubric";
                    }>>;
                    kwargs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                    "metric-name": z.ZodOptional<z.ZodString>;
                    level: z.ZodOptional<z.ZodPipe<z.ZodPipe<z.ZodEnum<{
                        message: "message";
                        Thread: "Thread";
                        Turn: "Turn";
                        Message: "Message";
                        ToolCall: "ToolCall";
                        thread: "thread";
                        turn: "turn";
                        toolcall: "toolcall";
                        "tool-call": "tool-call";
                    }>, z.ZodTransform<string, "message" | "Thread" | "Turn" | "Message" | "ToolCall" | "thread" | "turn" | "toolcall" | "tool-call">>, z.ZodEnum<{
                        Thread: "Thread";
                        Turn: "Turn";
                        Message: "Message";
                        ToolCall: "ToolCall";
                    }>>>;
                    "relative-position": z.ZodDefault<z.ZodNumber>;
                    min: z.ZodDefault<z.ZodNumber>;
                    max: z.ZodDefault<z.ZodNumber>;
                }, z.core.$strict>>>;
                gate: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
                    role: z.ZodOptional<z.ZodString>;
                    "at-least": z.ZodOptional<z.ZodNumber>;
                    "at-most": z.ZodOptional<z.ZodNumber>;
                    direction: z.ZodOptional<z.ZodEnum<{
                        higher: "higher";
                        lower: "lower";
                    }>>;
                }, z.core.$strict>]>>;
            }, z.core.$strict>>>;
            rubric: z.ZodDefault<z.ZodArray<z.ZodObject<{
                name: z.ZodString;
                level: z.ZodDefault<z.ZodPipe<z.ZodPipe<z.ZodEnum<{
                    message: "message";
                    Thread: "Thread";
                    Turn: "Turn";
                    Message: "Message";
                    ToolCall: "ToolCall";
                    thread: "thread";
                    turn: "turn";
                    toolcall: "toolcall";
                    "tool-call": "tool-call";
                }>, z.ZodTransform<string, "message" | "Thread" | "Turn" | "Message" | "ToolCall" | "thread" | "turn" | "toolcall" | "tool-call">>, z.ZodEnum<{
                    Thread: "Thread";
                    Turn: "Turn";
                    Message: "Message";
                    ToolCall: "ToolCall";
                }>>>;
                kwargs: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                "depends-on": z.ZodDefault<z.ZodArray<z.ZodObject<{
                    name: z.ZodString;
                    type: z.ZodOptional<z.ZodEnum<{
                        function: "function";
                        rubric: "rubric";
                    }>>;
                    kwargs: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
                    "metric-name": z.ZodOptional<z.ZodString>;
                    level: z.ZodOptional<z.ZodPipe<z.ZodPipe<z.ZodEnum<{
                        message: "message";
                        Thread: "Thread";
                        Turn: "Turn";
                        Message: "Message";
                        ToolCall: "ToolCall";
                        thread: "thread";
                        turn: "turn";
                        toolcall: "toolcall";
                        "tool-call": "tool-call";
                    }>, z.ZodTransform<string, "message" | "Thread" | "Turn" | "Message" | "ToolCall" | "thread" | "turn" | "toolcall" | "tool-call">>, z.ZodEnum<{
                        Thread: "Thread";
                        Turn: "Turn";
                        Message: "Message";
                        ToolCall: "ToolCall";
                    }>>>;
                    "relative-position": z.ZodDefault<z.ZodNumber>;
                    min: z.ZodDefault<z.ZodNumber>;
                    max: z.ZodDefault<z.ZodNumber>;
                }, z.core.$strict>>>;
                gate: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
                    role: z.ZodOptional<z.ZodString>;
                    "at-least": z.ZodOptional<z.ZodNumber>;
                    "at-most": z.ZodOptional<z.ZodNumber>;
                    direction: z.ZodOptional<z.ZodEnum<{
                        higher: "higher";
                        lower: "lower";
                    }>>;
                }, z.core.$strict>]>>;
            }, z.core.$strict>>>;
        }, z.core.$strict>>;
    }, z.core.$strict>], "kind">>;
    gate: z.ZodDefault<z.ZodObject<{
        "max-drop": z.ZodDefault<z.ZodNumber>;
        "max-rise": z.ZodDefault<z.ZodNumber>;
        "min-score": z.ZodDefault<z.ZodNumber>;
        "max-score": z.ZodOptional<z.ZodNumber>;
        "max-error-rate": z.ZodDefault<z.ZodNumber>;
        metrics: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodObject<{
            "max-drop": z.ZodOptional<z.ZodNumber>;
            "max-rise": z.ZodOptional<z.ZodNumber>;
            "min-score": z.ZodOptional<z.ZodNumber>;
            "max-score": z.ZodOptional<z.ZodNumber>;
            direction: z.ZodOptional<z.ZodEnum<{
                higher: "higher";
                lower: "lower";
            }>>;
            gated: z.ZodOptional<z.ZodBoolean>;
        }, z.core.$strict>>>;
        profiles: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodObject<{
            "max-error-rate": z.ZodOptional<z.ZodNumber>;
            metrics: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
                "max-drop": z.ZodOptional<z.ZodNumber>;
                "max-rise": z.ZodOptional<z.ZodNumber>;
                "min-score": z.ZodOptional<z.ZodNumber>;
                "max-score": z.ZodOptional<z.ZodNumber>;
                direction: z.ZodOptional<z.ZodEnum<{
                    higher: "higher";
                    lower: "lower";
                }>>;
                gated: z.ZodOptional<z.ZodBoolean>;
            }, z.core.$strict>>>;
            "max-drop": z.ZodOptional<z.ZodNumber>;
            "max-rise": z.ZodOptional<z.ZodNumber>;
            "min-score": z.ZodOptional<z.ZodNumber>;
            "max-score": z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>>;
        "fail-inside-noise": z.ZodDefault<z.ZodBoolean>;
    }, z.core.$strict>>;
    baseline: z.ZodDefault<z.ZodObject<{
        store: z.ZodDefault<z.ZodEnum<{
            file: "file";
            branch: "branch";
            none: "none";
        }>>;
        branch: z.ZodDefault<z.ZodString>;
        path: z.ZodDefault<z.ZodString>;
        "gated-branches": z.ZodDefault<z.ZodArray<z.ZodString>>;
        "history-size": z.ZodDefault<z.ZodNumber>;
        "store-failed": z.ZodDefault<z.ZodBoolean>;
        "max-age": z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
    }, z.core.$strict>>;
    run: z.ZodDefault<z.ZodObject<{
        deadline: z.ZodOptional<z.ZodPipe<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>>;
        "budget-usd": z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type EvalgateConfig = z.output<typeof evalgateConfig>;
export type SuiteConfig = z.output<typeof suiteConfig>;
export type GateConfig = z.output<typeof gateConfig>;
export type GateProfile = z.output<typeof gateProfile>;
export type MetricRule = z.output<typeof metricRule>;
export type BaselineConfig = z.output<typeof baselineConfig>;
export type RunLimits = z.output<typeof runLimits>;
