// `evalgate init --from promptfoo`: an evalgate.yml around a repository's promptfooconfig.yaml, as it
// is. Each provider becomes a configured model (openai:* and anthropic:* as evalgate's own providers,
// their keys by variable name) mapped by model-map; a config with model-graded asserts gets a judge of
// the same provider; exec:, Python and http providers run as they are, with no model written). A
// provider evalgate cannot run itself is named (exit 2), never guessed.
import path from "node:path";
import { ConfigError, type InputProblem } from "../../config/errors.ts";
import { directModel, type PfProviderSpec, providerSpec } from "../../config/promptfoo-providers.ts";
import { readTextFile } from "../../config/text-file.ts";
import { parsePositionedYaml, yamlProblems } from "../../config/yaml-positions.ts";
import { isRecord } from "../../util/is-record.ts";

export interface PromptfooInit {
  configText: string;
  /** The key variables a run needs (the workflow's secrets). */
  secrets: string[];
}

interface Hosted {
  provider: "openai" | "anthropic";
  model: string;
  key: string;
}

const JUDGES: Record<Hosted["provider"], string> = { openai: "gpt-4.1", anthropic: "claude-sonnet-4-5" };
const KEYS: Record<Hosted["provider"], string> = { openai: "OPENAI_API_KEY", anthropic: "ANTHROPIC_API_KEY" };
const GRADED = /\b(llm-rubric|model-graded-closedqa|model-graded-factuality|factuality|g-eval|answer-relevance)\b|\bgrade:/;

/** What evalgate's own providers run: openai:<model>, openai:chat:<model>, anthropic:<model>, anthropic:messages:<model>. */
export function hostedModel(id: string): Hosted | undefined {
  const match = /^(openai|anthropic)(?::(?:chat|messages))?:([^:\s]+)$/.exec(id);
  if (!match) return undefined;
  const provider = match[1] as Hosted["provider"];
  return { provider, model: match[2]!, key: KEYS[provider] };
}

/** The config's providers as written, one per id. */
function providerSpecs(value: unknown): PfProviderSpec[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const specs = items.flatMap((item) => providerSpec(item) ?? []);
  return specs.filter((spec, index) => specs.findIndex((other) => other.id === spec.id) === index);
}

/** Each provider as a model of evalgate's own providers, and the model-map entries; one it cannot run is a problem. */
function mappedModels(
  specs: readonly PfProviderSpec[],
  where: { shown: string; baseDir: string },
  lineOf: (index: number) => number | undefined,
) {
  const shown = where.shown;
  const problems: InputProblem[] = [];
  const models = new Map<string, Hosted>();
  const map: string[] = [];
  specs.forEach((spec, index) => {
    const id = spec.id;
    const hosted = hostedModel(id);
    if (!hosted) {
      // exec:, a Python file, http: evalgate runs them itself when it loads evalgate.yml, with no model to write.
      const direct = directModel(spec, { baseDir: where.baseDir, configDir: where.baseDir, env: {} });
      if (direct && "model" in direct) return;
      const why = direct && "why" in direct ? ` (${direct.why})` : "";
      problems.push({
        file: shown,
        line: lineOf(index),
        message: `provider "${id}" is not one evalgate runs itself${why} (openai:*, anthropic:*, exec:, a Python file, http): add a model for it under models: and map it in model-map by hand (docs/promptfoo.md)`,
      });
      return;
    }
    const name = modelName(hosted.model);
    models.set(name, hosted);
    map.push(`${JSON.stringify(id)}: ${name}`);
  });
  if (specs.length === 0) problems.push({ file: shown, message: "the config names no providers" });
  if (problems.length) throw new ConfigError(problems);
  return { models, map };
}

const modelName = (model: string) => model.replace(/[^A-Za-z0-9_-]+/g, "-");

export async function promptfooInit(pfConfig: string, configDir: string, baselineLines: string[]): Promise<PromptfooInit> {
  const shown = path.relative(process.cwd(), pfConfig) || pfConfig;
  const read = await readTextFile(pfConfig);
  if ("problem" in read) throw new ConfigError([{ file: shown, message: `${read.problem.message} (--promptfoo-config names it)` }]);
  const yaml = parsePositionedYaml(read.text);
  if (yaml.problems.length) throw new ConfigError(yamlProblems(yaml, shown));
  const config = isRecord(yaml.value) ? yaml.value : {};
  const specs = providerSpecs(config["providers"] ?? config["targets"]);
  const { models, map } = mappedModels(
    specs,
    { shown, baseDir: path.dirname(pfConfig) },
    (index) => yaml.positionOf(["providers", index])?.line,
  );
  const provider = [...models.values()][0]?.provider ?? "openai";
  const graded = GRADED.test(read.text);
  const judge: Hosted | undefined = graded ? { provider, model: JUDGES[provider], key: KEYS[provider] } : undefined;
  const modelLines = [...models.entries(), ...(judge ? ([["judge", judge]] as const) : [])].flatMap(([name, m]) => [
    `  ${name}:`,
    `    provider: ${m.provider}`,
    `    model: ${m.model}`,
    `    api-key-env: ${m.key}`,
  ]);
  const relative = path.relative(configDir, pfConfig).split(path.sep).join("/");
  const configText = [
    "# evalgate: your promptfoo config, run as promptfoo runs it and gated against a baseline. Written by",
    "# `evalgate init --from promptfoo`; docs/promptfoo.md in evalgate's repository has more.",
    "version: 1",
    "",
    modelLines.length ? "models:" : "models: {}",
    ...modelLines,
    "",
    "suites:",
    "  promptfoo:",
    "    kind: promptfoo",
    `    config: ${relative}`,
    ...(map.length ? [`    model-map: { ${map.join(", ")} }`] : []),
    ...(judge ? ["    judge: judge                     # grades the model-graded asserts (llm-rubric, factuality, g-eval...)"] : []),
    "",
    "gate:",
    "  max-drop: 0.05                       # a gated metric that fell more than 5% below the baseline fails",
    "",
    "baseline:",
    ...baselineLines.map((line) => `  ${line}`),
    "",
  ].join("\n");
  return { configText, secrets: [...new Set([...models.values(), ...(judge ? [judge] : [])].map((m) => m.key))] };
}
