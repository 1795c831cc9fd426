// The Copilot CLI as a chat model (`provider: copilot`): one CLI process per request, within the
// model's concurrency, the run guard (deadline, budget), retries and the cache like any model. It runs
// on the token in `token-env` (in Actions: the workflow's token with `copilot-requests: write`), passed
// to it as COPILOT_GITHUB_TOKEN. It takes no sampling settings, tools or answer format: each one a
// request asks for is left out and named once in the run's notes. A CLI that is not installed, or
// that refuses its token, stops the model (the run exits 3) with the CLI's own words, redacted.
import type { CopilotModelConfig } from "../../config/models.ts";
import { redact } from "../../util/redact.ts";
import { cacheKey, cacheModelKey, isCacheable, type ResponseCache } from "../cache.ts";
import { noteCacheHit } from "../cache-use.ts";
import { capped, isUsable, type ParsedReply } from "../chat-model.ts";
import { countsAsModelError, EndpointError } from "../errors.ts";
import type { ProcessHost } from "../process/host.ts";
import { logEnding, type ProcessLog } from "../process/log.ts";
import { retryDelay } from "../retry.ts";
import { abortableSleep, type ModelChannel, runStoppedOr, throwIfRunStopped, throwIfStopped } from "../transport.ts";
import type { ChatModel, ChatRequest, ChatResponse } from "../types.ts";
import { copilotArgs, copilotPrompt, settingsNotSent } from "./prompt.ts";
import { type CliRun, runCopilotCli } from "./run.ts";

export interface CopilotModelDeps {
  channel: ModelChannel;
  cache: ResponseCache | null;
  host: ProcessHost;
}

/** Runs in a row that fail before the CLI ever answered: it cannot work here, and the model stops. */
const FAILURES_BEFORE_STOP = 3;
/** What the CLI says when its token is refused or missing: the model stops at once. */
const REFUSED_TOKEN =
  /authenticat|unauthori[sz]ed|forbidden|\b40[13]\b|not authorized|log ?in|copilot-requests|no (copilot )?token|token (is )?(invalid|expired|missing)|invalid token/i;
const INSTALL_HINT = "install it with `npm install -g @github/copilot`, or name it with `command:`";

export function createCopilotModel(name: string, config: CopilotModelConfig, token: string | undefined, deps: CopilotModelDeps): ChatModel {
  const cli = new CopilotCli(name, config, token, deps);
  return {
    name,
    async chat(request, signal) {
      try {
        return await cli.call(request, signal);
      } catch (error) {
        if (countsAsModelError(error, signal)) deps.channel.stats.errors++;
        throw error;
      }
    },
  };
}

class CopilotCli {
  private readonly running = new Set<() => Promise<void>>();
  private log: Promise<ProcessLog> | null = null;
  private sequence = 0;
  private answered = 0;
  private failuresInARow = 0;
  private readonly name: string;
  private readonly config: CopilotModelConfig;
  private readonly token: string | undefined;
  private readonly deps: CopilotModelDeps;

  constructor(name: string, config: CopilotModelConfig, token: string | undefined, deps: CopilotModelDeps) {
    this.name = name;
    this.config = config;
    this.token = token;
    this.deps = deps;
  }

  async call(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    const { channel, cache } = this.deps;
    throwIfStopped(channel, signal);
    this.noteSettingsNotSent(request);
    if (request.purpose === "judge" || request.purpose === "grader")
      channel.defaultTemperature ??= "the Copilot CLI takes no sampling settings";
    const prompt = copilotPrompt(request.messages);
    const parts = { provider: "copilot", url: `${this.config.command} ${this.config.model ?? ""}`, headers: {}, body: { prompt } };
    const slot =
      cache && isCacheable(this.config, request.purpose)
        ? { key: cacheKey({ ...parts, sample: request.sample }), modelKey: cacheModelKey(parts) }
        : null;
    const hit = slot && cache ? await cache.get(slot.key, slot.modelKey) : null;
    const cachedText = hit && typeof (hit.json as { text?: unknown }).text === "string" ? (hit.json as { text: string }).text : null;
    if (hit && cachedText !== null && isUsable(reply(cachedText), request)) {
      channel.stats.cacheHits++;
      noteCacheHit(hit.savedAt);
      return { ...capped(reply(cachedText)), costUsd: 0, latencyMs: 0, cached: true, model: this.name, attempts: 0 };
    }
    const started = performance.now();
    const { text, attempts } = await this.ask(prompt, signal);
    const answer = capped(reply(text));
    if (slot && cache && isUsable(answer, request)) cache.set(slot.key, { json: { text: answer.text }, status: 200 });
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return { ...answer, costUsd: null, latencyMs, cached: false, model: this.name, attempts };
  }

