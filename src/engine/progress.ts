// Progress: a redrawn bar on a terminal, a line every ~10% or 15 s in CI logs, or nothing.

export type ProgressMode = "tty" | "lines" | "none";

export interface Progress {
  /** `requests`: what the run plans to send at least (each case once per repeat, before retries and cache hits). */
  start(total: number, alreadyDone: number, requests?: number): void;
  caseFinished(ok: boolean): void;
  finish(): void;
}

export function createProgress(mode: ProgressMode, stream: NodeJS.WriteStream = process.stderr): Progress {
  let total = 0;
  let done = 0;
  let errors = 0;
  let startedAt = 0;
  let lastLineAt = 0;
  let lastDecile = -1;
  const elapsed = () => ((Date.now() - startedAt) / 1000).toFixed(1);
  const render = () => {
    const share = total ? done / total : 1;
    if (mode === "tty") {
      const width = 24;
      const filled = Math.round(share * width);
      stream.write(
        `\r  ${"█".repeat(filled)}${"░".repeat(width - filled)} ${done}/${total} cases  ${errors === 1 ? "1 error" : `${errors} errors`}  ${elapsed()}s `,
      );
      return;
    }
    const decile = Math.floor(share * 10);
    const now = Date.now();
    if (decile !== lastDecile || now - lastLineAt > 15_000 || done === total) {
      lastDecile = decile;
      lastLineAt = now;
      stream.write(
        `evalgate: ${done}/${total} cases (${Math.round(share * 100)}%), ${errors === 1 ? "1 error" : `${errors} errors`}, ${elapsed()}s\n`,
      );
    }
  };
  return {
    start(count, alreadyDone, requests) {
      total = count;
      done = alreadyDone;
      startedAt = Date.now();
      lastLineAt = startedAt;
      if (mode !== "none" && requests !== undefined)
        stream.write(`evalgate: ${count} cases, ${requests} requests planned (before retries; cached answers send none)\n`);
      if (mode !== "none" && alreadyDone > 0) stream.write(`evalgate: resuming, ${alreadyDone} cases already done\n`);
    },
    caseFinished(ok) {
      done++;
      if (!ok) errors++;
      if (mode !== "none") render();
    },
    finish() {
      if (mode === "tty") stream.write("\n");
    },
  };
}
