import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { CAMPOS_PRIVADOS } from '@predio/contract/pagina-web';
import type { Postulacion, Vacante, VacantePublica } from '@predio/contract/pagina-web-banco';
import { queryRows } from '../../db/rows.ts';
import {
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  multipart,
  type TestApp,
  ok,
  injectAs,
  type Pedir,
} from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sin202: string;
let pdf: Buffer;
let docx: Buffer;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
const enDias = (n: number) => {
  const d = new Date(`${hoy()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

let ipN = 0;
/** A public application from its own address (the per-address limit is tested apart). */
const postular = (
  empresa: number,
  idVacante: number,
  cv: { filename: string; data: Buffer; field?: string } | null,
  campos: Record<string, string>,
  ip = `10.32.0.${++ipN}`,
) => {
  const m = multipart(
    cv ? { field: cv.field ?? 'cv', filename: cv.filename, contentType: 'application/octet-stream', data: cv.data } : null,
    campos,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/publico/${empresa}/vacantes/${idVacante}/postulaciones`,
    payload: m.payload,
    headers: m.headers,
    remoteAddress: ip,
  });
};
const persona = (extra: Record<string, string> = {}) => ({
  nombre: 'Laura Gómez',
  email: 'Laura.Gomez@example.com',
  telefono: '300 123 4567',
  mensaje: 'Tengo 3 años de experiencia en arriendos.',
  autoriza_datos: 'true',
  ...extra,
});

const vacante = (extra: Record<string, unknown> = {}) => ({
  titulo: 'Asesor comercial de arriendos',
  descripcion: '<p>Atender <strong>clientes</strong> <img src=x onerror="alert(1)"></p>',
  area: 'Comercial',
  salario_min: 2_000_000,
  salario_max: 3_000_000,
  fecha_cierre: enDias(30),
  estado: 'publicada',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'sin202b', nroId: '80232', permisos: '10535' });
  sin202 = await login(t.app, { idEmpresa: 1, usuario: 'sin202b', clave: 'demo1234' });
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Hoja de vida — Laura Gómez', { x: 50, y: 780, size: 16, font: await doc.embedFont(StandardFonts.Helvetica) });
  pdf = Buffer.from(await doc.save());
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hoja de vida</w:t></w:r></w:p></w:body></w:document>',
  );
  docx = await zip.generateAsync({ type: 'nodebuffer' });
});
afterAll(() => t.close());

