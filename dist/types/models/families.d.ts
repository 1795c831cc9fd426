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
/** The body with the family's rules and the learned ones applied, and what they changed. `body` is not modified. */
export declare function shapeBody(provider: string, model: string, body: Record<string, unknown>, learned?: ReadonlyMap<string, LearnedRule>): {
    body: Record<string, unknown>;
    changes: FieldChange[];
};
