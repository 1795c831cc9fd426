// A promptfoo config's `providers:`, each routed to a configured evalgate model by `model-map` (by the
// provider's label first, then its id; ids evalgate runs itself were given a model and a map entry
// when evalgate.yml was loaded: config/promptfoo-providers.ts). An id still unmapped is exit 2
// naming it, why evalgate could not run it, and the line to write.
import type { InputProblem } from "../../config/errors.ts";
import type { ModelConfig } from "../../config/models.ts";
import { directModel, providerSpec, sameModel } from "../../config/promptfoo-providers.ts";
import type { PfProvider } from "./types.ts";

export interface ProvidersContext {
  suiteName: string;
  map: Readonly<Record<string, string>>;
  models: Readonly<Record<string, ModelConfig>> | undefined;
  file: string;
  /** The promptfoo config's folder. */
  baseDir: string;
  lineOf(fieldPath: (string | number)[]): number | undefined;
  problems: InputProblem[];
}

const keyOf = (text: string) =>
  text
    .replace(/[^A-Za-z0-9_./-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "provider";

export function readProviders(value: unknown, ctx: ProvidersContext): PfProvider[] {
  const items = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const providers: PfProvider[] = [];
  for (const [index, item] of items.entries()) {
    const at = { file: ctx.file, line: ctx.lineOf(["providers", index]), field: `providers.${index}` };
    const spec = providerSpec(item);
    if (!spec) {
      ctx.problems.push({ ...at, message: "a provider is an id, { id, label, config }, or { <id>: { config } }" });
      continue;
    }
    const mapped = (spec.label !== undefined ? ctx.map[spec.label] : undefined) ?? ctx.map[spec.id] ?? sameModel(spec.id, ctx.models);
    if (mapped === undefined) {
      const direct = directModel(spec, { baseDir: ctx.baseDir, configDir: ctx.baseDir, env: process.env });
      const why =
        direct && "why" in direct ? `evalgate cannot run it itself (${direct.why}), so it needs a model: add` : "has no model: add";
      ctx.problems.push({
        ...at,
        message: `provider "${spec.label ?? spec.id}" ${why} it to suites.${ctx.suiteName}.model-map, e.g. model-map: { ${JSON.stringify(spec.label ?? spec.id)}: <a model under models:> }`,
      });
      continue;
    }
    if (ctx.models && !Object.hasOwn(ctx.models, mapped)) {
      ctx.problems.push({ ...at, message: `model-map sends "${spec.label ?? spec.id}" to "${mapped}", which is not under models:` });
      continue;
    }
    const tools = spec.config?.["tools"];
    providers.push({
      id: spec.id,
      ...(spec.label !== undefined ? { label: spec.label } : {}),
      model: mapped,
      ...(spec.transform !== undefined ? { transform: spec.transform } : {}),
      ...(Array.isArray(tools) ? { tools } : {}),
      key: keyOf(spec.label ?? spec.id),
    });
  }
  if (items.length === 0)
    ctx.problems.push({ file: ctx.file, line: ctx.lineOf(["providers"]), field: "providers", message: "the config has no providers" });
  return providers;
}
