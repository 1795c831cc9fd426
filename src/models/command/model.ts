// A command target as a ChatModel: each call is one request line to one of its processes (./pool.ts),
// with the same concurrency limits, run guard (deadline, budget), retries, stats, cost and cache as
// an endpoint's call. A process that ends mid-request fails that attempt like a 5xx (retried on a
// fresh worker); one that hangs times out and is replaced; a reply's `error`, or a stdout line that
// is not the reply, fails the call. Processes that end before answering anything, three in a row,
// stop the model for the rest of the run (the run then exits 3), quoting the end of its log.
import path from "node:path";
import type { CommandModelConfig } from "../../config/models.ts";
import { MAX_ANSWER_CHARS } from "../../util/cap-text.ts";
import { redact } from "../../util/redact.ts";
import { cacheKey, cacheModelKey, isCacheable, type ResponseCache } from "../cache.ts";
import { noteCacheHit } from "../cache-use.ts";
import { capped, isUsable, type ParsedReply } from "../chat-model.ts";
import { countsAsModelError, EndpointError } from "../errors.ts";
import { costUsd } from "../pricing.ts";
import { shownCommand } from "../process/group.ts";
import type { ProcessHost } from "../process/host.ts";
import { logEnding, type ProcessLog } from "../process/log.ts";
import { retryDelay } from "../retry.ts";
import { countTokens } from "../stats.ts";
import { abortableSleep, excerpt, type ModelChannel, runStoppedOr, throwIfRunStopped, throwIfStopped } from "../transport.ts";
import type { ChatModel, ChatRequest, ChatResponse } from "../types.ts";
import { commandIdentity } from "./identity.ts";
import { WorkerPool } from "./pool.ts";
import { readReply, requestBody, requestLine } from "./protocol.ts";
import type { WorkerOutcome } from "./worker.ts";

export interface CommandModelDeps {
  channel: ModelChannel;
  cache: ResponseCache | null;
  host: ProcessHost;
}

/** Processes in a row that end before answering anything: the program cannot start, and the model stops. */
const DEATHS_BEFORE_STOP = 3;

interface Running {
  pool: WorkerPool;
  log: ProcessLog;
}

/** One attempt, settled: the reply, an error that ends the call, or a failure to retry on a fresh process. */
type Settled = { json: Record<string, unknown> } | { error: EndpointError } | { retry: true };

/** Where an answer is cached: its key, and the key of the configured model it belongs to. */
interface CacheSlot {
  cache: ResponseCache;
  key: string;
  modelKey: string;
}

/** `config` is resolved: its `env` values are interpolated. */
export function createCommandModel(name: string, config: CommandModelConfig, deps: CommandModelDeps): ChatModel {
  const target = new CommandTarget(name, config, deps);
  return {
    name,
    async chat(request, signal) {
      try {
        return await target.call(request, signal);
      } catch (error) {
        if (countsAsModelError(error, signal)) deps.channel.stats.errors++;
        throw error;
      }
    },
  };
}

class CommandTarget {
  private readonly cwd: string;
  /** How messages name the program: command `python agent.py`. */
  private readonly where: string;
  private running: Promise<Running> | null = null;
  private identity: string | null = null;
  private sequence = 0;
  private readonly name: string;
  private readonly config: CommandModelConfig;
  private readonly deps: CommandModelDeps;

  constructor(name: string, config: CommandModelConfig, deps: CommandModelDeps) {
    this.name = name;
    this.config = config;
    this.deps = deps;
    this.cwd = path.resolve(deps.host.configDir, config.cwd ?? ".");
    this.where = `command ${shownCommand(config.command)}`;
  }

  async call(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const { channel } = this.deps;
    throwIfStopped(channel, signal);
    const body = requestBody(request);
    const slot = this.cacheSlot(request, body);
    const hit = slot ? await this.cached(slot, request) : null;
    if (hit) return hit;
    const answer = await this.ask(request, body, signal);
    const read = readReply(answer.json);
    if ("error" in read) {
      const message = redact(`${this.where} answered with an error: ${excerpt(read.error)}`);
      throw new EndpointError("http", this.name, message, { attempts: answer.attempts });
    }
    const reply: ParsedReply = capped(read.reply);
    const cost = costUsd(this.config.price, reply.usage);
    countUsage(channel, reply, cost);
    // An answer past the cap is not cached: the next run asks again rather than storing megabytes.
    if (slot && isUsable(reply, request) && JSON.stringify(answer.json).length <= MAX_ANSWER_CHARS) {
      slot.cache.set(slot.key, { json: answer.json, status: 200 });
    }
    const latencyMs = Math.round(answer.latencyMs * 100) / 100;
    return { ...reply, costUsd: cost, latencyMs, cached: false, model: this.name, attempts: answer.attempts };
  }

