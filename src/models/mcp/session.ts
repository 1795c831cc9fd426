// One connection to an MCP server through the official SDK's client: a stdio server started from
// the checkout in a process group of its own (its stderr in the log, redacted), or a streamable HTTP
// server at a URL. Tools are listed (every page) and called; what the server says about a call (a
// tool error, an unknown tool, bad arguments) is the tool's answer, returned to the model under test,
// while a server that ends, hangs or breaks the protocol is a fault of the infrastructure (McpFailure).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import type { StartConfig } from "../../config/providers.ts";
import { capAnswer } from "../../util/cap-text.ts";
import { redact } from "../../util/redact.ts";
import { describeExit, type GroupProcess, shownCommand, startGroup } from "../process/group.ts";
import { logEnding, type ProcessLog } from "../process/log.ts";
import { GroupTransport } from "./transport.ts";

export interface McpServerSpec {
  /** How evalgate names the server (the identity's key, messages): "support-mcp". */
  name: string;
  /** A stdio server's command (run in `cwd` with `env` added to evalgate's environment). */
  command?: string | string[];
  /** A streamable HTTP server's endpoint (`{{port}}` filled once `start` has started it). */
  url?: string;
  /** A streamable HTTP server evalgate starts (./service.ts); its `cwd` is relative to `cwd`. */
  start?: StartConfig;
  cwd: string;
  env: Record<string, string>;
  /** How long listing the tools, or one call, may take. */
  timeoutMs: number;
}

/** A tool as the server lists it. */
export interface McpTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  /** What its structured answers must match, when it says. */
  outputSchema?: Record<string, unknown>;
}

/** A call's answer as the model is shown it: the content's text (capped), and whether the tool said it failed. */
export interface McpToolResult {
  text: string;
  isError: boolean;
}

/** The server ended, hung or broke the protocol: the case fails as infrastructure, not as the model's doing. */
export class McpFailure extends Error {
  override readonly name = "McpFailure";
}

export interface SessionDeps {
  /** The environment the server inherits, already less what it is withheld (../process/host.ts). */
  env: NodeJS.ProcessEnv;
  log: ProcessLog;
  /** The process's label in the log: "mcp 2". */
  label: string;
}

/**
 * The check of tools' structured answers against their output schemas: one Ajv for every session,
 * made when a tool first has an output schema (each client would make its own at once, ~10 ms each),
 * each schema compiled once for all of them.
 */
let ajv: AjvJsonSchemaValidator | undefined;
const compiled = new WeakMap<object, JsonSchemaValidator<unknown>>();
const outputSchemas: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType) {
    ajv ??= new AjvJsonSchemaValidator();
    const validator = compiled.get(schema) ?? ajv.getValidator(schema);
    compiled.set(schema, validator);
    return validator as JsonSchemaValidator<T>;
  },
};

export class McpSession {
  private readonly client = new Client({ name: "evalgate", version: "1" }, { capabilities: {}, jsonSchemaValidator: outputSchemas });
  private readonly spec: McpServerSpec;
  private readonly deps: SessionDeps;
  private readonly process: GroupProcess | null;
  private failure: string | null = null;
  /** The tools' output checks (useTools): every session checks them, not only the one whose client listed the tools. */
  private outputChecks = new Map<string, JsonSchemaValidator<unknown>>();
  private toolsInUse: readonly McpTool[] | null = null;

  private constructor(spec: McpServerSpec, deps: SessionDeps, process: GroupProcess | null) {
    this.spec = spec;
    this.deps = deps;
    this.process = process;
  }

  /** Starts (or reaches) the server and completes MCP's initialisation; throws McpFailure when it cannot. */
  static async open(spec: McpServerSpec, deps: SessionDeps, signal?: AbortSignal): Promise<McpSession> {
    const process =
      spec.command !== undefined
        ? startGroup({
            command: spec.command,
            cwd: spec.cwd,
            env: { ...deps.env, PYTHONUNBUFFERED: "1", ...spec.env },
            io: "pipe",
            log: deps.log,
            label: deps.label,
          })
        : null;
    const session = new McpSession(spec, deps, process);
    const transport: Transport = process ? new GroupTransport(process) : new StreamableHTTPClientTransport(new URL(spec.url!));
    transport.onerror = (error) => deps.log.note(`${deps.label}: ${error.message}`);
    try {
      await onOwnSignal(signal, (own) => session.client.connect(transport, { timeout: spec.timeoutMs, ...(own && { signal: own }) }));
    } catch (error) {
      const failure = session.failed("could not be initialised", error, signal);
      await session.close();
      throw failure;
    }
    return session;
  }

  /** Where the server is, as messages name it. */
  get where(): string {
    return `MCP server ${this.spec.name} (${this.spec.command !== undefined ? shownCommand(this.spec.command) : this.spec.url})`;
  }

  /** Whether it can take another call. */
  get alive(): boolean {
    return this.failure === null && (this.process === null || this.process.exit() === null);
  }

