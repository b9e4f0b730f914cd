import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { EnvioFormulario, Formulario } from '@predio/contract/pagina-web-formularios';
import { queryRows } from '../../db/rows.ts';
import { waitAfterCommit } from '../../platform/tras-confirmar.ts';
import { createTestApp, crearUsuario, DEMO, login, multipart, type TestApp, ok } from '../../test/harness.ts';

// Página web > Formularios, the file field (issue 32): multipart on the public API and the site, the file
// checked by its bytes and size, kept under the envío, read by staff with 10536 only.

let t: TestApp;
let admin1: string;
let admin2: string;
let solo202: string;
let pdf: Buffer;
let ipN = 0;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const enviar = (
  id: number,
  archivo: { filename: string; data: Buffer; field?: string } | null,
  campos: Record<string, string>,
  empresa = 1,
) => {
  const m = multipart(
    archivo
      ? { field: archivo.field ?? 'c2', filename: archivo.filename, contentType: 'application/octet-stream', data: archivo.data }
      : null,
    campos,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/publico/${empresa}/formularios/${id}`,
    payload: m.payload,
    headers: m.headers,
    remoteAddress: `10.7.0.${++ipN}`,
  });
};
const visitante = (extra: Record<string, string> = {}) => ({
  nombre: 'Sofía Ríos',
  c1: 'sofia@example.com',
  autoriza_datos: 'true',
  ...extra,
});
const archivosGuardados = async () => {
  const [r] = await t.db.tenant(1, (tx) =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from archivo where tipo_dueno = 'formulario_envio'`),
  );
  return r!.n;
};

let form: Formulario;
beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'solo202a', nroId: '80265', permisos: '202' });
  solo202 = await login(t.app, { idEmpresa: 1, usuario: 'solo202a', clave: 'demo1234' });
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  pdf = Buffer.from(await doc.save());
  form = ok<Formulario>(
    await t.app.inject({
      method: 'POST',
      url: '/api/paginaweb/formularios',
      headers: auth(admin1),
      payload: {
        nombre: 'Envíe su certificado',
        campos: [
          { etiqueta: 'Correo', tipo: 'correo', obligatorio: true },
          { etiqueta: 'Certificado de libertad', tipo: 'archivo', obligatorio: true },
        ],
      },
    }),
  );
});
afterAll(() => t.close());