  /** Where the answer is cached, when the model's answers are (a target's only with `cache: true`). */
  private cacheSlot(request: ChatRequest, body: Record<string, unknown>): CacheSlot | null {
    const { cache } = this.deps;
    if (!cache || !isCacheable(this.config, request.purpose)) return null;
    this.identity ??= commandIdentity(this.config, this.cwd);
    // The identity holds the env values, secrets included: the key hashes it (cache.ts, endpointDigest).
    const parts = { provider: "command", url: this.identity, headers: {}, body };
    return { cache, key: cacheKey({ ...parts, sample: request.sample }), modelKey: cacheModelKey({ ...parts, body: null }) };
  }

  private async cached(slot: CacheSlot, request: ChatRequest): Promise<ChatResponse | null> {
    const hit = await slot.cache.get(slot.key, slot.modelKey);
    const read = hit ? readReply(hit.json as Record<string, unknown>) : null;
    if (!hit || !read || !("reply" in read) || !isUsable(read.reply, request)) return null;
    this.deps.channel.stats.cacheHits++;
    noteCacheHit(hit.savedAt);
    return { ...capped(read.reply), costUsd: 0, latencyMs: 0, cached: true, model: this.name, attempts: 0 };
  }

  /** The program's processes, started on the first call; stopped when the run ends. */
  private start(): Promise<Running> {
    const { host } = this.deps;
    this.running ??= host.logOf(this.name).then((log) => {
      const spec = {
        command: this.config.command,
        cwd: this.cwd,
        env: host.environmentOf(this.name, this.config.env, this.config["pass-env"]),
        log,
      };
      const pool = new WorkerPool({ spec, perCase: this.config["per-case"] });
      host.onClose(() => pool.close());
      return { pool, log };
    });
    return this.running;
  }

  /** Sends the request until a process answers it, retrying crashes and timeouts on fresh processes. */
  private async ask(request: ChatRequest, body: Record<string, unknown>, signal?: AbortSignal) {
    const { channel } = this.deps;
    const { pool, log } = await this.start();
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      throwIfStopped(channel, signal);
      throwIfRunStopped(channel);
      const id = String(++this.sequence);
      let outcome: WorkerOutcome;
      try {
        outcome = await channel.limiter.run(async () => {
          // The model may have been stopped, or the run, while this call waited for a slot.
          throwIfStopped(channel, signal);
          throwIfRunStopped(channel);
          channel.stats.requests++;
          // A retry follows a crash or a hang: it goes to a new process (the spec's "on a fresh worker").
          return pool.request(id, requestLine(id, body, request), channel.policy.timeoutMs, signal, attempt > 1);
        }, signal);
      } catch (error) {
        throw runStoppedOr(channel, error);
      }
      const settled = this.settle(outcome, attempt, pool, log);
      if ("json" in settled) return { json: settled.json, attempts: attempt, latencyMs: performance.now() - started };
      if ("error" in settled) throw settled.error;
      channel.stats.retries++;
      try {
        await abortableSleep(retryDelay(attempt, { kind: "network" }, channel.policy.backoffMs), signal, channel.guard?.signal);
      } catch (error) {
        throw runStoppedOr(channel, error);
      }
    }
  }

  private settle(outcome: WorkerOutcome, attempt: number, pool: WorkerPool, log: ProcessLog): Settled {
    const fail = (kind: "parse" | "timeout" | "network", message: string): Settled => ({
      error: new EndpointError(kind, this.name, redact(message), { attempts: attempt }),
    });
    if (outcome.kind === "reply") return { json: outcome.json };
    if (outcome.kind === "not-json") {
      const line = excerpt(outcome.line);
      return fail(
        "parse",
        `${this.where} wrote a line on stdout that is not a JSON reply: ${line} (stdout carries replies only; log to stderr)`,
      );
    }
    if (outcome.kind === "protocol") return fail("parse", `${this.where} ${outcome.detail}`);
    const { channel } = this.deps;
    if (pool.deathsBeforeAnswering >= DEATHS_BEFORE_STOP) {
      const last =
        outcome.kind === "crash"
          ? `${outcome.label} ${outcome.how}`
          : `${outcome.label} gave no answer within ${channel.policy.timeoutMs}ms: a program that reads all of its stdin before it answers needs per-case: true`;
      const message = `${this.where} failed ${pool.deathsBeforeAnswering} times in a row before answering anything (last: ${last}); ${logEnding(log, outcome.label)}`;
      channel.fatal ??= { message: redact(message), status: undefined };
      return { error: new EndpointError("fatal", this.name, channel.fatal.message, { attempts: attempt }) };
    }
    if (attempt <= channel.policy.maxRetries) return { retry: true };
    const tries = attempt === 1 ? "" : ` (after ${attempt} attempts)`;
    return outcome.kind === "timeout"
      ? fail("timeout", `${this.where} gave no answer within ${channel.policy.timeoutMs}ms${tries}`)
      : fail("network", `${this.where}: ${outcome.label} ${outcome.how} before answering${tries}`);
  }
}

function countUsage(channel: ModelChannel, reply: ParsedReply, cost: number | null): void {
  const { stats } = channel;
  if (reply.usageUnusable) stats.unusableUsage++;
  if (reply.usage) countTokens(stats, reply.usage);
  if (cost !== null) {
    stats.costUsd += cost;
    channel.guard?.recordCost(cost);
  }
}
