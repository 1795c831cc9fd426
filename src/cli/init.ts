// `evalgate init`: a config, a small dataset and (with --workflow) a GitHub workflow to start from,
// non-interactively. What it writes validates and runs against the demo targets as it is
// (`evalgate demo -c evals/evalgate.yml`). It never replaces a file (exit 2 naming each one; --force
// replaces them) and checks every path before writing any, so a refused init leaves nothing behind.
import { existsSync, statSync } from "node:fs";
import { appendFile, readdir } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "../config/errors.ts";
import { checkOutputPaths, writeOutputFile } from "../config/output-file.ts";
import { exampleSuitePath } from "../demo/example-suite.ts";
import { findRepositoryRoot, readGitInfo } from "../engine/git.ts";
import { EXIT } from "../util/exit-codes.ts";
import { readRegularFile } from "../util/regular-file.ts";
import { parseCommand } from "./command-args.ts";
import { ENVIRONMENT_OPTIONS } from "./environment.ts";
import { type InstallSource, installSource } from "./init/install-source.ts";
import { columnMapping, type OwnFiles, ownFiles } from "./init/own-files.ts";
import { promptfooInit } from "./init/promptfoo.ts";
import {
  INIT_KINDS,
  INIT_PROVIDERS,
  type InitKindName,
  type InitModel,
  type InitProvider,
  type InitProviderName,
  runVariables,
} from "./init/templates.ts";
import { acceptWorkflowText, BASELINE_LINES, type BaselineStore, configText, workflowText } from "./init/texts.ts";
import { formatOptionsHelp, InvalidValue, type OptionTable, oneOf } from "./option-table.ts";

const KIND_NAMES = Object.keys(INIT_KINDS) as InitKindName[];
const PROVIDER_NAMES = Object.keys(INIT_PROVIDERS) as InitProviderName[];
function actionRef(raw: string): string {
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(\/[^@\s]+)?@[A-Za-z0-9_./-]+$/.test(raw))
    throw new InvalidValue("owner/repo@ref, e.g. evalgate/evalgate@<commit sha>");
  return raw;
}

const INIT_OPTIONS = {
  kind: {
    type: "string",
    arg: "<kind>",
    help: `the suite to start from: ${KIND_NAMES.join(", ")}`,
    default: "judged",
    parse: oneOf(...KIND_NAMES),
  },
  provider: {
    type: "string",
    arg: "<provider>",
    help: `who serves its models: ${PROVIDER_NAMES.join(", ")}`,
    default: "openai",
    parse: oneOf(...PROVIDER_NAMES),
  },
  dir: { type: "string", arg: "<folder>", help: "where the config and its dataset go", default: "evals" },
  workflow: {
    type: "boolean",
    help: "also write .github/workflows/evals.yml: pull requests gated, pushes checked (with --baseline-store branch, evals-accept.yml too)",
  },
  "baseline-store": {
    type: "string",
    arg: "<store>",
    help: "file (a committed results file, made by evalgate baseline save) or branch (the action keeps it on a data branch)",
    default: "file",
    parse: oneOf<BaselineStore>("file", "branch"),
  },
  action: {
    type: "string",
    arg: "<owner/repo@ref>",
    help: "the action the workflow uses (default: the repository and commit the CLI was installed from, as the release or npm's lock recorded it; else a placeholder, said so)",
    parse: actionRef,
  },
  from: {
    type: "string",
    arg: "<tool>",
    help: "promptfoo: write evalgate.yml around your promptfooconfig.yaml as it is (its providers as models, mapped)",
    parse: oneOf("promptfoo"),
  },
  "promptfoo-config": {
    type: "string",
    arg: "<file>",
    help: "with --from promptfoo: the promptfoo config",
    default: "promptfooconfig.yaml",
  },
  prompt: {
    type: "string",
    arg: "<file>",
    help: "your prompt file (.prompt.yml, messages or .md) as the system under test's: named where it is, not copied",
  },
  dataset: { type: "string", arg: "<file>", help: "your CSV of prompts (--kind judged): named where it is, used as it is" },
  column: {
    type: "string",
    arg: "<column>=<yours>",
    multiple: true,
    help: "which column of your dataset plays one of evalgate's: prompt=question, judge_prompt=expected (repeatable)",
    parse: columnMapping,
  },
  force: { type: "boolean", help: "replace files that exist (otherwise init writes nothing and exits 2)" },
  ...ENVIRONMENT_OPTIONS,
} as const satisfies OptionTable;

