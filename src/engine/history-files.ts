// History for trends from local results files (`--history dir,file.json`): each directory's *.json
// files and each file given, reduced to their metric values. The data branch's history is read by
// src/github/history.ts into the same shape.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { orderHistory, type TrendRun, trendRun } from "../report/trends.ts";
import { readResultsFile } from "./results-file.ts";

export const DEFAULT_HISTORY_SIZE = 30;

export async function readHistoryFiles(paths: string[], limit = DEFAULT_HISTORY_SIZE): Promise<TrendRun[]> {
  const files: string[] = [];
  for (const entry of paths) {
    if ((await stat(entry)).isDirectory()) {
      const names = (await readdir(entry)).filter((name) => name.endsWith(".json")).sort();
      files.push(...names.map((name) => path.join(entry, name)));
    } else files.push(entry);
  }
  const runs: TrendRun[] = [];
  for (const file of files) runs.push(trendRun(await readResultsFile(file)));
  return orderHistory(runs, limit);
}
