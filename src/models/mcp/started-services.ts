// The service evalgate started for a suite's streamable HTTP MCP server (`mcp: { url, start }`),
// across the run: one current service new sessions go to, started on the first case and again once
// it has ended or was retired. A session the service failed (it ended, hung past the timeout, or broke
// the protocol) retires it: new sessions go to a fresh one at once, while the sessions still in flight
// on the retired one finish, or fail on their own deadline, undisturbed; it is stopped when the last
// of them is done. So a hung service (alive, not answering) is replaced for the case's retry without
// failing the other cases in flight.
import type { McpService } from "./service.ts";
import { serviceEnded } from "./service.ts";

export class StartedServices {
  /** The service new sessions go to (being started, or running); null before the first. */
  private current: Promise<McpService> | null = null;
  /** Sessions open on each service, in flight or idle. */
  private readonly sessions = new Map<McpService, number>();
  private readonly retired = new Set<McpService>();
  private readonly stopping: Promise<void>[] = [];
  private readonly start: () => Promise<McpService>;

  constructor(start: () => Promise<McpService>) {
    this.start = start;
  }

  /** The service a new session goes to: the current one while it runs, else a fresh one (started once however many cases ask). */
  async acquire(): Promise<McpService> {
    const current = this.current;
    const service = current ? await current.catch(() => null) : null;
    if (service && !this.retired.has(service) && serviceEnded(service) === null) return service;
    // Only the first case to find it gone starts it again; the others wait for that start.
    if (this.current === current) {
      if (service) this.retire(service);
      this.current = this.start();
    }
    return this.current!;
  }

  /** Whether new sessions may still go to (or be kept on) this service. */
  serves(service: McpService): boolean {
    return !this.retired.has(service) && serviceEnded(service) === null;
  }

  opened(service: McpService): void {
    this.sessions.set(service, (this.sessions.get(service) ?? 0) + 1);
  }

  /** A session on the service closed: a retired service whose last session it was is stopped. */
  closed(service: McpService): void {
    const left = (this.sessions.get(service) ?? 1) - 1;
    if (left > 0) this.sessions.set(service, left);
    else this.sessions.delete(service);
    if (left <= 0 && this.retired.has(service)) this.stop(service);
  }

  /** The service failed a session: no new session goes to it; it is stopped once its sessions are done. */
  retire(service: McpService): void {
    if (this.retired.has(service)) return;
    // The next acquire finds it retired and starts a fresh one.
    this.retired.add(service);
    if (!this.sessions.has(service)) this.stop(service);
  }

  private stop(service: McpService): void {
    this.stopping.push(service.group.stop());
  }

  /** Stops every service, current and retired (the run ended). */
  async close(): Promise<void> {
    const current = await this.current?.catch(() => null);
    if (current) this.stop(current);
    await Promise.all(this.stopping);
  }
}
