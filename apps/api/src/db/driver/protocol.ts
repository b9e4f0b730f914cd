import { protocol } from '@electric-sql/pglite';
import type { Parser, Result, TypeParsers } from './transaction.ts';

const { messages: M } = protocol;

/**
 * The messages of a PostgreSQL answer, read in place: a byte for the kind, then its length. PGlite's own
 * reader copied every value into a buffer of its own before decoding it (docs/database-driver.md).
 */
function* messages(b: Buffer): Generator<[kind: number, from: number, to: number]> {
  for (let i = 0; i + 5 <= b.length;) {
    const to = i + 1 + b.readInt32BE(i + 1);
    yield [b[i]!, i + 5, to];
    i = to;
  }
}

/** A NUL-terminated string at `from`, and where what follows it begins. */
const cstring = (b: Buffer, from: number) => {
  const end = b.indexOf(0, from);
  return [b.toString('utf8', from, end), end + 1] as const;
};

/** The error PostgreSQL reported (ErrorResponse), with the fields node-postgres gives its errors. */
export function errorIn(b: Buffer): InstanceType<typeof M.DatabaseError> | null {
  for (const [kind, from, to] of messages(b)) {
    if (kind !== 0x45) continue;
    const fields: Record<string, string> = {};
    for (let i = from; i < to && b[i] !== 0;) {
      const [value, next] = cstring(b, i + 1);
      fields[String.fromCharCode(b[i]!)] = value;
      i = next;
    }
    const e = new M.DatabaseError(fields.M ?? 'Error de la base de datos', to - from + 4, 'error');
    Object.assign(e, {
      severity: fields.S,
      code: fields.C,
      detail: fields.D,
      hint: fields.H,
      position: fields.P,
      internalPosition: fields.p,
      internalQuery: fields.q,
      where: fields.W,
      schema: fields.s,
      table: fields.t,
      column: fields.c,
      dataType: fields.d,
      constraint: fields.n,
      file: fields.F,
      line: fields.L,
      routine: fields.R,
    });
    return e;
  }
  return null;
}

/** The rows and command of an answer (RowDescription, DataRow, CommandComplete), parsed as node-postgres does. */
export function readResult(b: Buffer, types: TypeParsers, asArrays: boolean): Result {
  const r: Result = { command: '', rowCount: null, rows: [], fields: [] };
  let parsers: Parser[] = [];
  let names: string[] = [];
  for (const [kind, from] of messages(b)) {
    if (kind === 0x54) {
      r.fields = [];
      for (let k = 0, n = b.readInt16BE(from), i = from + 2; k < n; k++) {
        const [name, next] = cstring(b, i);
        r.fields.push({ name, dataTypeID: b.readInt32BE(next + 6) });
        i = next + 18;
      }
      names = r.fields.map((f) => f.name);
      parsers = r.fields.map((f) => types.getTypeParser(f.dataTypeID, 'text'));
    } else if (kind === 0x44) {
      const values: unknown[] = [];
      for (let k = 0, n = b.readInt16BE(from), i = from + 2; k < n; k++) {
        const size = b.readInt32BE(i);
        i += 4;
        if (size < 0) values.push(null);
        else {
          values.push(parsers[k]!(b.toString('utf8', i, i + size)));
          i += size;
        }
      }
      if (asArrays) r.rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (let k = 0; k < values.length; k++) row[names[k]!] = values[k];
        r.rows.push(row);
      }
    } else if (kind === 0x43) {
      const parts = cstring(b, from)[0].split(' ');
      r.command = parts[0] ?? '';
      const n = Number(parts.at(-1));
      r.rowCount = Number.isInteger(n) ? n : null;
    }
  }
  return r;
}

/** Where the answer's `n`-th part (0 the first), each ending in a ReadyForQuery, begins and ends. */
export function section(b: Buffer, n: number): [from: number, to: number] {
  let from = 0;
  let k = 0;
  for (const [kind, , to] of messages(b)) {
    if (kind !== 0x5a) continue;
    if (k++ === n) return [from, to];
    from = to;
  }
  return [from, b.length];
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) {
    all.set(p, i);
    i += p.length;
  }
  return all;
}
