// The dataset formats the suite kinds read, written down as schemas: `evalgate schema --dataset <format>`
// prints each as JSON Schema for editors and for teams who generate datasets. The loaders stay the
// authority (they also check what a schema cannot say, such as duplicate ids); test/suites/
// dataset-schemas.test.ts keeps the two in agreement on the repository's data and on bad lines.
import * as z from "zod";

const nonEmpty = z.string().regex(/\S/, "a non-empty text");

/** A tool offered to the target: OpenAI's {type: "function", function} or the bare {name, parameters}. */
const toolSchema = z.union([
  z.looseObject({
    type: z.literal("function").optional(),
    function: z.looseObject({
      name: z.string().min(1),
      description: z.string().optional(),
      parameters: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
  z.looseObject({ name: z.string().min(1), description: z.string().optional(), parameters: z.record(z.string(), z.unknown()).optional() }),
]);

const callFields = {
  functionName: nonEmpty.optional().describe("also function_name or name; one of them is required"),
  function_name: nonEmpty.optional(),
  name: nonEmpty.optional(),
};

/** JSON Schema for "one of these spellings is required" (a refinement zod cannot export). */
const oneSpellingRequired = (...names: string[]) => ({ anyOf: names.map((name) => ({ required: [name] })) });

const named = (call: { functionName?: string; function_name?: string; name?: string }) =>
  call.functionName !== undefined || call.function_name !== undefined || call.name !== undefined;

const expectedCall = z
  .looseObject({
    ...callFields,
    arguments: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('argument name → expected value: a literal, or a matcher such as {"$regex": "…"}, {"$anyOf": [...]} or {"$any": true}'),
  })
  .refine(named, { message: "a non-empty function name is required", path: ["functionName"] })
  .meta(oneSpellingRequired("functionName", "function_name", "name"));

const recordedCall = z
  .looseObject({
    ...callFields,
    arguments: z
      .union([z.record(z.string(), z.unknown()), z.string()])
      .optional()
      .describe("an object, or a JSON text as providers send it"),
  })
  .refine(named, { message: "a non-empty function name is required", path: ["functionName"] })
  .meta(oneSpellingRequired("functionName", "function_name", "name"));

const functionCallLine = z
  .looseObject({
    id: nonEmpty.optional().describe("the case's id; unique in the file (derived from the line's content when absent)"),
    scenarioType: nonEmpty.optional().describe("also scenario_type; required"),
    scenario_type: nonEmpty.optional(),
    instructions: z.string().optional().describe("the simulated user's instructions (live multi-turn cases)"),
    task_completion_condition: z.string().optional().describe("also taskCompletionCondition"),
    taskCompletionCondition: z.string().optional(),
    question: nonEmpty.optional().describe("single-turn: sent to the target as the user's message"),
    expected_function_calls: z.array(expectedCall).optional().describe("also expectedFunctionCalls; required (may be empty)"),
    expectedFunctionCalls: z.array(expectedCall).optional(),
    actual_function_calls: z
      .array(recordedCall)
      .optional()
      .describe("also actualFunctionCalls: calls already made, scored without a target"),
    actualFunctionCalls: z.array(recordedCall).optional(),
    tools: z.array(toolSchema).optional().describe("tools offered to the target for this case (else the suite's tools file)"),
    mocked_results: z.record(z.string(), z.unknown()).optional().describe("also mockedResults: function name → what the tool returns"),
    mockedResults: z.record(z.string(), z.unknown()).optional(),
    vars: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .optional()
      .describe("values for the {{name}} placeholders of the target's prompt file (docs/prompt-files.md)"),
    group: nonEmpty
      .optional()
      .describe("cases of one group (one customer, one conversation script) are compared as a cluster by the gate's tests"),
  })
  .refine((line) => line.scenarioType !== undefined || line.scenario_type !== undefined, {
    message: "a scenario type is required",
    path: ["scenarioType"],
  })
  .refine((line) => line.expected_function_calls !== undefined || line.expectedFunctionCalls !== undefined, {
    message: "the expected calls are required (an empty list is allowed)",
    path: ["expected_function_calls"],
  })
  .meta({
    title: "function-calls dataset line (JSONL)",
    allOf: [oneSpellingRequired("scenarioType", "scenario_type"), oneSpellingRequired("expected_function_calls", "expectedFunctionCalls")],
    description: "One case of a function-call suite in evalgate's format (the LOB chatbots' ground truth), one JSON object per line.",
    examples: [
      {
        id: "refund-1",
        scenarioType: "refund",
        instructions: "You bought shoes last week and want your money back.",
        task_completion_condition: "The refund is issued.",
        expected_function_calls: [{ functionName: "issue_refund", arguments: { order_id: "A17" } }],
        mocked_results: { issue_refund: { ok: true } },
      },
    ],
  });

const bfclMessage = z.looseObject({ role: z.enum(["system", "user", "assistant"]), content: z.string() });

const bfclQuestionLine = z
  .looseObject({
    id: z.string().describe("matches the possible answer's id; the category is the id without its trailing number"),
    question: z
      .array(z.array(bfclMessage))
      .length(1, "single-turn: one turn of messages")
      .describe("one turn: a list of {role, content} messages"),
    function: z.array(toolSchema).describe("the functions offered, with BFCL's Python-flavoured types (dict, float, tuple, any)"),
  })
  .meta({
    title: "BFCL question line (JSONL)",
    description: "One question of a Berkeley Function-Calling Leaderboard file (single-turn categories).",
    examples: [
      {
        id: "simple_python_0",
        question: [[{ role: "user", content: "Find the area of a triangle with a base of 10 units and height of 5 units." }]],
        function: [
          {
            name: "calculate_triangle_area",
            description: "Calculate the area of a triangle given its base and height.",
            parameters: {
              type: "dict",
              properties: { base: { type: "integer" }, height: { type: "integer" } },
              required: ["base", "height"],
            },
          },
        ],
      },
    ],
  });

const bfclAnswerLine = z
  .looseObject({
    id: z.string(),
    ground_truth: z
      .array(z.record(z.string(), z.record(z.string(), z.array(z.unknown()))))
      .describe('per expected call, {function name: {argument: [accepted values...]}}; "" among the values marks an optional argument'),
  })
  .meta({
    title: "BFCL possible answer line (JSONL)",
    description: "The accepted calls for one BFCL question, in the possible_answer file of the same name.",
    examples: [{ id: "simple_python_0", ground_truth: [{ calculate_triangle_area: { base: [10], height: [5], unit: ["units", ""] } }] }],
  });

const humanRatings = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe(
    "people's grades of this message (on a thread line: of the thread), by rubric name: a choice of the rubric or its score; the grader's agreement with them is reported (historical mode)",
  );

const conversationMessage = z.looseObject({
  role: nonEmpty.describe("user, assistant, tool or system; the first system message is the thread's system prompt"),
  content: z
    .union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(z.looseObject({ text: z.string().optional() })),
      z.record(z.string(), z.unknown()),
    ])
    .optional()
    .describe("a text; a list of parts (their text joined); other JSON values are read as Python's str() shows them"),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        function: z.looseObject({ name: z.string(), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional() }),
      }),
    )
    .optional(),
  tool_call_id: z.string().optional(),
  human_ratings: humanRatings.optional(),
});

