// One run of the Copilot CLI for one request: a process group of its own (../process/group.ts), its
// stdin closed, its stdout the answer, its stderr in the model's log (redacted). Ended at the
// timeout, when the caller gives up, and when the run ends.
import { StringDecoder } from "node:string_decoder";
import { MAX_ANSWER_CHARS } from "../../util/cap-text.ts";
import { timerDelay } from "../../util/timers.ts";
import { type GroupProcess, type GroupSpec, settledWithin, startGroup } from "../process/group.ts";

export type CliRun =
  | { kind: "answer"; text: string }
  /** The process could not be started (no such command): `error` is the spawn error. */
  | { kind: "not-started"; error: string }
  | { kind: "failed"; how: string }
  | { kind: "timeout" };

/** How long after the exit its last output may still be read. */
const OUTPUT_AFTER_EXIT_MS = 200;

/** Runs the CLI once; `running` holds the stop of each process alive, for the run's end. */
export async function runCopilotCli(
  spec: GroupSpec,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  running: Set<() => Promise<void>>,
): Promise<CliRun> {
  let child: GroupProcess;
  try {
    child = startGroup(spec);
  } catch (error) {
    // spawn throws at once for some refusals (an argument past the system's limit: E2BIG).
    return { kind: "not-started", error: error instanceof Error ? error.message : String(error) };
  }
  running.add(child.stop);
  child.stdin?.end();
  const decoder = new StringDecoder("utf8");
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    // Past the answer cap the rest is not kept: the answer is cut there anyway.
    if (stdout.length <= MAX_ANSWER_CHARS) stdout += decoder.write(chunk);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void child.stop();
  }, timerDelay(timeoutMs));
  const onAbort = () => void child.stop();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const exit = await child.exited;
    await settledWithin(child.outputEnded, OUTPUT_AFTER_EXIT_MS);
    if (signal?.aborted) throw signal.reason;
    if (timedOut) return { kind: "timeout" };
    if (exit.error) return { kind: "not-started", error: exit.error };
    if (exit.code !== 0) return { kind: "failed", how: exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}` };
    return { kind: "answer", text: (stdout + decoder.end()).trim() };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    await child.stop();
    running.delete(child.stop);
  }
}
