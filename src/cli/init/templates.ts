// What `evalgate init` writes, as two tables: one entry per suite kind (its models by role, its suite
// block, the example files it starts from) and one per provider (each role's model lines, the key's
// variable, what the system under test brings). The config, the workflow and the help are made from
// these entries alone, so a new kind or provider is one entry here. The example files are those
// evalgate ships (evals/), copied with their attribution READMEs.
import { ASSISTANT_PROMPT, SUPPORT_BOT_PROMPT } from "./prompt-texts.ts";

/** What a model does for the suite: the provider's model for that role is used. */
export type ChatRole = "agent" | "judge" | "user";

export interface InitModel {
  /** The name under `models:` the suite block uses. */
  name: string;
  /** A comment above the model in the config: what it is for and what to point it at. */
  comment: string;
  /** A chat model, from the --provider's entry; or the model's own YAML lines when no provider applies. */
  role: ChatRole | { lines: string[] };
  /** The system under test's prompt file, written beside the config (`file` relative to it) and named by `prompt:`. */
  prompt?: { file: string; text: string };
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
  /** For the help: who serves the models. */
  description: string;
  /** The variable naming the key of its hosted models: their api-key-env, a secret in the workflow; none when no model needs one. */
  keyVariable?: string;
  /** Each role's model lines (a system under test's `prompt:` line follows them). */
  models: Record<ChatRole, readonly string[]>;
  /** A comment line about the system under test (the agent role), after the kind's. */
  agentNote: string;
  /**
   * What the system under test brings when the kind has one: example files copied beside the config
   * (the program it runs), and variables a real run sets besides the key, not secrets (the workflow
   * sets them to these values, for the user to change).
   */
  agent?: { copies: readonly { file: string; about: string }[]; settings: Readonly<Record<string, string>> };
  /**
   * A keyless route (no stored key): what each job that calls the model adds. Its permissions (OIDC's
   * id-token, Copilot's requests), the steps before evalgate's that get the short-lived credentials
   * (workflow lines, at the steps' indentation), and the action step's env that passes them on.
   */
  route?: { permissions: readonly string[]; steps: readonly string[]; env: Readonly<Record<string, string>> };
}

const KEY_COMMENT = "# the variable's name, never the key: set it in the shell or in .env";

/** A hosted chat model's lines. */
const hosted = (provider: string, model: string, key: string) => [
  `provider: ${provider}`,
  `model: ${model}`,
  `api-key-env: ${key}  ${KEY_COMMENT}`,
];

/** A provider whose every role is a hosted model of its own. */
function hostedProvider(provider: string, key: string, models: Record<ChatRole, string>, description: string): InitProvider {
  return {
    description,
    keyVariable: key,
    models: {
      agent: hosted(provider, models.agent, key),
      judge: hosted(provider, models.judge, key),
      user: hosted(provider, models.user, key),
    },
    agentNote: "Point it at yours: any OpenAI-compatible base-url, or provider: http for any JSON API.",
  };
}

/** An Azure OpenAI deployment through its v1 API, on an Entra ID token (sent as Authorization: Bearer). */
function azureModel(deployment: string): string[] {
  return [
    "provider: openai",
    "base-url: https://YOUR-RESOURCE.openai.azure.com/openai/v1  # your Azure OpenAI resource",
    `model: ${deployment}                  # your deployment's name`,
    "api-key-env: AZURE_OPENAI_TOKEN  # an Entra ID access token (the workflow gets it), sent as Bearer",
  ];
}

/** A model on Vertex AI's OpenAI-compatible endpoint, on a Google access token (sent as Authorization: Bearer). */
function vertexModel(model: string): string[] {
  return [
    "provider: openai",
    "base-url: https://us-central1-aiplatform.googleapis.com/v1/projects/YOUR-PROJECT/locations/us-central1/endpoints/openapi",
    `model: ${model}`,
    "api-key-env: VERTEX_ACCESS_TOKEN  # a Google access token (the workflow gets it), sent as Bearer",
  ];
}

