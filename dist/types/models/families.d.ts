/** A provider whose requests the table shapes. */
export type RuledProvider = "openai" | "anthropic";
export interface FamilyRule {
    provider: RuledProvider;
    /** The family as the docs and notes name it. */
    family: string;
    /** Matches the model id (lowercase, any `vendor/` prefix removed). */
    pattern: RegExp;
    /** Wire fields the family takes only at their default (the value), or never (null): any other value is not sent. */
    onlyDefault: Readonly<Record<string, number | null>>;
    /** Wire fields the family takes under another name. */
    renamed?: Readonly<Record<string, string>>;
    /** The family takes `thinking: {type: "adaptive"}`, never a token budget. */
    adaptiveThinking?: true;
}
/** The table. A model matching no row is sent what it is configured with (a refusal naming a field is learned). */
export declare const MODEL_FAMILIES: readonly FamilyRule[];
/** A setting the API refused at run time, naming it: left out (or renamed) in every later request to that model. */
export interface LearnedRule {
    field: string;
    sentAs?: string;
    /** The API's words, redacted. */
    why: string;
}
/** One field of a request body the rules changed. */
export interface FieldChange {
    /** The wire field as the request would have carried it. */
    field: string;
    value: unknown;
    /** Renamed: the field it was sent as. Absent: not sent. */
    sentAs?: string;
    /** Why, after "not sent," / "sent as x,": e.g. "gpt-5-mini accepts only the default". */
    why: string;
}
/** The row of the table a model falls under, if any. */
export declare function familyOf(provider: string, model: string): FamilyRule | undefined;
/** The body with the family's rules and the learned ones applied, and what they changed. `body` is not modified. */
export declare function shapeBody(provider: string, model: string, body: Record<string, unknown>, learned?: ReadonlyMap<string, LearnedRule>): {
    body: Record<string, unknown>;
    changes: FieldChange[];
};
