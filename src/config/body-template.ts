// The placeholders an `http` model's body template may use, shared by the request builder and the
// config check, so a misspelt one (`{{promt}}`) is refused at load instead of being sent as text.

/** `{{messages}}`, `{{tools}}`, `{{prompt}}`, `{{vars.NAME}}`, spaces allowed inside the braces. */
export const PLACEHOLDER = String.raw`\{\{\s*(messages|tools|prompt|vars\.[\w.-]+)\s*\}\}`;
export const KNOWN_PLACEHOLDERS = ["messages", "tools", "prompt", "vars.NAME"];

/** Every `{{…}}` in a body template that is not a known placeholder, with the path of the string holding it. */
export function unknownPlaceholders(template: unknown): { path: (string | number)[]; placeholder: string }[] {
  const found: { path: (string | number)[]; placeholder: string }[] = [];
  const known = new RegExp(`^${PLACEHOLDER}$`);
  const walk = (node: unknown, at: (string | number)[]): void => {
    if (typeof node === "string") {
      for (const match of node.matchAll(/\{\{[^{}]*\}\}/g)) if (!known.test(match[0])) found.push({ path: at, placeholder: match[0] });
    } else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) walk(value, [...at, Array.isArray(node) ? Number(key) : key]);
    }
  };
  walk(template, []);
  return found;
}
