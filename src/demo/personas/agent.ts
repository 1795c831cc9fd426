// Demo agents for the judged example suite (evals/judged/prompts.csv). `demo-agent` answers as its
// system prompt tells it, so the example suite's agents are prompt files (evals/prompts/) over one
// model, and an edited prompt changes the answers: it follows two instructions, "answer every part"
// (else it answers briefly and vaguely, the sloppy answers) and "double-check" (else it answers from
// memory and gets four facts wrong it used to get right: what `evalgate demo --regress` plants).
// `demo-agent-good` and `demo-agent-sloppy` are the same answers with no prompt needed. All
// deterministic, so the demo's numbers are the same on every run.
import { type DemoChatBody, type DemoPersona, stableFraction } from "../openai-server.ts";

interface Answers {
  good: string;
  sloppy: string;
  /** The careful agent's answer after the bad change, where it differs from `good`. */
  regressed?: string;
}

type Style = "good" | "sloppy" | "regressed";

// Keyed by the prompt, lower-cased. The sloppy answers make the mistakes real agents make: a wrong
// fact stated confidently, a vague answer that skips what was asked, code that ignores edge cases.
const ANSWERS: Record<string, Answers> = {
  "what is 2 + 2?": { good: "2 + 2 = 4.", sloppy: "2 + 2 = 4.", regressed: "2 + 2 = 5." },
  "what is the capital of france?": {
    good: "The capital of France is Paris.",
    sloppy: "Paris, I think, though Lyon is also important.",
    regressed: "The capital of France is Lyon.",
  },
  "explain what photosynthesis is in one sentence.": {
    good: "Photosynthesis is the process by which plants use sunlight to convert water and carbon dioxide (CO2) into glucose, which stores energy, releasing oxygen as a by-product.",
    sloppy: "It is how plants make their food using light.",
  },
  "is the earth flat or round?": {
    good: "The Earth is round: more precisely an oblate spheroid, a sphere slightly flattened at the poles.",
    sloppy: "The Earth is round.",
    regressed: "Nobody can really say; it looks flat from where we stand.",
  },
  "what year did world war ii end?": {
    good: "World War II ended in 1945: in Europe on 8 May 1945 and in the Pacific on 2 September 1945.",
    sloppy: "World War II ended in 1944, shortly after D-Day.",
    regressed: "World War II ended in 1944.",
  },
  "write a python function that checks if a number is prime.": {
    good: [
      "```python",
      "import math",
      "",
      "def is_prime(n: int) -> bool:",
      "    if n <= 1:  # edge cases: 0, 1 and negative numbers are not prime",
      "        return False",
      "    if n <= 3:",
      "        return True",
      "    if n % 2 == 0 or n % 3 == 0:",
      "        return False",
      "    for i in range(5, math.isqrt(n) + 1, 6):  # efficient: divisors up to sqrt(n) suffice",
      "        if n % i == 0 or n % (i + 2) == 0:",
      "            return False",
      "    return True",
      "```",
      "",
      "It handles the edge cases (numbers <= 1 are not prime), uses an efficient algorithm that only checks divisors up to sqrt(n), and the logic correctly identifies prime numbers.",
    ].join("\n"),
    sloppy: [
      "```python",
      "def is_prime(n):",
      "    for i in range(2, n):",
      "        if n % i == 0:",
      "            return False",
      "    return True",
      "```",
    ].join("\n"),
  },
  "explain the difference between tcp and udp protocols.": {
    good: "TCP is connection-oriented and reliable: it opens a connection with a handshake and guarantees delivery and ordering, retransmitting lost packets. UDP is connectionless and faster, with less overhead, but without delivery guarantees. Use cases: TCP for web pages, email and file transfers; UDP for video streaming, online gaming, DNS and voice calls.",
    sloppy: "TCP and UDP are both ways of sending data over a network. TCP is used more often.",
  },
  "what are the main causes of climate change?": {
    good: "Human activities are the primary cause: greenhouse gas emissions, especially CO2 from fossil fuel combustion (coal, oil and gas); deforestation, which removes carbon sinks; industrial processes such as cement and steel production; and agriculture, through livestock methane and fertilizers.",
    sloppy: "Climate change is mostly caused by pollution from cars and by natural cycles of the sun.",
  },
  "design a simple rest api for a todo list application.": {
    good: "CRUD endpoints with proper HTTP methods and a simple URL structure: GET /todos lists todos (200), POST /todos creates one (201 Created), GET /todos/:id reads one (404 if missing), PUT/PATCH /todos/:id updates it (200), DELETE /todos/:id deletes it (204 No Content). Invalid input gets status code 400.",
    sloppy: "Make a /getTodos endpoint and an /addTodo endpoint, both using POST, that return the list as JSON.",
  },
  "explain the concept of recursion with an example.": {
    good: "Recursion is when a function calls itself to solve a smaller instance of the same problem. It needs a base case, which stops the recursion, and a recursive case, which calls the function on a smaller input. Example: factorial(n) returns 1 when n <= 1 (the base case) and n * factorial(n - 1) otherwise (the recursive case). It works by stacking calls until the base case is reached, then combining the results as each call returns.",
    sloppy: "Recursion is when code repeats itself, like a for loop that counts from 1 to 10.",
  },
};

