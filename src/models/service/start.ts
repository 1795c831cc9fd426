// A service started from the checkout (`start:` on an HTTP model): the command runs in its own process
// group before the model's first request, its output in the model's log, and the model's requests
// wait until `ready` answers 2xx. `{{port}}` in the model's URL and in `ready` is a free port picked
// here, also given to the command as PORT. Not ready in time, or ended before it was: the model
// stops for the run (exit 3), the message naming the command and quoting the end of its log. The
// service is stopped with the run (../process/host.ts). An agent suite's HTTP MCP server starts the
// same way (../mcp/service.ts).
import { createServer } from "node:net";
import path from "node:path";
import { endpointUrl, type ModelConfig, startOf, withEndpointUrl } from "../../config/models.ts";
import { PORT_PLACEHOLDER, type StartConfig } from "../../config/providers.ts";
import { redact } from "../../util/redact.ts";
import { timerDelay } from "../../util/timers.ts";
import { type ResolvedModel, resolveModel } from "../env.ts";
import { EndpointError } from "../errors.ts";
import { describeExit, type GroupProcess, shownCommand, startGroup } from "../process/group.ts";
import type { ProcessHost } from "../process/host.ts";
import { logEnding } from "../process/log.ts";
import type { ModelChannel } from "../transport.ts";
import { type Dispatcher, exchange } from "../undici-lite.ts";

/** Waits between readiness probes, then every second (as Playwright's webServer polls). */
const PROBE_DELAYS_MS = [100, 250, 500, 1000];
/** One probe may take this long at most (and never past the start's timeout). */
const PROBE_TIMEOUT_MS = 2000;

export interface ServiceDeps {
  env: NodeJS.ProcessEnv;
  host: ProcessHost;
  /** The model's channel, made from its config as resolved for the service (its URL holds the port). */
  channelOf(config: ModelConfig): ModelChannel;
}

/** Starts model `name`'s service; resolves with the model as the service serves it, once `ready` answers 2xx. */
export async function startService(name: string, config: ModelConfig, deps: ServiceDeps): Promise<ResolvedModel> {
  const port = usesPort(config) ? await freePort() : undefined;
  const resolved = resolveModel(name, port === undefined ? config : withPort(config, port), deps.env);
  const channel = deps.channelOf(resolved.config);
  const start = startOf(resolved.config)!;
  const log = await deps.host.logOf(name);
  const where = `service ${shownCommand(start.command)}`;
  const fail = (why: string) => {
    channel.fatal ??= { message: redact(`${where} ${why}; ${logEnding(log, "service")}`), status: undefined };
    return new EndpointError("fatal", name, channel.fatal.message, { attempts: 0 });
  };
  // A fixed port that already answers would have the run measure whatever holds it, not the checkout.
  if (port === undefined && (await probe(start.ready, channel.dispatcher, PROBE_TIMEOUT_MS)).ok) {
    throw fail(`was not started: ${start.ready} already answers (another process holds the port; stop it, or use {{port}})`);
  }
  const group = startGroup({
    command: start.command,
    cwd: path.resolve(deps.host.configDir, start.cwd ?? "."),
    env: deps.host.environmentOf(name, { ...start.env, ...(port === undefined ? {} : { PORT: String(port) }) }, start["pass-env"]),
    io: "log",
    log,
    label: "service",
  });
  deps.host.onClose(() => group.stop());
  const stops = [deps.host.closing, ...(channel.guard ? [channel.guard.signal] : [])];
  const failure = await waitUntilReady(start, { group, dispatcher: channel.dispatcher, stops });
  if (failure === null) return resolved;
  void group.stop();
  if (failure instanceof Error) throw failure; // the run ended, or reached its deadline, while the service started
  throw fail(failure);
}

/** Whether the model's URL or its `ready` use `{{port}}`. */
function usesPort(config: ModelConfig): boolean {
  const texts = [endpointUrl(config)?.value ?? "", startOf(config)?.ready ?? ""];
  return texts.some((text) => new RegExp(PORT_PLACEHOLDER.source).test(text));
}

/** The config with `{{port}}` filled in its URL and in `ready`. */
function withPort(config: ModelConfig, port: number): ModelConfig {
  const fill = (text: string) => text.replace(PORT_PLACEHOLDER, String(port));
  const start = startOf(config)!;
  const url = endpointUrl(config);
  const filled = url ? withEndpointUrl(config, fill(url.value)) : config;
  return { ...filled, start: { ...start, ready: fill(start.ready) } } as ModelConfig;
}

/** A port nothing listens on now (the kernel's pick on the loopback). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Waiting {
  group: GroupProcess;
  dispatcher: Dispatcher;
  /** Signals that end the wait with their reason (the run ended, its deadline). */
  stops: AbortSignal[];
}

/**
 * Polls `ready` until it answers 2xx (null), the service ends, or `timeout` passes (why, as text).
 * Rejects nothing: a stop signal's reason is returned as the Error it is.
 */
export async function waitUntilReady(start: StartConfig, waiting: Waiting): Promise<string | Error | null> {
  const { group, dispatcher, stops } = waiting;
  const deadline = performance.now() + start.timeout;
  // One controller ends any probe or pause at once: the service ended, the time is up, or a stop.
  const interrupt = new AbortController();
  const timer = setTimeout(() => interrupt.abort(), timerDelay(start.timeout));
  const onStop = (event: Event) => interrupt.abort((event.target as AbortSignal).reason);
  for (const stop of stops) stop.addEventListener("abort", onStop, { once: true });
  void group.exited.then(() => interrupt.abort());
  let last = "no answer yet";
  try {
    for (let attempt = 0; ; attempt++) {
      const stopped = stops.find((stop) => stop.aborted);
      if (stopped) return stopped.reason instanceof Error ? stopped.reason : new Error(String(stopped.reason));
      const exit = group.exit();
      if (exit) return `${describeExit(exit)} before it was ready (${start.ready}: ${last})`;
      const left = deadline - performance.now();
      if (left <= 0) return `was not ready within ${formatMs(start.timeout)} (${start.ready}: ${last})`;
      const answer = await probe(start.ready, dispatcher, Math.min(left, PROBE_TIMEOUT_MS), interrupt.signal);
      if (answer.ok) return null;
      // A probe cut short by the end of the wait says nothing of the service: the one before it does.
      const cutShort = answer.cut && (left < PROBE_TIMEOUT_MS || interrupt.signal.aborted);
      if (!cutShort || last === "no answer yet") last = answer.detail;
      await pause(PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]!, interrupt.signal);
    }
  } finally {
    clearTimeout(timer);
    for (const stop of stops) stop.removeEventListener("abort", onStop);
  }
}

/** One GET of `url`: ok on a 2xx; else what came back ("answered HTTP 503", "failed: ECONNREFUSED"). */
async function probe(
  url: string,
  dispatcher: Dispatcher,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ ok: boolean; detail: string; cut?: boolean }> {
  const call = exchange(dispatcher, url, { method: "GET", headers: { accept: "*/*" }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    call.abort(new Error(`no answer within ${formatMs(timeoutMs)}`));
  }, timeoutMs);
  const onAbort = () => {
    cut = true;
    call.abort(new Error("stopped"));
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const response = await call.response;
    const ok = response.status >= 200 && response.status < 300;
    return { ok, detail: `answered HTTP ${response.status}` };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, cut, detail: `failed: ${code ?? (error instanceof Error ? error.message : String(error))}` };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** A configured time as written (`30s`, `1500ms`); a computed remainder to the millisecond. */
function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${Math.round(ms)}ms`;
}
