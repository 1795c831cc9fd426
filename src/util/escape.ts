// Model text (answers, judge reasons, case titles) goes into markdown read by people and parsed by
// GitHub: it must never break a table, inject HTML, open a code span or ping someone.
import { redact } from "./redact.ts";

const HTML: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// ANSI/VT escape sequences (CSI and OSC, e.g. colours and terminal hyperlinks), removed whole.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?/g;

/**
 * The base of every escaper: well-formed UTF-16 (a lone surrogate becomes U+FFFD), no ANSI
 * sequences or control characters (line breaks kept only with `keepLines`), clipped to `maxLength`
 * with "…" without splitting a character. Plain text for terminals and check-run annotations.
 */
export function plainText(value: unknown, maxLength = Number.POSITIVE_INFINITY, options: { keepLines?: boolean } = {}): string {
  const control = options.keepLines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g : /[\u0000-\u001f\u007f-\u009f]+/g;
  const text = String(value ?? "")
    .replace(LONE_SURROGATE, "\ufffd")
    .replace(ANSI, "")
    .replace(control, options.keepLines ? "" : " ");
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
  const text = clipText(
    plainText(String(value ?? "").replace(/\r\n?|\n|\u2028|\u2029/g, " "))
      .replace(/\s+/g, " ")
      .trim(),
    maxLength,
  );
  return text
    .replace(/[&<>"]/g, (char) => HTML[char]!)
    .replace(/[\\`*_[\]#|~]/g, "\\$&")
    .replace(/^([-=+])/, "\\$1")
    .replace(/@(?=[A-Za-z0-9])/g, "@&#8203;")
    .replace(/^(\d+)\./, "$1\\.")
    .replace(/:(?=[a-z0-9_+-]+:|\/\/)/gi, "&#58;");
}

/** A table cell: the same as inline text (pipes are escaped there too). */
export function escapeTableCell(value: unknown, maxLength = 160): string {
  return escapeMarkdownText(value, maxLength);
}

/** Text for HTML attributes and elements (`<summary>`), e.g. inside `<details>`. */
export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (char) => HTML[char] ?? "&#39;");
}

const XML: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\n": "&#10;",
  "\r": "&#13;",
  "\t": "&#9;",
};

/** XML 1.0 text; characters XML cannot carry are dropped. */
export function escapeXml(value: unknown): string {
  return String(value ?? "")
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
    .replace(/[&<>"']/g, (char) => XML[char]!);
}

/** XML attribute values: also line breaks and tabs, which attribute normalisation would turn into spaces. */
export function escapeXmlAttribute(value: unknown): string {
  return escapeXml(value).replace(/[\n\r\t]/g, (char) => XML[char]!);
}

/** A URL put into markdown link syntax: only http(s), with characters that would end the link encoded. */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return url.replace(/[()\s<>"|`]/g, (char) => encodeURIComponent(char));
}
