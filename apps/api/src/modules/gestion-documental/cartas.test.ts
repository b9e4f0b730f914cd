import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { ReglaAutomatica } from '@predio/contract/gestion-documental-automaticos';
import type { Carta, PlantillaCarta, PlantillaCartaResumen } from '@predio/contract/gestion-documental-cartas';
import { queryRows } from '../../db/rows.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, ok, error } from '../../test/harness.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { TRABAJO_FIRMAS_RADICAR } from '../firmas/firmas.service.ts';
import { fechaEnLetras, numeroEnLetras } from './fecha-letras.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sinIdm: string;
let area: number;
let serie: number;
let subserie: number;
let otraSubserie: number;
let tipoDoc: number;
let tercero: { id: number; nombre: string; nro_id: string };
let inmueble: { consecutivo: number; direccion: string };
const URL = '/api/gestion-documental/plantillas-cartas';
const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
const textoPdf = (pdf: Buffer) => execFileSync(pdftotext!, ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

/** as() with PUT and DELETE too. */
const cli = (token: string) => ({
  ...as(t.app, token),
  put: (url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } }),
  delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } }),
});
const uno = async <T>(q: ReturnType<typeof sql>, empresa = 1) => (await t.db.tenant(empresa, (tx) => queryRows<T>(tx, q)))[0]!;

const CARTA =
  '<p>Medellín, <span data-campo="radicado.fecha_letras" class="campo">{{ radicado.fecha_letras }}</span></p>' +
  '<p>Radicado {{ radicado.numero }}</p><p>Señor(a) {{ tercero.nombre }}, C.C. {{ tercero.nro_id }}</p>' +
  '<p>Inmueble: {{ inmueble.direccion }}</p><p>{{ empresa.nombre }}</p><script>alert(1)</script>';

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'sincartas', nroId: '80501', permisos: '10579' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'sincartas', clave: 'demo1234' });
  area = (await uno<{ id: number }>(sql`select id from areas_empresa where codigo = '200'`)).id;
  serie = (await uno<{ id: number }>(sql`select id from series_documentales where codigo = '02'`)).id;
  subserie = (await uno<{ id: number }>(sql`select id from subseries_documentales where codigo = '02.01'`)).id;
  otraSubserie = (
    await uno<{ id: number }>(sql`select id from subseries_documentales where id_serie <> ${serie} order by id limit 1`)
  ).id;
  tipoDoc = (await uno<{ id: number }>(sql`select id from tipos_documentales where activo order by id limit 1`)).id;
  tercero = await uno(sql`select id, nombre, nro_id from terceros where nombre <> '' order by id limit 1`);
  await t.db.tenant(1, (tx) => tx.execute(sql`update terceros set email = 'destinatario@ejemplo.co' where id = ${tercero.id}`));
  const ref = await uno<{ municipio: number }>(sql`select id as municipio from municipios order by id limit 1`);
  const i = await cli(admin1).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-20 Apto 501',
    id_municipio: ref.municipio,
    estrato: 4,
    canon: 2_500_000,
    propietarios: [{ id_tercero: tercero.id, porcentaje: 100 }],
  });
  inmueble = { consecutivo: ok<{ consecutivo: number }>(i).consecutivo, direccion: 'Calle 10 # 43-20 Apto 501' };
});
afterAll(async () => {
  await t?.close();
});

describe('fecha en letras', () => {
  it('writes dates as letters do', () => {
    expect(numeroEnLetras(2026)).toBe('dos mil veintiséis');
    expect(numeroEnLetras(1999)).toBe('mil novecientos noventa y nueve');
    expect(numeroEnLetras(100)).toBe('cien');
    expect(fechaEnLetras('2026-11-28')).toBe('veintiocho (28) de noviembre de dos mil veintiséis (2026)');
    expect(fechaEnLetras('2027-01-01')).toBe('primero (1) de enero de dos mil veintisiete (2027)');
    expect(fechaEnLetras('2026-05-31')).toBe('treinta y uno (31) de mayo de dos mil veintiséis (2026)');
  });
});

