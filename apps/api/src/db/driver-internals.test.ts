import { createRequire } from 'node:module';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { describe, expect, it } from 'vitest';

// db/driver/postgres.ts subclasses node-postgres's Query and calls its connection's protocol methods, none of
// them public API (docs/database-driver.md): an upgrade of pg must be a decision, read against them.
const PG_VERSION = '8.23.1';
const require = createRequire(import.meta.url);

describe('node-postgres internals the driver uses', () => {
  it('pg is the version the driver was written against', () => {
    expect((require('pg/package.json') as { version: string }).version).toBe(PG_VERSION);
  });

  it('Query, Connection and prepareValue still have the methods the driver calls', () => {
    const query = (pg.Query as unknown as { prototype: Record<string, unknown> }).prototype;
    for (const m of ['prepare', 'handleDataRow', 'handleCommandComplete', 'handleError'])
      expect(typeof query[m], `Query.${m}`).toBe('function');
    const Connection = require('pg/lib/connection.js') as { prototype: Record<string, unknown> };
    for (const m of ['parse', 'bind', 'describe', 'execute', 'close', 'sync'])
      expect(typeof Connection.prototype[m], `Connection.${m}`).toBe('function');
    expect(prepareValue(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toMatch(/^2026-01-0[12]T/);
  });
});
