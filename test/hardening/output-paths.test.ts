// Output files are written only as regular files, through the real CLI: a FIFO, a device, a socket,
// a folder or a symlink at an output path is refused with exit 2 before any request and left as it
// was; "-" is stdout.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { lstat, mkdir, readFile, readlink, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { test } from "node:test";
import type { Results } from "../../src/results/types.ts";
import { runCli, startEvalServer, writeSuite } from "../engine/helpers.ts";

test("run, report and merge refuse a FIFO, device, socket, folder or symlink at an output path, and leave it untouched", async () => {
  const server = await startEvalServer();
  const socketServer = createServer();
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    execFileSync("mkfifo", [path.join(dir, "fifo")]);
    await mkdir(path.join(dir, "folder"));
    await writeFile(path.join(dir, "target.md"), "keep me\n");
    await symlink("target.md", path.join(dir, "link.md"));
    await new Promise<void>((resolve) => socketServer.listen(path.join(dir, "sock"), resolve));
    const refused: [string[], RegExp][] = [
      [["-o", "fifo"], /fifo: is a FIFO: evalgate writes its output only as a regular file, and left it untouched/],
      [["--markdown", "link.md"], /link\.md: is a symbolic link/],
      [["--junit", "/dev/null"], /\/dev\/null: is a device/],
      [["--html", "sock"], /sock: is a socket/],
      [["-o", "folder"], /folder: is a folder/],
      [["--sqlite", "fifo"], /fifo: is a FIFO/],
      [["--output", "json", "--output-file", "fifo"], /fifo: is a FIFO/],
    ];
    for (const [flags, message] of refused) {
      const run = await runCli(["run", "-c", config, "--quiet", "--no-cache", ...flags], { cwd: dir });
      assert.equal(run.code, 2, `${flags.join(" ")}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, message);
    }
    // The default results path (<output-dir>/results.json) too.
    await mkdir(path.join(dir, "out", "results.json"), { recursive: true });
    const defaultPath = await runCli(["run", "-c", config, "--quiet", "--no-cache"], { cwd: dir });
    assert.equal(defaultPath.code, 2, defaultPath.stderr);
    assert.match(defaultPath.stderr, /results\.json: is a folder: evalgate writes its results only as a regular file/);
    await rm(path.join(dir, "out", "results.json"), { recursive: true });
    assert.equal(server.requests.length, 0, "refused before any request");

    // A real run, then the other commands that write.
    const ok = await runCli(["run", "-c", config, "--quiet", "--no-cache", "-o", "results.json"], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    const report = await runCli(["report", "results.json", "--markdown", "fifo"], { cwd: dir });
    assert.equal(report.code, 2, report.stderr);
    const csv = await runCli(["report", "results.json", "--csv", "folder/cases.csv"], { cwd: dir });
    assert.equal(csv.code, 0, csv.stderr); // a folder named like a file is still a folder to write into
    await mkdir(path.join(dir, "csv", "cases.csv"), { recursive: true });
    const csvOverFolder = await runCli(["report", "results.json", "--csv", "csv"], { cwd: dir });
    assert.equal(csvOverFolder.code, 2, csvOverFolder.stderr);
    assert.match(csvOverFolder.stderr, /cases\.csv: is a folder/);
    const merge = await runCli(["merge", "-c", config, "-o", "link.md", "results.json"], { cwd: dir });
    assert.equal(merge.code, 2, merge.stderr);

    assert.ok((await lstat(path.join(dir, "fifo"))).isFIFO());
    assert.ok((await lstat(path.join(dir, "sock"))).isSocket());
    assert.ok((await lstat(path.join(dir, "folder"))).isDirectory());
    assert.equal(await readlink(path.join(dir, "link.md")), "target.md");
    assert.equal(await readFile(path.join(dir, "target.md"), "utf8"), "keep me\n");
    assert.ok((await lstat("/dev/null")).isCharacterDevice());
  } finally {
    socketServer.close();
    await server.close();
  }
});

test("-o - writes the results to stdout, the summary to stderr; a regular file at a path is replaced", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 2);
    // evalgate's own earlier report is replaced (anything else there is refused: test/hardening/hostile-a/outputs-kept.test.ts).
    await writeFile(path.join(dir, "report.md"), "### ✅ evalgate: gate passed — an older report\n");
    const run = await runCli(["run", "-c", config, "--no-cache", "-o", "-", "--markdown", "report.md"], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    const results = JSON.parse(run.stdout) as Results;
    assert.equal(results.suites.qa!.counts.cases, 2);
    assert.match(run.stderr, /evalgate PASS/);
    assert.match(await readFile(path.join(dir, "report.md"), "utf8"), /evalgate/);

    const merged = await runCli(["merge", "-c", config, "-o", "-", "out/results.json"], { cwd: dir });
    assert.equal(merged.code, 0, merged.stderr);
    assert.equal((JSON.parse(merged.stdout) as Results).suites.qa!.counts.cases, 2);
  } finally {
    await server.close();
  }
});
