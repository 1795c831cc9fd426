// Ground-truth generation as the seed's generator does it: scenario templates whose
// `{ticket.field}` / `{action.field}` placeholders are filled from CSV business data, sampled with
// a fixed seed so the same inputs always give the same cases. Pure: no files, no clock.
import { seededRandom } from "../../util/random.ts";
import { parseCsv } from "../judged/csv.ts";

export interface ScenarioTemplate {
  scenario_name: string;
  /** The task given to the simulated user; may hold placeholders. */
  user_instructions: string;
  task_completion: string;
  expected_function_calls: { functionName: string; arguments: Record<string, unknown> }[];
}

export type CsvRow = Record<string, string>;

/** One ticket and its action items: the unit a case is generated from. */
export interface BusinessRecord {
  ticket: CsvRow;
  actions: CsvRow[];
}

export interface GeneratedCase {
  id: string;
  scenarioType: string;
  instructions: string;
  task_completion_condition: string;
  expected_function_calls: ScenarioTemplate["expected_function_calls"];
}

/** CSV text → rows keyed by the trimmed header names. */
export function csvRows(text: string): CsvRow[] {
  const [header, ...records] = parseCsv(text);
  if (!header) return [];
  const names = header.fields.map((name) => name.trim());
  return records.map((record) => Object.fromEntries(names.map((name, i) => [name, record.fields[i] ?? ""])));
}

/** Joins action items to their ticket (`parentKey` on the action = `idKey` on the ticket). */
export function groupBusinessData(
  tickets: CsvRow[],
  actions: CsvRow[],
  keys: { idKey?: string; parentKey?: string } = {},
): BusinessRecord[] {
  const idKey = keys.idKey ?? "id";
  const parentKey = keys.parentKey ?? "parent_ticket_id";
  return tickets.map((ticket) => ({ ticket, actions: actions.filter((action) => action[parentKey] === ticket[idKey]) }));
}

/** Replaces {ticket.x} / {action.x} in every string of a JSON value; unknown placeholders stay. */
export function fillPlaceholders<T>(template: T, data: { ticket: CsvRow; action?: CsvRow }): T {
  if (typeof template === "string") {
    return template.replace(/\{(ticket|action)\.([A-Za-z0-9_]+)\}/g, (whole, object: "ticket" | "action", field: string) => {
      const row = data[object];
      return row && Object.hasOwn(row, field) ? row[field]! : whole;
    }) as T;
  }
  if (Array.isArray(template)) return template.map((item) => fillPlaceholders(item, data)) as T;
  if (typeof template === "object" && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillPlaceholders(value, data)])) as T;
  }
  return template;
}

/** The business data shown to the simulated user, one quoted field per line. */
export function formatBusinessData(data: { ticket: CsvRow; action?: CsvRow }): string {
  const block = (title: string, row: CsvRow | undefined, skip: string[] = []) =>
    row
      ? [
          `${title}:`,
          ...Object.entries(row).flatMap(([key, value]) => (value === "" || skip.includes(key) ? [] : [`- ${key}: "${value}"`])),
        ].join("\n")
      : "";
  return [block("Support ticket", data.ticket), block("Action item", data.action, ["parent_ticket_id"])].filter(Boolean).join("\n\n");
}

/**
 * For each template, `perScenario` distinct records (sampled without replacement; repeated only
 * when there are fewer records than cases), one of the record's action items picked at random.
 */
export function generateCases(
  templates: ScenarioTemplate[],
  records: BusinessRecord[],
  options: { seed: number; perScenario: number },
): GeneratedCase[] {
  const random = seededRandom(options.seed);
  const cases: GeneratedCase[] = [];
  for (const template of templates) {
    const pool = records.map((_, index) => index);
    const picked: number[] = [];
    for (let n = 0; n < options.perScenario && pool.length > 0; n++)
      picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as number);
    while (picked.length < options.perScenario && records.length > 0) picked.push(Math.floor(random() * records.length));
    picked.forEach((index, n) => {
      const record = records[index] as BusinessRecord;
      const action = record.actions.length > 0 ? record.actions[Math.floor(random() * record.actions.length)] : undefined;
      const data = { ticket: record.ticket, ...(action && { action }) };
      const task = fillPlaceholders(template.user_instructions, data);
      cases.push({
        id: `${template.scenario_name}-${n + 1}`,
        scenarioType: template.scenario_name,
        instructions: `Business data you may use:\n${formatBusinessData(data)}\n\n${task}`,
        task_completion_condition: fillPlaceholders(template.task_completion, data),
        expected_function_calls: fillPlaceholders(template.expected_function_calls, data),
      });
    });
  }
  return cases;
}
