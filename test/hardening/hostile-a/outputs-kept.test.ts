// Work never lost at the end (issue 36): every output is checked before the first request, and a
// path holding something evalgate would not write there (a text file under --sqlite, someone else's
// database, a newer schema, a README under --html) is exit 2 naming the flag and the file, all in one
// pass, the file left as it was. An output that fails anyway costs only itself: the verdict is
// printed and every other output written. The real CLI against a scripted server on 127.0.0.1.
import assert from "node:assert/strict";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test } from "node:test";
import { runCli, startEvalServer, writeSuite } from "../../engine/helpers.ts";
import { chatCompletion, startScriptedServer } from "../../servers/scripted.ts";

test("outputs that hold what evalgate did not write are exit 2 before any request, each naming its flag and file, all at once", async () => {
  const server = await startEvalServer();
  try {
    const { dir, config } = await writeSuite(server.url, 3);
    const mine: Record<string, string> = {
      "notes.txt": "my notes\n",
      "package.json": '{"name":"mine"}\n',
      "README.md": "# mine\n",
      "user.xml": "<testsuites><mine/></testsuites>\n",
      "reports/cases.csv": "id,name\n1,mine\n",
      "page.html": "<!doctype html><title>mine</title>\n",
    };
    for (const [file, text] of Object.entries(mine)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    const other = new DatabaseSync(path.join(dir, "other.db"));
    other.exec("CREATE TABLE contacts (name TEXT)");
    other.close();
    const newer = new DatabaseSync(path.join(dir, "newer.db"));
    newer.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema_version', '99')");
    newer.close();

    const sent = server.requests.length;
    const args = ["-o", "package.json", "--html", "page.html", "--markdown", "README.md", "--junit", "user.xml"];
    const all = await runCli(["run", "-c", config, "--no-cache", ...args, "--csv-dir", "reports", "--sqlite", "notes.txt"], { cwd: dir });
    assert.equal(all.code, 2, all.stderr);
    for (const [flag, file] of [
      ["-o", "package.json"],
      ["--html", "page.html"],
      ["--markdown", "README.md"],
      ["--junit", "user.xml"],
      ["--csv-dir", "reports/cases.csv"],
      ["--sqlite", "notes.txt"],
    ]) {
      assert.match(all.stderr, new RegExp(`${file!.replace(".", "\\.")}: .*${flag}`), `${flag} ${file} named:\n${all.stderr}`);
    }
    assert.match(all.stderr, /notes\.txt: .*not a SQLite file/);
    for (const db of ["other.db", "newer.db"]) {
      const one = await runCli(["run", "-c", config, "--no-cache", "--sqlite", db], { cwd: dir });
      assert.equal(one.code, 2, one.stderr);
      assert.match(
        one.stderr,
        db === "other.db" ? /other\.db: .*--sqlite.*not evalgate's/ : /newer\.db: .*schema version 99, newer than this evalgate's/,
      );
    }
    assert.equal(server.requests.length, sent, "not one request");
    for (const [file, text] of Object.entries(mine)) assert.equal(await readFile(path.join(dir, file), "utf8"), text, `${file} untouched`);
    const db = new DatabaseSync(path.join(dir, "other.db"));
    assert.deepEqual(
      db
        .prepare("SELECT name FROM sqlite_master")
        .all()
        .map((row) => (row as { name: string }).name),
      ["contacts"],
    );
    db.close();

    // evalgate's own earlier outputs (and empty files) are replaced as before.
    const outputs = [
      "--html",
      "r.html",
      "--markdown",
      "r.md",
      "--junit",
      "j.xml",
      "--csv-dir",
      "csv",
      "--sqlite",
      "r.db",
      "--results-json",
      "copy.json",
    ];
    await writeFile(path.join(dir, "r.md"), "");
    for (let round = 0; round < 2; round++) {
      const again = await runCli(["run", "-c", config, "--no-cache", "--quiet", ...outputs], { cwd: dir });
      assert.ok(again.code === 0 || again.code === 1, again.stderr);
    }
  } finally {
    await server.close();
  }
});

test("an output that cannot be written at the end costs only itself: the verdict is printed and every other output written", async () => {
  let dir = "";
  // While the run asks its first question, a folder appears where the HTML report was to go.
  const server = await startScriptedServer(async (request) => {
    await mkdir(path.join(dir, "report.html"), { recursive: true });
    const model = (request.body as { model: string }).model;
    return { body: chatCompletion(model === "judge-model" ? "Fine.\nSCORE: 3" : "An answer.") };
  });
  try {
    const made = await writeSuite(server.url, 3);
    dir = made.dir;
    const outputs = ["--html", "report.html", "--markdown", "r.md", "--junit", "j.xml", "--sqlite", "r.db", "--csv-dir", "csv"];
    const result = await runCli(["run", "-c", made.config, "--no-cache", ...outputs], { cwd: dir });
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stdout, /evalgate PASS/, "the verdict is printed");
    assert.match(result.stderr, /--html report\.html could not be written: .*is a folder/);
    assert.match(result.stderr, /the gate passed, but 1 output could not be written/);
    for (const file of ["r.md", "j.xml", "r.db", "csv/cases.csv", "csv/metrics.csv", "out/results.json"]) {
      assert.ok((await stat(path.join(dir, file))).size > 0, `${file} written`);
    }
    assert.match(await readFile(path.join(dir, "r.md"), "utf8"), /gate passed/);
  } finally {
    await server.close();
  }
});