  /** Each setting the CLI cannot take, named once per model and setting in the run's notes. */
  private noteSettingsNotSent(request: ChatRequest): void {
    for (const { setting, value } of settingsNotSent(request)) {
      this.deps.channel.note?.(
        `${this.name} not sent ${setting}`,
        `model "${this.name}" (copilot): ${setting} ${value} not sent: the Copilot CLI takes no ${setting === "tools" ? "tools" : "sampling settings or answer format"}, it answered with its own defaults`,
      );
    }
  }

  private logOf(): Promise<ProcessLog> {
    this.log ??= this.deps.host.logOf(this.name).then((log) => {
      this.deps.host.onClose(async () => {
        await Promise.all([...this.running].map((stop) => stop()));
      });
      return log;
    });
    return this.log;
  }

  /** Runs the CLI until it answers, retrying a failed run on a fresh process. */
  private async ask(prompt: string, signal: AbortSignal | undefined): Promise<{ text: string; attempts: number }> {
    const { channel, host } = this.deps;
    const log = await this.logOf();
    const env = host.environmentOf(this.name, this.token ? { COPILOT_GITHUB_TOKEN: this.token } : {});
    for (let attempt = 1; ; attempt++) {
      throwIfStopped(channel, signal);
      throwIfRunStopped(channel);
      const label = `copilot ${++this.sequence}`;
      let run: CliRun;
      try {
        run = await channel.limiter.run(async () => {
          throwIfStopped(channel, signal);
          throwIfRunStopped(channel);
          channel.stats.requests++;
          const spec = {
            command: [this.config.command, ...copilotArgs(prompt, this.config.model)],
            cwd: host.configDir,
            env,
            io: "pipe" as const,
            log,
            label,
          };
          return runCopilotCli(spec, channel.policy.timeoutMs, signal, this.running);
        }, signal);
      } catch (error) {
        throw runStoppedOr(channel, error);
      }
      if (run.kind === "answer") {
        this.answered++;
        this.failuresInARow = 0;
        return { text: run.text, attempts: attempt };
      }
      const error = this.failure(run, attempt, log, label);
      if (error) throw error;
      channel.stats.retries++;
      try {
        await abortableSleep(retryDelay(attempt, { kind: "network" }, channel.policy.backoffMs), signal, channel.guard?.signal);
      } catch (error) {
        throw runStoppedOr(channel, error);
      }
    }
  }

  /** The error a failed run ends the call with (the model stopped when the CLI cannot work here), or null to retry. */
  private failure(run: Exclude<CliRun, { kind: "answer" }>, attempt: number, log: ProcessLog, label: string): EndpointError | null {
    const { channel } = this.deps;
    const where = `the Copilot CLI (\`${this.config.command}\`)`;
    if (run.kind === "not-started") {
      // Not installed, or not a program: nothing will start it. Any other spawn error (a prompt past
      // the system's argument limit, E2BIG) is this request's.
      if (/ENOENT|EACCES/.test(run.error)) return this.stop(`${where} could not be started (${run.error}): ${INSTALL_HINT}`, attempt);
      return new EndpointError("http", this.name, redact(`${where} could not be started for this request (${run.error})`), {
        attempts: attempt,
      });
    }
    this.failuresInARow++;
    const words = logEnding(log, label);
    const what = run.kind === "timeout" ? `gave no answer within ${channel.policy.timeoutMs}ms` : run.how;
    if (run.kind === "failed" && REFUSED_TOKEN.test(words)) {
      return this.stop(
        `${where} ${what}, refusing its token (${this.config["token-env"]}; in Actions: permissions copilot-requests: write); ${words}`,
        attempt,
      );
    }
    if (this.answered === 0 && this.failuresInARow >= FAILURES_BEFORE_STOP) {
      return this.stop(`${where} failed ${this.failuresInARow} times in a row without ever answering (last: ${what}); ${words}`, attempt);
    }
    if (attempt <= channel.policy.maxRetries) return null;
    const tries = attempt === 1 ? "" : ` (after ${attempt} attempts)`;
    return new EndpointError(run.kind === "timeout" ? "timeout" : "network", this.name, redact(`${where} ${what}${tries}; ${words}`), {
      attempts: attempt,
    });
  }

  private stop(message: string, attempts: number): EndpointError {
    const { channel } = this.deps;
    channel.fatal ??= { message: redact(message), status: undefined };
    return new EndpointError("fatal", this.name, channel.fatal.message, { attempts });
  }
}

function reply(text: string): ParsedReply {
  return { text, toolCalls: [], usage: null };
}
