// What a script says about an error it caught: a thrown value need not be an Error.

/**
 * The message of a caught error, or the thrown value as text.
 * @param {unknown} error
 */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));