export const INIT_PROVIDERS = {
  openai: hostedProvider(
    "openai",
    "OPENAI_API_KEY",
    { agent: "gpt-4.1-mini", judge: "gpt-4.1", user: "gpt-4.1-mini" },
    "OpenAI (or any OpenAI-compatible base-url)",
  ),
  anthropic: hostedProvider(
    "anthropic",
    "ANTHROPIC_API_KEY",
    { agent: "claude-haiku-4-5", judge: "claude-sonnet-4-5", user: "claude-haiku-4-5" },
    "Anthropic",
  ),
  // The system under test is a program from the repository (agent.mjs, which asks a model); the
  // models that grade it and play its user stay hosted.
  command: {
    description: "the system under test is a program of yours (agent.mjs, Node); the judge and the user are OpenAI models",
    keyVariable: "OPENAI_API_KEY",
    models: {
      agent: [
        "provider: command",
        "command: [node, agent.mjs]           # an argv list runs without a shell, in this folder",
        "env:                                 # added to the program's environment",
        '  AGENT_API_KEY: "${OPENAI_API_KEY:-}" # optional (empty when unset); a secret: redacted from its log and every report',
      ],
      judge: hosted("openai", "gpt-4.1", "OPENAI_API_KEY"),
      user: hosted("openai", "gpt-4.1-mini", "OPENAI_API_KEY"),
    },
    agentNote: "Here a program of yours answers (agent.mjs asks AGENT_MODEL at AGENT_BASE_URL): put your agent in it.",
    agent: {
      copies: [{ file: "agent.mjs", about: "the agent: a Node program that asks a model with the prompt (AGENT_BASE_URL, AGENT_MODEL)" }],
      settings: { AGENT_BASE_URL: "https://api.openai.com/v1", AGENT_MODEL: "gpt-4.1-mini" },
    },
  },
  bedrock: {
    description: "Amazon Bedrock, keyless: GitHub OIDC to an IAM role (aws-actions/configure-aws-credentials)",
    models: {
      agent: [
        "provider: bedrock",
        "model: us.anthropic.claude-haiku-4-5-20251001-v1:0  # signed with the AWS_* credentials and AWS_REGION",
      ],
      judge: ["provider: bedrock", "model: us.anthropic.claude-sonnet-4-5-20250929-v1:0"],
      user: ["provider: bedrock", "model: us.anthropic.claude-haiku-4-5-20251001-v1:0"],
    },
    agentNote: "Point it at yours: any Bedrock model id or inference profile, or provider: http for any JSON API.",
    route: {
      permissions: ["id-token: write                    # OIDC: exchanged for short-lived AWS credentials, no stored key"],
      steps: [
        "      - uses: aws-actions/configure-aws-credentials@v5",
        "        with:",
        "          role-to-assume: ${{ secrets.AWS_ROLE_ARN }}  # an IAM role this repository may assume, allowed bedrock:InvokeModel",
        "          aws-region: us-east-1",
      ],
      env: {},
    },
  },
  copilot: {
    description: "GitHub Copilot, keyless: the Copilot CLI on the workflow's token (copilot-requests: write)",
    models: {
      agent: ["provider: copilot", "model: gpt-5-mini                 # any model the Copilot CLI offers; it runs on COPILOT_GITHUB_TOKEN"],
      judge: ["provider: copilot", "model: claude-sonnet-4.5"],
      user: ["provider: copilot", "model: gpt-5-mini"],
    },
    agentNote: "Point it at yours: the Copilot CLI answers here; provider: http for any JSON API.",
    route: {
      permissions: ["copilot-requests: write            # the Copilot CLI's requests, on the workflow's own token"],
      steps: ["      - run: npm install -g @github/copilot  # the Copilot CLI, which evalgate runs once per request"],
      env: { COPILOT_GITHUB_TOKEN: "${{ github.token }}" },
    },
  },
  azure: {
    description: "Azure OpenAI, keyless: Entra ID through GitHub OIDC (azure/login), a token from az account get-access-token",
    models: {
      agent: azureModel("gpt-5-mini"),
      judge: azureModel("gpt-5"),
      user: azureModel("gpt-5-mini"),
    },
    agentNote: "Point it at yours: your resource's /openai/v1 base-url and a deployment's name as model.",
    route: {
      permissions: ["id-token: write                    # OIDC: azure/login signs in as your app registration, no stored key"],
      steps: [
        "      - uses: azure/login@v2",
        "        with:",
        "          client-id: ${{ secrets.AZURE_CLIENT_ID }}",
        "          tenant-id: ${{ secrets.AZURE_TENANT_ID }}",
        "          subscription-id: ${{ secrets.AZURE_SUBSCRIPTION_ID }}",
        "      - name: Entra ID token for Azure OpenAI (valid about an hour)",
        "        run: |",
        "          token=$(az account get-access-token --resource https://cognitiveservices.azure.com --query accessToken -o tsv)",
        '          echo "::add-mask::$token"',
        '          echo "AZURE_OPENAI_TOKEN=$token" >> "$GITHUB_ENV"',
      ],
      env: {},
    },
  },
  vertex: {
    description: "Vertex AI, keyless: GitHub OIDC to Google Cloud (google-github-actions/auth), its OpenAI-compatible endpoint",
    models: {
      agent: vertexModel("google/gemini-2.5-flash"),
      judge: vertexModel("google/gemini-2.5-pro"),
      user: vertexModel("google/gemini-2.5-flash"),
    },
    agentNote: "Point it at yours: your project's OpenAI-compatible endpoint and any model it serves.",
    route: {
      permissions: ["id-token: write                    # OIDC: exchanged for a short-lived Google access token, no stored key"],
      steps: [
        "      - id: gcp",
        "        uses: google-github-actions/auth@v3",
        "        with:",
        "          workload_identity_provider: ${{ secrets.GCP_WORKLOAD_IDENTITY_PROVIDER }}",
        "          service_account: ${{ secrets.GCP_SERVICE_ACCOUNT }}",
        "          token_format: access_token     # an OAuth access token (an hour), sent as Authorization: Bearer",
      ],
      env: { VERTEX_ACCESS_TOKEN: "${{ steps.gcp.outputs.access_token }}" },
    },
  },
} as const satisfies Record<string, InitProvider>;