describe('plantillas-cartas (idm 10580)', () => {
  let id: number;

  it('seeds Spanish models; CRUD cleans the HTML; mistakes are 400s naming the field', async () => {
    const lista = ok<PlantillaCartaResumen[]>(await cli(admin1).get(URL));
    expect(lista.map((p) => p.nombre)).toEqual(expect.arrayContaining(['Recordatorio de pago del canon', 'Paz y salvo']));
    const campos = ok<{ clave: string }[]>(await cli(admin1).get(`${URL}/campos`)).map((g) => g.clave);
    expect(campos).toEqual(expect.arrayContaining(['empresa', 'tercero', 'inmueble', 'contrato', 'radicado']));

    const p = ok<PlantillaCarta>(await cli(admin1).post(URL, { nombre: 'Carta de prueba', asunto: 'Prueba', contenido: CARTA }));
    id = p.id;
    expect(p.contenido).not.toContain('<script>');
    expect(p).toMatchObject({ activa: true, cartas: 0, actualizado_por: 'admin' });

    error(await cli(admin1).post(URL, { nombre: 'Carta de prueba', asunto: 'x', contenido: CARTA }), 409, '«Carta de prueba»');
    error(await cli(admin1).post(URL, { nombre: '', asunto: 'x', contenido: CARTA }), 400, 'Nombre');
    error(await cli(admin1).post(URL, { nombre: 'Otra', asunto: '', contenido: CARTA }), 400, 'Asunto');
    error(await cli(admin1).post(URL, { nombre: 'Otra', asunto: 'x', contenido: '  ' }), 400, 'Contenido');
    error(
      await cli(admin1).post(URL, { nombre: 'Otra', asunto: 'x', contenido: '<p>a</p><p>{{ tercero.apodo }}</p>' }),
      400,
      'línea 2: el campo «tercero.apodo» no existe',
    );
    error(
      await cli(admin1).post(URL, { nombre: 'Otra', asunto: 'x', contenido: '<p>{% if x %}</p>' }),
      400,
      'Error en la plantilla',
    );
    const revisado = ok<{ problemas: { mensaje: string }[] }>(
      await cli(admin1).post(`${URL}/revisar`, { contenido: '{{ radicado.nada }} {{ contrato.canon }}' }),
    );
    expect(revisado.problemas.map((x) => x.mensaje)).toEqual(['el campo «radicado.nada» no existe']);
    const previa = ok<{ html: string }>(await cli(admin1).post(`${URL}/vista-previa`, { contenido: CARTA }));
    expect(previa.html).toContain('veintiocho (28) de noviembre');

    const cambiada = ok<PlantillaCarta>(
      await cli(admin1).put(`${URL}/${id}`, {
        nombre: 'Carta de prueba',
        asunto: 'Asunto nuevo',
        contenido: CARTA,
        activa: true,
      }),
    );
    expect(cambiada.asunto).toBe('Asunto nuevo');
  });

  it('checks the idm and keeps companies apart', async () => {
    error(await cli(sinIdm).get(URL), 403);
    error(await cli(sinIdm).post('/api/gestion-documental/cartas', {}), 403);
    error(await cli(admin2).get(`${URL}/${id}`), 404);
    error(await cli(admin2).put(`${URL}/${id}`, { nombre: 'x', asunto: 'x', contenido: '<p>x</p>' }), 404);
    error(await cli(admin2).delete(`${URL}/${id}`), 404);
    expect(ok<PlantillaCartaResumen[]>(await cli(admin2).get(URL)).map((p) => p.nombre)).not.toContain('Carta de prueba');
    // Company 2 cannot generate from company 1's template, nor for its tercero.
    error(
      await cli(admin2).post('/api/gestion-documental/cartas', { id_plantilla: id, id_tercero: tercero.id, id_area: area }),
      400,
      'Plantilla',
    );
  });

  it.skipIf(!pdftotext)(
    'generating a carta files a radicado de salida with its PDF on the letterhead, and e-mails it',
    async () => {
      const c = cli(admin1);
      error(await c.post('/api/gestion-documental/cartas', { id_plantilla: id, id_area: area }), 400, 'Destinatario');
      error(
        await c.post('/api/gestion-documental/cartas', {
          id_plantilla: id,
          id_tercero: tercero.id,
          id_area: area,
          inmueble: 99999999,
        }),
        400,
        'Inmueble',
      );
      error(
        await c.post('/api/gestion-documental/cartas', {
          id_plantilla: id,
          id_tercero: tercero.id,
          id_area: area,
          id_serie: serie,
          id_subserie: otraSubserie,
        }),
        400,
        'Subserie',
      );
      error(
        await c.post('/api/gestion-documental/cartas', {
          id_plantilla: id,
          id_tercero: tercero.id,
          id_area: area,
          email: 'no-es-correo',
        }),
        400,
        'Correo del destinatario',
      );
      const antes = (await uno<{ n: number }>(sql`select count(*)::int as n from radicado`)).n;
      const carta = ok<Carta>(
        await c.post('/api/gestion-documental/cartas', {
          id_plantilla: id,
          id_tercero: tercero.id,
          inmueble: inmueble.consecutivo,
          id_area: area,
          id_serie: serie,
          id_subserie: subserie,
          id_tipo_documental: tipoDoc,
          enviar_correo: true,
        }),
      );
      expect((await uno<{ n: number }>(sql`select count(*)::int as n from radicado`)).n).toBe(antes + 1);
      expect(carta).toMatchObject({ plantilla: 'Carta de prueba', asunto: 'Asunto nuevo', email: 'destinatario@ejemplo.co' });
      const r = ok<Radicado>(await c.get(`/api/gestion-documental/radicados/${carta.radicado.id}`));
      expect(r).toMatchObject({
        tipo: 'salida',
        radicado: carta.radicado.radicado,
        asunto: 'Asunto nuevo',
        tercero: { id: tercero.id },
        subserie: { id: subserie },
        archivos: 1,
      });
      expect(r.radicado).toMatch(/^\d{4}-200-\d{6}-1$/);
      const [archivo] = ok<{ id: number; nombre: string }[]>(await c.get(`/api/archivos/radicado/${r.id}`));
      expect(archivo!.nombre).toBe(`carta-${r.radicado}.pdf`);
      // The letter's file has its «Adjuntó» row in the radicado's history, though not uploaded.
      expect(
        await uno<{ accion: string; archivo: string; detalle: string }>(
          sql`select accion, archivo, detalle from radicado_historial where id_radicado = ${r.id} and accion = 'subir'`,
        ),
      ).toEqual({ accion: 'subir', archivo: `carta-${r.radicado}.pdf`, detalle: 'carta generada' });
      const pdf = (await c.get(`/api/archivos/radicado/${r.id}/${archivo!.id}`)).rawPayload;
      const texto = textoPdf(pdf);
      const empresa = (await uno<{ nombre: string }>(sql`select nombre from empresa`)).nombre;
      for (const esperado of [empresa, tercero.nombre, tercero.nro_id, r.radicado, inmueble.direccion, 'Página 1 de 1'])
        expect(texto).toContain(esperado);
      expect(texto).toMatch(/\(\d{1,2}\) de [a-z]+ de dos mil/);
      // The e-mail waits in the outbox with its own copy of the PDF.
      const correo = await uno<{ para: string; asunto: string; adjuntos: { nombre: string }[] }>(
        sql`select para, asunto, adjuntos from correo_salida where entidad = 'radicados' and entidad_id = ${String(r.id)}`,
      );
      expect(correo).toMatchObject({ para: 'destinatario@ejemplo.co', adjuntos: [{ nombre: `carta-${r.radicado}.pdf` }] });
      expect(correo.asunto).toContain(r.radicado);
      // The letters list and the template's count; a template with letters can only be deactivated.
      const cartas = ok<Carta[]>(await c.get(`/api/gestion-documental/cartas?id_plantilla=${id}`));
      expect(cartas.map((x) => x.radicado.radicado)).toEqual([r.radicado]);
      error(await c.delete(`${URL}/${id}`), 409, 'desactívela');
      ok(await c.put(`${URL}/${id}`, { nombre: 'Carta de prueba', asunto: 'x', contenido: CARTA, activa: false }));
      error(
        await c.post('/api/gestion-documental/cartas', { id_plantilla: id, id_tercero: tercero.id, id_area: area }),
        400,
        'activa',
      );
      // A template that made no letters is deleted.
      const borrable = ok<PlantillaCarta>(await c.post(URL, { nombre: 'Borrable', asunto: 'x', contenido: '<p>x</p>' }));
      ok(await c.delete(`${URL}/${borrable.id}`));
    },
  );

  it('a tercero without e-mail cannot be sent the letter; nothing is filed', async () => {
    const sinCorreo = await uno<{ id: number }>(
      sql`insert into terceros (nro_id, nombre, email) values ('5550001', 'Sin Correo', '') returning id`,
    );
    const modelo = ok<PlantillaCartaResumen[]>(await cli(admin1).get(URL)).find((p) => p.nombre === 'Paz y salvo')!;
    const antes = (await uno<{ n: number }>(sql`select count(*)::int as n from radicado`)).n;
    error(
      await cli(admin1).post('/api/gestion-documental/cartas', {
        id_plantilla: modelo.id,
        id_tercero: sinCorreo.id,
        id_area: area,
        enviar_correo: true,
      }),
      400,
      'Sin Correo no tiene correo',
    );
    expect((await uno<{ n: number }>(sql`select count(*)::int as n from radicado`)).n).toBe(antes);
    // Without sending, the seeded model generates (empty inmueble and contrato fields print as blanks).
    const carta = ok<Carta>(
      await cli(admin1).post('/api/gestion-documental/cartas', {
        id_plantilla: modelo.id,
        id_tercero: sinCorreo.id,
        id_area: area,
      }),
    );
    expect(carta.email).toBeNull();
  });
});

