import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';

// The home counters count what is there, for whoever may see it; modules not built yet say null, not 0.
let t: TestApp;
let admin3: string;

const resumen = async (token: string) => {
  const r = await as(t.app, token).get('/api/inicio/resumen');
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Record<string, number | null>;
};
const hoyMas = (d: number) => new Date(Date.now() - 5 * 3600_000 + d * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin3 = await login(t.app, DEMO.admin3);
});
afterAll(() => t.close());

describe('GET /inicio/resumen', () => {
  it('counts the company’s disponibles, the user’s consignments ending, open leads and new requests', async () => {
    expect(await resumen(admin3)).toEqual({
      inmueblesDisponibles: 0,
      consignacionesPorVencer: 0,
      clientesAbiertos: 0,
      solicitudesNuevas: 0,
      citasHoy: 0,
      tareasAbiertas: 0,
    });
    const yo = tokenClaims(admin3).idUsuario;
    const municipio = (await t.db.tenant(3, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios limit 1`)))[0]!
      .id;
    const crear = async (extra: Record<string, unknown>, disponible: boolean) => {
      const r = await as(t.app, admin3).post('/api/inmuebles', {
        tipo: 'casa',
        gestion: 'venta',
        direccion: 'Calle 1 # 2-3',
        id_municipio: municipio,
        precio_venta: 300_000_000,
        ...extra,
      });
      expect(r.statusCode, r.body).toBe(200);
      const n = r.json().data.consecutivo as number;
      if (disponible)
        expect((await as(t.app, admin3).post(`/api/inmuebles/${n}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
    };
    await crear({ id_asesor_comercial: yo, vigencia_consignacion: hoyMas(10) }, true);
    await crear({ id_asesor_captador: yo, vigencia_consignacion: hoyMas(0) }, false); // captado, ends today
    await crear({ id_asesor_captador: yo, vigencia_consignacion: hoyMas(31) }, true); // not yet
    await crear({ id_asesor_captador: yo, vigencia_consignacion: hoyMas(-1) }, true); // ended: not «por vencer»
    await crear({ vigencia_consignacion: hoyMas(5) }, true); // someone else's

    const tercero = (
      await t.db.tenant(3, (tx) =>
        queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values ('70001', 'Ana Lead') returning id`),
      )
    )[0]!.id;
    const lead = (id_asesor: number | null) =>
      as(t.app, admin3).post('/api/clientes-atendidos', { id_tercero: tercero, gestion: 'arriendo', id_asesor });
    expect((await lead(yo)).statusCode).toBe(200);
    const otro = await crearUsuario(t.db, 3, { usuario: 'solo463', nroId: '70002', permisos: '463' });
    expect((await lead(otro)).statusCode).toBe(200);
    const cerrado = (await lead(yo)).json().data.consecutivo as number;
    const cierre = await as(t.app, admin3).post(`/api/clientes-atendidos/${cerrado}/cerrar`, {
      resultado: 'arrendo_otra_inmobiliaria',
    });
    expect(cierre.statusCode, cierre.body).toBe(200);

    const sol = await as(t.app, admin3).post('/api/solicitudes', {
      canal: 'telefono',
      tipo: 'arrendar',
      contacto_nombre: 'Pedro Pérez',
      contacto_telefono: '3001234567',
      mensaje: 'Busca apartamento en arriendo.',
    });
    expect(sol.statusCode, sol.body).toBe(200);

    expect(await resumen(admin3)).toEqual({
      inmueblesDisponibles: 4,
      consignacionesPorVencer: 2,
      clientesAbiertos: 1,
      solicitudesNuevas: 1,
      citasHoy: 0,
      tareasAbiertas: 0,
    });
    // Another company counts its own.
    const norte = await resumen(await login(t.app, DEMO.admin2));
    expect(norte.solicitudesNuevas).toBe(0);
  });

  it('a user sees only the counters of what they may open', async () => {
    const solo = await login(t.app, { idEmpresa: 3, usuario: 'solo463', clave: 'demo1234' });
    expect(await resumen(solo)).toEqual({
      inmueblesDisponibles: null,
      consignacionesPorVencer: null,
      clientesAbiertos: 1,
      solicitudesNuevas: null,
      citasHoy: null,
      tareasAbiertas: null,
    });
  });
});

describe('the lists the cards open count the same way', () => {
  it('a page past the end of leads or requests still answers the total (the same count as the card)', async () => {
    const pasada = async (url: string) => {
      const r = await as(t.app, admin3).get(url);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { items: unknown[]; total: number };
    };
    const leads = await pasada('/api/clientes-atendidos?estado=activo,en_seguimiento&page=50');
    expect(leads).toMatchObject({ items: [], total: 2 });
    const nuevas = await pasada('/api/solicitudes?estado=nueva&page=50');
    expect(nuevas).toMatchObject({ items: [], total: (await resumen(admin3)).solicitudesNuevas });
  });
});
