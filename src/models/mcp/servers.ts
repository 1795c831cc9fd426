// The MCP servers one suite's cases call during a run: a session per case in flight, as many as the
// run's concurrency at most (started when first needed, kept for the next case; a case past them
// waits for one), a session whose server failed replaced by a fresh process,
// and every one stopped when the run ends (the registry's process host). Listing the tools before the
// run (the suite's identity) opens its own short-lived session. A streamable HTTP server evalgate
// starts (`start:`) is one service for the suite's sessions, started again when it has ended.

import { settledWithin } from "../process/group.ts";
import type { ProcessHost } from "../process/host.ts";
import { createProcessLog, type ProcessLog } from "../process/log.ts";
import { createSlots, type Slots } from "../slots.ts";
import { type McpService, serviceEnded, startMcpService } from "./service.ts";
import { type McpServerSpec, McpSession, type McpTool } from "./session.ts";

/** How long a case waits for a suspect service's exit to be seen (a connection refused comes before the exit event). */
const SUSPECT_WAIT_MS = 1000;

export class McpServers {
  private readonly idle: McpSession[] = [];
  private readonly all = new Set<McpSession>();
  /** The sessions cases hold now: each holds one of the slots. */
  private readonly lent = new Set<McpSession>();
  private readonly slots: Slots;
  private started = 0;
  /** The tools as the first session listed them (every session runs the same checkout). */
  private listed: Promise<McpTool[]> | null = null;
  /** The started service (`start:`), when the server is one. */
  private service: Promise<McpService> | null = null;
  /** A session on the service failed: the next case waits a moment for its exit to be seen before reusing it. */
  private serviceSuspect = false;
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
    const env = () => this.host.environmentOf(this.spec.name, {}, this.spec.start?.["pass-env"]);
    const url = this.spec.start ? await this.serviceUrl(env(), log) : undefined;
    for (let session = this.idle.pop(); session; session = this.idle.pop()) if (session.alive) return session;
    if (this.host.closing.aborted) throw this.host.closing.reason;
    const spec = url === undefined ? this.spec : { ...this.spec, url };
    const session = await McpSession.open(spec, { env: env(), log, label: `mcp ${++this.started}` }, signal);
    this.all.add(session);
    return session;
  }

  /** The started service's URL: started for the first case, and again (its idle sessions dropped) once it has ended. */
  private async serviceUrl(env: NodeJS.ProcessEnv, log: ProcessLog): Promise<string> {
    const current = this.service;
    const service = current ? await current.catch(() => null) : null;
    if (service && this.serviceSuspect) {
      this.serviceSuspect = false;
      await settledWithin(service.group.exited, SUSPECT_WAIT_MS);
    }
    if (service && serviceEnded(service) === null) return service.url;
    // Only the first case to find it gone starts it again; the others wait for that start.
    if (this.service === current) {
      for (const session of this.idle.splice(0)) this.discard(session);
      this.service = startMcpService({ ...this.spec, start: this.spec.start! }, { env, log, stops: [this.host.closing] });
    }
    return (await this.service!).url;
  }

  /** The server's tools, listed once by the first session that asks (again after a failed listing). */
  tools(session: McpSession, signal?: AbortSignal): Promise<McpTool[]> {
    this.listed ??= session.tools(signal).catch((error: unknown) => {
      this.listed = null;
      throw error;
    });
    return this.listed;
  }

  /** Gives the session back after its case: kept when its server is alive, stopped otherwise. */
  release(session: McpSession): void {
    if (session.alive && !this.host.closing.aborted) {
      this.idle.push(session);
      this.giveBack(session);
    } else this.discard(session);
  }

  /** Stops the session; `failed`: its server failed it (a started service may have ended: checked before the next case uses it). */
  discard(session: McpSession, failed = false): void {
    this.giveBack(session);
    if (failed && this.spec.start) this.serviceSuspect = true;
    this.all.delete(session);
    void session.close();
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
    await (await this.service?.catch(() => null))?.group.stop();
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
