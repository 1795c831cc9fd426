// A promptfoo config's `providers:`, each routed to a configured evalgate model by `model-map` (by the
// provider's label first, then its id). An id the map does not list is exit 2 naming it and the line
// to write; evalgate's own provider then runs it, with its keys, limits, prices and cache.
import type { InputProblem } from "../../config/errors.ts";
import type { ModelConfig } from "../../config/models.ts";
import { isRecord } from "../../util/is-record.ts";
import type { PfProvider } from "./types.ts";

export interface ProvidersContext {
  suiteName: string;
  map: Readonly<Record<string, string>>;
  models: Readonly<Record<string, ModelConfig>> | undefined;
  file: string;
  lineOf(fieldPath: (string | number)[]): number | undefined;
  problems: InputProblem[];
}

const keyOf = (text: string) =>
  text
    .replace(/[^A-Za-z0-9_./-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "provider";

/**
 * An openai:* or anthropic:* id that model-map leaves out runs on the one configured model of that
 * provider asking for that model id (its key, limits and price come from there): the map is only
 * needed to choose between several, or for any other id.
 */
function sameModel(id: string, models: ProvidersContext["models"]): string | undefined {
  const match = /^(openai|anthropic)(?::(?:chat|messages))?:([^:\s]+)$/.exec(id);
  if (!match || !models) return undefined;
  const found = Object.entries(models).filter(([, m]) => m.provider === match[1] && "model" in m && m.model === match[2]);
  return found.length === 1 ? found[0]![0] : undefined;
}

/** A provider as written: an id, { id, label, config, transform }, or { "<id>": { config } }. */
function providerSpec(item: unknown): { id: string; label?: string; config?: Record<string, unknown>; transform?: string } | undefined {
  if (typeof item === "string") return { id: item };
  if (!isRecord(item)) return undefined;
  if (typeof item["id"] === "string")
    return {
      id: item["id"],
      ...(typeof item["label"] === "string" ? { label: item["label"] } : {}),
      ...(isRecord(item["config"]) ? { config: item["config"] } : {}),
      ...(typeof item["transform"] === "string" ? { transform: item["transform"] } : {}),
    };
  const keys = Object.keys(item);
  if (keys.length !== 1) return undefined;
  const inner = item[keys[0]!];
  return {
    id: keys[0]!,
    ...(isRecord(inner) && typeof inner["label"] === "string" ? { label: inner["label"] } : {}),
    ...(isRecord(inner) && isRecord(inner["config"]) ? { config: inner["config"] } : {}),
  };
}

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
      ctx.problems.push({
        ...at,
        message: `provider "${spec.label ?? spec.id}" has no model: add it to suites.${ctx.suiteName}.model-map, e.g. model-map: { ${JSON.stringify(spec.label ?? spec.id)}: <a model under models:> }`,
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
