// A JSON body read chunk by chunk with its longest strings cut as they arrive: a runaway answer of
// many megabytes is never held whole, neither as bytes nor as text nor parsed. Every string longer
// than KEPT_CHARS keeps its first characters, cut to the answer cap with the line saying how much was
// cut (src/util/cap-text.ts), exactly what the cap would keep of it later; all else passes byte for byte.
import { capLongText, MAX_ANSWER_CHARS } from "../util/cap-text.ts";

/**
 * Characters of a long string read before the rest is dropped: the answer cap and a margin, so a
 * secret that the cap would split is still whole when the kept part is redacted.
 */
export const KEPT_CHARS = MAX_ANSWER_CHARS + 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

export class JsonStringCapper {
  /** What is kept, in order. */
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private inString = false;
  /** Within an escape: -1 just after the backslash, 1-4 the hex digits of a \u escape still to come. */
  private escape = 0;
  /** UTF-16 units of the current string so far. */
  private chars = 0;
  /** Where the current string's opening quote is in what is kept. */
  private stringAt = 0;
  /** The current string passed KEPT_CHARS: its bytes are counted, not kept. */
  private overflowing = false;

  private readonly keptChars: number;
  private readonly capChars: number;

  /** `keptChars` read of a long string, `capChars` kept of those (the answer cap); smaller in tests. */
  constructor(keptChars = KEPT_CHARS, capChars = MAX_ANSWER_CHARS) {
    this.keptChars = keptChars;
    this.capChars = capChars;
  }

  /** Characters cut from long strings so far. */
  cutChars = 0;

  write(chunk: Buffer): void {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (!this.inString) {
        if (byte === QUOTE) this.openString(this.keptBytes + (i - from));
        continue;
      }
      if (this.escape !== 0) {
        this.escape = this.escape === -1 ? (byte === LETTER_U ? 4 : 0) : this.escape - 1;
        continue;
      }
      if (byte === QUOTE) {
        this.inString = false;
        if (this.overflowing) {
          this.closeLongString();
          from = i + 1;
        }
        continue;
      }
      if ((byte & 0xc0) === 0x80) continue; // a UTF-8 continuation byte: not a new character
      if (byte === BACKSLASH) this.escape = -1;
      const units = byte >= 0xf0 ? 2 : 1; // four UTF-8 bytes are a surrogate pair
      if (!this.overflowing && this.chars + units > this.keptChars) {
        this.keep(chunk.subarray(from, i));
        this.overflowing = true;
      }
      this.chars += units;
    }
    if (!this.overflowing) this.keep(chunk.subarray(from));
  }

  /** Everything kept, as one buffer. */
  end(): Buffer {
    return this.kept.length === 1 ? this.kept[0]! : Buffer.concat(this.kept);
  }

  private openString(at: number): void {
    this.inString = true;
    this.chars = 0;
    this.stringAt = at;
    this.overflowing = false;
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.kept.push(Buffer.from(bytes)); // a copy: a view would hold the whole chunk it came from
    this.keptBytes += bytes.length;
  }

  /** Replaces the long string's kept bytes with its capped text, encoded as JSON. */
  private closeLongString(): void {
    this.overflowing = false;
    const all = Buffer.concat(this.kept);
    const before = all.subarray(0, this.stringAt);
    const raw = all.subarray(this.stringAt + 1).toString("utf8");
    let encoded: string;
    try {
      const head = JSON.parse(`"${raw}"`) as string;
      const capped = capLongText(head, this.chars, this.capChars);
      this.cutChars += this.chars - head.length;
      encoded = JSON.stringify(capped);
    } catch {
      encoded = `"${raw}"`; // not a JSON string (raw control characters): the parse will say so
    }
    this.kept = [before, Buffer.from(encoded, "utf8")];
    this.keptBytes = this.kept[0]!.length + this.kept[1]!.length;
  }
}
