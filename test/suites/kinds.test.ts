// The one list of suite kinds (config/suite-kinds.ts) and the loaders keyed by it name the same kinds,
// and each loader answers with the kind it is filed under.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SUITE_KIND_NAMES } from "../../src/config/suite-kinds.ts";
import { LOADABLE_SUITE_KINDS, loadSuiteKinds } from "../../src/suites/index.ts";

test("the config's kind list and the suite loaders cover the same kinds", () => {
  assert.deepEqual([...LOADABLE_SUITE_KINDS].sort(), [...SUITE_KIND_NAMES].sort());
});

test("every listed kind loads as itself; a name that is no kind is absent", async () => {
  const kinds = await loadSuiteKinds([...SUITE_KIND_NAMES, "nope", "constructor"]);
  assert.deepEqual([...kinds.keys()], [...SUITE_KIND_NAMES]);
  for (const [name, kind] of kinds) assert.equal(kind.kind, name);
});
