// A data file written as JSON (YAML's subset: a promptfooconfig, a generated test set) read without
// the YAML parser: JSON.parse for the value, one pass over the text for where each value and key
// starts. The YAML parser holds ~200 bytes a byte while it composes, and its hot code is compiled by
// the optimising compilers at the same time: ~15 MiB of peak memory for a 60 KB file of 500 tests,
// against well under 1 MiB here. Positions are those parsePositionedYaml gives for the same text
// (the value's first character; a missing field at the key of the deepest mapping that holds the
// path). Anything the YAML reader would treat differently (a duplicate key, which it reports, a merge
// key) is left to it: the answer is then undefined.
import { loneCrAsLf } from "./text-file.ts";
import { type PositionedYaml, parsePositionedYaml, type YamlPosition } from "./yaml-positions.ts";

/** What a reader of data with positions uses of a PositionedYaml. */
export type PositionedData = Pick<PositionedYaml, "problems" | "value"> & {
  positionOf(fieldPath: readonly PropertyKey[]): YamlPosition | undefined;
};

/** A YAML or JSON text's data and positions: JSON read as JSON, anything else by the YAML reader. */
export function parsePositionedData(text: string): PositionedData {
  return parseJsonPositioned(text) ?? parsePositionedYaml(text);
}

/** Where a value starts, where its key starts (an entry of a mapping), and its children. */
interface Spot {
  at: number;
  keyAt?: number;
  items?: Spot[];
  entries?: Map<string, Spot>;
}

/** Thrown by the scan for a text the YAML reader should read. */
class LeaveToYaml extends Error {}

/** The data and positions of a JSON text; undefined for any text that is not plain JSON (read it as YAML). */
export function parseJsonPositioned(raw: string): PositionedData | undefined {
  const start = /^\s*/.exec(raw)![0].length;
  if (raw[start] !== "{" && raw[start] !== "[") return undefined;
  const text = loneCrAsLf(raw);
  let value: unknown;
  let root: Spot;
  try {
    value = JSON.parse(text);
    root = scanValue(text, skipSpace(text, 0))[0];
  } catch {
    return undefined;
  }
  let lineStarts: number[] | undefined;
  const at = (offset: number): YamlPosition => {
    lineStarts ??= [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];
    let low = 0;
    for (let high = lineStarts.length - 1; low < high; ) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - lineStarts[low]! + 1 };
  };
  return { problems: [], value, positionOf: (fieldPath) => at(locate(root, fieldPath)) };
}

/** parsePositionedYaml's rule: the value at the path; a missing step at the key of the last mapping entry found. */
function locate(root: Spot, fieldPath: readonly PropertyKey[]): number {
  let node: Spot | undefined = root;
  let best = root.at;
  let parentKey: number | undefined;
  for (const step of fieldPath) {
    if (!node) break;
    if (node.entries) {
      const entry = node.entries.get(String(step));
      if (!entry) return parentKey ?? best;
      parentKey = entry.keyAt;
      node = entry;
    } else if (node.items) node = node.items[Number(step)];
    else break;
    if (node) best = node.at;
  }
  return best;
}

const skipSpace = (text: string, i: number) => {
  while (i < text.length && (text[i] === " " || text[i] === "\n" || text[i] === "\t" || text[i] === "\r")) i++;
  return i;
};

/** The end of the string starting at `i` (its closing quote's index + 1). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; ; j++) {
    const c = text[j];
    if (c === "\\") j++;
    else if (c === '"') return j + 1;
  }
}

/** The value starting at `i` (valid JSON: JSON.parse read it) and the index after it. */
function scanValue(text: string, i: number): [Spot, number] {
  const c = text[i];
  if (c === "{") return scanObject(text, i);
  if (c === "[") {
    const items: Spot[] = [];
    let j = skipSpace(text, i + 1);
    while (text[j] !== "]") {
      const [item, next] = scanValue(text, j);
      items.push(item);
      j = skipSpace(text, next);
      if (text[j] === ",") j = skipSpace(text, j + 1);
    }
    return [{ at: i, items }, j + 1];
  }
  if (c === '"') return [{ at: i }, stringEnd(text, i)];
  let j = i;
  while (j < text.length && !",]} \n\t\r".includes(text[j]!)) j++;
  return [{ at: i }, j];
}

function scanObject(text: string, i: number): [Spot, number] {
  const entries = new Map<string, Spot>();
  let j = skipSpace(text, i + 1);
  while (text[j] !== "}") {
    const keyEnd = stringEnd(text, j);
    const key = JSON.parse(text.slice(j, keyEnd)) as string;
    // YAML reports a repeated key (JSON.parse keeps the last) and may merge "<<": its reader decides.
    if (entries.has(key) || key === "<<" || key === "__proto__") throw new LeaveToYaml();
    const [value, next] = scanValue(text, skipSpace(text, skipSpace(text, keyEnd) + 1));
    entries.set(key, { ...value, keyAt: j });
    j = skipSpace(text, next);
    if (text[j] === ",") j = skipSpace(text, j + 1);
  }
  return [{ at: i, entries }, j + 1];
}
