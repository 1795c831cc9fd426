// A streamable HTTP MCP server evalgate starts itself (`mcp: { url, start }`), as `start:` starts an
// HTTP model's service (../service/start.ts): its command in a process group of its own, from the
// checkout, `{{port}}` in the URL and in `ready` a free port (also the command's PORT), ready once
// `ready` answers 2xx, its output in the server's log. Not ready in time, or ended first: McpFailure,
// quoting the end of the log.
import path from "node:path";
import { PORT_PLACEHOLDER, type StartConfig } from "../../config/providers.ts";
import { redact } from "../../util/redact.ts";
import { describeExit, type GroupProcess, shownCommand, startGroup } from "../process/group.ts";
import { logEnding, type ProcessLog } from "../process/log.ts";
import { freePort, waitUntilReady } from "../service/start.ts";
import { Agent } from "../undici-dispatchers.ts";
import { McpFailure, type McpServerSpec } from "./session.ts";

export interface McpService {
  /** The MCP endpoint, `{{port}}` filled. */
  url: string;
  group: GroupProcess;
}

export interface ServiceDeps {
  /** The environment the service inherits, already less what it is withheld; the spec's `env` and the start's are added. */
  env: NodeJS.ProcessEnv;
  log: ProcessLog;
  /** Signals that end the wait for readiness (the run ended). */
  stops: AbortSignal[];
}

const LABEL = "service";

/** Starts the server's service; resolves once `ready` answers 2xx. */
export async function startMcpService(spec: McpServerSpec & { start: StartConfig }, deps: ServiceDeps): Promise<McpService> {
  const { start } = spec;
  const usesPort = [spec.url ?? "", start.ready].some((text) => new RegExp(PORT_PLACEHOLDER.source).test(text));
  const port = usesPort ? await freePort() : undefined;
  const fill = (text: string) => (port === undefined ? text : text.replace(PORT_PLACEHOLDER, String(port)));
  const group = startGroup({
    command: start.command,
    cwd: path.resolve(spec.cwd, start.cwd ?? "."),
    env: { ...deps.env, ...spec.env, ...start.env, ...(port !== undefined && { PORT: String(port) }) },
    io: "log",
    log: deps.log,
    label: LABEL,
  });
  const dispatcher = new Agent();
  try {
    const failure = await waitUntilReady({ ...start, ready: fill(start.ready) }, { group, dispatcher, stops: deps.stops });
    if (failure === null) return { url: fill(spec.url!), group };
    await group.stop();
    if (failure instanceof Error) throw failure; // the run ended while the service started
    throw serviceFailure(spec, deps.log, failure);
  } finally {
    void dispatcher.close();
  }
}

/** What a service that ended says: its exit, and the end of its log. */
export function serviceFailure(spec: McpServerSpec & { start: StartConfig }, log: ProcessLog, why: string): McpFailure {
  return new McpFailure(redact(`MCP server ${spec.name} (service ${shownCommand(spec.start.command)}) ${why}; ${logEnding(log, LABEL)}`));
}

/** Why a started service is gone ("exited with code 1"), or null while it runs. */
export function serviceEnded(service: McpService): string | null {
  const exit = service.group.exit();
  return exit ? describeExit(exit) : null;
}
