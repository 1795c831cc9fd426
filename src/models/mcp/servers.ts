// The MCP servers one suite's cases call during a run: a session per case in flight, as many as the
// run's concurrency at most (started when first needed, kept for the next case; a case past them
// waits for one), a session whose server failed replaced by a fresh process,
// and every one stopped when the run ends (the registry's process host). Listing the tools before the
// run (the suite's identity) opens its own short-lived session. A streamable HTTP server evalgate
// starts (`start:`) is one service for the suite's sessions, replaced by a fresh one when it has ended
// or failed a session (started-services.ts).

import type { ProcessHost } from "../process/host.ts";
import { createProcessLog } from "../process/log.ts";
import { createSlots, type Slots } from "../slots.ts";
import { type McpService, startMcpService } from "./service.ts";
import { McpFailure, type McpServerSpec, McpSession, type McpTool } from "./session.ts";
import { StartedServices } from "./started-services.ts";

export class McpServers {
  private readonly idle: McpSession[] = [];
  private readonly all = new Set<McpSession>();
  /** The sessions cases hold now: each holds one of the slots. */
  private readonly lent = new Set<McpSession>();
  private readonly slots: Slots;
  private started = 0;
  /** The tools as the first session listed them (every session runs the same checkout). */
  private listed: Promise<McpTool[]> | null = null;
  /** The started services (`start:`), when the server is one; made on the first case. */
  private services: StartedServices | null = null;
  /** The service each session of a started server is on. */
  private readonly serviceOf = new Map<McpSession, McpService>();
  private readonly spec: McpServerSpec;
  private readonly host: ProcessHost;

  constructor(spec: McpServerSpec, host: ProcessHost) {
    this.spec = spec;
    this.host = host;
    // One server process per request slot: more would only wait for the model's slots, each one a process start.
    this.slots = createSlots(host.concurrency, { stop: host.closing });
    host.onClose(() => this.close());
  }

  /** A session for one case, once a slot is free: an idle one whose server is alive, or a new server. */
  async acquire(signal?: AbortSignal): Promise<McpSession> {
    await this.slots.acquire(signal);
    try {
      const session = await this.sessionFor(signal);
      this.lent.add(session);
      return session;
    } catch (error) {
      this.slots.release();
      throw error;
    }
  }

  private async sessionFor(signal?: AbortSignal): Promise<McpSession> {
    const log = await this.host.logOf(this.spec.name);
    // Computed only when a process starts: most cases reuse an idle session.
    const env = () => this.host.environmentOf(this.spec.name, {}, this.spec.start?.["pass-env"]);
    const start = this.spec.start;
    this.services ??= start
      ? new StartedServices(() => startMcpService({ ...this.spec, start }, { env: env(), log, stops: [this.host.closing] }))
      : null;
    const service = await this.services?.acquire();
    for (let session = this.idle.pop(); session; session = this.idle.pop()) {
      if (session.alive && this.serviceOf.get(session) === service) return session;
      this.discard(session);
    }
    if (this.host.closing.aborted) throw this.host.closing.reason;
    const spec = service === undefined ? this.spec : { ...this.spec, url: service.url };
    let session: McpSession;
    try {
      session = await McpSession.open(spec, { env: env(), log, label: `mcp ${++this.started}` }, signal);
    } catch (error) {
      // A service that cannot even start a session (hung, broken) is replaced for the next attempt.
      if (service && error instanceof McpFailure) this.services!.retire(service);
      throw error;
    }
    this.all.add(session);
    if (service) {
      this.serviceOf.set(session, service);
      this.services!.opened(service);
    }
    return session;
  }

  /** The server's tools, listed once by the first session that asks (again after a failed listing), in use by `session`. */
  async tools(session: McpSession, signal?: AbortSignal): Promise<McpTool[]> {
    this.listed ??= session.tools(signal).catch((error: unknown) => {
      this.listed = null;
      throw error;
    });
    const tools = await this.listed;
    session.useTools(tools);
    return tools;
  }

  /** Gives the session back after its case: kept when its server is alive (and its service still serves), stopped otherwise. */
  release(session: McpSession): void {
    const service = this.serviceOf.get(session);
    const serves = service === undefined || this.services!.serves(service);
    if (session.alive && serves && !this.host.closing.aborted) {
      this.idle.push(session);
      this.giveBack(session);
    } else this.discard(session);
  }

  /**
   * Stops the session; `failed`: its server failed it. A started service that failed a session is
   * retired (started-services.ts): its idle sessions are dropped, those in flight finish on it.
   */
  discard(session: McpSession, failed = false): void {
    this.giveBack(session);
    this.all.delete(session);
    void session.close();
    const service = this.serviceOf.get(session);
    if (!service) return;
    this.serviceOf.delete(session);
    if (failed) {
      this.services!.retire(service);
      for (const idle of this.idle.filter((other) => this.serviceOf.get(other) === service)) {
        this.idle.splice(this.idle.indexOf(idle), 1);
        this.discard(idle);
      }
    }
    this.services!.closed(service);
  }

  /** A case's session is back (idle, or stopped): its slot goes to the next case. */
  private giveBack(session: McpSession): void {
    if (this.lent.delete(session)) this.slots.release();
  }

  async close(): Promise<void> {
    this.idle.length = 0;
    const sessions = [...this.all];
    this.all.clear();
    await Promise.all(sessions.map((session) => session.close()));
    await this.services?.close();
  }
}

/** The servers of each suite, per run (its process host): one pool per suite, made on its first case. */
const pools = new WeakMap<ProcessHost, Map<string, McpServers>>();

export function mcpServersOf(host: ProcessHost, suite: string, spec: McpServerSpec): McpServers {
  const bySuite = pools.get(host) ?? new Map<string, McpServers>();
  pools.set(host, bySuite);
  const servers = bySuite.get(suite) ?? new McpServers(spec, host);
  bySuite.set(suite, servers);
  return servers;
}

/** The server's tools, from a session opened for this alone (before the run: the suite's identity and what its cases offer). */
export async function listServerTools(spec: McpServerSpec, where: { env: NodeJS.ProcessEnv; logDir: string }): Promise<McpTool[]> {
  const log = createProcessLog(where.logDir, spec.name);
  let service: McpService | undefined;
  try {
    if (spec.start) service = await startMcpService({ ...spec, start: spec.start }, { env: where.env, log, stops: [] });
    const session = await McpSession.open(service ? { ...spec, url: service.url } : spec, {
      env: where.env,
      log,
      label: "mcp (tools listed)",
    });
    try {
      return await session.tools();
    } finally {
      await session.close();
    }
  } finally {
    await service?.group.stop();
    log.close();
  }
}
