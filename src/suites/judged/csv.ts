// An RFC 4180 CSV parser that remembers where each record starts, so every later problem
// (an empty field, a missing attachment) can be reported as file:line. It reads in chunks
// (CsvReader, readCsvFile): a 20 MB prompts file is never held whole, and fields are sliced out of
// the chunk rather than built character by character.
//
// Accepted: quoted fields with "" escapes, commas and newlines inside quotes, CRLF / LF / CR line
// ends (each one line, as text-file.ts counts them for its warnings), a missing final newline, a UTF-8 BOM. Lenient like the seed's csv-parse settings
// (relax_quotes): a quote inside an unquoted field is kept as a literal character, and spaces
// between a closing quote and the next comma are ignored. Blank lines are skipped.
import { countLineEnds, readTextChunks, type TextChecker } from "../../config/text-file.ts";

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

/** A syntax error with its position; `records` holds what parsed before it (the header, usually). */
export class CsvSyntaxError extends Error {
  override readonly name = "CsvSyntaxError";
  readonly line: number;
  /** 1-based index of the field in its record. */
  readonly field: number;
  readonly reason: string;
  readonly records: CsvRecord[];

  constructor(reason: string, line: number, field: number, records: CsvRecord[]) {
    super(`line ${line}, field ${field}: ${reason}`);
    this.reason = reason;
    this.line = line;
    this.field = field;
    this.records = records;
  }
}

/** Thrown inside the scanner when the buffered text ends before the record does. */
const INCOMPLETE = Symbol("incomplete");

/** Incremental parser: push text chunks, get the records completed so far; end() flushes the last one. */
export class CsvReader {
  private buffer = "";
  private line = 1;
  private started = false;
  /** The first record, kept for CsvSyntaxError.records (readers name the column from it). */
  private header: CsvRecord | undefined;

  push(chunk: string): CsvRecord[] {
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    this.buffer += chunk;
    return this.drain(false);
  }

  end(): CsvRecord[] {
    return this.drain(true);
  }

  private drain(final: boolean): CsvRecord[] {
    const text = this.buffer;
    const records: CsvRecord[] = [];
    let consumed = 0;
    while (consumed < text.length) {
      let parsed: { record: CsvRecord | null; next: number; lines: number };
      try {
        parsed = this.readRecord(text, consumed, final, records);
      } catch (error) {
        if (error === INCOMPLETE) break;
        throw error;
      }
      consumed = parsed.next;
      this.line += parsed.lines;
      if (parsed.record) {
        this.header ??= parsed.record;
        records.push(parsed.record);
      }
    }
    this.buffer = text.slice(consumed);
    return records;
  }

  /** One record starting at `start`, or INCOMPLETE when more text is needed to finish it. */
  private readRecord(text: string, start: number, final: boolean, before: CsvRecord[]) {
    const recordLine = this.line;
    let i = start;
    let line = recordLine;
    const fields: string[] = [];
    const parsedBefore = () => (this.header ? [this.header, ...before.filter((r) => r !== this.header)] : before);
    for (;;) {
      const fieldIndex = fields.length + 1;
      if (text.charCodeAt(i) === 34 /* " */) {
        const quoted = readQuotedField(text, i, { line, final, fieldIndex, parsedBefore });
        fields.push(quoted.value);
        i = quoted.next;
        line = quoted.line;
      } else {
        let end = i;
        while (end < text.length) {
          const c = text.charCodeAt(end);
          if (c === 44 || c === 13 || c === 10) break;
          end++;
        }
        if (end >= text.length && !final) throw INCOMPLETE;
        fields.push(text.slice(i, end));
        i = end;
      }
      if (text[i] === ",") {
        i++;
        continue;
      }
      // A line end, or the end of the input.
      if (text[i] === "\r") {
        if (i + 1 >= text.length && !final) throw INCOMPLETE; // CR, and maybe LF in the next chunk
        i += text[i + 1] === "\n" ? 2 : 1;
        line++;
      } else if (text[i] === "\n") {
        i++;
        line++;
      }
      break;
    }
    // A blank line is one empty field: skip it rather than call it a one-column row.
    const blank = fields.length === 1 && fields[0] === "";
    return { record: blank ? null : { line: recordLine, fields }, next: i, lines: line - recordLine };
  }
}

/**
 * A quoted field starting at `start` (its opening quote): its value ("" is one quote), where the text
 * after it starts, and the line reached. INCOMPLETE when more text is needed to finish it.
 */
function readQuotedField(
  text: string,
  start: number,
  at: { line: number; final: boolean; fieldIndex: number; parsedBefore: () => CsvRecord[] },
): { value: string; next: number; line: number } {
  const { final, fieldIndex, parsedBefore } = at;
  const openedAt = at.line;
  let line = at.line;
  let value = "";
  let from = start + 1;
  let i: number;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) {
      if (!final) throw INCOMPLETE;
      throw new CsvSyntaxError(
        `unterminated quoted field: the quote opened on line ${openedAt} is never closed`,
        openedAt,
        fieldIndex,
        parsedBefore(),
      );
    }
    const segment = text.slice(from, quote);
    value += segment;
    line += countLineEnds(segment);
    if (quote + 1 >= text.length && !final) throw INCOMPLETE; // "" split across chunks?
    if (text.charCodeAt(quote + 1) === 34) {
      value += '"';
      from = quote + 2;
      continue;
    }
    i = quote + 1;
    break;
  }
  while (text[i] === " " || text[i] === "\t") i++;
  if (i >= text.length && !final) throw INCOMPLETE;
  if (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
    throw new CsvSyntaxError(`unexpected character ${JSON.stringify(text[i])} after the closing quote`, line, fieldIndex, parsedBefore());
  }
  return { value, next: i, line };
}

export function parseCsv(input: string): CsvRecord[] {
  const reader = new CsvReader();
  const records = reader.push(input);
  try {
    return [...records, ...reader.end()];
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new CsvSyntaxError(error.reason, error.line, error.field, records);
  }
}

/**
 * The records of a CSV file, read in chunks: memory follows the longest record, not the file. Lines
 * with NUL bytes or invalid UTF-8 are noted in `checker` (its warnings() once the file is read).
 */
export async function* readCsvFile(path: string, checker?: TextChecker): AsyncGenerator<CsvRecord> {
  const reader = new CsvReader();
  for await (const chunk of readTextChunks(path, checker)) yield* reader.push(chunk);
  yield* reader.end();
}
