// A judged suite's project in a temp folder, its prompts CSV given as bytes: for tests of how the
// CLI reads (and reports) a CSV. The models point at a closed port: validate sends nothing.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export async function judgedProject(csv: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-judged-project-"));
  await writeFile(path.join(dir, "prompts.csv"), csv);
  await writeFile(
    path.join(dir, "evalgate.yml"),
    `version: 1
models:
  agent: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: a }
  judge: { provider: openai, base-url: "http://127.0.0.1:9/v1", model: j }
suites:
  qa: { kind: judged, prompts: prompts.csv, agents: [agent], judge: judge }
`,
  );
  return dir;
}
