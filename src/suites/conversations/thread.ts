// FlexEval's conversation model: one JSONL line is a thread of messages; the first system message is
// the thread's system prompt; turns are runs of consecutive messages on the same side, where
// assistant, ai and tool are one side (machine) and everything else the other (FlexEval data_loader).
// Tool calls come from OpenAI-style `tool_calls` on a message; a later `tool` message with the same
// `tool_call_id` is the call's response.
import type { InputProblem } from "../../config/errors.ts";
import type { ConversationLevel } from "../../results/conversations.ts";
import { isRecord } from "../../util/is-record.ts";
import { numberSource, parseJsonKeepingNumbers } from "../../util/json-numbers.ts";
import { pythonStr } from "../../util/sequence-matcher.ts";

/** A conversation's levels (named in results.json). */
export type Level = ConversationLevel;
export const LEVELS: readonly Level[] = ["Thread", "Turn", "Message", "ToolCall"];
/** Coarse to fine: a metric may depend on its own level or a coarser one. */
export const LEVEL_RANK: Record<Level, number> = { Thread: 0, Turn: 1, Message: 2, ToolCall: 3 };

export interface ToolCallObject {
  level: "ToolCall";
  /** 0-based among the thread's tool calls. */
  index: number;
  id: string;
  name: string;
  /** The arguments as the JSON text FlexEval stores. */
  args: string;
  arguments: Record<string, unknown>;
  /** FlexEval's additional_kwargs: the calling message's `additional_kwargs` key (LangGraph exports), else {}. */
  additionalKwargs: Record<string, unknown>;
  /** Content of the tool message that answered the call, when there is one. */
  response: string | null;
  messageIndex: number;
  turnIndex: number;
  role: string;
}

export interface MessageObject {
  level: "Message";
  /** 0-based among the thread's messages (the system prompt is not a message). */
  index: number;
  turnIndex: number;
  role: string;
  content: string;
  toolCalls: ToolCallObject[];
  /** The message's extra keys. */
  metadata: Record<string, unknown>;
  /** True for the answer evalgate asked for in completion mode. */
  isCompletion: boolean;
  /** FlexEval's message columns, set only for a completion evalgate asked for (JSONL keys stay metadata, as in FlexEval). */
  usage: MessageUsage;
}

export interface MessageUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  modelName: string | null;
}

export interface TurnObject {
  level: "Turn";
  index: number;
  /** FlexEval's rule: the role of the turn's last message. */
  role: string;
  messages: MessageObject[];
  toolCalls: ToolCallObject[];
  /** The messages' contents joined by newlines (FlexEval's string form of a turn). */
  content: string;
  isLast: boolean;
}

export interface ThreadObject {
  level: "Thread";
  index: 0;
  role: "thread";
  systemPrompt: string | null;
  metadata: Record<string, unknown>;
  messages: MessageObject[];
  turns: TurnObject[];
  toolCalls: ToolCallObject[];
  content: string;
}

export type LevelObject = ThreadObject | TurnObject | MessageObject | ToolCallObject;

/** What the JSONL line holds, before turns are built. */
export interface RawMessage {
  role: string;
  content: string;
  toolCalls: { id: string; name: string; args: string; arguments: Record<string, unknown> }[];
  toolCallId?: string;
  metadata: Record<string, unknown>;
  isCompletion?: boolean;
  usage?: MessageUsage;
}

export interface RawThread {
  systemPrompt: string | null;
  metadata: Record<string, unknown>;
  messages: RawMessage[];
}

const MACHINE_ROLES = new Set(["assistant", "ai", "tool"]);

export function isMachineRole(role: string): boolean {
  return MACHINE_ROLES.has(role);
}

/** Where evalgate reads a message's content differently from FlexEval (which stores str(content)). */
export type ContentChoice = "parts" | "null";

/**
 * Text of a message's content as FlexEval stores it, str(content): numbers and booleans as Python
 * writes them ("42", "1.0", "True"), a record as its repr. Two choices differ, and are reported:
 * OpenAI content parts are read as their text parts joined (FlexEval: the list's repr), and null or
 * missing content (a message that only calls tools) as "" (FlexEval refuses the thread).
 */
