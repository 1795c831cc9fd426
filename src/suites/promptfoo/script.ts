// The repository's own code a promptfoo config names (javascript and python asserts, `transform`s):
// each call runs in a process of its own (a process group, ended with the run), never in evalgate's,
// with a time limit, a minimal environment (no key, no token: PATH, HOME, locale, temp folder) and the
// config's folder as its working folder. In: the code or file and the arguments as JSON on stdin;
// out: the function's value as JSON on stdout, or the error it threw.
import { tmpdir } from "node:os";
import { startGroup } from "../../models/process/group.ts";
import type { LineSink, ProcessLog } from "../../models/process/log.ts";
import { clipText } from "../../util/escape.ts";
import { redact } from "../../util/redact.ts";

export interface ScriptCall {
  language: "javascript" | "python";
  /** Inline code (the function body as promptfoo builds it), or a file and the function to call in it. */
  source: { body: string; params: string[] } | { file: string; fn?: string; defaultFn: string };
  args: unknown[];
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
}

export type ScriptResult = { value: unknown } | { error: string };

/** Environment variables a script gets: what finds programs and modules, never a secret. */
const PASSED_ENV = ["PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "TEMP", "TMP", "SYSTEMROOT", "PYTHONPATH", "NODE_PATH", "VIRTUAL_ENV"];

// Node: an inline body runs as promptfoo's `new Function(params..., "process", body)`; a file's function
// is its named export, the module itself, or its default export, as promptfoo looks them up.
const NODE_RUNNER = `
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c)).on("end", async () => {
  const call = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const send = (o) => process.stdout.write(JSON.stringify(o), () => process.exit(0));
  try {
    let fn;
    if (call.source.body !== undefined) {
      fn = new Function(...call.source.params, "process", call.source.body);
    } else {
      const { pathToFileURL } = await import("node:url");
      const mod = await import(pathToFileURL(call.source.file).href);
      const name = call.source.fn;
      const cjs = mod.default;
      if (name && typeof mod[name] === "function") fn = mod[name];
      else if (name && cjs && typeof cjs[name] === "function") fn = cjs[name];
      else if (typeof cjs === "function") fn = cjs;
      else if (cjs && typeof cjs.default === "function") fn = cjs.default;
      else throw new Error(call.source.file + " must export a function or have a default export as a function");
    }
    const value = await fn(...call.args, process);
    send(value === undefined ? { undefined: true } : { value });
  } catch (error) {
    send({ error: error && error.message !== undefined ? String(error.message) : String(error) });
  }
});`;

// Python: an inline body is promptfoo's script (a main(output, context) around it); a file's function
// defaults to get_assert. Its value is read back as JSON.
const PYTHON_RUNNER = `
import importlib.util, json, sys
call = json.loads(sys.stdin.buffer.read().decode("utf-8"))
def send(o):
    sys.stdout.write(json.dumps(o)); sys.stdout.flush()
try:
    source = call["source"]
    if "body" in source:
        scope = {}
        exec(compile(source["body"], "<assert>", "exec"), scope)
        fn = scope["main"]
    else:
        spec = importlib.util.spec_from_file_location("promptfoo_assert", source["file"])
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, __import__("os").path.dirname(source["file"]))
        spec.loader.exec_module(module)
        fn = getattr(module, source.get("fn") or source["defaultFn"])
    value = fn(*call["args"])
    send({"undefined": True} if value is None else {"value": value})
except Exception as error:
    send({"error": "%s: %s" % (type(error).__name__, error)})
`;

export async function runScript(call: ScriptCall): Promise<ScriptResult> {
  const env = Object.fromEntries(PASSED_ENV.flatMap((name) => (process.env[name] !== undefined ? [[name, process.env[name]]] : [])));
  const command =
    call.language === "javascript" ? [process.execPath, "--input-type=module", "-e", NODE_RUNNER] : ["python3", "-c", PYTHON_RUNNER];
  const log = memoryLog();
  const child = startGroup({
    command,
    cwd: call.cwd,
    env: { TMPDIR: tmpdir(), ...env },
    io: "pipe",
    log,
    label: `${call.language} assert`,
  });
  const out: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
  child.stdin?.end(JSON.stringify({ source: call.source, args: call.args }));
  let timer: NodeJS.Timeout | undefined;
  const stopped = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`did not finish within ${call.timeoutMs} ms (script-timeout)`), call.timeoutMs);
    call.signal.addEventListener("abort", () => resolve("stopped: the run was cancelled"), { once: true });
  });
  const ended = await Promise.race([child.exited.then(() => child.outputEnded).then(() => undefined), stopped]);
  clearTimeout(timer);
  if (ended !== undefined) {
    await child.stop();
    return { error: ended };
  }
  const text = Buffer.concat(out).toString("utf8");
  try {
    const reply = JSON.parse(text) as { value?: unknown; undefined?: true; error?: string };
    if (reply.error !== undefined) return { error: redact(reply.error) };
    return { value: reply.undefined ? undefined : reply.value };
  } catch {
    const exit = child.exit();
    const stderr = log.tail(5).join(" | ");
    return {
      error: `the ${call.language} process ${exit?.code !== undefined ? `exited with code ${exit.code}` : "ended"}${stderr ? `: ${stderr}` : ""}`,
    };
  }
}

/** A process log kept in memory: a script's stderr only matters in the error message it ends with. */
function memoryLog(): ProcessLog {
  const lines: string[] = [];
  const sink = (): LineSink => {
    let rest = "";
    return {
      write(chunk) {
        const parts = (rest + chunk.toString()).split("\n");
        rest = parts.pop() ?? "";
        lines.push(...parts);
        if (lines.length > 50) lines.splice(0, lines.length - 50);
      },
      end() {
        if (rest) lines.push(rest);
        rest = "";
      },
    };
  };
  return {
    file: "",
    stream: sink,
    note: () => {},
    tail: (count = 10) => lines.slice(-count).map((line) => clipText(redact(line), 200)),
    close: () => {},
  };
}
