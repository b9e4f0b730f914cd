import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp, ok } from '../../test/harness.ts';
import { SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';

// Quotes of a maintenance request (issue 31): staff send one, the property's owner decides it in the
// portal, staff see the decision; the tenant follows the steps without the amount.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let admin2: string;
let asesor1: string;
let tokens: { inquilino: string; duena: string; otroDueno: string };
let ids: { proveedor: number; proveedor2: number; inmA: number };
let consecutivo: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function sembrar() {
  return t.db.tenant(1, async (tx) => {
    const ter = async (nombre: string, nro: string) =>
      (
        await queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values (${nro}, ${nombre}) returning id`)
      )[0]!.id;
    const [m] = await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`);
    const inm = async (consecutivo: number, direccion: string, dueno: number) => {
      const [r] = await queryRows<{ id: number }>(
        tx,
        sql`insert into inmueble (consecutivo, tipo, gestion, direccion, id_municipio, creado_por)
            values (${consecutivo}, 'apartamento', 'arriendo', ${direccion}, ${m!.id}, 'prueba') returning id`,
      );
      await tx.execute(
        sql`insert into inmueble_propietario (id_inmueble, id_tercero, porcentaje) values (${r!.id}, ${dueno}, 100)`,
      );
      return r!.id;
    };
    const duena = await ter('Olga Dueña Ruiz', '43500500');
    const otroDueno = await ter('Pedro Otro Dueño', '43600600');
    const inquilino = await ter('Tomás Inquilino Gil', '71700700');
    const proveedor = await ter('Plomería El Chorro S.A.S.', '900800800');
    const proveedor2 = await ter('Arreglos Rápidos', '900900900');
    const inmA = await inm(9501, 'Calle 10 # 43-12 Apto 501', duena);
    await inm(9502, 'Carrera 70 # 1-20', otroDueno);
    return { duena, otroDueno, inquilino, proveedor, proveedor2, inmA };
  });
}

async function cliente(id_tercero: number, email: string, inmueble_arrendado: number | null = null): Promise<string> {
  const antes = sink.recibidos.length;
  ok(await as(t.app, admin1).post('/api/zona-clientes/invitaciones', { id_tercero, email, inmueble_arrendado }));
  await t.deps.mailer.idle();
  t.deps.mailer.despertar();
  const m = (await sink.esperar(antes + 1)).filter((r) => r.to.includes(email)).at(-1)!;
  const secreto = /activar#t=([A-Za-z0-9_-]+)/.exec(textoDelMensaje(m.data))![1]!;
  const r = await as(t.app, null).post('/api/portal/1/activar', { token: secreto, clave: 'Clave-portal-2026' });
  const token = r.json().token as string;
  ok(await as(t.app, token).post('/api/portal/autorizacion', { acepto: true }));
  return token;
}

async function correosA(email: string): Promise<string[]> {
  await t.deps.mailer.idle();
  t.deps.mailer.despertar();
  await t.deps.mailer.idle();
  return sink.recibidos.filter((r) => r.to.includes(email)).map((r) => textoDelMensaje(r.data));
}

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  t.deps.mailer.start(60_000);
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  asesor1 = await login(t.app, DEMO.asesor1);
  const s = await sembrar();
  ids = { proveedor: s.proveedor, proveedor2: s.proveedor2, inmA: s.inmA };
  ok(
    await t.app.inject({
      method: 'PUT',
      url: '/api/zona-clientes/config',
      payload: { activo: true, titulo: 'Zona clientes', bienvenida: '', politica: 'Política de datos (Ley 1581 de 2012).' },
      headers: { authorization: `Bearer ${admin1}` },
    }),
  );
  tokens = {
    inquilino: await cliente(s.inquilino, 'tomas.cot@correo.co', 9501),
    duena: await cliente(s.duena, 'olga.cot@correo.co'),
    otroDueno: await cliente(s.otroDueno, 'pedro.cot@correo.co'),
  };
  const sol = ok<{ consecutivo: number }>(
    await as(t.app, tokens.inquilino).post('/api/portal/solicitudes', {
      id_inmueble: s.inmA,
      categoria: 'plomeria',
      descripcion: 'Fuga en el lavaplatos',
      urgencia: 'alta',
      permiso_ingreso: true,
      disponibilidad: '',
    }),
  );
  consecutivo = sol.consecutivo;
}, 90_000);
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

