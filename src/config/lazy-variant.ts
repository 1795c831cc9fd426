// A member of a discriminated union (a provider's model schema, a suite kind's options) built the
// first time a value carrying its tag is parsed, or the JSON Schema is written: a run builds only the
// members its config names, not every provider's and every kind's schema before its first request.
import * as z from "zod";

/**
 * `build()`'s schema behind `z.lazy`, its tag declared so that the union picks it without building it
 * (zod's discriminated union reads each member's `propValues`, which a lazy schema would build to know).
 * Parsing, errors and the JSON Schema are the built schema's own.
 */
export function lazyVariant<T extends z.ZodType>(key: string, tag: string, build: () => T): z.ZodLazy<T> {
  const variant = z.lazy(() => {
    const built = build();
    if (!built._zod.propValues?.[key]?.has(tag)) throw new Error(`the schema built for ${key}: ${tag} does not have that ${key}`);
    return built;
  });
  variant._zod.propValues = { [key]: new Set([tag]) };
  return variant;
}

/** The tag `lazyVariant` declared for a member. */
export function variantTag(variant: z.ZodType, key: string): string {
  const [tag] = variant._zod.propValues?.[key] ?? [];
  if (typeof tag !== "string") throw new Error(`a variant without a ${key}`);
  return tag;
}
