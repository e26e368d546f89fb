/** Bounds of a rule the editor needs as values (no zod: the app home imports this as is). */

/** A rule names a handful of collections at most: the resource picker's limit, and the list's. */
export const MAX_RULE_COLLECTIONS = 10;