describe('formularios: the file field', () => {
  it('allows one file field per form, naming it', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/paginaweb/formularios',
      headers: auth(admin1),
      payload: {
        nombre: 'Dos archivos',
        campos: [
          { etiqueta: 'Correo', tipo: 'correo' },
          { etiqueta: 'Cédula', tipo: 'archivo' },
          { etiqueta: 'Escritura', tipo: 'archivo' },
        ],
      },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('«Escritura»: un formulario admite un solo campo de archivo');
  });

  it('keeps a real PDF under the envío, readable byte for byte by staff with 10536 only', async () => {
    const r = ok<{ numero: number }>(await enviar(form.id, { filename: 'certificado.pdf', data: pdf }, visitante()));
    expect(r.numero).toBeGreaterThan(0);
    const [e] = ok<{ items: EnvioFormulario[] }>(
      await t.app.inject({ method: 'GET', url: `/api/paginaweb/formularios/${form.id}/envios`, headers: auth(admin1) }),
    ).items;
    expect(e!.respuestas.find((x) => x.tipo === 'archivo')?.valor).toBe('certificado.pdf');
    expect(e!.archivo).toMatchObject({ nombre: 'certificado.pdf', content_type: 'application/pdf' });
    const url = `/api/archivos/formulario_envio/${e!.id}/${e!.archivo!.id}`;
    const leido = await t.app.inject({ method: 'GET', url, headers: auth(admin1) });
    expect(leido.statusCode).toBe(200);
    expect(Buffer.compare(leido.rawPayload, pdf)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url, headers: auth(solo202) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: auth(admin2) })).statusCode).toBe(404);
    // The solicitud names the file too.
    const s = ok<{ mensaje: string }>(
      await t.app.inject({ method: 'GET', url: `/api/solicitudes/${r.numero}`, headers: auth(admin1) }),
    );
    expect(s.mensaje).toContain('Certificado de libertad: certificado.pdf');
  });

  it('refuses a renamed text, a file over 5 MB, a missing file and bad fields, keeping nothing', async () => {
    const antes = await archivosGuardados();
    const texto = await enviar(
      form.id,
      { filename: 'certificado.pdf', data: Buffer.from('no soy un pdf, solo texto plano') },
      visitante(),
    );
    expect(texto.statusCode).toBe(415);
    expect(texto.json().message).toContain('El campo Certificado de libertad: «certificado.pdf» no es un PDF, JPG ni PNG');
    const grande = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 + 10, 32)]);
    const g = await enviar(form.id, { filename: 'grande.pdf', data: grande }, visitante());
    expect(g.statusCode).toBe(413);
    expect(g.json().message).toContain('El campo Certificado de libertad');
    const falta = await enviar(form.id, null, visitante());
    expect(falta.statusCode).toBe(400);
    expect(falta.json().message).toBe('El campo Certificado de libertad es obligatorio');
    const sinConsentimiento = await enviar(form.id, { filename: 'c.pdf', data: pdf }, visitante({ autoriza_datos: '' }));
    expect(sinConsentimiento.statusCode).toBe(400);
    expect(sinConsentimiento.json().message).toContain('Debe autorizar el tratamiento de sus datos personales');
    const correo = await enviar(form.id, { filename: 'c.pdf', data: pdf }, visitante({ c1: 'no-es-correo' }));
    expect(correo.json().message).toBe('El campo Correo debe ser un correo electrónico válido');
    // JSON cannot claim a file by typing its name.
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/publico/1/formularios/${form.id}`,
      payload: { nombre: 'Sofía', respuestas: { c1: 'sofia@example.com', c2: 'falso.pdf' }, autoriza_datos: true },
      remoteAddress: `10.7.1.${++ipN}`,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('El campo Certificado de libertad es obligatorio');
    // A robot is thanked and its file dropped.
    ok(await enviar(form.id, { filename: 'c.pdf', data: pdf }, visitante({ sitio: 'http://spam' })));
    await waitAfterCommit();
    expect(await archivosGuardados()).toBe(antes);
    // Another company's address does not know the form.
    expect((await enviar(form.id, { filename: 'c.pdf', data: pdf }, visitante(), 2)).statusCode).toBe(404);
  });

  it('the site’s form posts multipart: a wrong file comes back beside its field, a right one is thanked', async () => {
    const pag = await t.app.inject({ method: 'GET', url: `/sitio/1/formularios/${form.id}` });
    expect(pag.body).toContain('enctype="multipart/form-data"');
    expect(pag.body).toContain('type="file"');
    const post = (archivo: Buffer, nombre: string) => {
      const m = multipart({ field: 'c2', filename: nombre, contentType: 'application/pdf', data: archivo }, visitante());
      return t.app.inject({
        method: 'POST',
        url: `/sitio/1/formularios/${form.id}`,
        payload: m.payload,
        headers: m.headers,
        remoteAddress: `10.7.2.${++ipN}`,
      });
    };
    const mal = await post(Buffer.from('texto'), 'falso.pdf');
    expect(mal.statusCode).toBe(415);
    expect(mal.body).toContain('id="error-c2"');
    expect(mal.body).toContain('no es un PDF, JPG ni PNG');
    expect(mal.body).toContain('value="sofia@example.com"');
    const bien = await post(pdf, 'bueno.pdf');
    expect(bien.statusCode, bien.body).toBe(200);
    expect(bien.body).toContain('¡Gracias!');
  });
});