  async tools(signal?: AbortSignal): Promise<McpTool[]> {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      let page: Awaited<ReturnType<Client["listTools"]>>;
      try {
        const params = cursor === undefined ? {} : { cursor };
        page = await onOwnSignal(signal, (own) =>
          this.client.listTools(params, { timeout: this.spec.timeoutMs, ...(own && { signal: own }) }),
        );
      } catch (error) {
        throw this.failed("did not list its tools", error, signal);
      }
      for (const tool of page.tools)
        tools.push({
          name: tool.name,
          ...(tool.description !== undefined && { description: tool.description }),
          inputSchema: tool.inputSchema as Record<string, unknown>,
          ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema as Record<string, unknown> }),
        });
      cursor = page.nextCursor;
    } while (cursor !== undefined && tools.length < 10_000);
    return tools;
  }

  /** The tools as listed (by any session of the server): their output schemas check this session's answers. */
  useTools(tools: readonly McpTool[]): void {
    if (this.toolsInUse === tools) return;
    this.toolsInUse = tools;
    this.outputChecks = new Map();
    for (const tool of tools)
      if (tool.outputSchema) this.outputChecks.set(tool.name, outputSchemas.getValidator(tool.outputSchema as JsonSchemaType));
  }

  /** Calls one tool; its own error (isError, or a JSON-RPC error for this call) is its answer. */
  async call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpToolResult> {
    let result: Awaited<ReturnType<Client["callTool"]>>;
    try {
      result = await onOwnSignal(signal, (own) =>
        this.client.callTool({ name, arguments: args }, undefined, { timeout: this.spec.timeoutMs, ...(own && { signal: own }) }),
      );
    } catch (error) {
      if (error instanceof McpError && !isTransportCode(error.code)) return { text: error.message, isError: true };
      throw this.failed(`did not answer a call of ${name}`, error, signal);
    }
    const mismatch = this.outputMismatch(name, result);
    if (mismatch) return { text: mismatch.message, isError: true };
    return { text: resultText(result as Record<string, unknown>), isError: result.isError === true };
  }

  /**
   * The SDK's own check of a structured answer, made on every session: its client checks only after
   * listing the tools itself, which one session of a server does. The same errors, in the SDK's words.
   */
  private outputMismatch(name: string, result: Record<string, unknown>): McpError | null {
    const check = this.outputChecks.get(name);
    if (!check) return null;
    if (result.structuredContent === undefined || result.structuredContent === null) {
      if (result.isError === true) return null;
      return new McpError(ErrorCode.InvalidRequest, `Tool ${name} has an output schema but did not return structured content`);
    }
    const verdict = check(result.structuredContent);
    if (verdict.valid) return null;
    return new McpError(ErrorCode.InvalidParams, `Structured content does not match the tool's output schema: ${verdict.errorMessage}`);
  }

  async close(): Promise<void> {
    this.failure ??= "closed";
    await this.client.close().catch(() => {});
    await this.process?.stop();
  }

  /** An McpFailure saying what the server did, quoting the end of its log; the caller's abort is rethrown as it is. */
  private failed(what: string, error: unknown, signal?: AbortSignal): unknown {
    if (signal?.aborted) return signal.reason;
    const exit = this.process?.exit();
    const how =
      exit != null
        ? describeExit(exit)
        : error instanceof McpError && error.code === ErrorCode.RequestTimeout
          ? `gave no answer within ${this.spec.timeoutMs}ms`
          : error instanceof Error
            ? error.message
            : String(error);
    this.failure = how;
    void this.close();
    // A stdio server's own lines, or those of the service evalgate started for it.
    const label = this.process ? this.deps.label : this.spec.start ? "service" : undefined;
    const ending = label ? `; ${logEnding(this.deps.log, label)}` : "";
    return new McpFailure(redact(`${this.where} ${what}: ${how}${ending}`));
  }
}

/**
 * Runs one SDK request on a signal of its own that follows the caller's: the SDK adds an abort
 * listener to the signal it is given and never removes it, so the run's signal would collect one per
 * call (memory, and every later listener's add walks them all).
 */
async function onOwnSignal<T>(signal: AbortSignal | undefined, request: (own?: AbortSignal) => Promise<T>): Promise<T> {
  if (!signal) return request();
  const own = new AbortController();
  const follow = () => own.abort(signal.reason);
  if (signal.aborted) follow();
  else signal.addEventListener("abort", follow, { once: true });
  try {
    return await request(own.signal);
  } finally {
    signal.removeEventListener("abort", follow);
  }
}

/** The SDK's codes for a connection that closed or a request that timed out: the server's fault, not the tool's answer. */
function isTransportCode(code: number): boolean {
  return code === ErrorCode.ConnectionClosed || code === ErrorCode.RequestTimeout;
}

/** The content a model is shown: text as it is, other kinds named, structured content when there is no text. */
function resultText(result: Record<string, unknown>): string {
  const parts = (Array.isArray(result.content) ? result.content : []).map((item: Record<string, unknown>) => {
    if (item.type === "text") return String(item.text ?? "");
    if (item.type === "resource") {
      const resource = (item.resource ?? {}) as Record<string, unknown>;
      return typeof resource.text === "string" ? resource.text : `[resource ${String(resource.uri ?? "")}]`;
    }
    if (item.type === "resource_link") return `[resource ${String(item.uri ?? "")}]`;
    return `[${String(item.type)}${item.mimeType ? ` ${String(item.mimeType)}` : ""}]`;
  });
  const text = parts.length === 0 && result.structuredContent !== undefined ? JSON.stringify(result.structuredContent) : parts.join("\n");
  return capAnswer(text);
}
