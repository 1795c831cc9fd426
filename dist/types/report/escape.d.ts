/**
 * The base of every escaper: well-formed UTF-16 (a lone surrogate becomes U+FFFD), no ANSI
 * sequences or control characters (line breaks kept only with `keepLines`), clipped to `maxLength`
 * with "…" without splitting a character. Plain text for terminals and check-run annotations.
 */
export declare function plainText(value: unknown, maxLength?: number, options?: {
    keepLines?: boolean;
}): string;
/** At most `maxLength` UTF-16 units, ending in "…" when cut, never half a surrogate pair. */
export declare function clipText(text: string, maxLength: number): string;
/** Model text in a machine-read report (JUnit): plain text with @mentions and `::` workflow commands defused, for tools that show it on GitHub. */
export declare function inertText(value: unknown, maxLength?: number): string;
/**
 * Inline markdown text on one line: HTML escaped, markdown punctuation backslash-escaped, newlines
 * flattened, @mentions and #references defused with an invisible joiner so GitHub links nothing.
 */
export declare function escapeMarkdownText(value: unknown, maxLength?: number): string;
/** A table cell: the same as inline text (pipes are escaped there too). */
export declare function escapeTableCell(value: unknown, maxLength?: number): string;
/** Text for HTML attributes and elements (`<summary>`), e.g. inside `<details>`. */
export declare function escapeHtml(value: unknown): string;
/** XML 1.0 text; characters XML cannot carry are dropped. */
export declare function escapeXml(value: unknown): string;
/** XML attribute values: also line breaks and tabs, which attribute normalisation would turn into spaces. */
export declare function escapeXmlAttribute(value: unknown): string;
/** A URL put into markdown link syntax: only http(s), with characters that would end the link encoded. */
export declare function safeUrl(url: string | undefined): string | undefined;
