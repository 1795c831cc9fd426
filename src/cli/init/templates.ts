// What `evalgate init` writes, as two tables: one entry per suite kind (its models by role, its suite
// block, the example files it starts from) and one per provider (the model each role gets, the key's
// variable). The config, the workflow and the help are made from these entries alone, so a new kind
// or provider is one entry here. The example files are those evalgate ships (evals/), copied with
// their attribution READMEs.

/** What a model does for the suite: the provider's model for that role is used. */
export type ChatRole = "agent" | "judge" | "user";

export interface InitModel {
  /** The name under `models:` the suite block uses. */
  name: string;
  /** A comment above the model in the config: what it is for and what to point it at. */
  comment: string;
  /** A chat model, from the --provider's entry; or the model's own YAML lines when no provider applies. */
  role: ChatRole | { lines: string[] };
}

export interface InitKind {
  /** For the help and the summary of what was written. */
  description: string;
  models: InitModel[];
  /** The suite's name under `suites:` and its block, indented under it. */
  suite: { name: string; lines: string[] };
  /** Files (or folders) of the example suite evalgate ships, copied under the same relative paths. */
  copies: string[];
  /** Lines under `gate:` after the defaults (max-drop 5%, min-score 0.8), when the kind needs its own. */
  gate?: string[];
}

export interface InitProvider {
  /** The variable naming the key: api-key-env in the config, a secret in the workflow. */
  keyVariable: string;
  /** The model each role gets. */
  models: Record<ChatRole, string>;
}

export const INIT_PROVIDERS = {
  openai: { keyVariable: "OPENAI_API_KEY", models: { agent: "gpt-4.1-mini", judge: "gpt-4.1", user: "gpt-4.1-mini" } },
  anthropic: {
    keyVariable: "ANTHROPIC_API_KEY",
    models: { agent: "claude-haiku-4-5", judge: "claude-sonnet-4-5", user: "claude-haiku-4-5" },
  },
} as const satisfies Record<string, InitProvider>;

export type InitProviderName = keyof typeof INIT_PROVIDERS;

const SYSTEM_UNDER_TEST = "The system under test: point it at yours (any OpenAI-compatible base-url, or provider: http for any JSON API).";

export const INIT_KINDS = {
  judged: {
    description: "an LLM judge scores each answer to a prompt against what a good answer must contain",
    models: [
      { name: "assistant", role: "agent", comment: SYSTEM_UNDER_TEST },
      { name: "judge", role: "judge", comment: "The judge: a strong model that scores every answer, three votes each." },
    ],
    suite: {
      name: "helpfulness",
      lines: [
        "kind: judged",
        "prompts: judged/prompts.csv            # prompt,judge_prompt[,files]: the question and what a good answer contains",
        "agents: [assistant]",
        "judge: judge",
        "judge-runs: 3                          # votes per answer: the majority is its score",
        'scale: "0-3"',
        "judge-preamble: judged/judge-prompts/default.md",
      ],
    },
    copies: ["judged/prompts.csv", "judged/files/categorization_pct.csv", "judged/judge-prompts/default.md", "judged/README.md"],
  },
  "function-calls": {
    description: "a simulated user drives a tool-calling bot; its calls are checked against the expected ones",
    models: [
      { name: "support-bot", role: "agent", comment: `${SYSTEM_UNDER_TEST} It is offered the tools in tools.json.` },
      { name: "user", role: "user", comment: "Plays the user, following each case's instructions turn by turn." },
      { name: "done-check", role: "judge", comment: "Says when the user's task is complete." },
    ],
    suite: {
      name: "support-bot",
      lines: [
        "kind: function-calls",
        "dataset: function-calls/cases.jsonl    # per case: the user's instructions, when it is done, the calls expected",
        "tools: function-calls/tools.json",
        "target: support-bot",
        "simulator: user",
        "completion-judge: done-check",
        "max-turns: 6",
      ],
    },
    copies: ["function-calls/cases.jsonl", "function-calls/tools.json"],
  },
  conversations: {
    description: "FlexEval's metrics over recorded conversations: a rubric graded by a model, readability per role",
    models: [{ name: "grader", role: "judge", comment: "Grades the rubric in rubrics.yaml on every tutor turn." }],
    suite: {
      name: "tutor",
      lines: [
        "kind: conversations",
        "dataset: conversations/*.jsonl         # FlexEval JSONL: one conversation per line",
        "grader: grader",
        "rubrics: conversations/rubrics.yaml",
        "metrics:",
        "  function:",
        "    - { name: is_role, level: turn, kwargs: { role: assistant } }",
        "    - { name: flesch_reading_ease, level: message, gate: { role: assistant, at-least: 50 } }",
        "  rubric:",
        "    - name: asks_a_question",
        "      level: turn",
        "      depends-on: [{ name: is_role, metric-name: assistant, min: 1 }]   # the tutor's turns only",
        "      gate: { at-least: 0.5 }",
      ],
    },
    copies: ["conversations/simple.jsonl", "conversations/plot-convos.jsonl", "conversations/rubrics.yaml", "conversations/README.md"],
  },
  sgi: {
    description: "Eunomia TestBench scenarios sent to an Athena-compatible feedback module",
    models: [
      {
        name: "feedback",
        comment: "The system under test: your Athena module manager's feedback route.",
        role: {
          lines: [
            "provider: athena",
            "url: http://localhost:5100/modules/modeling/module_modeling_llm/feedback_suggestions",
            "# secret-env: ATHENA_SECRET           # the variable holding its shared secret, if it has one",
          ],
        },
      },
    ],
    suite: {
      name: "uml-feedback",
      lines: [
        "kind: sgi",
        "scenarios: sgi/                        # one folder per scenario",
        "target: feedback",
        "costs: sgi/llm_cost.yml",
      ],
    },
    copies: ["sgi/bpmn_loan", "sgi/llm_cost.yml", "sgi/README.md"],
    gate: [
      "metrics:",
      '  "uml-feedback/*": { min-score: 0.4 }  # feedback models miss faults: guard against regressions first, then raise it',
    ],
  },
  "prompt-yml": {
    description: "GitHub Models .prompt.yml files: each testData row answered and graded by the file's evaluators, as gh models eval does",
    models: [
      { name: "assistant", role: "agent", comment: `${SYSTEM_UNDER_TEST} The files' messages are sent to it.` },
      { name: "judge", role: "judge", comment: "Grades the files' llm and uses evaluators (a file's modelId never picks its grader)." },
    ],
    suite: {
      name: "prompt-files",
      lines: [
        "kind: prompt-yml",
        "files: prompt-yml/*.prompt.yml          # every file the glob matches; each testData row is a case",
        "model-map: { openai/gpt-4o-mini: assistant }   # a file's model: id -> the model its messages go to",
        "judge: judge",
      ],
    },
    copies: ["prompt-yml/facts.prompt.yml", "prompt-yml/explain.prompt.yml", "prompt-yml/README.md"],
  },
} as const satisfies Record<string, InitKind>;

export type InitKindName = keyof typeof INIT_KINDS;
