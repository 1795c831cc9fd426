// The one process module (src/models/process/): groups end whole, a log is redacted, and the safety
// nets end what a run never stopped: an `exit` handler, and a signal that nothing else handles.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { startGroup } from "../../src/models/process/group.ts";
import { createProcessLog } from "../../src/models/process/log.ts";
import { registerSecret } from "../../src/util/redact.ts";
import { survivors } from "../engine/command-project.ts";

const OWNER = path.resolve(import.meta.dirname, "../fixtures/commands/group-owner.ts");

/** Runs the group owner; resolves with its group's id once printed, and its exit. */
async function startOwner(mode: "exit" | "wait") {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-owner-"));
  const child = spawn(process.execPath, [OWNER, dir, mode], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve));
  return { child, group: Number(line), exited, dir };
}

test("process: stop() ends the whole group, the shell's children included", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-group-"));
  const log = createProcessLog(dir, "m");
  const group = startGroup({ command: "sleep 300 & sleep 300", cwd: dir, env: process.env, io: "log", log, label: "service" });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok((await survivors([group.pid!], 0)).length >= 2, "the shell's two sleeps run");
  await group.stop();
  assert.deepEqual(await survivors([group.pid!], 0), []);
  assert.match(await readFile(log.file, "utf8"), /\[evalgate\] service \(pid \d+\) was killed by SIGTERM/);
});

test("process: a run that exits without stopping its groups still ends them (the exit handler)", async () => {
  const owner = await startOwner("exit");
  assert.deepEqual(await owner.exited, { code: 0, signal: null });
  assert.deepEqual(await survivors([owner.group], 500), []);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  test(`process: ${signal} that nothing else handles ends every group and exits 130`, async () => {
    const owner = await startOwner("wait");
    owner.child.kill(signal);
    assert.deepEqual(await owner.exited, { code: 130, signal: null });
    assert.deepEqual(await survivors([owner.group], 500), []);
  });
}

test("process: the log is redacted line by line, a secret split across chunks included, and a long line is cut", async () => {
  const secret = 'lg-"sec\\ret/+=42';
  registerSecret(secret);
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-log-"));
  const log = createProcessLog(dir, "agent/../x");
  const stream = log.stream("worker 1");
  const line = `key=${secret} json=${JSON.stringify({ secret })} url=${encodeURIComponent(secret)}\n`;
  for (let at = 0; at < line.length; at += 5) stream.write(Buffer.from(line.slice(at, at + 5)));
  stream.write(`${"x".repeat(70_000)}${secret}${"y".repeat(10)}\nlast`);
  stream.end();
  log.close();
  assert.equal(path.basename(log.file), "agent_.._x.log", "the model's name cannot leave the folder");
  const text = await readFile(log.file, "utf8");
  assert.ok(!text.includes(secret) && !text.includes(JSON.stringify(secret).slice(1, -1)) && !text.includes(encodeURIComponent(secret)));
  const lines = text.split("\n");
  assert.equal(lines[0], '[worker 1] key=*** json={"secret":"***"} url=***');
  assert.match(lines[1]!, /^\[worker 1\] x{65000,} … \(\d+ more characters not logged\)$/);
  assert.equal(lines[2], "[worker 1] last");
  assert.deepEqual(log.tail(1), ["[worker 1] last"]);
});

test("process: the log is never written through a link planted in its place", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalgate-log-"));
  const target = path.join(dir, "elsewhere.txt");
  await writeFile(target, "untouched\n");
  await symlink(target, path.join(dir, "agent.log"));
  const log = createProcessLog(dir, "agent");
  log.note("a line");
  log.close();
  assert.equal(await readFile(target, "utf8"), "untouched\n");
  assert.deepEqual(log.tail(), ["[evalgate] a line"], "the tail still has it for messages");
});
