// llm_cost.yml price table and the cost of a test case from the LLM calls the feedback module made.
// A model the table does not list makes the cost unknown (null), never zero.
import * as z from "zod";
import { configNumber } from "../../config/primitives.ts";
import type { BadLines } from "../../config/text-file.ts";
import type { LlmRequestUsage } from "./types.ts";
import { parseLocatedYaml, ScenarioError, zodProblems } from "./yaml-lines.ts";

const priceSchema = z.object({
  input_cost_per_million: configNumber().min(0),
  output_cost_per_million: configNumber().min(0),
  // Eunomia reads it but never uses it; accepted so real tables load.
  cached_input_cost_per_million: configNumber().min(0).optional(),
});

const tableSchema = z.object({ llm_costs: z.record(z.string(), priceSchema) });

export interface PriceTable {
  /** Path shown in warnings. */
  file: string;
  prices: Record<string, { inputPerMillion: number; outputPerMillion: number }>;
}

export function parsePriceTable(text: string, file: string): PriceTable {
  const { yaml, problems } = parseLocatedYaml(text, file);
  if (problems.length > 0) throw new ScenarioError(problems);
  const parsed = tableSchema.safeParse(yaml.value);
  if (!parsed.success) throw new ScenarioError(zodProblems(parsed.error, tableSchema, yaml, file));
  const prices: PriceTable["prices"] = {};
  for (const [model, price] of Object.entries(parsed.data.llm_costs)) {
    prices[model] = { inputPerMillion: price.input_cost_per_million, outputPerMillion: price.output_cost_per_million };
  }
  return { file, prices };
}

/** The price table; its lines with NUL bytes or invalid UTF-8 go to `badLines`. */
export async function loadPriceTable(absPath: string, file: string, badLines: BadLines): Promise<PriceTable> {
  const read = await badLines.readWhole(absPath, file, "a YAML file");
  if ("problem" in read) {
    const message = read.problem.missing ? "costs: price table not found" : `costs: the price table ${read.problem.message}`;
    throw new ScenarioError([{ severity: "error", file, line: read.problem.line, message }]);
  }
  return parsePriceTable(read.text, file);
}

/** One model's share of a test case, in the per-test-case JSON's `cost.details` format. */
export interface ModelCost {
  llm: string;
  calls: number;
  input_tokens: number;
  output_tokens: number;
  input_cost: number | null;
  output_cost: number | null;
  total: number | null;
}

export interface CaseCost {
  total_cost: number | null;
  total_input_cost: number | null;
  total_output_cost: number | null;
  details: ModelCost[];
  /** Models used but missing from the price table (or every model, when there is no table). */
  unknown_models: string[];
}

/** Per request: tokens / 1e6 × the model's rate, summed per model and overall. */
export function costOfRequests(requests: LlmRequestUsage[] | null, table: PriceTable | null): CaseCost {
  if (requests === null) return { total_cost: null, total_input_cost: null, total_output_cost: null, details: [], unknown_models: [] };
  const byModel = new Map<string, ModelCost>();
  for (const request of requests) {
    let entry = byModel.get(request.model);
    const price = table?.prices[request.model];
    if (!entry) {
      entry = {
        llm: request.model,
        calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        input_cost: price ? 0 : null,
        output_cost: price ? 0 : null,
        total: price ? 0 : null,
      };
      byModel.set(request.model, entry);
    }
    entry.calls++;
    entry.input_tokens += request.inputTokens;
    entry.output_tokens += request.outputTokens;
    if (price) {
      const input = (request.inputTokens / 1e6) * price.inputPerMillion;
      const output = (request.outputTokens / 1e6) * price.outputPerMillion;
      entry.input_cost = (entry.input_cost as number) + input;
      entry.output_cost = (entry.output_cost as number) + output;
      entry.total = (entry.total as number) + input + output;
    }
  }
  const details = [...byModel.values()];
  const unknown = details.filter((d) => d.total === null).map((d) => d.llm);
  const known = unknown.length === 0;
  return {
    total_cost: known ? sumOf(details, "total") : null,
    total_input_cost: known ? sumOf(details, "input_cost") : null,
    total_output_cost: known ? sumOf(details, "output_cost") : null,
    details,
    unknown_models: unknown,
  };
}

function sumOf(details: ModelCost[], key: "total" | "input_cost" | "output_cost"): number {
  return details.reduce((total, d) => total + (d[key] ?? 0), 0);
}
