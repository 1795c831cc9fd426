// The character-level escapes, which need no redaction: redact.ts builds a secret's escaped forms
// from them, and escape.ts (the escapers every sink calls, which redact before they cut) builds
// on them. Apart from escape.ts so that redact.ts does not import the module that imports it.

const HTML: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// ANSI/VT escape sequences (CSI and OSC, e.g. colours and terminal hyperlinks), removed whole.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?/g;

/** Well-formed UTF-16 (a lone surrogate becomes U+FFFD), no ANSI sequences or control characters (line breaks kept only with `keepLines`). */
export function cleanText(value: unknown, options: { keepLines?: boolean } = {}): string {
  const control = options.keepLines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g : /[\u0000-\u001f\u007f-\u009f]+/g;
  return String(value ?? "")
    .replace(LONE_SURROGATE, "\ufffd")
    .replace(ANSI, "")
    .replace(control, options.keepLines ? "" : " ");
}

/** Clean text on one line: line breaks and runs of white space become one space. */
export function oneLine(value: unknown): string {
  return cleanText(String(value ?? "").replace(/\r\n?|\n|\u2028|\u2029/g, " "))
    .trim()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Inline markdown characters: HTML escaped, markdown punctuation backslash-escaped, @mentions and
 * #references defused with an invisible joiner so GitHub links nothing.
 */
export function escapeMarkdownChars(text: string): string {
  return text
    .replace(/[&<>"]/g, (char) => HTML[char]!)
    .replace(/[\\`*_[\]#|~]/g, "\\$&")
    .replace(/^([-=+])/, "\\$1")
    .replace(/@(?=[A-Za-z0-9])/g, "@&#8203;")
    .replace(/^(\d+)\./, "$1\\.")
    .replace(/:(?=[a-z0-9_+-]+:|\/\/)/gi, "&#58;");
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