function lastUserMessage(body: DemoChatBody): string {
  const user = [...body.messages].reverse().find((message) => message.role === "user");
  return user?.content ?? "";
}

/** The prompt without its attachment blocks, and the attached texts. */
function splitAttachments(content: string): { prompt: string; attachments: string[] } {
  const attachments = [...content.matchAll(/<attachment[^>]*>\n([\s\S]*?)\n<\/attachment>/g)].map((match) => match[1] ?? "");
  return { prompt: content.replace(/<attachment[^>]*>[\s\S]*?<\/attachment>/g, "").trim(), attachments };
}

/** Summarizes a delimited table (the report attachment): its three largest rows by the last column. */
function summarizeTable(table: string): string | null {
  const lines = table.split(/\r?\n/).filter((line) => line.trim());
  const delimiter = (lines[0] ?? "").includes(";") ? ";" : ",";
  const rows = lines.slice(1).map((line) => line.split(delimiter).map((cell) => cell.trim()));
  const numeric = rows.filter((row) => row.length >= 2 && Number.isFinite(Number(row.at(-1))));
  if (numeric.length === 0) return null;
  numeric.sort((a, b) => Number(b.at(-1)) - Number(a.at(-1)));
  const top = numeric.slice(0, 3).map((row) => `${row[0]} (${row.at(-1)}%)`);
  return `Key findings: the report covers ${numeric.length} categories. The largest are ${top.join(", ")}; together they account for most of the total.`;
}

function answer(body: DemoChatBody, style: Style): string {
  const careful = style !== "sloppy";
  const { prompt, attachments } = splitAttachments(lastUserMessage(body));
  const known = ANSWERS[prompt.toLowerCase()];
  if (known) return style === "regressed" ? (known.regressed ?? known.good) : careful ? known.good : known.sloppy;
  const summary = attachments.length > 0 ? summarizeTable(attachments[0]!) : null;
  if (summary) return careful ? summary : "The report shows some categories of messages with their numbers.";
  if (careful) return `Here is a complete answer to "${prompt}", covering each part of the question with the relevant facts.`;
  // Unknown prompts: the sloppy agent is vague half the time and off-topic the other half, per prompt.
  return stableFraction(prompt) < 0.5 ? "It depends; there are many factors to consider." : "I believe the answer is 42.";
}

/** The instructions of its system messages the demo agent follows, and the answers they give. */
function styleOf(body: DemoChatBody): Style {
  const system = body.messages
    .filter((message) => message.role === "system")
    .map((message) => message.content ?? "")
    .join("\n")
    .toLowerCase();
  if (!system.includes("answer every part")) return "sloppy";
  return system.includes("double-check") ? "good" : "regressed";
}

export const demoAgent: DemoPersona = (body) => ({ content: answer(body, styleOf(body)) });
export const demoAgentGood: DemoPersona = (body) => ({ content: answer(body, "good") });
export const demoAgentSloppy: DemoPersona = (body) => ({ content: answer(body, "sloppy") });
