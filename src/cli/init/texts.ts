// The texts `evalgate init` writes, from a kind's and a provider's entries (templates.ts): the
// commented evalgate.yml, and the workflow that gates pull requests with least privilege per event.
import type { InstallSource } from "./install-source.ts";
import type { OwnFiles } from "./own-files.ts";
import {
  INIT_KINDS,
  INIT_PROVIDERS,
  type InitKindName,
  type InitModel,
  type InitProvider,
  type InitProviderName,
  runVariables,
} from "./templates.ts";

export type BaselineStore = "file" | "branch";

export interface InitChoices {
  kind: InitKindName;
  provider: InitProviderName;
  store: BaselineStore;
  /** The baseline file from the repository's root (store: file). */
  baselinePath: string;
  /** `# yaml-language-server: $schema=…` when the installed package's schema can be named. */
  schemaPath?: string;
  /** The project's own prompt file and dataset (`init --prompt --dataset`), named where they are. */
  own?: OwnFiles;
}

const indent = (lines: readonly string[], by: string) => lines.map((line) => `${by}${line}`);

/** The file's text with its end-of-line comments in one column (after the longest line that has one, up to 40). */
function aligned(lines: string[]): string {
  const split = lines.map((line) => /^(\s*\S.*?) {2,}(# .*)$/.exec(line));
  const column = Math.min(40, Math.max(0, ...split.map((match) => (match ? match[1]!.length + 2 : 0))));
  const text = lines.map((line, i) => {
    const match = split[i];
    return match ? `${match[1]!.padEnd(column - 1)} ${match[2]}` : line;
  });
  return `${text.join("\n")}\n`;
}

function modelLines(model: InitModel, provider: InitProviderName, own: OwnFiles | undefined): string[] {
  if (typeof model.role === "object") return model.role.lines;
  const file = own?.prompt ?? model.prompt?.file;
  const prompt = model.prompt
    ? [`prompt: ${yamlScalar(file!)}  # its prompt, from this repository: a pull request that edits it is measured`]
    : [];
  return [...INIT_PROVIDERS[provider].models[model.role], ...prompt];
}

/** The comment above a model: the kind's, and for the system under test the provider's note. */
function modelComment(model: InitModel, provider: InitProviderName): string[] {
  const note = model.role === "agent" ? [INIT_PROVIDERS[provider].agentNote] : [];
  return [model.comment, ...note].map((line) => `  # ${line}`);
}

/** A YAML scalar: plain when that reads back as the same string, else quoted. */
const yamlScalar = (text: string) =>
  /^[\w./-]+$/.test(text) && !/^[-.]/.test(text) && !/^(true|false|null|yes|no|on|off|[-+\d.]+)$/i.test(text) ? text : JSON.stringify(text);

/**
 * The suite's lines with the project's own dataset in place of the example's: named where it is,
 * with its column mapping, and no judge preamble (it came with the example data).
 */
function suiteLines(lines: readonly string[], own: OwnFiles | undefined): readonly string[] {
  if (!own?.dataset) return lines;
  const columns = Object.entries(own.columns ?? {}).map(([role, column]) => `${role}: ${yamlScalar(column)}`);
  return lines.flatMap((line) => {
    if (line.startsWith("judge-preamble:")) return [];
    if (!line.startsWith("prompts:")) return [line];
    return [
      `prompts: ${yamlScalar(own.dataset!)}  # your dataset, as it is`,
      ...(columns.length ? [`columns: { ${columns.join(", ")} }  # your columns for evalgate's`] : []),
    ];
  });
}

export const BASELINE_LINES: Record<BaselineStore, (path: string) => string[]> = {
  file: (path) => [
    "store: file                          # a committed results file: `evalgate baseline save` writes it, you commit it",
    `path: ${path}`,
  ],
  branch: () => [
    "store: branch                        # the action keeps it on the evalgate-baselines branch, after each passing push to main",
  ],
};

export function configText(choices: InitChoices): string {
  const kind = INIT_KINDS[choices.kind];
  const models = kind.models.flatMap((model: InitModel) => [
    ...modelComment(model, choices.provider),
    `  ${model.name}:`,
    ...indent(modelLines(model, choices.provider, choices.own), "    "),
  ]);
  return aligned([
    ...(choices.schemaPath ? [`# yaml-language-server: $schema=${choices.schemaPath}`] : []),
    "# evalgate: what to evaluate, with which models, and the rules of the gate. Written by `evalgate init`;",
    "# every key is described in docs/configuration.md of evalgate's repository. Paths are relative to this file.",
    "version: 1",
    "",
    "models:",
    ...models,
    "",
    "suites:",
    `  # ${kind.description}`,
    `  ${kind.suite.name}:`,
    ...indent(suiteLines(kind.suite.lines, choices.own), "    "),
    "",
    "gate:",
    "  max-drop: 0.05                       # a gated metric more than 5% below the baseline fails, when it is more than noise",
    "  min-score: 0.8                       # a gated metric under 0.8 fails",
    ...indent(("gate" in kind ? kind.gate : undefined) ?? [], "  "),
    "",
    "baseline:",
    ...indent(BASELINE_LINES[choices.store](choices.baselinePath), "  "),
  ]);
}

export interface WorkflowChoices {
  kind: InitKindName;
  provider: InitProviderName;
  store: BaselineStore;
  /** The config from the repository's root. */
  configPath: string;
  /** owner/repo@ref of the action; when not known, a placeholder whose line says why. */
  action: InstallSource;
  /** The branch pushes to which are gated (and, with store: branch, stored). */
  mainBranch: string;
  /** What a run needs set, when not the kind's and provider's (init --from promptfoo: its providers' keys). */
  variables?: { secrets: string[]; settings: Record<string, string> };
  /** What the suites read, from the repository's root (globs): a pull request touching none of it runs nothing. */
  inputs: string[];
}

/** The environment of the action's step: the key as a secret, and where the system under test's program asks. */
function secretLines(choices: WorkflowChoices): string[] {
  const { secrets, settings } = choices.variables ?? runVariables(choices.kind, choices.provider);
  const values = Object.entries(settings);
  const credentials = Object.entries(routeOf(choices.provider)?.env ?? {});
  if (secrets.length === 0 && values.length === 0 && credentials.length === 0) return [];
  return [
    "        env:",
    ...secrets.map((name) => `          ${name}: \${{ secrets.${name} }}`),
    ...credentials.map(([name, value]) => `          ${name}: ${value}`),
    ...values.map(([name, value], i) => `          ${name}: ${value}${i === 0 ? "  # where agent.mjs asks, and which model: yours" : ""}`),
  ];
}

/** The provider's keyless route, when it has one (its permissions, steps and credentials in every job that calls the model). */
function routeOf(provider: InitProviderName): InitProvider["route"] {
  return (INIT_PROVIDERS[provider] as InitProvider).route;
}

/** The action's step, with a comment saying where its reference came from, or why it is a placeholder. */
const usesLine = ({ action, known, note }: InstallSource) => `      - uses: ${action}  # ${known ? note : `EDIT: ${note}`}`;

/** One job: who runs it, with which permissions, and the steps they share. */
function job(name: string, condition: string, permissions: string[], choices: WorkflowChoices): string[] {
  return [
    `  ${name}:`,
    `    if: ${condition}`,
    "    runs-on: ubuntu-latest",
    "    permissions:",
    ...indent([...permissions, ...(routeOf(choices.provider)?.permissions ?? [])], "      "),
    "    steps:",
    "      - uses: actions/checkout@v5",
    "        with:",
    "          fetch-depth: 2                 # the base commit too: suites with paths: skip what a change did not touch",
    "          persist-credentials: false     # the token is not left in .git/config while the checkout's code runs",
    ...(routeOf(choices.provider)?.steps ?? []),
    usesLine(choices.action),
    "        with:",
    `          config: ${choices.configPath}`,
    "          deadline: 30m                  # a run that takes longer stops: the verdict is then error, never pass",
    ...secretLines(choices),
  ];
}

export function workflowText(choices: WorkflowChoices): string {
  const stores = choices.store === "branch";
  const pushPermissions = [
    stores ? "contents: write                  # stores the baseline on the evalgate-baselines branch" : "contents: read",
    ...(stores ? ["pull-requests: read                # finds the pull request a merge commit merged, for its acceptance"] : []),
    "checks: write                      # the check run with the verdict",
  ];
  return aligned([
    "# evalgate: every pull request is gated against the baseline of its base branch, and every push",
    `# to ${choices.mainBranch} is gated too. Written by \`evalgate init\`; docs/github.md in evalgate's repository has more.`,
    `# Pin the action to a commit you have reviewed (${choices.action.action.split("@")[0]}@<40-character commit sha>).`,
    ...(stores ? ["# A maintainer accepts a regression with a label or `/evalgate accept`: evals-accept.yml, beside this file."] : []),
    "name: evals",
    "on:",
    "  pull_request:",
    "    paths:                               # what the suites read: add the code your system under test runs",
    ...choices.inputs.map((input) => `      - ${JSON.stringify(input)}`),
    "  push:",
    `    branches: [${choices.mainBranch}]`,
    "  workflow_dispatch:",
    "permissions: {}                          # each job asks for what it needs and no more",
    "concurrency:                             # a new push to a pull request cancels its running evals",
    "  group: evals-${{ github.event.pull_request.number || github.ref }}",
    "  cancel-in-progress: ${{ github.event_name == 'pull_request' }}",
    "jobs:",
    ...job(
      "pull-request",
      "github.event_name == 'pull_request'",
      [
        "contents: read                     # a pull request never writes to the repository",
        "pull-requests: write               # the one PR comment, updated in place",
        "checks: write                      # the check run with the verdict, its annotations and the record /evalgate accept reads",
      ],
      choices,
    ),
    ...job("push", "github.event_name != 'pull_request'", pushPermissions, choices),
  ]);
}

/**
 * The workflow that accepts a regression (docs/accepting-regressions.md shows the same): on the accept
 * label and on `/evalgate accept` comments. It checks out the default branch, never the pull request's
 * code, and gives the action no secret: the accept path sends no model request.
 */
export function acceptWorkflowText(choices: Pick<WorkflowChoices, "action" | "configPath">): string {
  return aligned([
    "# evalgate: a maintainer accepts a pull request's regression with the label or a `/evalgate accept` comment.",
    "# Written by `evalgate init`; docs/accepting-regressions.md in evalgate's repository has more.",
    "name: evals-accept",
    "on:",
    "  pull_request:",
    "    types: [labeled]",
    "  issue_comment:",
    "    types: [created]",
    "permissions:",
    "  contents: write       # the acceptance on the data branch (pulls/<number>/acceptance.json)",
    "  pull-requests: write  # the pull request's head commit, and the sticky comment",
    "  checks: write         # the evals run's record in its check run, and that check run's new verdict",
    "concurrency:            # one acceptance at a time per pull request",
    "  group: evals-accept-${{ github.event.pull_request.number || github.event.issue.number }}",
    "  cancel-in-progress: false",
    "jobs:",
    "  accept:",
    "    # Only the accept label, and only comments on pull requests that start with the command.",
    "    if: >-",
    "      (github.event_name == 'pull_request' && github.event.label.name == 'evalgate: accept') ||",
    "      (github.event_name == 'issue_comment' && github.event.issue.pull_request &&",
    "       startsWith(github.event.comment.body, '/evalgate accept'))",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - uses: actions/checkout@v5",
    "        with:",
    "          ref: ${{ github.event.repository.default_branch }}  # the default branch's config: never the PR's code",
    "          persist-credentials: false",
    usesLine(choices.action),
    "        with:",
    `          config: ${choices.configPath}`,
    "          # No env: no model key and no other secret. The accept path sends no model request.",
  ]);
}
