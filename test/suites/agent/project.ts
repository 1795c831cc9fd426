// The agent suite tests' project: a temporary git repository holding the MCP fixtures
// (test/fixtures/mcp: a stdio server, an HTTP one, a command agent and a simulated user), an
// evalgate.yml with the agent and the user as command targets and the suite `desk`, and its cases.
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures/mcp");
/** The command that runs a fixture with this Node, as YAML. */
export const nodeCommand = (script: string) => `[${JSON.stringify(process.execPath)}, ${script}]`;

export interface AgentProject {
  /** The suite's `mcp:`, as YAML (made from the project's folder); empty: none. */
  mcp: string | ((dir: string) => string);
  cases: object[];
  /** More of the suite's keys, as YAML flow entries (", judge: grader"). */
  suiteKeys?: string;
  gate: string;
  /** The agent's and the user's timeout. */
  timeout?: string;
  /** More models, as YAML lines of `models:`. */
  models?: string;
  /** The fixtures that import the MCP SDK (the HTTP server) resolve it from this repository. */
  sdk?: boolean;
}

export async function agentProject(prefix: string, setup: AgentProject): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(FIXTURES, path.join(dir, "mcp"), { recursive: true });
  if (setup.sdk) await symlink(path.resolve(import.meta.dirname, "../../../node_modules"), path.join(dir, "node_modules"));
  const timeout = setup.timeout ?? "10s";
  const mcp = typeof setup.mcp === "string" ? setup.mcp : setup.mcp(dir);
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
concurrency: 2
output-dir: out
models:
  agent: { provider: command, command: ${nodeCommand("mcp/agent.mjs")}, timeout: ${timeout} }
  user: { provider: command, command: ${nodeCommand("mcp/user.mjs")}, timeout: ${timeout} }
${setup.models ?? ""}suites:
  desk: { kind: agent, dataset: cases.jsonl, target: agent${mcp ? `, mcp: ${mcp}` : ""}, max-steps: 4${setup.suiteKeys ?? ""} }
gate: ${setup.gate}
`,
  );
  await writeFile(path.join(dir, "cases.jsonl"), `${setup.cases.map((c) => JSON.stringify(c)).join("\n")}\n`);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  return dir;
}
