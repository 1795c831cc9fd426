// The agent suite's MCP server as the model layer starts it: its name, command or URL, folder and
// environment (`${VAR}` filled from the run's, each value taken from it redacted everywhere after).

import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { interpolateEnv } from "../../models/env.ts";
import type { McpServerSpec, McpTool } from "../../models/mcp/session.ts";
import type { ToolsIdentity } from "../../results/types.ts";
import { registerSecret } from "../../util/redact.ts";
import type { AgentOptions } from "./options.ts";

/** The server's name: `mcp.name`, else the suite's name followed by -mcp. */
export function serverName(options: AgentOptions, suiteName: string): string {
  return options.mcp?.name ?? `${suiteName}-mcp`;
}

/** Undefined when the suite has no MCP server (a command target that runs its own tools). */
export function mcpSpec(options: AgentOptions, suiteName: string, configDir: string, env: NodeJS.ProcessEnv): McpServerSpec | undefined {
  const mcp = options.mcp;
  if (!mcp) return undefined;
  const filled = (vars: Record<string, string>, where: string) =>
    Object.fromEntries(
      Object.entries(vars).map(([key, value]) => [
        key,
        interpolateEnv(value, env, `${where}.${key}`, (_name, secret) => registerSecret(secret)),
      ]),
    );
  const where = `suites.${suiteName}.mcp`;
  return {
    name: serverName(options, suiteName),
    ...(mcp.command !== undefined && { command: mcp.command }),
    ...(mcp.url !== undefined && { url: mcp.url }),
    ...(mcp.start !== undefined && { start: { ...mcp.start, env: filled(mcp.start.env, `${where}.start.env`) } }),
    cwd: path.resolve(configDir, mcp.cwd ?? "."),
    env: filled(mcp.env, `${where}.env`),
    timeoutMs: mcp.timeout,
  };
}

const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** What results.json records of the tools: a hash of the list, and of each tool's description and schema. */
export function toolsIdentity(tools: readonly McpTool[]): ToolsIdentity {
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    hash: shortHash(JSON.stringify(sorted.map((tool) => [tool.name, tool.description ?? "", tool.inputSchema]))),
    tools: Object.fromEntries(
      sorted.map((tool) => [
        tool.name,
        { description: shortHash(tool.description ?? ""), schema: shortHash(JSON.stringify(tool.inputSchema)) },
      ]),
    ),
  };
}

/** Folders never part of a server's own files. */
const SKIPPED_DIRS = new Set(["node_modules", ".git", "__pycache__", ".evalgate", ".venv", "venv"]);
const MAX_SERVER_FILES = 2000;

/**
 * The server's files, absolute: every file under the folder of the first file its command names
 * (`mcp/server.mjs` → mcp/), or its `start` command names, so an edit of any module of it reruns the
 * suite under `paths:`.
 */
export function serverFiles(spec: McpServerSpec): string[] {
  const command = spec.command ?? spec.start?.command;
  if (command === undefined) return [];
  const cwd = spec.command === undefined ? path.resolve(spec.cwd, spec.start?.cwd ?? ".") : spec.cwd;
  const words = typeof command === "string" ? command.split(/\s+/) : command;
  const script = words.slice(1).find((word) => !word.startsWith("-") && isFile(path.resolve(cwd, word)));
  if (!script) return [];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (files.length >= MAX_SERVER_FILES) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  walk(path.dirname(path.resolve(cwd, script)));
  return files;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
