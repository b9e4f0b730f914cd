import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database beside the one `url` names, and how to drop it afterwards: empty, or a copy
 * of `plantilla`.
 */
export async function baseDePruebas(
  url: string,
  plantilla?: string,
): Promise<{ nombre: string; url: string; borrar: () => Promise<void> }> {
  const name = `predio_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${plantilla ? ` template ${plantilla}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    nombre: name,
    url: u.toString(),
    borrar: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