const conversationLine = z
  .looseObject({
    input: z.array(conversationMessage).describe("the thread's messages in order; other fields are the thread's metadata"),
    human_ratings: humanRatings.optional(),
  })
  .meta({
    title: "conversations dataset line (JSONL)",
    description: "One conversation of a conversations suite, in FlexEval's JSONL format.",
    examples: [
      {
        input: [
          { role: "system", content: "You are a helpful tutor." },
          { role: "user", content: "What is 7 × 8?" },
          { role: "assistant", content: "7 × 8 = 56." },
        ],
      },
    ],
  });

const judgedRow = z
  .looseObject({
    prompt: z.string().describe("sent to each agent; a row with an empty prompt is skipped with a warning"),
    judge_prompt: z
      .string()
      .optional()
      .describe(
        "what a good answer contains, given to the judge; required when the suite has a judge, and a row with an empty one is skipped",
      ),
    files: z.string().optional().describe('attachments: paths separated by ";", relative to the CSV\'s folder'),
    group: z
      .string()
      .optional()
      .describe("rows of one group (questions about one document, one customer) are compared as a cluster by the gate's tests"),
  })
  .meta({
    title: "judged prompts CSV row",
    description:
      "A row of a judged suite's prompts CSV (RFC 4180, a header row naming each column once): prompt is required, judge_prompt too when the suite has a judge, files and group optional; every other column is a value of the row's: it fills the {{name}} placeholder of its header in an agent's prompt file, and the suite's checks read it ({{column}}, a value in every row).",
    examples: [
      {
        prompt: "Summarise the attached contract in three bullets.",
        judge_prompt: "Names the parties, the term and the fee.",
        files: "contract.pdf",
      },
    ],
  });

const athenaFeedback = z.looseObject({
  title: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  credits: z.union([z.number(), z.string(), z.null()]).optional().describe("a number (or a numeric text); 0 when absent"),
  structured_grading_instruction_id: z.union([z.number(), z.string(), z.null()]).optional().describe("also structuredGradingInstructionId"),
  structuredGradingInstructionId: z.union([z.number(), z.string(), z.null()]).optional(),
});

