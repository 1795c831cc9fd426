// action.yml is the action's list of inputs; the code reads them from tables it shares with the CLI.
// These checks keep the two in step: every input is in exactly one table, every report output
// (report/outputs.ts) has its input and its path output, and an input that is also a `run` flag is
// parsed by the flag's own parser, so both accept the same values and name the same expectation.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { InvalidValue, optionValue, type StringOption } from "../../src/cli/option-table.ts";
import { RUN_OPTIONS } from "../../src/cli/options.ts";
import { DEFAULT_CONFIG_PATH } from "../../src/config/default-path.ts";
import type { RunContext } from "../../src/github/context.ts";
import { ACTION_ONLY_INPUTS, BOOLEAN_FLAG_INPUTS, InputError, RUN_FLAG_INPUTS, readInputs } from "../../src/github/inputs.ts";
import { REPORT_OUTPUTS } from "../../src/report/outputs.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

async function actionYml(): Promise<{ inputs: Record<string, { default?: string }>; outputs: Record<string, unknown> }> {
  return parse(await readFile(path.join(ROOT, "action.yml"), "utf8"));
}

const context = { dispatchInputs: {} } as unknown as RunContext;
const inputsFrom = (values: Record<string, string>) =>
  readInputs(Object.fromEntries(Object.entries(values).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])), context);

test("action.yml's inputs are exactly the tables': run flags, boolean flags, report outputs and the action's own", async () => {
  const { inputs, outputs } = await actionYml();
  const tables = [...RUN_FLAG_INPUTS, ...BOOLEAN_FLAG_INPUTS, ...REPORT_OUTPUTS.map((output) => output.actionInput), ...ACTION_ONLY_INPUTS];
  assert.equal(new Set(tables).size, tables.length, "an input is in two tables");
  assert.deepEqual([...tables].sort(), Object.keys(inputs).sort());
  for (const output of REPORT_OUTPUTS) assert.ok(output.actionOutput in outputs, `action.yml has no output ${output.actionOutput}`);
  for (const name of [...RUN_FLAG_INPUTS, ...BOOLEAN_FLAG_INPUTS])
    assert.ok(name in RUN_OPTIONS, `input ${name} is not an evalgate run flag`);
  for (const output of REPORT_OUTPUTS) assert.ok(output.flag in RUN_OPTIONS, `--${output.flag} is not an evalgate run flag`);
  assert.equal(inputs.config?.default, DEFAULT_CONFIG_PATH);
});

test("an input that is a run flag accepts what the flag accepts and refuses what it refuses, with the same words", () => {
  const samples: Record<(typeof RUN_FLAG_INPUTS)[number], { good: string; bad?: string }> = {
    config: { good: "evals/other.yml" },
    suites: { good: "a, b\nc", bad: "," },
    filter: { good: "1,3-5" },
    sample: { good: "3", bad: "0" },
    seed: { good: "0", bad: "-1" },
    repeat: { good: "2", bad: "two" },
    deadline: { good: "30m", bad: "soon" },
    "budget-usd": { good: "2.5", bad: "-1" },
    shard: { good: "2/4", bad: "5/4" },
    "analysis-model": { good: "analyst" },
    pair: { good: "base", bad: "head" },
  };
  for (const name of RUN_FLAG_INPUTS) {
    const { good, bad } = samples[name];
    const option = RUN_OPTIONS[name] as StringOption;
    assert.doesNotThrow(() => inputsFrom({ [name]: good }), `input ${name}: ${good}`);
    assert.doesNotThrow(() => optionValue(option, good), `--${name} ${good}`);
    if (bad === undefined) continue;
    const refusal = (() => {
      try {
        optionValue(option, bad);
      } catch (error) {
        return error;
      }
    })();
    assert.ok(refusal instanceof InvalidValue, `--${name} ${bad} is refused`);
    const expected = refusal.expected;
    assert.throws(
      () => inputsFrom({ [name]: bad }),
      (error) => error instanceof InputError && error.message === `input ${name}: expected ${expected}, got "${bad}"`,
    );
  }
  const parsed = inputsFrom({ suites: "a, b\nc", deadline: "90s", shard: "2/4" });
  assert.deepEqual(parsed.selection.suites, ["a", "b", "c"]);
  assert.equal(parsed.deadlineMs, 90_000);
  assert.deepEqual(parsed.selection.shard, optionValue(RUN_OPTIONS.shard, "2/4"));
  assert.equal(inputsFrom({}).config, DEFAULT_CONFIG_PATH);
  assert.equal(inputsFrom({ pair: "base" }).pair, true);
  assert.equal(inputsFrom({}).pair, false);
});

test("each report output's input names where it goes", () => {
  const values = Object.fromEntries(REPORT_OUTPUTS.map((output) => [output.actionInput, `out/${output.name}`]));
  const { outputs } = inputsFrom(values);
  assert.deepEqual(outputs, Object.fromEntries(REPORT_OUTPUTS.map((output) => [output.name, `out/${output.name}`])));
  assert.deepEqual(inputsFrom({}).outputs, {});
});
