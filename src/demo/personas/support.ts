// Demo personas for the function-calls suite: a deterministic tool-calling support bot with
// realistic slips, a simulated user that follows the numbered steps of its task, and a completion
// judge. Served by src/demo/openai-server.ts, routed by the request's model name. The bot follows
// one instruction of a system prompt (a prompt file's, as `evalgate init` writes one): told to call
// "only the tools" a request needs, it never adds the lookup it otherwise makes now and then, so an
// edit of its prompt that drops the instruction changes its calls.
import { type DemoChatBody, type DemoPersona, type DemoReply, stableFraction } from "../openai-server.ts";

/** `title "Printer jam"` → { title: "Printer jam" }: the demo user always quotes its data this way. */
function quotedFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of text.matchAll(/([a-z][a-z ]*?) "([^"]*)"/gi)) {
    const key = (match[1] as string).trim().toLowerCase().split(" ").at(-1) as string;
    fields[key === "id" ? "ticket_id" : key === "date" ? "due_date" : key] = match[2] as string;
  }
  return fields;
}

/** The tool's name as offered (the demo uses bare names; a prefixed catalogue still works). */
function toolName(body: DemoChatBody, bare: string): string {
  return body.tools?.map((tool) => tool.function.name).find((name) => name.endsWith(bare)) ?? bare;
}

/** Whether a system message tells it to call only the tools a request needs. */
function callsOnlyWhatIsNeeded(body: DemoChatBody): boolean {
  return body.messages.some((message) => message.role === "system" && /only the tools/i.test(message.content ?? ""));
}

const supportBot: DemoPersona = (body) => {
  const last = body.messages.at(-1);
  if (!last) return { content: "Hello! How can I help?" };
  if (last.role === "tool") return { content: `All set. ${String(last.content).slice(0, 120)}` };
  const text = last.content ?? "";
  const fields = quotedFields(text);
  const luck = stableFraction(text);
  if (/create .*ticket/i.test(text)) {
    const args: Record<string, unknown> = { title: fields.title, department: fields.department, priority: fields.priority?.toLowerCase() };
    if (fields.visible !== undefined) args.customer_visible = ["true", "yes"].includes(fields.visible.toLowerCase());
    if (fields.description && luck >= 0.3) args.description = fields.description; // sometimes drops the optional description
    return { content: null, toolCalls: [{ name: toolName(body, "create_support_ticket"), arguments: args }] };
  }
  if (/action item/i.test(text)) {
    if (luck < 0.15) return { content: "Sure, I'll take care of that." }; // forgets the call altogether
    const args: Record<string, unknown> = { ticket_id: fields.ticket_id, title: fields.title, assignee: fields.assignee };
    if (fields.due_date && luck >= 0.35) args.due_date = fields.due_date;
    const calls = [{ name: toolName(body, "create_action_item"), arguments: args }];
    if (luck >= 0.6 && !callsOnlyWhatIsNeeded(body))
      calls.unshift({ name: toolName(body, "get_support_ticket"), arguments: { ticket_id: fields.ticket_id } }); // an extra lookup first
    return { content: null, toolCalls: calls };
  }
  if (/status|look up|details/i.test(text) && fields.ticket_id) {
    return { content: null, toolCalls: [{ name: toolName(body, "get_support_ticket"), arguments: { ticket_id: fields.ticket_id } }] };
  }
  return { content: "Is there anything else I can do for you?" };
};

/** Says the numbered lines of its task in order ("1. ..."), then ends with the stop phrase. */
const simulatedUser: DemoPersona = (body): DemoReply => {
  const system = body.messages.find((m) => m.role === "system")?.content ?? "";
  const steps = [...system.matchAll(/^\s*\d+\.\s+(.+)$/gm)].map((match) => (match[1] as string).trim());
  const said = body.messages.filter((m) => m.role === "assistant").length;
  return { content: steps[said] ?? "Thank you, that's everything. The session is finished." };
};

/** Answers the completion check: the task is complete once the user has confirmed the end of the session. */
const completionJudge: DemoPersona = (body) => {
  const prompt = body.messages.at(-1)?.content ?? "";
  return { content: /USER: .*session is finished/i.test(prompt) ? "yes" : "no" };
};

export const supportPersonas: Record<string, DemoPersona> = {
  "demo-support-bot": supportBot,
  "demo-user": simulatedUser,
  "demo-completion-judge": completionJudge,
};