const llmRequest = z.looseObject({
  model: nonEmpty,
  num_input_tokens: z.union([z.number(), z.string()]).optional().describe("also numInputTokens"),
  numInputTokens: z.union([z.number(), z.string()]).optional(),
  num_output_tokens: z.union([z.number(), z.string()]).optional().describe("also numOutputTokens"),
  numOutputTokens: z.union([z.number(), z.string()]).optional(),
});

const athenaReply = z
  .looseObject({
    module_name: z.string().optional(),
    status: z.number().optional().describe("a status outside 200–299 is the module's failure"),
    data: z.array(athenaFeedback).describe("the feedback items"),
    meta: z
      .looseObject({
        totalUsage: z
          .record(z.string(), z.union([z.number(), z.string(), z.null()]))
          .nullable()
          .optional()
          .describe("also total_usage"),
        llmRequests: z.array(llmRequest).nullable().optional().describe("also llm_requests: token usage per LLM call, for cost"),
        llm_requests: z.array(llmRequest).nullable().optional(),
      })
      .describe("required (it may be empty)"),
  })
  .meta({
    title: "Athena feedback reply",
    description: "What an Athena-compatible module manager answers to a feedback request (SGI suites).",
    examples: [
      {
        module_name: "module_text_llm",
        status: 200,
        data: [{ title: "Missing definition", description: "Define the term first.", credits: 0.5, structured_grading_instruction_id: 3 }],
        meta: { llmRequests: [{ model: "gpt-4o", num_input_tokens: 812, num_output_tokens: 96 }] },
      },
    ],
  });

const agentMessage = z.looseObject({ role: z.enum(["system", "user", "assistant"]), content: z.string() });

/** Exactly one of these is what the agent is told first (JSON Schema's oneOf over required). */
const AGENT_OPENINGS = ["instruction", "messages", "instructions"] as const;

const agentLine = z
  .looseObject({
    id: nonEmpty.describe("the case's id; required, unique in the file"),
    instruction: nonEmpty.optional().describe("the user's message to the agent (or messages, or instructions)"),
    messages: z.array(agentMessage).min(1).optional().describe("the thread the agent is given: system, user and assistant messages"),
    instructions: nonEmpty.optional().describe("a simulated user's task: the suite's simulator talks to the agent, turn after turn"),
    expected_calls: z.array(expectedCall).optional().describe("required (may be empty): the calls the agent should make"),
    order: z.enum(["ordered", "unordered", "subsequence"]).optional().describe("how the expected calls are held to their order"),
    forbidden: z.array(z.string().min(1)).optional().describe("tools the agent must not call"),
    max_steps: z.number().int().min(1).optional().describe("requests to the agent at most (the suite's max-steps otherwise)"),
    max_cost: z.number().positive().optional().describe("USD at most for the agent's requests"),
    vars: z.record(z.string(), z.string()).optional().describe("values for the {{name}}s of the suite's checks on the final answer"),
    task_completion_condition: nonEmpty
      .optional()
      .describe("with instructions: the state the completion judge is asked about after each turn; yes ends the conversation"),
    judge_prompt: nonEmpty
      .optional()
      .describe(
        "what a good final answer holds: the suite's judge grades the final answer against it (required when the suite has a judge)",
      ),
    group: nonEmpty.optional().describe("cases of one group are compared as a cluster by the gate's tests"),
  })
  .refine((line) => AGENT_OPENINGS.filter((key) => line[key] !== undefined).length === 1, {
    message: "give one of instruction, messages or instructions",
    path: ["instruction"],
  })
  .refine((line) => line.expected_calls !== undefined, {
    message: "the expected calls are required (an empty list is allowed)",
    path: ["expected_calls"],
  })
  .meta({
    title: "agent dataset line (JSONL)",
    required: ["id", "expected_calls"],
    oneOf: AGENT_OPENINGS.map((key) => ({ required: [key] })),
    description: "One case of an agent suite: what the agent is told, and the trajectory expected of it (docs/agents.md).",
    examples: [
      {
        id: "look-up",
        instruction: "Look up ticket T-1002",
        expected_calls: [{ name: "get_ticket", arguments: { ticket_id: "T-1002" } }],
        order: "ordered",
        forbidden: ["create_ticket"],
        max_steps: 4,
      },
    ],
  });

/** Every dataset format by the name `evalgate schema --dataset` takes. */
export const DATASET_SCHEMAS = {
  "function-calls": functionCallLine,
  "bfcl-question": bfclQuestionLine,
  "bfcl-answer": bfclAnswerLine,
  conversations: conversationLine,
  "judged-csv": judgedRow,
  "athena-reply": athenaReply,
  agent: agentLine,
} as const satisfies Record<string, z.ZodType>;

export type DatasetFormat = keyof typeof DATASET_SCHEMAS;

export function datasetJsonSchema(format: DatasetFormat): Record<string, unknown> {
  return z.toJSONSchema(DATASET_SCHEMAS[format], { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}
