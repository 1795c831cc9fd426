// Model text (answers, judge reasons, case titles) goes into markdown read by people and parsed by
// GitHub: it must never break a table, inject HTML, open a code span or ping someone.

const HTML: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Inline markdown text on one line: HTML escaped, markdown punctuation backslash-escaped, newlines
 * flattened, @mentions and #references defused with an invisible joiner so GitHub links nothing.
 */
export function escapeMarkdownText(value: unknown, maxLength = 300): string {
  let text = String(value ?? "")
    .replace(/\r\n?|\n|\u2028|\u2029/g, " ")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length > maxLength) text = `${text.slice(0, maxLength - 1).trimEnd()}…`;
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
