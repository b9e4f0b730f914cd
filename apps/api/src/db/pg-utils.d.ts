// node-postgres turns a JavaScript value into a parameter this way; the PGlite client does the same.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
