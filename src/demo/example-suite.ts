// The example suite (evals/evalgate.yml) ships inside the package, so `npx evalgate demo` works from
// any folder.
import path from "node:path";
import { shippedFile } from "../util/shipped-file.ts";

export function exampleSuitePath(): string | undefined {
  return shippedFile(path.join("evals", "evalgate.yml"));
}

/** The example agent suite (evals/agent/evalgate.yml): an MCP server and the demo agent that calls it. */
export function exampleAgentSuitePath(): string | undefined {
  return shippedFile(path.join("evals", "agent", "evalgate.yml"));
}
