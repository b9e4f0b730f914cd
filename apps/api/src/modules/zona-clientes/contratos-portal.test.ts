import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contrato } from '@predio/contract/contratos';
import type { ContratoPortal } from '@predio/contract/zona-clientes';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, type TestApp, ok } from '../../test/harness.ts';
import { firmarPorEnlace, sellarFirmas } from '../../test/sellar-firmas.ts';
import { SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';

// Contracts in the portal (issue 31): its parties see it and download the signed PDF; nobody else does.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let portales: { duena: string; inquilina: string; ajena: string };
let idContrato: number;
let antesDeFirmar = 0;

async function portal(idTercero: number, email: string): Promise<string> {
  const antes = sink.recibidos.length;
  ok(await as(t.app, admin1).post('/api/zona-clientes/invitaciones', { id_tercero: idTercero, email }));
  await t.deps.mailer.idle();
  t.deps.mailer.despertar();
  const m = (await sink.esperar(antes + 1)).filter((r) => r.to.includes(email)).at(-1)!;
  const secreto = /activar#t=([A-Za-z0-9_-]+)/.exec(textoDelMensaje(m.data))![1]!;
  const token = (await as(t.app, null).post('/api/portal/1/activar', { token: secreto, clave: 'Clave-portal-2026' })).json()
    .token as string;
  ok(await as(t.app, token).post('/api/portal/autorizacion', { acepto: true }));
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  t.deps.mailer.start(60_000);
  admin1 = await login(t.app, DEMO.admin1);
  ok(
    await t.app.inject({
      method: 'PUT',
      url: '/api/zona-clientes/config',
      payload: { activo: true, titulo: 'Zona clientes', bienvenida: '', politica: 'Política (Ley 1581 de 2012).' },
      headers: { authorization: `Bearer ${admin1}` },
    }),
  );
  const [duena, inquilina, ajena] = await t.db.tenant(1, async (tx) => {
    const out: number[] = [];
    for (const [doc, nombre, email] of [
      ['43900001', 'Marta Dueña Ríos', 'marta.k@ejemplo.co'],
      ['1020900002', 'Inés Inquilina Gil', 'ines.k@ejemplo.co'],
      ['1020900003', 'Otra Clienta Paz', 'otra.k@ejemplo.co'],
    ] as const) {
      const [r] = await queryRows<{ id: number }>(
        tx,
        sql`insert into terceros (nro_id, nombre, email) values (${doc}, ${nombre}, ${email}) returning id`,
      );
      out.push(r!.id);
    }
    return out;
  });
  const [m] = await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
  const i = ok<{ consecutivo: number }>(
    await as(t.app, admin1).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Calle 9 # 9-99 Apto 909',
      id_municipio: m!.id,
      canon: 1_500_000,
      propietarios: [{ id_tercero: duena, porcentaje: 100 }],
    }),
  );
  const plantillas = ok<{ id: number; clase: string }[]>(await as(t.app, admin1).get('/api/firmas/plantillas-contratos'));
  const c = ok<Contrato>(
    await as(t.app, admin1).post('/api/firmas/contratos', {
      id_plantilla: plantillas.find((p) => p.clase === 'arrendamiento_vivienda')!.id,
      clase: 'arrendamiento_vivienda',
      inmueble: i.consecutivo,
      id_arrendatario: inquilina,
      codeudores: [],
      canon: 1_500_000,
      fecha_inicio: '2027-01-01',
      duracion_meses: 12,
      dia_pago: 5,
      incremento: 'ipc',
      clausulas: '',
    }),
  );
  idContrato = c.id;
  portales = {
    duena: await portal(duena!, 'marta.k@ejemplo.co'),
    inquilina: await portal(inquilina!, 'ines.k@ejemplo.co'),
    ajena: await portal(ajena!, 'otra.k@ejemplo.co'),
  };
}, 120_000);
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('contracts in the portal', () => {
  it('its parties see it once sent to sign, by name and role, with no PDF until everyone signs; others see nothing', async () => {
    // A draft is not shown yet.
    expect(ok<ContratoPortal[]>(await as(t.app, portales.inquilina).get('/api/portal/contratos'))).toEqual([]);
    antesDeFirmar = sink.recibidos.length;
    ok<Contrato>(await as(t.app, admin1).post(`/api/firmas/contratos/${idContrato}/enviar`, { mensaje: '' }));
    const suyos = ok<ContratoPortal[]>(await as(t.app, portales.inquilina).get('/api/portal/contratos'));
    expect(suyos).toHaveLength(1);
    expect(suyos[0]).toMatchObject({ id: idContrato, rol: 'arrendatario', estado: 'enviado', firmado: false, canon: 1_500_000 });
    expect(suyos[0]!.partes).toEqual(
      expect.arrayContaining([
        { nombre: 'Marta Dueña Ríos', rol: 'propietario' },
        { nombre: 'Inés Inquilina Gil', rol: 'arrendatario' },
      ]),
    );
    // Names and roles only: no other party's document number or e-mail.
    expect(JSON.stringify(suyos)).not.toMatch(/43900001|marta\.k@/);
    expect(ok<ContratoPortal[]>(await as(t.app, portales.duena).get('/api/portal/contratos'))[0]!.rol).toBe('propietario');
    expect(ok<ContratoPortal[]>(await as(t.app, portales.ajena).get('/api/portal/contratos'))).toEqual([]);
    expect((await as(t.app, portales.inquilina).get(`/api/portal/contratos/${idContrato}/pdf`)).statusCode).toBe(404);
    expect((await as(t.app, admin1).get('/api/portal/contratos')).statusCode).toBe(401);
  });

  it('once signed by all, each party downloads the sealed PDF; another client gets 404', async () => {
    const antes = antesDeFirmar;
    const c = ok<Contrato>(await as(t.app, admin1).get(`/api/firmas/contratos/${idContrato}`));
    const n = new Set(c.partes.map((p) => p.email.toLowerCase())).size;
    await t.deps.mailer.idle();
    t.deps.mailer.despertar();
    const rec = await sink.esperar(antes + n);
    const tokens = rec
      .slice(antes)
      .map((r) => /\/firmar\/([A-Za-z0-9_-]{43})/.exec(textoDelMensaje(r.data))?.[1])
      .filter((x): x is string => Boolean(x));
    expect(tokens).toHaveLength(n);
    for (const token of tokens) await firmarPorEnlace(t, sink, token);
    // The last signature queues the seal (firmas.sellar); the signed PDF exists once it has run.
    expect(await sellarFirmas(t)).toBe(1);
    const suyos = ok<ContratoPortal[]>(await as(t.app, portales.inquilina).get('/api/portal/contratos'));
    expect(suyos[0]).toMatchObject({ firmado: true, estado: 'firmado' });
    for (const tok of [portales.inquilina, portales.duena]) {
      const pdf = await as(t.app, tok).get(`/api/portal/contratos/${idContrato}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await as(t.app, portales.ajena).get(`/api/portal/contratos/${idContrato}/pdf`)).statusCode).toBe(404);
    expect((await as(t.app, portales.inquilina).get('/api/portal/contratos/999999/pdf')).statusCode).toBe(404);
  });
});
