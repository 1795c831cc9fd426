// The run's plan, sized before the first request: an absurd one (--repeat 1e9) is a config error,
// exit 2 at once, unless --allow-large-plan says the user means it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli, startEvalServer, writeSuite } from "./helpers.ts";

test("plan: --repeat 1000000000 is refused before any request, exit 2, with the planned count and the way out", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    const result = await runCli(["run", "-c", config, "--quiet", "--repeat", "1000000000"], { cwd: dir });
    assert.equal(result.code, 2, result.stdout + result.stderr);
    const output = result.stdout + result.stderr;
    assert.match(output, /the run plans 6,000,000,000 requests \(qa: 3 cases x 1000000000 repeats x 2 requests\), more than 1,000,000/);
    assert.match(output, /--allow-large-plan/);
    assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
    assert.equal(server.requests.length, 0);
  } finally {
    await server.close();
  }
});

test("plan: judge-runs count in the plan; --allow-large-plan lets a plan past the maximum start (here ended by its deadline)", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 1);
    // One case, 40,000 repeats of an answer and 25 votes: 1,040,000 requests.
    const args = ["run", "-c", config, "--quiet", "--repeat", "40000", "--judge-runs", "25", "--deadline", "300ms"];
    const refused = await runCli(args, { cwd: dir });
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    const allowed = await runCli([...args, "--allow-large-plan"], { cwd: dir });
    assert.equal(allowed.code, 3, "not refused: it started, and its deadline ended it (could not decide)");
    assert.doesNotMatch(allowed.stdout + allowed.stderr, /the run plans/);
  } finally {
    await server.close();
  }
});