describe('subseries-documentales-automaticos (idm 10591)', () => {
  const RURL = '/api/gestion-documental/subseries-automaticas';

  it('rules: validation naming the field, one per origen, idm and company isolation', async () => {
    const c = cli(admin1);
    error(await c.post(RURL, { origen: 'fax', id_area: area }), 400, 'Origen');
    error(await c.post(RURL, { origen: 'firma_documento' }), 400, 'Área');
    error(
      await c.post(RURL, { origen: 'firma_documento', id_area: area, id_serie: serie, id_subserie: otraSubserie }),
      400,
      'Subserie',
    );
    error(await c.post(RURL, { origen: 'firma_documento', id_area: area, id_subserie: subserie }), 400, 'Serie');
    const areaOtra = (await uno<{ id: number }>(sql`select id from areas_empresa where codigo = '200'`, 2)).id;
    error(await c.post(RURL, { origen: 'firma_documento', id_area: areaOtra + 100000 }), 400, 'Área');
    const regla = ok<ReglaAutomatica>(
      await c.post(RURL, {
        origen: 'firma_documento',
        id_area: area,
        id_serie: serie,
        id_subserie: subserie,
        id_tipo_documental: tipoDoc,
      }),
    );
    expect(regla).toMatchObject({
      origen: 'firma_documento',
      area: { id: area },
      subserie: { id: subserie },
      activo: true,
      radicados: 0,
    });
    error(await c.post(RURL, { origen: 'firma_documento', id_area: area }), 409, 'Ya hay una regla');
    error(await cli(sinIdm).get(RURL), 403);
    error(await cli(admin2).put(`${RURL}/${regla.id}`, { origen: 'firma_documento', id_area: areaOtra }), 404);
    expect(ok<{ reglas: unknown[] }>(await cli(admin2).get(RURL)).reglas).toEqual([]);
  });

  it('a signed document is filed by its job into the rule’s área, serie, subserie and tipo', async () => {
    const d = await PDFDocument.create();
    d.addPage().drawText('Contrato firmado para regla', { x: 50, y: 700 });
    const pdf = Buffer.from(await d.save());
    const clave = `1/firmas/${randomUUID()}`;
    await t.deps.storage.put(clave, pdf);
    const sha = createHash('sha256').update(pdf).digest('hex');
    const doc = await uno<{ id: number }>(
      sql`insert into firma_documento (titulo, estado, nombre_archivo, sha256_original, clave_firmado, sha256_firmado, creado_por, completado_en)
          values ('Contrato con regla', 'firmado', 'contrato.pdf', ${sha}, ${clave}, ${sha}, 'admin', now()) returning id`,
    );
    await t.db.tenant(1, (tx) =>
      encolar(tx, { tipo: TRABAJO_FIRMAS_RADICAR, datos: { id: doc.id }, clave: `firma-radicar:${doc.id}` }),
    );
    const runner = await crearTrabajos(t.deps);
    await runner.vuelta();
    await runner.stop();
    const { id_radicado } = await uno<{ id_radicado: number | null }>(
      sql`select id_radicado from firma_documento where id = ${doc.id}`,
    );
    expect(id_radicado).not.toBeNull();
    const r = ok<Radicado>(await cli(admin1).get(`/api/gestion-documental/radicados/${id_radicado}`));
    expect(r).toMatchObject({
      tipo: 'salida',
      asunto: 'Documento firmado: Contrato con regla',
      area: { id: area },
      serie: { id: serie },
      subserie: { id: subserie },
      tipo_documental: { id: tipoDoc },
      archivos: 1,
    });
    const [regla] = ok<{ reglas: ReglaAutomatica[] }>(await cli(admin1).get(RURL)).reglas;
    expect(regla).toMatchObject({ radicados: 1, ultimo: { id: r.id, radicado: r.radicado } });
    const hist = await uno<{ detalle: string }>(
      sql`select detalle from radicado_historial where id_radicado = ${r.id} and accion = 'subir'`,
    );
    expect(hist.detalle).toBe('radicación automática');
  });

  it('an inactive rule leaves the origen filing as before (área de recepción, no serie)', async () => {
    const c = cli(admin1);
    const [regla] = ok<{ reglas: ReglaAutomatica[] }>(await c.get(RURL)).reglas;
    ok(await c.put(`${RURL}/${regla!.id}`, { origen: 'firma_documento', id_area: area, id_serie: serie, activo: false }));
    const pdf = Buffer.from(await (await PDFDocument.create()).save());
    const clave = `1/firmas/${randomUUID()}`;
    await t.deps.storage.put(clave, pdf);
    const sha = createHash('sha256').update(pdf).digest('hex');
    const doc = await uno<{ id: number }>(
      sql`insert into firma_documento (titulo, estado, sha256_original, clave_firmado, sha256_firmado, creado_por, completado_en)
          values ('Sin regla activa', 'firmado', ${sha}, ${clave}, ${sha}, 'admin', now()) returning id`,
    );
    await t.db.tenant(1, (tx) =>
      encolar(tx, { tipo: TRABAJO_FIRMAS_RADICAR, datos: { id: doc.id }, clave: `firma-radicar:${doc.id}` }),
    );
    const runner = await crearTrabajos(t.deps);
    await runner.vuelta();
    await runner.stop();
    const { id_radicado } = await uno<{ id_radicado: number }>(sql`select id_radicado from firma_documento where id = ${doc.id}`);
    const trabajo = await uno<{ estado: string; ultimo_error: string | null }>(
      sql`select estado, ultimo_error from trabajo where clave = ${`firma-radicar:${doc.id}`}`,
    );
    expect(trabajo, JSON.stringify(trabajo)).toMatchObject({ estado: 'terminado' });
    const r = ok<Radicado>(await c.get(`/api/gestion-documental/radicados/${id_radicado}`));
    expect(r.serie).toBeNull();
    ok(await c.delete(`${RURL}/${regla!.id}`));
  });
});
