/** A user's text inside a LIKE pattern: its `%`, `_` and `\` match themselves, not any text. */
export const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
