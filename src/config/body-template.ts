// The placeholders an `http` model's body template may use, shared by the request builder and the
// config check, so a misspelt one (`{{promt}}`) is refused at load instead of being sent as text.

/** `{{messages}}`, `{{tools}}`, `{{prompt}}`, `{{vars.NAME}}`, spaces allowed inside the braces. */
export const PLACEHOLDER = String.raw`\{\{\s*(messages|tools|prompt|vars\.[\w.-]+)\s*\}\}`;
export const KNOWN_PLACEHOLDERS = ["messages", "tools", "prompt", "vars.NAME"];

export interface FoundPlaceholder {
  /** The path of the string holding it inside the template. */
  path: (string | number)[];
  /** As written: "{{ vars.session }}". */
  placeholder: string;
}

/** Every `{{…}}` of a body template, in order, with the path of the string holding it. */
function placeholders(template: unknown): FoundPlaceholder[] {
  const found: FoundPlaceholder[] = [];
  const walk = (node: unknown, at: (string | number)[]): void => {
    if (typeof node === "string") {
      for (const match of node.matchAll(/\{\{[^{}]*\}\}/g)) found.push({ path: at, placeholder: match[0] });
    } else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) walk(value, [...at, Array.isArray(node) ? Number(key) : key]);
    }
  };
  walk(template, []);
  return found;
}

/** Every `{{…}}` in a body template that is not a known placeholder. */
export function unknownPlaceholders(template: unknown): FoundPlaceholder[] {
  const known = new RegExp(`^${PLACEHOLDER}$`);
  return placeholders(template).filter((found) => !known.test(found.placeholder));
}

/** Every `{{vars.NAME}}` in a body template, with its var's name (its first dot-separated part: the rest is a path inside it). */
export function varPlaceholders(template: unknown): (FoundPlaceholder & { name: string })[] {
  return placeholders(template).flatMap((found) => {
    const name = /^\{\{\s*vars\.([\w-]+)[\w.-]*\s*\}\}$/.exec(found.placeholder)?.[1];
    return name ? [{ ...found, name }] : [];
  });
}