function contentText(message: Record<string, unknown>): { text: string; choice?: ContentChoice } {
  const content = message["content"];
  if (content === null || content === undefined) return { text: "", choice: "null" };
  if (Array.isArray(content)) {
    const text = content.map((part) => (isRecord(part) && typeof part["text"] === "string" ? part["text"] : "")).join("");
    return { text, choice: "parts" };
  }
  return { text: pythonStr(content, numberSource(message, "content")) };
}

/** Parses one JSONL line into a raw thread (and where its content was read unlike FlexEval), or the problems that name the line and the field. */
export function parseThreadLine(
  text: string,
  file: string,
  line: number,
): { thread: RawThread; choices: ContentChoice[] } | { problems: InputProblem[] } {
  let value: unknown;
  try {
    value = parseJsonKeepingNumbers(text);
  } catch (error) {
    return { problems: [{ file, line, field: "line", message: `not valid JSON (${(error as Error).message})` }] };
  }
  if (!isRecord(value))
    return { problems: [{ file, line, field: "line", message: 'expected a JSON object with an "input" list of messages' }] };
  const input = value["input"];
  if (!Array.isArray(input)) {
    return { problems: [{ file, line, field: "input", message: 'expected "input": a list of {role, content} messages' }] };
  }
  const problems: InputProblem[] = [];
  const { input: _input, ...metadata } = value;
  let systemPrompt: string | null = null;
  const messages: RawMessage[] = [];
  const choices = new Set<ContentChoice>();
  input.forEach((entry, i) => {
    const read = readMessage(entry, `input[${i}]`, i, (field, message) => problems.push({ file, line, field, message }));
    if (!read) return;
    if (read.choice) choices.add(read.choice);
    // FlexEval: the first system message is the thread's system prompt, and no system message is a message.
    if ("system" in read) systemPrompt ??= read.system;
    else messages.push(read.message);
  });
  if (problems.length > 0) return { problems };
  return { thread: { systemPrompt, metadata, messages }, choices: [...choices] };
}

type NoteProblem = (field: string, message: string) => void;

/** One entry of a line's `input`: a message, or a system message's text; undefined when it has a problem. */
export function readMessage(
  entry: unknown,
  field: string,
  i: number,
  problem: NoteProblem,
): (({ message: RawMessage } | { system: string }) & { choice?: ContentChoice }) | undefined {
  if (!isRecord(entry)) {
    problem(field, "expected a message object {role, content}");
    return undefined;
  }
  const role = entry["role"];
  if (typeof role !== "string" || !role) {
    problem(`${field}.role`, "expected a role such as user, assistant, tool or system");
    return undefined;
  }
  const { text: content, choice } = contentText(entry);
  const noted = choice ? { choice } : {};
  if (role === "system") return { system: content, ...noted };
  const { role: _role, content: _content, tool_calls: rawCalls, tool_call_id: toolCallId, ...rest } = entry;
  const toolCalls: RawMessage["toolCalls"] = [];
  if (rawCalls !== undefined) {
    if (!Array.isArray(rawCalls)) {
      problem(`${field}.tool_calls`, "expected a list of tool calls");
      return undefined; // the line fails, so what its content choice was no longer matters
    }
    rawCalls.forEach((call, j) => {
      const read = readToolCall(call, `${field}.tool_calls[${j}]`, `call_${i}_${j}`, problem);
      if (read) toolCalls.push(read);
    });
  }
  const message: RawMessage = { role, content, toolCalls, ...(typeof toolCallId === "string" ? { toolCallId } : {}), metadata: rest };
  return { message, ...noted };
}

/** One tool call {id, function: {name, arguments}}; arguments as a JSON string or an object. */
function readToolCall(
  call: unknown,
  callField: string,
  fallbackId: string,
  problem: NoteProblem,
): RawMessage["toolCalls"][number] | undefined {
  const fn = isRecord(call) ? call["function"] : undefined;
  const name = isRecord(fn) ? fn["name"] : undefined;
  if (!isRecord(fn) || typeof name !== "string") {
    problem(`${callField}.function.name`, "expected {id, function: {name, arguments}}");
    return undefined;
  }
  const rawArgs = fn["arguments"];
  let args: Record<string, unknown> = {};
  let argsText = "{}";
  if (typeof rawArgs === "string") {
    argsText = rawArgs;
    try {
      const parsed: unknown = rawArgs.trim() ? JSON.parse(rawArgs) : {};
      if (isRecord(parsed)) args = parsed;
    } catch {
      problem(`${callField}.function.arguments`, "arguments are not valid JSON");
    }
  } else if (isRecord(rawArgs)) {
    args = rawArgs;
    argsText = JSON.stringify(rawArgs);
  }
  const id = isRecord(call) && typeof call["id"] === "string" ? call["id"] : fallbackId;
  return { id, name, args: argsText, arguments: args };
}

