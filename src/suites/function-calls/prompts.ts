// The texts sent to the simulated user and to the completion judge, and the judge's verdict parser.

/** The simulated user's system prompt: the seed's persona rules around the case's instructions. */
export function simulatorSystemPrompt(instructions: string, stopToken: string): string {
  return [
    "You are playing a user who talks to a business chatbot assistant. Write only the user's next message.",
    "",
    "Rules:",
    "- You are the user, never the assistant. Behave like a non-technical person who knows the task but not how the system works.",
    "- Stay on the task; vary your wording a little, as a person would.",
    "- Use only the data given in your task. Never invent names, numbers, dates or other facts, and never change the data.",
    "- Give information when it is needed, a little at a time; do not mention that it was given to you.",
    "- Do not correct the assistant or point out its mistakes, and accept the values it proposes.",
    `- When the assistant has completed your task and you have confirmed it, end the conversation by saying "${stopToken}".`,
    "",
    "Your task:",
    instructions.trim(),
  ].join("\n");
}

/** Opens the simulated user's thread, so its first message answers a greeting as a real user's would. */
export const OPENING_GREETING = "Hi! How can I help you today?";

export interface TranscriptEntry {
  role: "user" | "assistant" | "tool";
  content: string | null;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
  /** On tool entries: which function answered. */
  name?: string;
}

const JUDGE_WINDOW = 30;

/** The completion check: the seed's question, shown the latest part of the conversation including calls. */
export function completionJudgeMessages(condition: string, transcript: TranscriptEntry[]): { role: "system" | "user"; content: string }[] {
  const lines = transcript.slice(-JUDGE_WINDOW).map((entry) => {
    if (entry.role === "tool") return `[tool ${entry.name ?? ""} returned: ${entry.content ?? ""}]`;
    const calls = (entry.toolCalls ?? []).map((call) => `[${entry.role} called ${call.name}(${JSON.stringify(call.arguments)})]`);
    return [...calls, ...(entry.content ? [`${entry.role.toUpperCase()}: ${entry.content}`] : [])].join("\n");
  });
  return [
    {
      role: "system",
      content:
        "You check whether a conversation between a user and an assistant has reached a given state. Answer with a single word: yes or no.",
    },
    {
      role: "user",
      content: `Conversation:\n${lines.filter(Boolean).join("\n")}\n\nDetermine if ${condition.trim()}. If so, respond with a single word: yes. Otherwise respond with a single word: no.`,
    },
  ];
}

/** "yes" / "no" (case, surrounding punctuation and a trailing explanation tolerated); anything else is unreadable. */
export function parseCompletionVerdict(text: string): boolean | undefined {
  const first = /^[\s"'*`]*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  if (first === "yes") return true;
  if (first === "no") return false;
  return undefined;
}

/** The stop token anywhere in the user's message, ignoring case and spacing. */
export function saysStopToken(message: string, stopToken: string): boolean {
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
  return squash(message).includes(squash(stopToken));
}