const HELP = `Usage: evalgate init [--kind <kind>] [--provider <provider>] [--workflow] [--dir <folder>]
                     [--prompt <file>] [--dataset <file> [--column prompt=<yours> ...]]

Writes a commented evalgate.yml, a small dataset from evalgate's example suite, the system under
test's prompt file (when the kind has one) and, with --workflow, a GitHub workflow (and, with
--baseline-store branch, the one that accepts a regression). Nothing is replaced unless --force. Kinds:
${KIND_NAMES.map((name) => `  ${name.padEnd(16)}${INIT_KINDS[name].description}`).join("\n")}
Providers:
${PROVIDER_NAMES.map((name) => `  ${name.padEnd(16)}${INIT_PROVIDERS[name].description}`).join("\n")}

${formatOptionsHelp(INIT_OPTIONS)}`;

type InitValues = Awaited<ReturnType<typeof parseCommand<typeof INIT_OPTIONS>>>["values"];

/** A file init writes: its text, or the example file it copies. */
type Planned = { file: string; text: string; about: string } | { file: string; from: string; about: string };

export async function initCommand(argv: string[]): Promise<number> {
  const { values } = await parseCommand(argv, INIT_OPTIONS);
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return EXIT.pass;
  }
  const root = findRepositoryRoot(process.cwd()) ?? process.cwd();
  const own = await ownFiles(values, path.resolve(values.dir), root);
  let planned: Planned[];
  try {
    planned = await plan(values, root, own);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`evalgate init: ${error.message}\n`);
    return EXIT.badInput;
  }
  const taken = planned.filter(({ file }) => existsSync(file));
  if (taken.length && !values.force) {
    const names = taken.map(({ file }) => `  ${shown(file)}`).join("\n");
    process.stderr.write(
      `evalgate init: ${taken.length === 1 ? "this file exists" : "these files exist"}, so nothing was written:\n${names}\nMove ${taken.length === 1 ? "it" : "them"} away, or replace ${taken.length === 1 ? "it" : "them"} with --force.\n`,
    );
    return EXIT.badInput;
  }
  await checkOutputPaths(
    planned.map(({ file }) => file),
    "files",
  );
  // Copies are written like any output (a new file renamed into place), never through a link.
  for (const item of planned) await writeOutputFile(item.file, "text" in item ? item.text : await readRegularFile(item.from, "utf8"));
  const ignored = await ignoreOutputs(root);
  process.stdout.write(summary(planned, ignored, values, root, own));
  return EXIT.pass;
}

