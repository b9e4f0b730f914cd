import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './db/rows.ts';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp } from './test/harness.ts';
import { crearTrabajos } from './trabajos-factory.ts';

// The work that used to run on in-process daily timers, now jobs: what the programme writes and what
// each job does when it runs.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Fila = {
  tipo: string;
  id_empresa: number | null;
  estado: string;
  clave: string;
  resultado: unknown;
  ultimo_error: string | null;
};
const trabajos = () =>
  t.db.system((tx) =>
    queryRows<Fila>(tx, sql`select tipo, id_empresa, estado, clave, resultado, ultimo_error from trabajo order by id`),
  );

describe('the daily jobs', () => {
  it('writes the day’s turns (Bogotá time) and runs them: maintenance, clean-ups, consignment notices per company', async () => {
    // A property of company 1 whose consignment ends in three days: its asesores are told.
    const admin = await login(t.app, DEMO.admin1);
    const [m] = await t.db.system((tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
    const idAdmin = tokenClaims(admin).idUsuario;
    const creado = await as(t.app, admin).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Calle 10 # 43-12 Apto 301',
      id_municipio: m!.id,
      canon: 2_000_000,
      id_asesor_captador: idAdmin,
      id_asesor_comercial: idAdmin,
    });
    expect(creado.statusCode, creado.body).toBe(200);
    const [inmueble] = await t.db.system((tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`update inmueble set estado = 'disponible', vigencia_consignacion = (now() at time zone 'America/Bogota')::date + 3
            where id_empresa = 1 and consecutivo = ${creado.json().data.consecutivo as number} returning id`,
      ),
    );
    expect(inmueble).toBeDefined();
    // 08:00 in Bogotá: every turn of the day has passed.
    const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const r = await crearTrabajos(t.deps, { ahora: () => new Date(`${hoy}T13:00:00Z`) });
    await r.vuelta();
    const escritos = await trabajos();
    const esperados = [
      'archivos.limpiar-adjuntos',
      'bandeja.sincronizar-todas',
      'archivos.borrar-sin-uso',
      'firmas.diario',
      'gestion-documental.diario',
      'informes.programados',
      'encuestas.automaticas',
      'inmuebles.avisos-consignacion',
      'portales.conciliar-todos',
      'portales.contactos-todos',
      'tareas.diario',
      'trabajos.purgar',
    ];
    if (t.db.kind === 'pglite') esperados.unshift('mantenimiento.vacuum');
    expect(escritos.map((f) => f.tipo).sort()).toEqual(esperados.sort());
    expect(escritos.every((f) => f.id_empresa === null && f.clave.startsWith(`${f.tipo}@${hoy}T`))).toBe(true);

    // Written again by a second pass or a second process: nothing new.
    await (await crearTrabajos(t.deps, { ahora: () => new Date(`${hoy}T13:00:00Z`) })).vuelta();
    expect(await trabajos()).toHaveLength(esperados.length);

    // The turns of the day wrote as past are due a minute later (a missed turn); run them now.
    await t.db.system((tx) => tx.execute(sql`update trabajo set ejecutar_en = now()`));
    await r.vuelta();
    const hechos = await trabajos();
    expect(hechos.filter((f) => f.estado !== 'terminado')).toEqual([]);
    const por = (tipo: string) => hechos.filter((f) => f.tipo === tipo);
    expect(por('inmuebles.avisos-consignacion')[0]?.resultado).toMatchObject({ empresas: expect.any(Number) });
    const empresa = por('inmuebles.avisos-consignacion-empresa');
    expect(empresa.map((f) => f.id_empresa)).toContain(1);
    expect(empresa.find((f) => f.id_empresa === 1)?.resultado).toMatchObject({ empresas: 1, inmuebles: 1 });
    const avisos = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from inmueble_consignacion_aviso where id_inmueble = ${inmueble!.id}`,
      ),
    );
    expect(avisos[0]!.n).toBeGreaterThan(0);
    if (t.db.kind === 'pglite') expect(por('mantenimiento.vacuum')[0]?.resultado).toMatchObject({ ms: expect.any(Number) });
    expect(por('trabajos.purgar')[0]?.resultado).toEqual({ borrados: 0 });
    expect(por('bandeja.sincronizar-todas')[0]?.resultado).toEqual({ cuentas: 0 });
    expect(por('informes.programados')[0]?.resultado).toEqual({ encolados: 0, programaciones: 0 });
  });
});
