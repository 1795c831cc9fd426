// A project for prompt-yml tests: evalgate.yml and .prompt.yml files in a temp folder (a git
// repository when asked), and a scripted OpenAI-compatible server on 127.0.0.1 that answers the
// files' messages from a table keyed by the last user message and plays the judge through a function
// the test sets. Every request is recorded.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GateVerdict } from "../../../src/gate/types.ts";
import type { Results } from "../../../src/results/types.ts";
import { chatCompletion, type RecordedRequest, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";

export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  response_format?: unknown;
}

export interface PromptYmlServer {
  server: ScriptedServer;
  /** The answer to each last user message; "no answer scripted" otherwise. */
  answers: Map<string, string>;
  /** The judge's reply to a request (model "judge-model"); "yes" unless set. */
  judge: (body: ChatBody) => string;
  /** The bodies sent to a model id since `from` (a request index). */
  bodiesTo(model: string, from?: number): ChatBody[];
}

export async function startPromptYmlServer(): Promise<PromptYmlServer> {
  const state: PromptYmlServer = {
    server: undefined as unknown as ScriptedServer,
    answers: new Map(),
    judge: () => "yes",
    bodiesTo: (model, from = 0) =>
      state.server.requests
        .slice(from)
        .map((request: RecordedRequest) => request.body as ChatBody)
        .filter((body) => body.model === model),
  };
  state.server = await startScriptedServer((request) => {
    const body = request.body as ChatBody;
    if (body.model === "judge-model") return { body: chatCompletion(state.judge(body)) };
    const last = body.messages.at(-1)?.content ?? "";
    return { body: chatCompletion(state.answers.get(last) ?? "no answer scripted") };
  });
  return state;
}

/** The config's models on `url`: bot and big (targets), judge; then `suites` and `gate`. */
export function config(url: string, suites: string, gate = "gate: { min-score: 0 }"): string {
  return `version: 1
concurrency: 4
output-dir: out
models:
  bot: { provider: openai, base-url: "${url}/v1", model: bot-model, retry-backoff: 1ms, max-retries: 0 }
  big: { provider: openai, base-url: "${url}/v1", model: big-model, retry-backoff: 1ms, max-retries: 0, temperature: 0 }
  judge: { provider: openai, base-url: "${url}/v1", model: judge-model, retry-backoff: 1ms, max-retries: 0 }
suites:
${suites}
${gate}
`;
}

export interface Project {
  dir: string;
  write(files: Record<string, string>): Promise<void>;
  /** With `git: true`: commits everything, returns the commit. */
  commit(message: string): string;
}

export async function writeProject(files: Record<string, string>, options: { git?: boolean } = {}): Promise<Project> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-prompt-yml-"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", ...args], {
      cwd: dir,
      encoding: "utf8",
    });
  const write = async (more: Record<string, string>) => {
    for (const [name, text] of Object.entries(more)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), text);
    }
  };
  await write({ ".gitignore": "out/\n", ...files });
  if (options.git) git("init", "-q", "-b", "main");
  const commit = (message: string) => {
    git("add", "-A");
    git("commit", "-q", "-m", message);
    return git("rev-parse", "HEAD").trim();
  };
  return { dir, write, commit };
}

export type GatedResults = Results & { verdict: GateVerdict };

export async function readResults(dir: string, file = "out/results.json"): Promise<GatedResults> {
  return JSON.parse(await readFile(path.join(dir, file), "utf8")) as GatedResults;
}

/** A .prompt.yml file: a system message, the user message {{input}}, the rows and evaluators given as YAML lines. */
export function promptFile(parts: { system: string; rows: string[]; evaluators: string[]; head?: string[] }): string {
  return [
    ...(parts.head ?? ["model: openai/gpt-4o-mini"]),
    "messages:",
    "  - role: system",
    `    content: ${JSON.stringify(parts.system)}`,
    "  - role: user",
    '    content: "{{input}}"',
    "testData:",
    ...parts.rows.map((row) => `  - ${row}`),
    "evaluators:",
    ...parts.evaluators.map((evaluator) => `  - ${evaluator}`),
    "",
  ].join("\n");
}
