// Two small programs that let a promptfoo `exec:` or Python provider run as an evalgate command
// target: each reads evalgate's JSON-lines requests on stdin (models/command/protocol.ts) and
// answers them by running the provider the way promptfoo 0.123 does, so the provider's own code is
// unchanged. They run in the command target's process group, with its withheld environment.

/**
 * promptfoo's exec provider (src/providers/scriptCompletion.ts): the command split on spaces and
 * quotes, run without a shell with three more arguments (the prompt, the provider options as JSON,
 * the context as JSON); its stdout, trimmed and stripped of ANSI codes, is the output; a non-zero
 * exit, or stderr with no stdout, is an error. Run as `node -e EXEC_ADAPTER -- <options> <argv…>`.
 */
export const EXEC_ADAPTER = String.raw`
const { spawn } = require("node:child_process");
const [options, command, ...args] = process.argv.slice(1);
const ANSI = /\x1b(?:[@-Z\\-_]|\[[0-?]*[ -/]*[@-~])/g;
const MAX = 16 * 1024 * 1024;
const promptOf = (m) => m.length === 1 && m[0].role === "user" && typeof m[0].content === "string" ? m[0].content : JSON.stringify(m);
const reply = (json) => process.stdout.write(JSON.stringify(json) + "\n");
function run(request) {
  const id = request.id;
  const context = JSON.stringify({ vars: request.vars || {} });
  const child = spawn(command, [...args, promptOf(request.messages || []), options, context], { stdio: ["ignore", "pipe", "pipe"] });
  const out = [], err = [];
  let size = 0, done = false;
  const keep = (chunks) => (chunk) => { size += chunk.length; if (size <= MAX) chunks.push(chunk); };
  child.stdout.on("data", keep(out));
  child.stderr.on("data", (chunk) => { process.stderr.write(chunk); keep(err)(chunk); });
  const finish = (json) => { if (!done) { done = true; reply({ id, ...json }); } };
  child.on("error", (error) => finish({ error: command + ": " + error.message }));
  child.on("close", (code, signal) => {
    const stdout = Buffer.concat(out).toString("utf8").trim().replace(ANSI, "");
    const stderr = Buffer.concat(err).toString("utf8").trim().replace(ANSI, "");
    if (code !== 0) return finish({ error: command + " ended with " + (signal || "exit code " + code) + (stderr ? ": " + stderr : "") });
    if (!stdout && stderr) return finish({ error: stderr });
    finish({ content: stdout });
  });
}
let buffered = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffered += chunk;
  let end;
  while ((end = buffered.indexOf("\n")) >= 0) {
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    if (line.trim()) run(JSON.parse(line));
  }
});
`;

/**
 * promptfoo's Python provider: the file's `call_api(prompt, options, context)` (or the function
 * named after `:`), awaited when it is async; its dict's `output` is the answer, its `error` an
 * error, its `tokenUsage` the usage. Prints of the module go to stderr (the process's log): stdout
 * carries replies only. Run as `python3 -c PYTHON_ADAPTER <file> <function> <options>`.
 */
export const PYTHON_ADAPTER = `
import asyncio, importlib.util, inspect, json, os, sys
path, name, options = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
replies = sys.stdout
sys.stdout = sys.stderr
sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
spec = importlib.util.spec_from_file_location("promptfoo_provider", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
function = getattr(module, name)

def prompt_of(messages):
    if len(messages) == 1 and messages[0].get("role") == "user" and isinstance(messages[0].get("content"), str):
        return messages[0]["content"]
    return json.dumps(messages)

def answer(request):
    try:
        result = function(prompt_of(request.get("messages") or []), options, {"vars": request.get("vars") or {}})
        if inspect.isawaitable(result):
            result = asyncio.run(result)
    except Exception as error:
        return {"error": f"{name} raised {type(error).__name__}: {error}"}
    if not isinstance(result, dict) or ("output" not in result and "error" not in result):
        return {"error": f"{name} must return a dict with an output or an error, got {type(result).__name__}"}
    if result.get("error"):
        return {"error": str(result["error"])}
    output = result.get("output")
    reply = {"content": output if isinstance(output, str) else json.dumps(output)}
    usage = result.get("tokenUsage")
    if isinstance(usage, dict) and "prompt" in usage:
        reply["usage"] = {"prompt_tokens": usage.get("prompt"), "completion_tokens": usage.get("completion")}
    return reply

for line in sys.stdin:
    if line.strip():
        request = json.loads(line)
        replies.write(json.dumps({"id": request["id"], **answer(request)}) + "\\n")
        replies.flush()
`;
