// Model text (answers, judge reasons, case titles) goes into markdown read by people and parsed by
// GitHub: it must never break a table, inject HTML, open a code span or ping someone.
import { cleanText, escapeMarkdownChars, oneLine } from "./escape-chars.ts";
import { redact } from "./redact.ts";

export { escapeHtml, escapeXml, escapeXmlAttribute } from "./escape-chars.ts";

/**
 * The base of every escaper: well-formed UTF-16 (a lone surrogate becomes U+FFFD), no ANSI
 * sequences or control characters (line breaks kept only with `keepLines`), clipped to `maxLength`
 * with "…" without splitting a character. Plain text for terminals and check-run annotations.
 */
export function plainText(value: unknown, maxLength = Number.POSITIVE_INFINITY, options: { keepLines?: boolean } = {}): string {
  const text = cleanText(value, options);
  return clipText(options.keepLines ? text : text.trim(), maxLength);
}

/**
 * At most `maxLength` UTF-16 units, ending in "…" when cut, never half a surrogate pair: the one
 * truncation. The text is redacted whole before it is cut, since a secret cut in two is no longer
 * recognisable by the sink's redaction and its prefix would leak.
 */
export function clipText(value: string, maxLength: number): string {
  if (value.length <= maxLength) return value;
  const text = redact(value);
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength - 1);
  if (end > 0 && /[\ud800-\udbff]/.test(text[end - 1]!)) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * At most `maxBytes` bytes of UTF-8, ending in "…" when cut, never half a character: for limits a
 * service counts in bytes (a check run's summary, whatever its docs say of characters). Redacted
 * whole before the cut, as clipText is.
 */
export function clipBytes(value: string, maxBytes: number): string {
  if (Buffer.byteLength(value, "utf8") <= maxBytes) return value;
  const text = redact(value);
  if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  const budget = Math.max(0, maxBytes - 3); // "…" is 3 bytes
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, "utf8");
    if (bytes + size > budget) break;
    bytes += size;
    end += char.length;
  }
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Model text in a machine-read report (JUnit): plain text with @mentions and `::` workflow commands defused, for tools that show it on GitHub. */
export function inertText(value: unknown, maxLength = 2000): string {
  return plainText(value, maxLength, { keepLines: true })
    .replace(/@(?=[A-Za-z0-9])/g, "@\u200b")
    .replace(/^::/gm, " ::"); // a log that prints the file must not run workflow commands
}

/**
 * Inline markdown text on one line: HTML escaped, markdown punctuation backslash-escaped, newlines
 * flattened, @mentions and #references defused with an invisible joiner so GitHub links nothing.
 */
export function escapeMarkdownText(value: unknown, maxLength = 300): string {
  return escapeMarkdownChars(clipText(oneLine(value), maxLength));
}

/** A table cell: the same as inline text (pipes are escaped there too). */
export function escapeTableCell(value: unknown, maxLength = 160): string {
  return escapeMarkdownText(value, maxLength);
}

/** A URL put into markdown link syntax: only http(s), with characters that would end the link encoded. */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return url.replace(/[()\s<>"|`]/g, (char) => encodeURIComponent(char));
}