type Gestion = {
  estado: string;
  costo: number | null;
  paga: string | null;
  id_proveedor: number | null;
  propietarios_portal: number;
  cotizaciones: { id: number; valor: number; estado: string; comentario: string; decidido_por: string | null; pdf: unknown }[];
  eventos: { tipo: string; texto: string; visible_cliente: boolean }[];
};
type Portal = { id: number; valor: number; estado: string; proveedor: string; consecutivo: number; pdf: unknown };

let idCot: number;

describe('staff send a quote', () => {
  const url = () => `/api/solicitudes-mantenimiento/${consecutivo}/cotizaciones`;
  const cuerpo = () => ({ valor: 350_000, id_proveedor: ids.proveedor, descripcion: 'Cambio del sifón y sellado' });

  it('refuses bad input naming the field, without the idm, and in another company', async () => {
    const api = as(t.app, admin1);
    for (const [b, campo] of [
      [{ ...cuerpo(), valor: -5 }, 'Valor'],
      [{ ...cuerpo(), valor: 10.5 }, 'Valor'],
      [{ ...cuerpo(), valor: 'mucho' }, 'Valor'],
      [{ ...cuerpo(), id_proveedor: 'x' }, 'Proveedor'],
      [{ ...cuerpo(), descripcion: '  ' }, 'Descripción'],
      [{ ...cuerpo(), id_proveedor: 999_999 }, 'Proveedor'],
    ] as const) {
      const r = await api.post(url(), b);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(campo);
    }
    expect((await as(t.app, asesor1).post(url(), cuerpo())).statusCode).toBe(403);
    expect((await as(t.app, admin2).post(url(), cuerpo())).statusCode).toBe(404);
    expect((await api.post('/api/solicitudes-mantenimiento/999999/cotizaciones', cuerpo())).statusCode).toBe(404);
  });

  it('creates it, e-mails the owner, audits it, and refuses a second one while it is pending', async () => {
    const g = ok<Gestion>(await as(t.app, admin1).post(url(), cuerpo()));
    expect(g.propietarios_portal).toBe(1);
    expect(g.cotizaciones).toHaveLength(1);
    expect(g.cotizaciones[0]).toMatchObject({ valor: 350_000, estado: 'pendiente', decidido_por: null, pdf: null });
    idCot = g.cotizaciones[0]!.id;
    const correos = await correosA('olga.cot@correo.co');
    const aviso = correos.find((c) => c.includes(`solicitud de mantenimiento N.º ${consecutivo}`));
    expect(aviso).toContain('$ 350.000');
    expect(aviso).toContain('Plomería El Chorro');
    expect(aviso).toMatch(/\/zona-clientes\/1/);
    // The tenant and the other owner get no quote by e-mail.
    expect((await correosA('tomas.cot@correo.co')).some((c) => c.includes('350.000'))).toBe(false);
    expect((await correosA('pedro.cot@correo.co')).some((c) => c.includes('cotización'))).toBe(false);
    const segunda = await as(t.app, admin1).post(url(), cuerpo());
    expect(segunda.statusCode).toBe(409);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from auditoria where entidad = 'cotizacion_mantenimiento' and accion = 'crear'`,
      ),
    );
    expect(aud!.n).toBe(1);
  });

  it('takes one PDF, checked by its bytes', async () => {
    const subir = (data: Buffer, nombre: string) => {
      const m = multipart({ filename: nombre, contentType: 'application/pdf', data });
      return t.app.inject({
        method: 'POST',
        url: `/api/archivos/cotizacion_mantenimiento/${idCot}?categoria=pdf`,
        payload: m.payload,
        headers: { ...m.headers, authorization: `Bearer ${admin1}` },
      });
    };
    expect((await subir(Buffer.from('no soy un pdf'), 'falso.pdf')).statusCode).toBe(400);
    const r = await subir(PDF, 'cotizacion.pdf');
    expect(r.statusCode, r.body).toBe(200);
    const g = ok<Gestion>(await as(t.app, admin1).get(`/api/solicitudes-mantenimiento/${consecutivo}`));
    expect(g.cotizaciones[0]!.pdf).toMatchObject({ nombre: 'cotizacion.pdf' });
  });
});

describe('the owner decides in the portal', () => {
  it('shows the quote to the owner only: not to the tenant, nor to another owner', async () => {
    const suyas = ok<Portal[]>(await as(t.app, tokens.duena).get('/api/portal/cotizaciones'));
    expect(suyas).toHaveLength(1);
    expect(suyas[0]).toMatchObject({
      id: idCot,
      valor: 350_000,
      estado: 'pendiente',
      consecutivo,
      proveedor: 'Plomería El Chorro S.A.S.',
    });
    expect(suyas[0]).not.toHaveProperty('id_solicitud');
    // Quotes are a section for owners: a tenant's portal does not have it (Configurar zona clientes).
    expect((await as(t.app, tokens.inquilino).get('/api/portal/cotizaciones')).statusCode).toBe(403);
    expect(ok<Portal[]>(await as(t.app, tokens.otroDueno).get('/api/portal/cotizaciones'))).toEqual([]);
    // The PDF: the owner downloads it; the tenant and another owner get 404.
    const pdf = await as(t.app, tokens.duena).get(`/api/portal/cotizaciones/${idCot}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await as(t.app, tokens.inquilino).get(`/api/portal/cotizaciones/${idCot}/pdf`)).statusCode).toBe(403);
    expect((await as(t.app, tokens.otroDueno).get(`/api/portal/cotizaciones/${idCot}/pdf`)).statusCode).toBe(404);
    // The tenant's request says a quote went to the owner, with no amount anywhere.
    const vista = await as(t.app, tokens.inquilino).get(`/api/portal/solicitudes/${consecutivo}`);
    expect(vista.body).toContain('Cotización enviada al propietario');
    expect(vista.body).not.toContain('350');
    // A staff token does not open it (another realm).
    expect((await as(t.app, admin1).get('/api/portal/cotizaciones')).statusCode).toBe(401);
  });

  it('refuses a bad decision, a rejection without comment, and a quote that is not theirs', async () => {
    const url = `/api/portal/cotizaciones/${idCot}/decision`;
    const r1 = await as(t.app, tokens.duena).post(url, { decision: 'quizas', comentario: '' });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toContain('Decisión');
    const r2 = await as(t.app, tokens.duena).post(url, { decision: 'rechazada', comentario: ' ' });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toContain('Comentario');
    expect((await as(t.app, tokens.inquilino).post(url, { decision: 'aprobada', comentario: '' })).statusCode).toBe(403);
    expect((await as(t.app, tokens.otroDueno).post(url, { decision: 'aprobada', comentario: '' })).statusCode).toBe(404);
    expect(
      (await as(t.app, tokens.duena).post('/api/portal/cotizaciones/999999/decision', { decision: 'aprobada' })).statusCode,
    ).toBe(404);
  });

  it('approves with a comment: the request moves on, staff are told, the tenant sees no amount', async () => {
    const d = ok<Portal & { comentario: string }>(
      await as(t.app, tokens.duena).post(`/api/portal/cotizaciones/${idCot}/decision`, {
        decision: 'aprobada',
        comentario: 'Adelante, que sea esta semana',
      }),
    );
    expect(d).toMatchObject({ estado: 'aprobada', comentario: 'Adelante, que sea esta semana' });
    // Only once.
    const otra = await as(t.app, tokens.duena).post(`/api/portal/cotizaciones/${idCot}/decision`, {
      decision: 'rechazada',
      comentario: 'no',
    });
    expect(otra.statusCode).toBe(409);

    const g = ok<Gestion>(await as(t.app, admin1).get(`/api/solicitudes-mantenimiento/${consecutivo}`));
    expect(g.estado).toBe('aprobada');
    // The approved quote is the repair's cost, paid by the owner, done by its supplier.
    expect(g).toMatchObject({ costo: g.cotizaciones[0]!.valor, paga: 'propietario', id_proveedor: ids.proveedor });
    expect(g.cotizaciones[0]).toMatchObject({
      estado: 'aprobada',
      decidido_por: 'Olga Dueña Ruiz',
      comentario: 'Adelante, que sea esta semana',
    });
    expect(g.eventos.some((e) => e.texto.includes('Adelante') && !e.visible_cliente)).toBe(true);

    const vista = await as(t.app, tokens.inquilino).get(`/api/portal/solicitudes/${consecutivo}`);
    expect(vista.body).toContain('El propietario aprobó la cotización');
    expect(vista.body).not.toContain('350');
    expect(vista.body).not.toContain('Adelante');
    expect(ok<{ estado: string }>(vista).estado).toBe('aprobada');

    const avisos = ok<{ items: { titulo: string; cuerpo: string }[] }>(await as(t.app, admin1).get('/api/notificaciones'));
    expect(
      avisos.items.some((n) => n.titulo === `Cotización aprobada: solicitud ${consecutivo}` && n.cuerpo.includes('$ 350.000')),
    ).toBe(true);
    // Staff who chose e-mail for notice 701 get the decision through the outbox too.
    const [correo] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from correo_salida where origen = 'notificacion:701' and (asunto like '%Cotización aprobada%' or texto like '%aprobó la cotización%')`,
      ),
    );
    expect(correo!.n).toBeGreaterThan(0);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ usuario: string }>(
        tx,
        sql`select usuario from auditoria where entidad = 'cotizacion_mantenimiento' and accion = 'aprobar'`,
      ),
    );
    expect(aud!.usuario).toBe('zona clientes: olga.cot@correo.co');
    // A decided quote's PDF does not change.
    const m = multipart({ filename: 'otra.pdf', contentType: 'application/pdf', data: PDF });
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/archivos/cotizacion_mantenimiento/${idCot}?categoria=pdf`,
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${admin1}` },
    });
    expect(r.statusCode).toBe(409);
  });

  it('a rejected quote, and one voided by staff, do not move the request; a voided one leaves the portal', async () => {
    const url = `/api/solicitudes-mantenimiento/${consecutivo}/cotizaciones`;
    const g1 = ok<Gestion>(
      await as(t.app, admin1).post(url, { valor: 90_000, id_proveedor: ids.proveedor2, descripcion: 'Revisión' }),
    );
    const segunda = g1.cotizaciones.find((c) => c.estado === 'pendiente')!;
    ok(
      await as(t.app, tokens.duena).post(`/api/portal/cotizaciones/${segunda.id}/decision`, {
        decision: 'rechazada',
        comentario: 'Muy cara',
      }),
    );
    const g2 = ok<Gestion>(
      await as(t.app, admin1).post(url, { valor: 80_000, id_proveedor: ids.proveedor2, descripcion: 'Revisión 2' }),
    );
    const tercera = g2.cotizaciones.find((c) => c.estado === 'pendiente')!;
    expect((await as(t.app, admin2).post(`${url}/${tercera.id}/anular`, {})).statusCode).toBe(404);
    expect((await as(t.app, asesor1).post(`${url}/${tercera.id}/anular`, {})).statusCode).toBe(403);
    const g3 = ok<Gestion>(await as(t.app, admin1).post(`${url}/${tercera.id}/anular`, {}));
    expect(g3.cotizaciones.map((c) => c.estado)).toEqual(['anulada', 'rechazada', 'aprobada']);
    expect((await as(t.app, admin1).post(`${url}/${tercera.id}/anular`, {})).statusCode).toBe(409);
    const portal = ok<Portal[]>(await as(t.app, tokens.duena).get('/api/portal/cotizaciones'));
    expect(portal.map((c) => c.estado)).toEqual(['rechazada', 'aprobada']);
    expect(
      (await as(t.app, tokens.duena).post(`/api/portal/cotizaciones/${tercera.id}/decision`, { decision: 'aprobada' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the owner’s view of their property', () => {
  type Vista = {
    id: number;
    publicaciones: { portal: string; estado: string }[];
    visitas: Record<string, unknown>[];
    interesados: number;
  }[];

  it('shows where it is published and its visits without the visitors’ data; only to its owner', async () => {
    await t.db.tenant(1, async (tx) => {
      await tx.execute(sql`update inmueble set estado = 'disponible',
        publicar = '{"fincaraiz": true, "metrocuadrado": true, "sitio_web": true, "wasi": false}'::jsonb where id = ${ids.inmA}`);
      await tx.execute(sql`insert into portal_publicacion (id_inmueble, portal, estado) values
        (${ids.inmA}, 'fincaraiz', 'publicado'), (${ids.inmA}, 'metrocuadrado', 'error')`);
      const [visitante] = await queryRows<{ id: number }>(
        tx,
        sql`insert into terceros (nro_id, nombre) values ('80100100', 'Visitante Secreto') returning id`,
      );
      for (const [estado, dias] of [
        ['realizada', -3],
        ['programada', 2],
        ['cancelada', 1],
      ] as const) {
        const [c] = await queryRows<{ id: number }>(
          tx,
          sql`insert into cita (titulo, inicio, fin, estado, interes, id_inmueble, notas, creado_por)
              values ('Visita de Visitante Secreto', now() + make_interval(days => ${dias}),
                      now() + make_interval(days => ${dias}, hours => 1), ${estado},
                      ${estado === 'realizada' ? 4 : null}, ${ids.inmA}, 'Celular 300 123 4567', 'prueba') returning id`,
        );
        await tx.execute(sql`insert into cita_participante (id_cita, id_tercero) values (${c!.id}, ${visitante!.id})`);
      }
    });
    const r = await as(t.app, tokens.duena).get('/api/portal/propietario');
    const v = ok<Vista>(r);
    expect(v).toHaveLength(1);
    expect(v[0]!.publicaciones).toEqual([
      { portal: 'fincaraiz', nombre: 'Fincaraíz', estado: 'publicado' },
      { portal: 'metrocuadrado', nombre: 'Metrocuadrado', estado: 'en_proceso' },
      { portal: 'sitio_web', nombre: 'Sitio web', estado: 'publicado' },
    ]);
    expect(v[0]!.visitas.map((x) => [x.estado, x.interes])).toEqual([
      ['programada', null],
      ['realizada', 4],
    ]);
    expect(Object.keys(v[0]!.visitas[0]!).sort()).toEqual(['estado', 'inicio', 'interes']);
    expect(v[0]!.interesados).toBe(1);
    // No visitor's name, note or phone anywhere in the answer.
    expect(r.body).not.toMatch(/Secreto|300 123|Visita de/);
    // The tenant of that property and another owner see nothing of it.
    expect((await as(t.app, tokens.inquilino).get('/api/portal/propietario')).statusCode).toBe(403);
    expect(ok<Vista>(await as(t.app, tokens.otroDueno).get('/api/portal/propietario')).map((x) => x.id)).not.toContain(ids.inmA);
    expect((await as(t.app, admin1).get('/api/portal/propietario')).statusCode).toBe(401);
  });
});
