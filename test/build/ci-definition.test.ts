// One CI definition: the GitHub workflow runs the same script as CI on a fresh clone (.ci/run), so
// the browser test, the schema checks and the demo cannot be left out of one of them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parse } from "yaml";

test("the ci workflow's test job runs .ci/run, the one CI definition", () => {
  const workflow = parse(readFileSync(".github/workflows/ci.yml", "utf8")) as {
    jobs: Record<string, { steps: { run?: string }[] }>;
  };
  const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.run?.trim()));
  assert.ok(runs.includes("bash .ci/run"), `no job step runs "bash .ci/run": ${JSON.stringify(runs)}`);
  const script = readFileSync(".ci/run", "utf8");
  for (const part of ["npm test", "CHROMIUM_PATH", "schema", "demo", "pack-smoke.sh", "newcomer.sh", "node@22.0.0"])
    assert.ok(script.includes(part), `.ci/run no longer has ${part}`);
});
