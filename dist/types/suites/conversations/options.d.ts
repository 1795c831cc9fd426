import * as z from "zod";
export declare const dependsOn: z.ZodObject<{
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
}, z.core.$strict>;
declare const metricGate: z.ZodObject<{
    role: z.ZodOptional<z.ZodString>;
    "at-least": z.ZodOptional<z.ZodNumber>;
    "at-most": z.ZodOptional<z.ZodNumber>;
    direction: z.ZodOptional<z.ZodEnum<{
        higher: "higher";
        lower: "lower";
    }>>;
}, z.core.$strict>;
declare const metricItem: z.ZodObject<{
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
}, z.core.$strict>;
export declare const conversationsOptions: z.ZodObject<{
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
}, z.core.$strict>;
export type ConversationsOptions = z.output<typeof conversationsOptions>;
export type MetricItem = z.output<typeof metricItem>;
export type DependsOn = z.output<typeof dependsOn>;
export type MetricGate = z.output<typeof metricGate>;
export declare const metricItemSchema: z.ZodObject<{
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
}, z.core.$strict>;
export {};
