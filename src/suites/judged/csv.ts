// An RFC 4180 CSV parser that remembers where each record starts, so every later problem
// (an empty field, a missing attachment) can be reported as file:line.
//
// Accepted: quoted fields with "" escapes, commas and newlines inside quotes, CRLF / LF / CR line
// ends, a missing final newline, a UTF-8 BOM. Lenient like the seed's csv-parse settings
// (relax_quotes): a quote inside an unquoted field is kept as a literal character, and spaces
// between a closing quote and the next comma are ignored. Blank lines are skipped.

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

export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let i = 0;
  let line = 1;

  /** Consumes a line end at i (CRLF, LF or lone CR) and returns it, or "" when there is none. */
  const takeNewline = (): string => {
    const start = i;
    if (text[i] === "\r") i += text[i + 1] === "\n" ? 2 : 1;
    else if (text[i] === "\n") i += 1;
    else return "";
    line++;
    return text.slice(start, i);
  };

  const readQuoted = (fieldIndex: number): string => {
    const openedAt = line;
    let value = "";
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) {
        throw new CsvSyntaxError(
          `unterminated quoted field: the quote opened on line ${openedAt} is never closed`,
          openedAt,
          fieldIndex,
          records,
        );
      }
      const c = text[i];
      if (c === '"') {
        if (text[i + 1] === '"') {
          value += '"';
          i += 2;
          continue;
        }
        i++;
        break;
      }
      const newline = takeNewline();
      if (newline) {
        value += newline;
        continue;
      }
      value += c;
      i++;
    }
    while (text[i] === " " || text[i] === "\t") i++;
    if (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
      throw new CsvSyntaxError(`unexpected character ${JSON.stringify(text[i])} after the closing quote`, line, fieldIndex, records);
    }
    return value;
  };

  const readUnquoted = (): string => {
    const start = i;
    while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") i++;
    return text.slice(start, i);
  };

  while (i < text.length) {
    const recordLine = line;
    const fields: string[] = [];
    for (;;) {
      fields.push(text[i] === '"' ? readQuoted(fields.length + 1) : readUnquoted());
      if (text[i] === ",") {
        i++;
        continue;
      }
      takeNewline(); // or the end of the input
      break;
    }
    // A blank line is one empty field: skip it rather than call it a one-column row.
    const blank = fields.length === 1 && fields[0] === "";
    if (!blank) records.push({ line: recordLine, fields });
  }
  return records;
}
