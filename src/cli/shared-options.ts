// Option entries several commands share, written once: each command's table picks them by name.
import { DEFAULT_CONFIG_PATH } from "../config/default-path.ts";
import { REPORT_OUTPUTS, type ReportOutputFlag, type ReportTargets } from "../report/outputs.ts";
import { list, type OptionTable } from "./option-table.ts";

/** `-c/--config` with the one default path; `help` says what the command reads from it. */
export function configOption(help: string) {
  return { type: "string", short: "c", arg: "<file>", help, default: DEFAULT_CONFIG_PATH } as const;
}

/** `-c/--config` for commands that read a config only in some modes, so it has no default value. */
export function optionalConfigOption(help: string) {
  return { type: "string", short: "c", arg: "<file>", help: `${help} (default: ${DEFAULT_CONFIG_PATH})` } as const;
}

export const SHARED_OPTIONS = {
  branch: { type: "string", arg: "<name>", help: "pick the gate profile of this branch (e.g. release/2.0)" },
  json: { type: "boolean", help: "print the verdict as JSON instead of text" },
  history: {
    type: "string",
    arg: "<paths>",
    help: "earlier results files or folders of them: trend charts in the HTML report, and the flaky cases (gate.flaky)",
    parse: list,
  },
  details: { type: "boolean", help: "print every suite's metric table (default: only failing suites')" },
} as const satisfies OptionTable;

type OutputOption = { type: "string"; arg: string; help: string };

/** One flag per report output (report/outputs.ts), the same on `run` and `report`. */
export const OUTPUT_OPTIONS = Object.fromEntries(
  REPORT_OUTPUTS.map((output) => [output.flag, { type: "string", arg: output.arg, help: output.description }]),
) as Record<ReportOutputFlag, OutputOption>;

/** The outputs the flags ask for, by output name. */
export function outputTargets(values: Partial<Record<ReportOutputFlag, string | undefined>>): ReportTargets {
  return Object.fromEntries(REPORT_OUTPUTS.flatMap((output) => (values[output.flag] ? [[output.name, values[output.flag]]] : [])));
}