async function plan(values: InitValues, root: string, own: OwnFiles): Promise<Planned[]> {
  const dir = path.resolve(values.dir);
  const configFile = path.join(dir, "evalgate.yml");
  const fromRoot = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const fromPromptfoo = await promptfooPlan(values, dir, fromRoot);
  const planned: Planned[] = fromPromptfoo
    ? [
        {
          file: configFile,
          text: fromPromptfoo.configText,
          about: `the config: your promptfoo config's providers as models, its suite, the gate and the baseline`,
        },
      ]
    : await kindPlan(values, { dir, root, configFile, baselinePath: fromRoot(path.join(dir, "baseline.json")) }, own);
  if (values.workflow) {
    const mainBranch = (await readGitInfo(root, {})).branch ?? "main";
    const source: InstallSource = values.action
      ? { action: values.action, known: true, note: "as --action gave it" }
      : await installSource(root);
    const text = workflowText({
      kind: values.kind,
      provider: values.provider,
      store: values["baseline-store"],
      configPath: fromRoot(configFile),
      action: source,
      mainBranch,
      ...(fromPromptfoo ? { variables: { secrets: fromPromptfoo.secrets, settings: {} } } : {}),
      inputs: workflowInputs(fromRoot, dir, own),
    });
    const pin = source.known ? `; its action: ${source.action} (${source.note})` : `; its action is a placeholder to edit: ${source.note}`;
    planned.push({
      file: path.join(root, ".github", "workflows", "evals.yml"),
      text,
      about: `the workflow: pull requests gated, pushes checked, least privilege per event${pin}`,
    });
    // Acceptances live on the data branch, so only a branch-stored baseline can take them.
    if (values["baseline-store"] === "branch")
      planned.push({
        file: path.join(root, ".github", "workflows", "evals-accept.yml"),
        text: acceptWorkflowText({ action: source, configPath: fromRoot(configFile) }),
        about: "the workflow that accepts a regression: the accept label or a /evalgate accept comment",
      });
  }
  return planned;
}

/** With --from promptfoo: the config around the promptfoo config, and the keys its run needs. */
async function promptfooPlan(values: InitValues, dir: string, fromRoot: (file: string) => string) {
  if (values.from !== "promptfoo") return undefined;
  const baseline = BASELINE_LINES[values["baseline-store"]](fromRoot(path.join(dir, "baseline.json")));
  return promptfooInit(path.resolve(values["promptfoo-config"]), dir, baseline);
}

/** The config of a kind and provider around the project's own files, the system under test's files and the example data. */
async function kindPlan(
  values: InitValues,
  where: { dir: string; root: string; configFile: string; baselinePath: string },
  own: OwnFiles,
): Promise<Planned[]> {
  const { dir, root, configFile, baselinePath } = where;
  const kind = INIT_KINDS[values.kind];
  const schema = path.join(root, "node_modules", "evalgate", "evalgate.schema.json");
  const config = configText({
    kind: values.kind,
    provider: values.provider,
    store: values["baseline-store"],
    baselinePath,
    ...(existsSync(schema) ? { schemaPath: path.relative(dir, schema).split(path.sep).join("/") } : {}),
    own,
  });
  const planned: Planned[] = [
    { file: configFile, text: config, about: `the config: its models, a ${values.kind} suite, the gate and the baseline` },
    ...systemUnderTest(kind.models, values.provider, dir, own),
  ];
  // The example data comes with the example dataset; a project's own dataset needs none of it.
  if (!own.dataset) planned.push(...(await exampleCopies(kind.copies, dir)));
  return planned;
}

/** What the suites read, as globs from the repository's root: the config's folder, the project's own files, the workflow itself. */
function workflowInputs(fromRoot: (file: string) => string, dir: string, own: OwnFiles): string[] {
  const configDir = path.resolve(dir);
  const outside = [own.prompt, own.dataset].flatMap((file) => (file ? [path.resolve(configDir, file)] : []));
  return [`${fromRoot(configDir)}/**`, ...outside.map(fromRoot), ".github/workflows/evals.yml"];
}

/** The system under test's files: its prompt file, and what the provider's agent brings (the program it runs). */
function systemUnderTest(models: readonly InitModel[], provider: InitProviderName, dir: string, own: OwnFiles): Planned[] {
  const agents = models.filter((model) => model.role === "agent");
  const prompts = agents.flatMap(({ name, prompt }) =>
    prompt && !own.prompt
      ? [{ file: path.join(dir, prompt.file), text: prompt.text, about: `${name}'s prompt: edit it, and the gate measures the edit` }]
      : [],
  );
  const source = agents.length > 0 ? exampleFolder() : "";
  const copies = agents.length > 0 ? ((INIT_PROVIDERS[provider] as InitProvider).agent?.copies ?? []) : [];
  return [...prompts, ...copies.map(({ file, about }) => ({ file: path.join(dir, file), from: path.join(source, file), about }))];
}

