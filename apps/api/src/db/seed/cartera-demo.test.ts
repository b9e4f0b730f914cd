import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../rows.ts';

// `npm run demo:cartera` drives the API like a client, so it breaks when a contract changes under it:
// run it against a real server and check what it left.
const SCRIPT = fileURLToPath(new URL('../../../../../scripts/cartera-demo.mjs', import.meta.url));
const correr = promisify(execFile);

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
afterAll(() => t.close());

const contar = (q: ReturnType<typeof sql>) =>
  t.db.tenant(1, async (tx) => (await queryRows<{ estado: string; n: number }>(tx, q)).map((r) => `${r.estado}: ${r.n}`));

describe('npm run demo:cartera', () => {
  it('fills company 1 through the API, and refuses to run twice', { timeout: 120_000 }, async () => {
    const { stdout } = await correr(process.execPath, [SCRIPT, url]);
    expect(stdout).toContain('Inmuebles: 24 creados con sus fotos');
    expect(stdout).toContain('inmuebles que coinciden con cada uno: 4, 2, 8, 2, 1.');
    expect(await contar(sql`select estado, count(*)::int as n from inmueble group by estado order by estado`)).toEqual([
      'arrendado: 1',
      'captado: 1',
      'disponible: 20',
      'reservado: 1',
      'retirado: 1',
    ]);
    const [fotos] = await t.db.tenant(1, (tx) =>
      queryRows<{ sin: number; n: number }>(
        tx,
        sql`select count(*)::int as n, (select count(*)::int from inmueble i where not exists
              (select 1 from archivo f where f.tipo_dueno = 'inmueble' and f.categoria = 'foto' and f.id_dueno = i.id::text)) as sin
            from archivo where tipo_dueno = 'inmueble' and categoria = 'foto'`,
      ),
    );
    expect(fotos).toMatchObject({ sin: 0 });
    expect(fotos!.n).toBeGreaterThanOrEqual(48);
    expect(await contar(sql`select 'clientes' as estado, count(*)::int as n from cliente_atendido`)).toEqual(['clientes: 5']);
    expect(await contar(sql`select 'solicitudes' as estado, count(*)::int as n from solicitud`)).toEqual(['solicitudes: 5']);
    // The leads existed before the properties were published, so their asesores were told.
    expect(
      (await contar(sql`select 'avisos' as estado, count(*)::int as n from notificacion where tipo_carta = 302`))[0],
    ).not.toBe('avisos: 0');
    // Company 2 is untouched.
    const otra = await t.db.tenant(2, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from inmueble`));
    expect(otra[0]!.n).toBe(0);

    const segunda = await correr(process.execPath, [SCRIPT, url]).catch((e: { code: number; stderr: string }) => e);
    expect(segunda).toMatchObject({ code: 1, stderr: expect.stringContaining('ya tiene 24 inmuebles') });
  });
});