/** Builds turns, tool calls and the objects metrics see, following FlexEval's turn rule. */
export function buildThread(raw: RawThread): ThreadObject {
  const messages: MessageObject[] = [];
  const turns: TurnObject[] = [];
  const toolCalls: ToolCallObject[] = [];
  // A tool message answers the first call with its id: looked up by id, so many calls stay linear.
  const callsById = new Map<string, ToolCallObject>();
  let previousMachine: boolean | null = null;
  for (const [index, message] of raw.messages.entries()) {
    const machine = isMachineRole(message.role);
    if (previousMachine === null || machine !== previousMachine) {
      turns.push({ level: "Turn", index: turns.length, role: message.role, messages: [], toolCalls: [], content: "", isLast: false });
    }
    previousMachine = machine;
    const turn = turns[turns.length - 1]!;
    const object: MessageObject = {
      level: "Message",
      index,
      turnIndex: turn.index,
      role: message.role,
      content: message.content,
      toolCalls: [],
      metadata: message.metadata,
      isCompletion: message.isCompletion ?? false,
      usage: message.usage ?? { promptTokens: null, completionTokens: null, modelName: null },
    };
    for (const call of message.toolCalls) {
      const toolCall = toolCallObject(call, message, { index: toolCalls.length, messageIndex: index, turnIndex: turn.index });
      object.toolCalls.push(toolCall);
      turn.toolCalls.push(toolCall);
      toolCalls.push(toolCall);
      if (!callsById.has(toolCall.id)) callsById.set(toolCall.id, toolCall);
    }
    if (message.toolCallId !== undefined) {
      const answered = callsById.get(message.toolCallId);
      if (answered) answered.response = message.content;
    }
    turn.messages.push(object);
    turn.role = message.role;
    messages.push(object);
  }
  for (const turn of turns) turn.content = turn.messages.map((m) => m.content).join("\n");
  if (turns.length > 0) turns[turns.length - 1]!.isLast = true;
  return {
    level: "Thread",
    index: 0,
    role: "thread",
    systemPrompt: raw.systemPrompt,
    metadata: raw.metadata,
    messages,
    turns,
    toolCalls,
    content: messages.map((m) => m.content).join("\n"),
  };
}

export function toolCallObject(
  call: RawMessage["toolCalls"][number],
  message: RawMessage,
  at: { index: number; messageIndex: number; turnIndex: number },
): ToolCallObject {
  return {
    level: "ToolCall",
    index: at.index,
    id: call.id,
    name: call.name,
    args: call.args,
    arguments: call.arguments,
    additionalKwargs: isRecord(message.metadata["additional_kwargs"]) ? message.metadata["additional_kwargs"] : {},
    response: null,
    messageIndex: at.messageIndex,
    turnIndex: at.turnIndex,
    role: message.role,
  };
}

/** The objects of one level, in thread order. */
export function objectsAt(thread: ThreadObject, level: Level): LevelObject[] {
  switch (level) {
    case "Thread":
      return [thread];
    case "Turn":
      return thread.turns;
    case "Message":
      return thread.messages;
    case "ToolCall":
      return thread.toolCalls;
  }
}

/** The object of a coarser (or the same) level that contains this one. */
export function containerAt(thread: ThreadObject, object: LevelObject, level: Level): LevelObject {
  if (level === object.level) return object;
  if (level === "Thread") return thread;
  if (level === "Turn") {
    if (object.level === "Message" || object.level === "ToolCall") return thread.turns[object.turnIndex]!;
  }
  if (level === "Message" && object.level === "ToolCall") return thread.messages[object.messageIndex]!;
  throw new Error(`a ${object.level} is not inside a ${level}`);
}

/**
 * Completion mode: the thread up to and including its last user-side turn, the later machine turn
 * dropped, so a target can answer in its place.
 */
export function promptForCompletion(raw: RawThread): RawMessage[] {
  let end = raw.messages.length;
  while (end > 0 && isMachineRole(raw.messages[end - 1]!.role)) end--;
  return raw.messages.slice(0, end);
}
