import { sql } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';

/** id_empresa defaults to the transaction's company (ARCHITECTURE "Multi-tenancy"). */
export const idEmpresa = () =>
  integer('id_empresa')
    .notNull()
    .default(sql`nullif(current_setting('app.empresa', true), '')::integer`);

export const ts = (name: string) => timestamp(name, { withTimezone: true });