export type InitProviderName = keyof typeof INIT_PROVIDERS;

const SYSTEM_UNDER_TEST = "The system under test: what answers, with the prompt file it names.";

export const INIT_KINDS = {
  judged: {
    description: "an LLM judge scores each answer to a prompt against what a good answer must contain",
    models: [
      {
        name: "assistant",
        role: "agent",
        comment: SYSTEM_UNDER_TEST,
        prompt: { file: "prompts/assistant.prompt.yml", text: ASSISTANT_PROMPT },
      },
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
      {
        name: "support-bot",
        role: "agent",
        comment: `${SYSTEM_UNDER_TEST} It is offered the tools in tools.json.`,
        prompt: { file: "prompts/support-bot.prompt.yml", text: SUPPORT_BOT_PROMPT },
      },
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
  agent: {
    description: "a tool-using agent over an MCP server from the repository: its tool calls, their order and arguments, checked per case",
    models: [
      {
        name: "support-agent",
        role: "agent",
        comment: `${SYSTEM_UNDER_TEST} It is offered the MCP server's tools, and evalgate runs its loop.`,
      },
    ],
    suite: {
      name: "support-agent",
      lines: [
        "kind: agent",
        "dataset: agent/cases.jsonl             # per case: the instruction, the calls expected (order, arguments), tools forbidden",
        "target: support-agent",
        "mcp: { name: support-mcp, command: [node, agent/server.mjs] }   # your MCP server, started from the checkout (stdio)",
        "max-steps: 6                           # requests to the agent per case at most",
      ],
    },
    copies: ["agent/cases.jsonl", "agent/server.mjs"],
    gate: [
      "metrics:",
      '  "support-agent/steps": { max-rise: 0.2 }   # lower is better: fails when the agent needs 20% more requests than the baseline',
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

/** What a real run needs set: the key (a secret) when any model is a chat model, and the system under test's settings. */
export function runVariables(kind: InitKindName, provider: InitProviderName): { secrets: string[]; settings: Record<string, string> } {
  const models: readonly InitModel[] = INIT_KINDS[kind].models;
  const entry: InitProvider = INIT_PROVIDERS[provider];
  const chat = models.some((model) => typeof model.role === "string");
  const agent = models.some((model) => model.role === "agent");
  return {
    secrets: entry.keyVariable && chat ? [entry.keyVariable] : [],
    settings: agent ? { ...entry.agent?.settings } : {},
  };
}