describe('banco de trabajo (202): vacantes', () => {
  it('creates, lists, edits and deletes a vacancy; the description is sanitised', async () => {
    const v = ok<Vacante>(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ estado: 'borrador' })),
    );
    expect(v).toMatchObject({ titulo: 'Asesor comercial de arriendos', area: 'Comercial', estado: 'borrador', abierta: false });
    expect(v.salario_min).toBe(2_000_000);
    expect(v.descripcion).toContain('<strong>clientes</strong>');
    expect(v.descripcion).not.toContain('onerror');
    const l = ok<{ items: Vacante[]; total: number }>(
      await pedir(admin1, 'GET', '/api/paginaweb/banco-de-trabajo/vacantes?q=arriendos&estado=borrador'),
    );
    expect(l.items.map((x) => x.id)).toContain(v.id);
    const e = ok<Vacante>(
      await pedir(
        admin1,
        'PUT',
        `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`,
        vacante({ salario_min: null, salario_max: null }),
      ),
    );
    expect(e).toMatchObject({ estado: 'publicada', abierta: true, salario_min: null, salario_max: null });
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`));
    expect((await pedir(admin1, 'GET', `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field; 403 without the idm; 404 for another company', async () => {
    const r = await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', {
      titulo: '',
      area: '',
      salario_min: 3_000_000,
      salario_max: 1_000_000,
      fecha_cierre: '2026-02-30',
      estado: 'abierta',
    });
    expect(r.statusCode).toBe(400);
    for (const m of [
      'El campo Título es obligatorio',
      'El campo Área es obligatorio',
      'El campo Fecha de cierre debe ser una fecha válida',
      'El campo Estado debe ser uno de: Borrador, Publicada, Cerrada',
    ])
      expect(r.body).toContain(m);
    const r2 = await pedir(
      admin1,
      'POST',
      '/api/paginaweb/banco-de-trabajo/vacantes',
      vacante({ salario_min: 3_000_000, salario_max: 1 }),
    );
    expect(r2.body).toContain('El campo Salario hasta no puede ser menor que Salario desde');
    expect(
      (await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ salario_min: -5 }))).body,
    ).toContain('El campo Salario desde debe ser al menos 0');

    expect((await pedir(sin202, 'GET', '/api/paginaweb/banco-de-trabajo/vacantes')).statusCode).toBe(403);
    expect((await pedir(sin202, 'GET', '/api/paginaweb/banco-de-trabajo/postulaciones')).statusCode).toBe(403);
    expect((await pedir(null, 'GET', '/api/paginaweb/banco-de-trabajo/vacantes')).statusCode).toBe(401);

    const v = ok<Vacante>(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ titulo: 'Privada' })),
    );
    expect((await pedir(admin2, 'GET', `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`)).statusCode).toBe(404);
    expect((await pedir(admin2, 'PUT', `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`, vacante())).statusCode).toBe(404);
    expect((await pedir(admin2, 'DELETE', `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`)).statusCode).toBe(404);
    const l2 = ok<{ items: Vacante[] }>(await pedir(admin2, 'GET', '/api/paginaweb/banco-de-trabajo/vacantes?pageSize=200'));
    expect(l2.items.some((x) => x.id === v.id)).toBe(false);
    // Company 2's public API does not see it, and cannot take applications to it.
    expect(
      ok<VacantePublica[]>(await t.app.inject({ method: 'GET', url: '/api/publico/2/vacantes' })).some((x) => x.id === v.id),
    ).toBe(false);
    expect((await postular(2, v.id, { filename: 'cv.pdf', data: pdf }, persona())).statusCode).toBe(404);
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`));
  });
});

describe('banco de trabajo: público y postulaciones', () => {
  it('lists only published open vacancies, with only their public fields', async () => {
    const abierta = ok<Vacante>(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ titulo: 'Abierta' })),
    );
    const hoyCierra = ok<Vacante>(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/banco-de-trabajo/vacantes',
        vacante({ titulo: 'Cierra hoy', fecha_cierre: hoy() }),
      ),
    );
    const borrador = ok<Vacante>(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/banco-de-trabajo/vacantes',
        vacante({ titulo: 'Borrador', estado: 'borrador' }),
      ),
    );
    const cerrada = ok<Vacante>(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ titulo: 'Cerrada', estado: 'cerrada' })),
    );
    const vencida = ok<Vacante>(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/banco-de-trabajo/vacantes',
        vacante({ titulo: 'Vencida', fecha_cierre: enDias(-1) }),
      ),
    );
    const r = await t.app.inject({ method: 'GET', url: '/api/publico/1/vacantes' });
    expect(r.headers['access-control-allow-origin']).toBeUndefined(); // id-based paths are Predio's own site: same origin, no CORS
    expect(r.headers.etag).toBeTruthy();
    const pub = ok<VacantePublica[]>(r);
    const ids = pub.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([abierta.id, hoyCierra.id]));
    for (const x of [borrador, cerrada, vencida]) expect(ids).not.toContain(x.id);
    for (const x of pub)
      expect(Object.keys(x).sort()).toEqual([
        'area',
        'descripcion',
        'fecha_cierre',
        'id',
        'salario_max',
        'salario_min',
        'titulo',
      ]);
    expect(r.body).not.toMatch(/creado_por|estado|postulaciones|notas/);
    for (const c of CAMPOS_PRIVADOS) expect(r.body).not.toContain(`"${c}"`);
    expect(pub.find((x) => x.id === abierta.id)!.descripcion).not.toContain('onerror');
    ok(await t.app.inject({ method: 'GET', url: `/api/publico/1/vacantes/${abierta.id}` }));
    expect((await t.app.inject({ method: 'GET', url: `/api/publico/1/vacantes/${borrador.id}` })).statusCode).toBe(404);
    // A draft, a closed or an expired vacancy takes no application.
    for (const x of [borrador, cerrada, vencida])
      expect((await postular(1, x.id, { filename: 'cv.pdf', data: pdf }, persona())).statusCode).toBe(404);
  });

  it('takes an application with a real PDF or DOCX; staff review it, open the CV and export', async () => {
    const v = ok<Vacante>(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ titulo: 'Auxiliar contable' })),
    );
    const r = await postular(1, v.id, { filename: 'hoja-de-vida.pdf', data: pdf }, persona());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.mensaje).toContain('Recibimos su postulación');
    expect(r.body).not.toMatch(/"id"/);
    ok(
      await postular(
        1,
        v.id,
        { filename: 'cv.docx', data: docx },
        persona({ nombre: 'Andrés Ríos', email: 'andres@example.com' }),
      ),
    );

    const l = ok<{ items: Postulacion[]; total: number }>(
      await pedir(admin1, 'GET', `/api/paginaweb/banco-de-trabajo/postulaciones?vacante=${v.id}&sort=nombre&order=asc`),
    );
    expect(l.total).toBe(2);
    const [andres, laura] = l.items;
    expect(laura).toMatchObject({
      nombre: 'Laura Gómez',
      email: 'laura.gomez@example.com',
      estado: 'recibida',
      vacante: 'Auxiliar contable',
    });
    expect(laura!.cv).toMatchObject({ nombre: 'hoja-de-vida.pdf', content_type: 'application/pdf', bytes: pdf.length });
    expect(andres!.cv!.content_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(ok<Vacante>(await pedir(admin1, 'GET', `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`))).toMatchObject({
      postulaciones: 2,
      sin_revisar: 2,
    });

    // The CV opens in the browser (PDF inline), byte for byte; another company and a user without 202 cannot.
    const cv = await pedir(admin1, 'GET', `/api/archivos/postulacion/${laura!.id}/${laura!.cv!.id}`);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['content-disposition']).toMatch(/^inline/);
    expect(Buffer.compare(cv.rawPayload, pdf)).toBe(0);
    expect((await pedir(admin2, 'GET', `/api/archivos/postulacion/${laura!.id}/${laura!.cv!.id}`)).statusCode).toBe(404);
    expect((await pedir(sin202, 'GET', `/api/archivos/postulacion/${laura!.id}/${laura!.cv!.id}`)).statusCode).toBe(403);
    expect((await pedir(admin2, 'GET', `/api/paginaweb/banco-de-trabajo/postulaciones/${laura!.id}`)).statusCode).toBe(404);

    const rev = ok<Postulacion>(
      await pedir(admin1, 'PUT', `/api/paginaweb/banco-de-trabajo/postulaciones/${laura!.id}`, {
        estado: 'preseleccionada',
        notas: 'Llamar el lunes',
      }),
    );
    expect(rev).toMatchObject({ estado: 'preseleccionada', notas: 'Llamar el lunes', revisado_por: 'admin' });
    const bad = await pedir(admin1, 'PUT', `/api/paginaweb/banco-de-trabajo/postulaciones/${laura!.id}`, { estado: 'aprobada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('El campo Estado debe ser uno de: Recibida, En revisión, Preseleccionada, Descartada, Contratada');
    expect(
      (await pedir(admin2, 'PUT', `/api/paginaweb/banco-de-trabajo/postulaciones/${laura!.id}`, { estado: 'descartada' }))
        .statusCode,
    ).toBe(404);
    // Internal notes never reach the public side.
    expect((await t.app.inject({ method: 'GET', url: '/api/publico/1/vacantes' })).body).not.toContain('Llamar el lunes');

    const q = ok<{ items: Postulacion[] }>(
      await pedir(admin1, 'GET', '/api/paginaweb/banco-de-trabajo/postulaciones?q=gomez&estado=preseleccionada'),
    );
    expect(q.items.map((x) => x.id)).toEqual([laura!.id]);
    const csv = await pedir(admin1, 'GET', `/api/paginaweb/banco-de-trabajo/postulaciones/exportar?formato=csv&vacante=${v.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Laura Gómez');
    expect(csv.body).toContain('Preseleccionada');
    expect(csv.body).toContain('hoja-de-vida.pdf');
    const xlsx = await pedir(admin1, 'GET', '/api/paginaweb/banco-de-trabajo/postulaciones/exportar');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // Deleting the application deletes its CV; deleting the vacancy takes the rest.
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/banco-de-trabajo/postulaciones/${laura!.id}`));
    expect((await pedir(admin1, 'GET', `/api/archivos/postulacion/${laura!.id}/${laura!.cv!.id}`)).statusCode).toBe(404);
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/banco-de-trabajo/vacantes/${v.id}`));
    const [n] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from archivo where tipo_dueno = 'postulacion' and id_dueno = ${String(andres!.id)}`,
      ),
    );
    expect(n!.n).toBe(0);
  });

  it('refuses a fake PDF, a missing CV, no consent and bad fields, keeping nothing', async () => {
    const v = ok<Vacante>(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ titulo: 'Mensajero' })),
    );
    const falso = await postular(
      1,
      v.id,
      { filename: 'cv.pdf', data: Buffer.from('Soy un texto con extensión .pdf\n'.repeat(20)) },
      persona(),
    );
    expect(falso.statusCode).toBe(415);
    expect(falso.json().message).toContain('no es un PDF ni un documento de Word (DOCX)');
    expect(falso.json().campos).toEqual([
      { campo: 'cv', mensaje: 'La hoja de vida debe ser un PDF o un documento de Word (DOCX)' },
    ]);
    // A JPEG named .pdf is no CV either.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, ...new Array(200).fill(0)]);
    expect((await postular(1, v.id, { filename: 'cv.pdf', data: jpeg }, persona())).statusCode).toBe(415);

    const sinCv = await postular(1, v.id, null, persona());
    expect(sinCv.statusCode).toBe(400);
    expect(sinCv.json().message).toContain('Adjunte su hoja de vida');

    const sinConsentimiento = await postular(1, v.id, { filename: 'cv.pdf', data: pdf }, persona({ autoriza_datos: '' }));
    expect(sinConsentimiento.statusCode).toBe(400);
    expect(sinConsentimiento.body).toContain('Debe autorizar el tratamiento de sus datos personales (Ley 1581 de 2012)');

    const malos = await postular(
      1,
      v.id,
      { filename: 'cv.pdf', data: pdf },
      { nombre: '', email: 'no-es-correo', telefono: 'abc', autoriza_datos: 'on' },
    );
    expect(malos.statusCode).toBe(400);
    for (const m of [
      'El campo Nombre es obligatorio',
      'El campo Correo electrónico debe ser un correo electrónico válido',
      'El campo Teléfono debe ser un teléfono',
    ])
      expect(malos.body).toContain(m);

    // Too large: cut off at 5 MB.
    const grande = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const g = await postular(1, v.id, { filename: 'cv.pdf', data: grande }, persona());
    expect(g.statusCode).toBe(413);
    expect(g.json().message).toContain('supera el tamaño máximo de 5 MB');

    // The honeypot: thanked, nothing kept.
    ok(await postular(1, v.id, { filename: 'cv.pdf', data: pdf }, persona({ sitio: 'http://spam.example' })));
    const l = ok<{ total: number }>(await pedir(admin1, 'GET', `/api/paginaweb/banco-de-trabajo/postulaciones?vacante=${v.id}`));
    expect(l.total).toBe(0);
    const [a] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from archivo where tipo_dueno = 'postulacion' and id_dueno like 'vacante-%'`,
      ),
    );
    expect(a!.n).toBe(0);
  });

  it('the public site lists open vacancies and takes an application with its CV from a plain form', async () => {
    const v = ok<Vacante>(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ titulo: 'Analista de cartera' })),
    );
    const borrador = ok<Vacante>(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/banco-de-trabajo/vacantes',
        vacante({ titulo: 'Secreto interno', estado: 'borrador' }),
      ),
    );
    expect((await t.app.inject({ method: 'GET', url: '/sitio/1' })).body).toContain('href="/sitio/1/vacantes"');
    const lista = await t.app.inject({ method: 'GET', url: '/sitio/1/vacantes' });
    expect(lista.statusCode).toBe(200);
    expect(lista.body).toContain('Analista de cartera');
    expect(lista.body).toContain('$ 2.000.000 – $ 3.000.000');
    expect(lista.body).not.toContain('Secreto interno');
    expect((await t.app.inject({ method: 'GET', url: '/sitio/2/vacantes' })).body).not.toContain('Analista de cartera');
    expect((await t.app.inject({ method: 'GET', url: `/sitio/1/vacantes/${borrador.id}` })).statusCode).toBe(404);
    const ficha = await t.app.inject({ method: 'GET', url: `/sitio/1/vacantes/${v.id}` });
    expect(ficha.body).toContain('enctype="multipart/form-data"');
    expect(ficha.body).not.toContain('onerror');

    const enviar = (cv: Buffer | null, campos: Record<string, string>) => {
      const m = multipart(cv ? { field: 'cv', filename: 'cv.pdf', contentType: 'application/pdf', data: cv } : null, campos);
      return t.app.inject({
        method: 'POST',
        url: `/sitio/1/vacantes/${v.id}`,
        payload: m.payload,
        headers: m.headers,
        remoteAddress: `10.34.0.${++ipN}`,
      });
    };
    // Mistakes come back on the page beside their fields, with what was typed.
    const sin = await enviar(pdf, persona({ autoriza_datos: '', email: 'malo' }));
    expect(sin.statusCode).toBe(400);
    expect(sin.body).toContain('Debe autorizar el tratamiento de sus datos personales (Ley 1581 de 2012) para postularse');
    expect(sin.body).toContain('El campo Correo electrónico debe ser un correo electrónico válido');
    expect(sin.body).toContain('value="Laura Gómez"');
    const falso = await enviar(Buffer.from('texto plano renombrado'), persona());
    expect(falso.statusCode).toBe(415);
    expect(falso.body).toContain('La hoja de vida debe ser un PDF o un documento de Word (DOCX)');
    const bien = await enviar(pdf, persona({ nombre: 'Sofía Henao', email: 'sofia@example.com' }));
    expect(bien.statusCode, bien.body).toBe(200);
    expect(bien.body).toContain('Recibimos su postulación');
    const l = ok<{ items: Postulacion[] }>(
      await pedir(admin1, 'GET', `/api/paginaweb/banco-de-trabajo/postulaciones?vacante=${v.id}`),
    );
    expect(l.items.map((x) => [x.nombre, x.cv?.content_type])).toEqual([['Sofía Henao', 'application/pdf']]);
  });

  it('limits applications per address like the site forms (429 with Retry-After)', async () => {
    const v = ok<Vacante>(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', vacante({ titulo: 'Recepcionista' })),
    );
    const codigos: number[] = [];
    for (let i = 0; i < 7; i++)
      codigos.push(
        (await postular(1, v.id, { filename: 'cv.pdf', data: pdf }, persona({ email: `p${i}@example.com` }), '10.33.0.1'))
          .statusCode,
      );
    expect(codigos.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codigos.at(-1)).toBe(429);
  });
});
