// What a command target's cached answers belong to (with `cache: true`; a target's answers are not
// cached otherwise): the command, the folder it runs in, its `env`, and the bytes of every file the
// command names by a relative path (`agent.py` in `python agent.py`). Edit one and every entry is a
// miss. A file the program reads without the command naming it (a module it imports) is not part of
// it: such a program is better left uncached.
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import type { CommandModelConfig } from "../../config/models.ts";
import { readRegularFileSync } from "../../util/regular-file.ts";

/** Files larger than this are named by size and time, not read. */
const MAX_HASHED_BYTES = 16 * 1024 * 1024;

/** `cwd` is the folder the command runs in; the identity names it as configured (relative), so it holds on another checkout. */
export function commandIdentity(config: Pick<CommandModelConfig, "command" | "cwd" | "env">, cwd: string): string {
  const words = typeof config.command === "string" ? shellWords(config.command) : config.command;
  const files = words.flatMap((word) => {
    const hash = fileHash(word, cwd);
    return hash ? [[word, hash]] : [];
  });
  return JSON.stringify({ command: config.command, cwd: config.cwd ?? ".", env: config.env, files });
}

/** The words of a shell command, quotes removed (near enough to find the file names in it). */
function shellWords(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

/** The sha256 of the file a relative path in the command names, when it names one. */
function fileHash(word: string, cwd: string): string | null {
  if (word === "" || word.startsWith("-") || path.isAbsolute(word) || /[=$`|;&<>]/.test(word)) return null;
  const file = path.resolve(cwd, word);
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return null;
    if (stat.size > MAX_HASHED_BYTES) return `${stat.size} bytes, modified ${stat.mtimeMs}`;
    return createHash("sha256").update(readRegularFileSync(file)).digest("hex");
  } catch {
    return null;
  }
}
