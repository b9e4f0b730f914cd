import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ClienteCoincidente, EnvioFichaAClientes } from '@predio/contract/clientes';
import { queryRows } from '../../db/rows.ts';
import { terceros } from '../../db/schema/terceros.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp } from '../../test/harness.ts';
import { SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';
import { mensajePara } from './clientes-envio.service.ts';

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let admin2: string;
let solo463: string;
let disponible: number;
let captado: number;
const lead = { lucia: 0, andres: 0, pedro: 0, cerrado: 0 };

async function inmueble(body: Record<string, unknown>, alMercado: boolean): Promise<number> {
  const r = await as(t.app, admin1).post('/api/inmuebles', { habitaciones: 3, banos: 2, parqueaderos: 1, ...body });
  expect(r.statusCode, r.body).toBe(200);
  const c = r.json().data.consecutivo as number;
  if (alMercado)
    expect((await as(t.app, admin1).post(`/api/inmuebles/${c}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
  return c;
}

const enviar = (token: string, consecutivo: number, body: Record<string, unknown>) =>
  as(t.app, token).post(`/api/inmuebles/${consecutivo}/enviar-a-clientes`, {
    asunto: 'Un apartamento para usted',
    mensaje: 'Hola {nombre}:\n\nLe comparto este apartamento en Laureles.',
    clientes: [lead.lucia, lead.andres],
    ...body,
  });

type FilaCorreo = { para: string; asunto: string; adjuntos: { nombre: string; clave: string }[]; origen: string };
const outbox = () =>
  t.db.tenant(1, (tx) => queryRows<FilaCorreo>(tx, sql`select para, asunto, adjuntos, origen from correo_salida order by id`));

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  [admin1, admin2] = await Promise.all([login(t.app, DEMO.admin1), login(t.app, DEMO.admin2)]);
  await crearUsuario(t.db, 1, { usuario: 'solo463', nroId: '50463', permisos: '463' });
  solo463 = await login(t.app, { idEmpresa: 1, usuario: 'solo463', clave: 'demo1234' });
  const { ids, municipio } = await t.db.tenant(1, async (tx) => {
    const filas = await tx
      .insert(terceros)
      .values([
        { nro_id: '62001', nombre: 'Lucía Fernández Ríos', email: 'lucia@example.com' },
        { nro_id: '62002', nombre: 'Andrés Gómez', email: ' Andres.Gomez@Example.com ' },
        { nro_id: '62003', nombre: 'Pedro Salazar', email: '' },
      ])
      .returning({ id: terceros.id });
    const [m] = await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`);
    return { ids: filas.map((f) => f.id), municipio: m!.id };
  });
  const base = { tipo: 'apartamento', gestion: 'arriendo', canon: 2_000_000, id_municipio: municipio };
  disponible = await inmueble({ ...base, direccion: 'Circular 73 # 39-20' }, true);
  captado = await inmueble({ ...base, direccion: 'Carrera 76 # 33-10' }, false);
  const nuevo = async (idTercero: number) => {
    const r = await as(t.app, admin1).post('/api/clientes-atendidos', {
      id_tercero: idTercero,
      gestion: 'arriendo',
      tipos: ['apartamento'],
      precio_max: 2_500_000,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.consecutivo as number;
  };
  lead.lucia = await nuevo(ids[0]!);
  lead.andres = await nuevo(ids[1]!);
  lead.pedro = await nuevo(ids[2]!);
  lead.cerrado = await nuevo(ids[0]!);
  const c = await as(t.app, admin1).post(`/api/clientes-atendidos/${lead.cerrado}/cerrar`, { resultado: 'desistio' });
  expect(c.statusCode, c.body).toBe(200);
});

afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe("one property's ficha to several matching leads", () => {
  it('{nombre} becomes each greeting name; without one (a company), it goes', () => {
    expect(mensajePara('Hola {nombre}: ¿le interesa, {nombre}?', 'Lucía')).toBe('Hola Lucía: ¿le interesa, Lucía?');
    expect(mensajePara('Hola {nombre}:\n\nLe comparto', '')).toBe('Hola:\n\nLe comparto');
    expect(mensajePara('Buenos días.', 'Andrés')).toBe('Buenos días.');
  });

  it('queues one message per lead to the e-mail in Terceros, greeting each by name, and notes it on both sides', async () => {
    const r = await enviar(admin1, disponible, {});
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data as EnvioFichaAClientes).toEqual({
      inmueble: disponible,
      enviados: [
        { consecutivo: lead.lucia, nombre: 'Lucía Fernández Ríos', para: 'lucia@example.com' },
        { consecutivo: lead.andres, nombre: 'Andrés Gómez', para: 'andres.gomez@example.com' },
      ],
      correos: 2,
    });

    await t.deps.mailer.idle();
    const recibidos = await sink.esperar(2);
    expect(recibidos.map((m) => m.to)).toEqual([['lucia@example.com'], ['andres.gomez@example.com']]);
    const textos = recibidos.map((m) =>
      textoDelMensaje(m.data.split(/\r\n--/).find((p) => /content-type: text\/plain/i.test(p))!),
    );
    expect(textos[0]).toMatch(/^Hola Lucía:\r?\n\r?\nLe comparto este apartamento en Laureles\./);
    expect(textos[1]).toMatch(/^Hola Andrés:\r?\n\r?\nLe comparto este apartamento en Laureles\./);
    expect(textos[1]).toContain(`Inmueble ${disponible} · Apartamento en arriendo`);
    expect(textos[1]).toContain('Adjuntamos su ficha en PDF.');
    for (const m of recibidos) {
      expect(m.data).toMatch(/^Subject: Un apartamento para usted$/m);
      expect(m.data).toContain(`filename=ficha-inmueble-${disponible}.pdf`);
    }

    // The ficha is stored once; both messages point at it.
    const filas = await outbox();
    expect(filas.map((f) => [f.para, f.origen])).toEqual([
      ['lucia@example.com', `cliente_atendido:${lead.lucia}`],
      ['andres.gomez@example.com', `cliente_atendido:${lead.andres}`],
    ]);
    expect(filas[0]!.adjuntos).toEqual(filas[1]!.adjuntos);
    expect(filas[0]!.adjuntos.map((a) => a.nombre)).toEqual([`ficha-inmueble-${disponible}.pdf`]);

    // Each lead's follow-up says so, and the property's matching shows «Enviado el …» for both.
    for (const [c, para] of [
      [lead.lucia, 'lucia@example.com'],
      [lead.andres, 'andres.gomez@example.com'],
    ] as const) {
      const d = (await as(t.app, admin1).get(`/api/clientes-atendidos/${c}`)).json().data;
      expect(d.estado).toBe('en_seguimiento');
      expect(d.notas[0].texto).toBe(`Se envió por correo a ${para} la ficha del inmueble ${disponible}.`);
    }
    const coinc = (await as(t.app, admin1).get(`/api/inmuebles/${disponible}/clientes-coincidentes`)).json()
      .data as ClienteCoincidente[];
    const enviado = Object.fromEntries(coinc.map((c) => [c.consecutivo, c.enviado !== null]));
    expect(enviado).toEqual({ [lead.lucia]: true, [lead.andres]: true, [lead.pedro]: false });

    // The property's change history names who received it.
    const h = await as(t.app, admin1).get(
      `/api/inmuebles-utilidades/modificaciones?consecutivo=${disponible}&campo=ficha_enviada`,
    );
    expect(h.statusCode, h.body).toBe(200);
    expect(h.json().data.items).toMatchObject([
      {
        accion: 'enviar ficha a clientes',
        campo: 'ficha_enviada',
        antes: '',
        despues: 'Lucía Fernández Ríos <lucia@example.com>, Andrés Gómez <andres.gomez@example.com>',
      },
    ]);
  });

  it('two leads of one person (one address) make one message, noted in both leads', async () => {
    const otra = await as(t.app, admin1).post('/api/clientes-atendidos', {
      id_tercero: (await as(t.app, admin1).get(`/api/clientes-atendidos/${lead.lucia}`)).json().data.id_tercero,
      gestion: 'arriendo',
    });
    expect(otra.statusCode, otra.body).toBe(200);
    const segunda = otra.json().data.consecutivo as number;
    const antes = (await outbox()).length;
    const r = await enviar(admin1, disponible, { clientes: [lead.lucia, segunda] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.correos).toBe(1);
    expect((await outbox()).slice(antes).map((f) => f.para)).toEqual(['lucia@example.com']);
    for (const c of [lead.lucia, segunda]) {
      const d = (await as(t.app, admin1).get(`/api/clientes-atendidos/${c}`)).json().data;
      expect(d.notas[0].texto).toBe(`Se envió por correo a lucia@example.com la ficha del inmueble ${disponible}.`);
    }
  });

  it('greets a person by the first name as people write it, and a company without a name', async () => {
    const [empresa, persona] = await t.db.tenant(1, (tx) =>
      tx
        .insert(terceros)
        .values([
          {
            nro_id: '900777111',
            nombre: 'CONSTRUCTORA ANDINA S.A.S.',
            tipo_contribuyente: 1,
            tipo_dcto: 31,
            email: 'compras@andina.example',
          },
          { nro_id: '62009', nombre: 'MARTA LUCÍA PÉREZ', nombre1: 'MARTA', email: 'marta@example.com' },
        ])
        .returning({ id: terceros.id }),
    );
    const nuevos: number[] = [];
    for (const tr of [empresa!, persona!]) {
      const r = await as(t.app, admin1).post('/api/clientes-atendidos', { id_tercero: tr.id, gestion: 'arriendo' });
      nuevos.push(r.json().data.consecutivo as number);
    }
    expect((await enviar(admin1, disponible, { clientes: nuevos })).statusCode).toBe(200);
    await t.deps.mailer.idle();
    const para = ['compras@andina.example', 'marta@example.com'];
    const llegados = async () => (await sink.esperar(0)).filter((m) => para.includes(m.to[0]!));
    await expect.poll(async () => (await llegados()).length).toBe(2);
    const textos = (await llegados())
      .sort((a, b) => a.to[0]!.localeCompare(b.to[0]!))
      .map((m) => [
        m.to[0],
        textoDelMensaje(m.data.split(/\r\n--/).find((p) => /content-type: text\/plain/i.test(p))!).split(/\r?\n/)[0],
      ]);
    expect(textos).toEqual([
      ['compras@andina.example', 'Hola:'],
      ['marta@example.com', 'Hola Marta:'],
    ]);
  });

  it('refuses bad input naming the field, and sends nothing', async () => {
    const antes = (await outbox()).length;
    const casos: [Record<string, unknown>, string][] = [
      [{ clientes: [] }, 'Elija al menos un cliente para enviar'],
      [{ clientes: Array.from({ length: 51 }, (_, i) => i + 1) }, 'Elija máximo 50 clientes por envío'],
      [{ clientes: [lead.lucia, lead.lucia] }, 'El campo Clientes tiene un cliente repetido'],
      [{ clientes: 'todos' }, 'El campo Clientes debe ser una lista'],
      [{ asunto: ' ' }, 'El campo Asunto es obligatorio'],
      [{ mensaje: 'x'.repeat(2001) }, 'El campo Mensaje admite máximo 2000 caracteres'],
    ];
    for (const [body, mensaje] of casos) {
      const r = await enviar(admin1, disponible, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toContain(mensaje);
    }
    expect((await outbox()).length).toBe(antes);
  });

  it('all or none: a lead without e-mail, a closed lead, an unknown lead or a property off the market send nothing', async () => {
    const antes = (await outbox()).length;
    const sinCorreo = await enviar(admin1, disponible, { clientes: [lead.lucia, lead.pedro] });
    expect(sinCorreo.statusCode).toBe(400);
    expect(sinCorreo.json().message).toBe(
      'Pedro Salazar no tiene un correo válido en Terceros: quítelo del envío o corríjalo en su tercero.',
    );
    expect(sinCorreo.json().campos).toEqual([{ campo: 'clientes', mensaje: `el cliente ${lead.pedro} no tiene correo` }]);
    const cerrado = await enviar(admin1, disponible, { clientes: [lead.cerrado] });
    expect(cerrado.statusCode).toBe(409);
    expect(cerrado.json().message).toContain('está cerrado: reábralo para enviarle inmuebles');
    expect((await enviar(admin1, disponible, { clientes: [99_999] })).statusCode).toBe(404);
    const fuera = await enviar(admin1, captado, {});
    expect(fuera.statusCode).toBe(409);
    expect(fuera.json().message).toBe(`El inmueble ${captado} ya no está disponible (captado): no se puede enviar su ficha.`);
    expect((await enviar(admin1, 99_999, {})).statusCode).toBe(404);
    expect((await outbox()).length).toBe(antes);
  });

  it('checks permission and company on the server', async () => {
    // Leads (463) without the property screens (490/491) may not hand out its ficha.
    expect((await enviar(solo463, disponible, {})).statusCode).toBe(403);
    // Company 2 sees neither the property nor the leads: even from a property of its own with the same
    // number, company 1's leads are not found.
    expect((await enviar(admin2, disponible, {})).statusCode).toBe(404);
    const m2 = (
      await t.db.tenant(2, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))
    )[0]!;
    const propio = await as(t.app, admin2).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      canon: 1_500_000,
      direccion: 'Calle 2 # 2-2',
      id_municipio: m2.id,
    });
    const c2 = propio.json().data.consecutivo as number;
    expect((await as(t.app, admin2).post(`/api/inmuebles/${c2}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
    const ajeno = await enviar(admin2, c2, {});
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json().message).toContain(`El cliente atendido ${lead.lucia}`);
  });
});
