import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp } from '../../test/harness.ts';
import { SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';

// Issue 4 §2: a property that becomes available, or changes price while available, notifies (type 302)
// the asesores of the open leads it fits — through the inmuebles endpoints a person uses.
let t: TestApp;
const sink = new SmtpSink();
let admin3: string;
let asesor: number;
let municipio: number;
let nombreMunicipio: string;

const avisos = () =>
  t.db.tenant(3, (tx) =>
    queryRows<{ cuerpo: string }>(
      tx,
      sql`select cuerpo from notificacion where id_usuario = ${asesor} and tipo_carta = 302 order by id`,
    ),
  );

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start(), publicUrl: 'https://predio.agencia.co' });
  admin3 = await login(t.app, DEMO.admin3);
  asesor = await crearUsuario(t.db, 3, { usuario: 'asesoraviso', nroId: '30011', permisos: '463' });
  const [m, tercero] = await t.db.tenant(3, async (tx) => [
    (await queryRows<{ id: number; municipio: string }>(tx, sql`select id, municipio from municipios order by id limit 1`))[0]!,
    (
      await queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values ('50011', 'Lina Lead') returning id`)
    )[0]!.id,
  ]);
  municipio = m.id;
  nombreMunicipio = m.municipio;
  const r = await as(t.app, admin3).post('/api/clientes-atendidos', {
    id_tercero: tercero,
    gestion: 'arriendo',
    id_asesor: asesor,
    tipos: ['apartamento'],
    municipios: [municipio],
    precio_min: 1_000_000,
    precio_max: 2_000_000,
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('matching leads hear of a property', () => {
  it('when it becomes disponible, once; when its price changes while disponible; never while captado', async () => {
    const c = await as(t.app, admin3).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Calle 5 # 1-1',
      id_municipio: municipio,
      canon: 1_500_000,
    });
    expect(c.statusCode, c.body).toBe(200);
    const n = c.json().data.consecutivo as number;
    expect(await avisos()).toHaveLength(0);

    const estado = (e: string) => as(t.app, admin3).post(`/api/inmuebles/${n}/estado`, { estado: e });
    expect((await estado('disponible')).statusCode).toBe(200);
    expect(await avisos()).toHaveLength(1);
    expect((await avisos())[0]!.cuerpo).toContain('Lina Lead');
    // Where it is and what it costs, so the asesor can call the lead straight away.
    expect((await avisos())[0]!.cuerpo).toMatch(
      new RegExp(
        `^El inmueble ${n} \\(apartamento en ${nombreMunicipio}\\) está disponible por \\$ 1\\.500\\.000\u00a0/mes y coincide con: Lina Lead`,
      ),
    );

    // Reserved and back: the 'nuevo' notice is not repeated.
    await estado('reservado');
    await estado('disponible');
    expect(await avisos()).toHaveLength(1);

    const editar = async (cambio: Record<string, unknown>) => {
      expect((await as(t.app, admin3).post(`/api/inmuebles/${n}/bloqueo`)).statusCode).toBe(200);
      const actual = (await as(t.app, admin3).get(`/api/inmuebles/${n}`)).json().data;
      const { propietarios: _p, ...resto } = actual;
      const r = await t.app.inject({
        method: 'PUT',
        url: `/api/inmuebles/${n}`,
        headers: { authorization: `Bearer ${admin3}` },
        payload: { ...resto, propietarios: [], ...cambio },
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    await editar({ descripcion: 'Sin cambio de precio' });
    expect(await avisos()).toHaveLength(1);
    await editar({ canon: 1_400_000 });
    expect(await avisos()).toHaveLength(2);
    expect((await avisos())[1]!.cuerpo).toContain('cambió de precio a $ 1.400.000\u00a0/mes y coincide con');
  });

  it('by e-mail too when the asesor chose it in Mis notificaciones, with the link to the property', async () => {
    // The asesor's address comes from their tercero; by default type 302 is in-app only.
    await t.db.tenant(3, (tx) => tx.execute(sql`update terceros set email = 'asesora@agencia.co' where nro_id = '30011'`));
    const yo = as(t.app, await login(t.app, { idEmpresa: 3, usuario: 'asesoraviso', clave: 'demo1234' }));
    const modulos = (await yo.get('/api/notificaciones/Consultar_config')).json().data as {
      notificaciones: { tipo_Carta: number; email: boolean }[];
    }[];
    expect(modulos.flatMap((m) => m.notificaciones).find((n) => n.tipo_Carta === 302)?.email).toBe(false);
    const conCorreo = modulos.map((m) => ({
      ...m,
      notificaciones: m.notificaciones.map((n) => (n.tipo_Carta === 302 ? { ...n, email: true } : n)),
    }));
    expect((await yo.post('/api/notificaciones/Grabar_config', conCorreo)).statusCode).toBe(200);

    const antes = sink.recibidos.length;
    const c = await as(t.app, admin3).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Calle 9 # 2-2',
      id_municipio: municipio,
      canon: 1_800_000,
    });
    const n = c.json().data.consecutivo as number;
    expect((await as(t.app, admin3).post(`/api/inmuebles/${n}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
    const [m] = (await sink.esperar(antes + 1)).slice(antes);
    expect(m?.to).toEqual(['asesora@agencia.co']);
    expect(m?.data).toContain(`Subject: El inmueble ${n} coincide con 1 cliente suyo`);
    const texto = textoDelMensaje(m!.data);
    expect(texto).toContain(`El inmueble ${n} (apartamento en ${nombreMunicipio}) está disponible por $ 1.800.000\u00a0/mes`);
    expect(texto).toContain(`Ábralo en Predio: https://predio.agencia.co/propiedades/inmueble/${n}`);
    // And in the app as before.
    expect((await avisos()).at(-1)!.cuerpo).toContain(`El inmueble ${n} `);
  });
});
