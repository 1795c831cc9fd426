// Reads one FlexEval JSONL line, {"input": [messages...], ...metadata}, in chunks: each message's JSON
// text is handed over as soon as it is complete, so a thread of any length is never held whole. Only
// the plain shape is followed (one object, one "input" list); anything else marks the line `invalid`
// and the caller reads it whole, where parseThreadLine words the problem as it always has.

export interface LineHandlers {
  /** A top-level key besides "input", with its value's JSON text. */
  key(name: string, text: string): void;
  /** One element of "input", its JSON text. */
  element(text: string): void;
}

type Expect = "open" | "key" | "colon" | "value" | "after-value" | "element" | "after-element" | "end";

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

export class ThreadLineScanner {
  /** The line is not the plain shape followed here: read it whole instead. */
  invalid = false;
  private readonly handlers: LineHandlers;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expect: Expect = "open";
  private afterComma = false;
  private keyName = "";
  private sawInput = false;
  /** What is being captured: its text from earlier chunks, and where it starts in this one (-1: nothing). */
  private held = "";
  private start = -1;
  private capturing: "key" | "value" | "element" | null = null;

  constructor(handlers: LineHandlers) {
    this.handlers = handlers;
  }

  push(chunk: string): void {
    if (this.capturing) this.start = 0;
    for (let i = 0; i < chunk.length && !this.invalid; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) {
          this.inString = false;
          if (this.capturing === "key") this.finishKey(chunk, i + 1);
        }
        continue;
      }
      if (isSpace(c)) continue;
      // Inside a nested value only brackets and strings matter.
      if (this.depth > (this.expect === "element" || this.expect === "after-element" ? 2 : 1)) this.nested(c);
      else this.structural(chunk, i, c);
    }
    if (this.capturing && this.start >= 0) this.held += chunk.slice(this.start);
    this.start = -1;
  }

  /** Call once the line has ended: a line cut short is invalid. */
  end(): void {
    if (this.depth !== 0 || this.expect !== "end" || !this.sawInput) this.invalid = true;
  }

  private nested(c: number): void {
    if (c === 34) this.inString = true;
    else if (c === 123 || c === 91) this.depth++;
    else if (c === 125 || c === 93) this.depth--;
  }

  private structural(chunk: string, i: number, c: number): void {
    switch (this.expect) {
      case "open":
        if (c === 123) this.enter("key");
        else this.fail();
        break;
      case "key":
        this.key(i, c);
        break;
      case "colon":
        if (c === 58) this.expect = "value";
        else this.fail();
        break;
      case "value":
        this.startValue(i, c);
        break;
      case "after-value":
        this.afterValue(chunk, i, c);
        break;
      case "element":
        if (c === 93 && !this.afterComma) this.closeInput();
        else {
          this.capture("element", i);
          this.expect = "after-element";
          this.nested(c);
        }
        break;
      case "after-element":
        this.afterElement(chunk, i, c);
        break;
      case "end":
        this.fail();
    }
  }

  private key(i: number, c: number): void {
    if (c === 125 && !this.afterComma) this.leave("end");
    else if (c !== 34) this.fail();
    else {
      this.capture("key", i);
      this.inString = true;
    }
  }

  private startValue(i: number, c: number): void {
    if (this.keyName === "input") {
      // A second "input" (JSON.parse keeps the last) or one that is not a list: read whole.
      if (this.sawInput || c !== 91) this.fail();
      else {
        this.sawInput = true;
        this.enter("element");
      }
    } else if (this.keyName === "__proto__") this.fail();
    else {
      this.capture("value", i);
      this.expect = "after-value";
      this.nested(c);
    }
  }

  private afterValue(chunk: string, i: number, c: number): void {
    if (this.capturing === "value" && (c === 44 || c === 125)) {
      this.handlers.key(this.keyName, this.take(chunk, i));
      if (c === 44) {
        this.afterComma = true;
        this.expect = "key";
      } else this.leave("end");
      return;
    }
    if (this.capturing !== "value") {
      // After the input list: a comma or the object's end.
      if (c === 44) {
        this.afterComma = true;
        this.expect = "key";
      } else if (c === 125) this.leave("end");
      else this.fail();
      return;
    }
    this.nested(c); // a scalar's next character, or a string or bracket after one (JSON.parse refuses it later)
  }

  private afterElement(chunk: string, i: number, c: number): void {
    if (c === 44 || c === 93) {
      this.handlers.element(this.take(chunk, i));
      if (c === 44) {
        this.afterComma = true;
        this.expect = "element";
      } else this.closeInput();
      return;
    }
    this.nested(c);
  }

  private closeInput(): void {
    this.depth--;
    this.afterComma = false;
    this.expect = "after-value";
  }

  private enter(next: Expect): void {
    this.depth++;
    this.afterComma = false;
    this.expect = next;
  }

  private leave(next: Expect): void {
    this.depth--;
    this.expect = next;
  }

  private fail(): void {
    this.invalid = true;
  }

  private capture(what: "key" | "value" | "element", i: number): void {
    this.capturing = what;
    this.held = "";
    this.start = i;
  }

  /** The captured text up to (not including) `end` in this chunk. */
  private take(chunk: string, end: number): string {
    const text = this.held + chunk.slice(this.start, end);
    this.capturing = null;
    this.held = "";
    this.start = -1;
    return text;
  }

  private finishKey(chunk: string, end: number): void {
    try {
      this.keyName = JSON.parse(this.take(chunk, end)) as string;
      this.afterComma = false;
      this.expect = "colon";
    } catch {
      this.fail();
    }
  }
}
