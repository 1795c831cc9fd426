// A project for checks tests: a config with judged suites in a temp folder, its CSVs and schema
// files, and a scripted OpenAI-compatible server on 127.0.0.1 that plays the agent (an answer per
// prompt, from a table the test may change between runs) and the judge (a SCORE per answer).
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GateVerdict } from "../../../src/gate/types.ts";
import type { Results } from "../../../src/results/types.ts";
import { chatCompletion, type ScriptedServer, startScriptedServer } from "../../servers/scripted.ts";

export interface CheckServer {
  server: ScriptedServer;
  /** The agent's answer to each prompt; a prompt it lacks is answered "no answer scripted". */
  answers: Map<string, string>;
  /** The judge's score (0-3) for an answer; 3 unless set. */
  scores: Map<string, number>;
  /** Requests per model name ("agent-model", "judge-model"). */
  requestsTo(model: string): number;
}

export async function startCheckServer(): Promise<CheckServer> {
  const answers = new Map<string, string>();
  const scores = new Map<string, number>();
  const server = await startScriptedServer((request) => {
    const body = request.body as { model: string; messages: { content: string }[] };
    const content = body.messages.at(-1)?.content ?? "";
    if (body.model === "judge-model") {
      const answer = /<agent_response>\n([\s\S]*?)\n<\/agent_response>/.exec(content)?.[1] ?? "";
      return { body: chatCompletion(`Judged.\nSCORE: ${scores.get(answer) ?? 3}`) };
    }
    return { body: chatCompletion(answers.get(content) ?? "no answer scripted") };
  });
  const requestsTo = (model: string) => server.requests.filter((r) => (r.body as { model?: string }).model === model).length;
  return { server, answers, scores, requestsTo };
}

/** Writes evalgate.yml (models agent and judge on `url`, then `suites`, then `gate`) and each of `files`. */
export async function writeProject(
  url: string,
  suites: string,
  files: Record<string, string>,
  gate = "gate: { min-score: 0.8 }",
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-checks-"));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
concurrency: 4
output-dir: out
models:
  agent: { provider: openai, base-url: "${url}/v1", model: agent-model, retry-backoff: 1ms, max-retries: 0 }
  judge: { provider: openai, base-url: "${url}/v1", model: judge-model, retry-backoff: 1ms, max-retries: 0 }
suites:
${suites}
${gate}
`,
  );
  return dir;
}

export type GatedResults = Results & { verdict: GateVerdict };

export async function readResults(dir: string, file = "out/results.json"): Promise<GatedResults> {
  return JSON.parse(await readFile(path.join(dir, file), "utf8")) as GatedResults;
}

/** A CSV from a header and rows, each field quoted. */
export function csv(header: string[], rows: string[][]): string {
  const quote = (field: string) => `"${field.replace(/"/g, '""')}"`;
  return `${[header, ...rows].map((row) => row.map(quote).join(",")).join("\n")}\n`;
}
