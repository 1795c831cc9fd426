// A small glob matcher for branch profiles ("release/**") and metric overrides ("*/cost_usd").
// `*` and `?` stay inside one "/"-separated segment; `**` crosses segments. No dependency needed.

const cache = new Map<string, RegExp>();

export function globToRegExp(pattern: string): RegExp {
  const cached = cache.get(pattern);
  if (cached) return cached;
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "*" && pattern[i + 1] === "*") {
      i++;
      // "a/**/b" also matches "a/b": the "**/" may match nothing.
      if (pattern[i + 1] === "/") {
        i++;
        source += "(?:.*/)?";
      } else {
        source += ".*";
      }
    } else if (char === "*") {
      source += "[^/]*";
    } else if (char === "?") {
      source += "[^/]";
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    }
  }
  const regexp = new RegExp(`^${source}$`);
  cache.set(pattern, regexp);
  return regexp;
}

export function matchGlob(pattern: string, text: string): boolean {
  return globToRegExp(pattern).test(text);
}
