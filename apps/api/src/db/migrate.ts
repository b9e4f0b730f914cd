import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { APP_ROLE, type Database } from './client.ts';
import { queryRows } from './rows.ts';

// In the bundle this resolves next to dist/main.js, where the build copies the folder.
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export function migrationFiles(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}/${name}`, 'utf8') }));
}

/** Applies pending migrations, then enforces RLS and grants on every tenant table. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    `create table if not exists _migraciones (nombre text primary key, aplicada_en timestamptz not null default now())`,
  );
  const applied: string[] = [];
  await db.system(async (tx, exec) => {
    // Several API processes may start at once against one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(7243001)`);
    const done = new Set((await queryRows<{ nombre: string }>(tx, sql`select nombre from _migraciones`)).map((r) => r.nombre));
    for (const m of migrationFiles(dir)) {
      if (done.has(m.name)) continue;
      await exec(m.sql);
      await tx.execute(sql`insert into _migraciones (nombre) values (${m.name})`);
      applied.push(m.name);
    }
    await exec(ENFORCE_TENANCY);
  });
  return applied;
}

// Every table with id_empresa gets FORCE row-level security and the tenant policy;
// the application role gets DML on everything in the schema.
const ENFORCE_TENANCY = `
do $$
declare t record;
begin
  for t in
    select c.relname from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'id_empresa' and not a.attisdropped
    where n.nspname = current_schema() and c.relkind = 'r'
  loop
    execute format('alter table %I enable row level security', t.relname);
    execute format('alter table %I force row level security', t.relname);
    if not exists (select 1 from pg_policies where schemaname = current_schema() and tablename = t.relname and policyname = 'tenant') then
      execute format($p$create policy tenant on %I using (id_empresa = nullif(current_setting('app.empresa', true), '')::integer)$p$, t.relname);
    end if;
    -- Background work (the mailer, migrations, the seed) runs as the owner; a superuser bypasses
    -- RLS anyway, a plain owner needs this policy. Requests never run as the owner.
    if not (select rolsuper from pg_roles where rolname = current_user)
       and not exists (select 1 from pg_policies where schemaname = current_schema() and tablename = t.relname and policyname = 'sistema') then
      execute format('create policy sistema on %I to %I using (true) with check (true)', t.relname, current_user);
    end if;
  end loop;
  execute format('grant usage on schema %I to ${APP_ROLE}', current_schema());
  execute format('grant select, insert, update, delete on all tables in schema %I to ${APP_ROLE}', current_schema());
  execute format('grant usage, select on all sequences in schema %I to ${APP_ROLE}', current_schema());
  execute format('revoke insert, update, delete on notificacion_tipo, instalacion, _migraciones from ${APP_ROLE}');
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant ${APP_ROLE} to %I', current_user);
  end if;
end $$;
`;
