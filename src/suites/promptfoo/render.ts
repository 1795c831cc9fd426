// Templating as promptfoo 0.123 does it, with the nunjucks package itself (autoescape off, its `load`
// filter): a prompt whose text is JSON (a chat prompt) has each string inside rendered; any other
// prompt is rendered whole, with vars that are templates rendered first. Vars lose one trailing
// newline and `{{name}}` references between vars are resolved as promptfoo resolves them. The `env`
// global holds only the promptfoo config's own `env:` block: evalgate never hands the runner's
// environment (its keys) to a template.
import nunjucks from "nunjucks";

export type Vars = Record<string, unknown>;

let environment: nunjucks.Environment | undefined;
let environmentKey: string | undefined;
/**
 * The environment's compiled templates by their text, the most recent few: a prompt renders for every
 * test, and nunjucks compiles a template into a new function each time it renders a string (its
 * renderString), ~500 compilations held until collected for a 500-test run. Rendering a compiled
 * template again is what nunjucks does with its own file templates.
 */
const templates = new Map<string, nunjucks.Template>();
const KEPT_TEMPLATES = 32;

/** One environment for a run (each render would otherwise build one): rebuilt only for another `env`. */
function engine(env: Record<string, string>): nunjucks.Environment {
  const key = JSON.stringify(env);
  if (environment && environmentKey === key) return environment;
  environment = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });
  environment.addGlobal("env", { ...env });
  environment.addFilter("load", (text: string) => JSON.parse(text));
  environmentKey = key;
  templates.clear();
  return environment;
}

/** Text with none of nunjucks' tag delimiters ({{ {% {# #}) renders as itself: its lexer reads it as one piece of data. */
const isPlainText = (template: string) => !/\{[{%#]|#\}/.test(template);

/** A string rendered with the vars (an assert value, a metric name, a grading value). */
export function renderString(template: string, vars: Vars, env: Record<string, string>): string {
  const environment = engine(env);
  if (isPlainText(template)) return template;
  let compiled = templates.get(template);
  if (!compiled) {
    compiled = new nunjucks.Template(template, environment);
    if (templates.size >= KEPT_TEMPLATES) templates.delete(templates.keys().next().value!);
  } else templates.delete(template);
  templates.set(template, compiled);
  return compiled.render(vars);
}

/** Every string inside a JSON-like value rendered. */
export function renderInObject(value: unknown, vars: Vars, env: Record<string, string>): unknown {
  if (typeof value === "string") return renderString(value, vars, env);
  if (Array.isArray(value)) return value.map((item) => renderInObject(item, vars, env));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderInObject(item, vars, env)]));
  return value;
}

/** The prompt as promptfoo renders it for a test's vars (already loaded from any file:// they name). */
export function renderPrompt(raw: string, given: Vars, env: Record<string, string>): string {
  const vars: Vars = { ...given };
  for (const key of Object.keys(vars)) if (typeof vars[key] === "string") vars[key] = (vars[key] as string).replace(/\n$/, "");
  resolveVariables(vars);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (parsed !== undefined) return JSON.stringify(renderInObject(parsed, vars, env), null, 2);
  const rendered = Object.fromEntries(
    Object.entries(vars).map(([key, value]) =>
      typeof value !== "string" || referencesUndefined(value, vars) ? [key, value] : [key, renderString(wrapPartial(value), vars, env)],
    ),
  );
  return renderString(wrapPartial(raw), rendered, env);
}

/** promptfoo's resolveVariables: a var holding `{{other}}` gets other's value, up to five passes. */
function resolveVariables(vars: Vars): void {
  const placeholder = /\{\{\s*(\w+)\s*\}\}/;
  for (let pass = 0; pass < 5; pass++) {
    let changed = false;
    for (const key of Object.keys(vars)) {
      const value = vars[key];
      if (typeof value !== "string") continue;
      const match = placeholder.exec(value);
      if (match && vars[match[1]!] !== undefined) {
        vars[key] = value.replace(match[0], String(vars[match[1]!]));
        changed = true;
      }
    }
    if (!changed) return;
  }
}

/** A template with an unclosed tag is sent as written, as promptfoo wraps it in {% raw %}. */
function wrapPartial(text: string): string {
  const partial = /({%[^%]*$|{{[^}]*$|{#[^#]*$)/m.test(text);
  const wrapped = /{%\s*raw\s*%}/.test(text) && /{%\s*endraw\s*%}/.test(text);
  return partial && !wrapped ? `{% raw %}${text}{% endraw %}` : text;
}

/** The variables a template names (promptfoo's extractVariablesFromTemplate). */
export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  const text = template.replace(/\{#[\s\S]*?#\}/g, "");
  for (const match of text.matchAll(/\{\{[\s]*([^{}\s|]+)[\s]*(?:\|[^}]+)?\}\}|\{%[\s]*(?:if|for)[\s]+([^{}\s]+)[\s]*.*?%\}/g)) {
    const name = match[1] ?? match[2];
    if (name) names.add(name);
  }
  for (const match of text.matchAll(/\{%[\s]*for[\s]+(\w+)[\s]+in[\s]+(\w+)[\s]*%\}/g)) {
    names.delete(match[1]!);
    names.add(match[2]!);
  }
  return [...names];
}

function referencesUndefined(template: string, vars: Vars): boolean {
  return templateVariables(template).some((name) => {
    const root = /^([A-Za-z_]\w*)/.exec(name)?.[1];
    return Boolean(root && root !== "env" && vars[root] === undefined);
  });
}