/** The example suite's files (folders expanded), each to the same place under `dir`. */
async function exampleCopies(copies: readonly string[], dir: string): Promise<Planned[]> {
  const source = exampleFolder();
  const files: Planned[] = [];
  for (const relative of copies) {
    const from = path.join(source, relative);
    const names = statSync(from).isDirectory()
      ? (await readdir(from, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(source, path.join(entry.parentPath, entry.name)))
      : [relative];
    for (const name of names) files.push({ file: path.join(dir, name), from: path.join(source, name), about: "" });
  }
  return files;
}

/** The folder of the example suite evalgate ships (evals/), which init copies from. */
function exampleFolder(): string {
  const example = exampleSuitePath();
  if (!example) throw new ConfigError([{ file: "evals/", message: "evalgate's example suite is missing from this installation" }]);
  return path.dirname(example);
}

/** `.evalgate/` (results, journal, cache) and `.env` (keys) in .gitignore: lines added when missing. */
async function ignoreOutputs(root: string): Promise<string[]> {
  const file = path.join(root, ".gitignore");
  const text = existsSync(file) ? await readRegularFile(file, "utf8") : "";
  const present = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  const missing = [".evalgate/", ".env"].filter((line) => !present.has(line) && !present.has(line.replace(/\/$/, "")));
  if (missing.length)
    await appendFile(file, `${text && !text.endsWith("\n") ? "\n" : ""}# evalgate: results and cache, and keys\n${missing.join("\n")}\n`);
  return missing;
}

function summary(planned: Planned[], ignored: string[], values: InitValues, root: string, own: OwnFiles): string {
  const described = planned.filter((item) => item.about);
  const copied = planned.length - described.length;
  const width = Math.max(...described.map(({ file }) => shown(file).length), ...own.notes.map(([file]) => file.length)) + 2;
  const configPath = shown(planned[0]!.file);
  const run = invocation(root);
  const config = values.dir === "evals" ? "" : ` -c ${configPath}`;
  const { secrets, settings } = runVariables(values.kind, values.provider);
  const needed = [...secrets, ...Object.keys(settings)];
  const next: [string, string][] = [
    [`${run} demo -c ${configPath}`, "run it now, every model played by the demo targets (no key, no network)"],
    [`${run} run${config}`, `run it for real${needed.length ? `, with ${listed(needed)} set (in the shell, or in .env)` : ""}`],
    values["baseline-store"] === "file"
      ? [`${run} baseline save${config}`, "keep that run as the baseline, then commit it"]
      : ["git push", "the workflow's push job stores the baseline on the evalgate-baselines branch"],
  ];
  const commandWidth = Math.max(...next.map(([command]) => command.length)) + 3;
  const lines = [
    "evalgate init: wrote",
    ...described.map(({ file, about }) => `  ${shown(file).padEnd(width)}${about}`),
    ...(copied
      ? [`  ${`${shown(path.resolve(values.dir))}/`.padEnd(width)}${copied} example files (their README says where the data comes from)`]
      : []),
    ...(own.notes.length ? ["and uses, as they are,", ...own.notes.map(([file, about]) => `  ${file.padEnd(width)}${about}`)] : []),
    ...(ignored.length ? [`  ${".gitignore".padEnd(width)}+ ${ignored.join(", ")}`] : []),
    "",
    "Next:",
    ...next.map(([command, why]) => `  ${command.padEnd(commandWidth)}${why}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** "A", "A and B", "A, B and C". */
const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** How to run the CLI from here: through npx when this is the project's own install, else by name. */
function invocation(root: string): string {
  const entry = process.argv[1] ? path.resolve(process.argv[1]) : "";
  return entry.startsWith(path.join(root, "node_modules") + path.sep) ? "npx evalgate" : "evalgate";
}

const shown = (file: string) => path.relative(process.cwd(), file) || file;
