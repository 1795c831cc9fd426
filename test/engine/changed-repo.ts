// A real git repository for the change-detection tests: evals/evalgate.yml with one judged suite `qa`
// that declares `paths: ["prompts/**"]`, its prompts CSV, prompts/system.md and docs/guide.md, committed on main.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const PROMPTS = 4;

export interface ChangedRepo {
  dir: string;
  git(...args: string[]): string;
  /** Writes the files and commits them; returns the new commit's sha. */
  commit(files: Record<string, string>, message: string): Promise<string>;
}

/** An empty repository on branch main, in a temporary folder, with a committer that signs nothing. */
export async function emptyRepo(prefix = "evalgate-changed-"): Promise<ChangedRepo> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", ...args], {
      cwd: dir,
      encoding: "utf8",
    });
  const commit = async (files: Record<string, string>, message: string) => {
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    git("add", "-A");
    git("commit", "-q", "-m", message);
    return git("rev-parse", "HEAD").trim();
  };
  git("init", "-q", "-b", "main");
  return { dir, git, commit };
}

/** `baseline`: the config's baseline block (file store by default). */
export async function createChangedRepo(serverUrl: string, baseline = "{ store: file, path: evals/baseline.json }"): Promise<ChangedRepo> {
  const { dir, git, commit } = await emptyRepo();
  const rows = Array.from({ length: PROMPTS }, (_, i) => `"Question ${i + 1}: what is ${i + 1} + 1?","The answer is ${i + 2}."`);
  await commit(
    {
      ".gitignore": ".evalgate/\nstep-*/\n",
      "evals/qa.csv": `prompt,judge_prompt\n${rows.join("\n")}\n`,
      "evals/evalgate.yml": `version: 1
concurrency: 4
output-dir: .evalgate
models:
  agent: { provider: openai, base-url: "${serverUrl}/v1", model: agent-model, retry-backoff: 1ms, max-retries: 1 }
  judge: { provider: openai, base-url: "${serverUrl}/v1", model: judge-model, retry-backoff: 1ms, max-retries: 1 }
suites:
  qa: { kind: judged, prompts: qa.csv, agents: [agent], judge: judge, judge-runs: 1, scale: 0-3, paths: ["prompts/**"] }
gate: { min-score: 0.5 }
baseline: ${baseline}
`,
      "prompts/system.md": "You answer arithmetic questions.\n",
      "docs/guide.md": "# Guide\n",
    },
    "base",
  );
  return { dir, git, commit };
}

/** Requests one full run of `qa` sends: an answer and a vote per prompt. */
export const FULL_RUN_REQUESTS = PROMPTS * 2;
