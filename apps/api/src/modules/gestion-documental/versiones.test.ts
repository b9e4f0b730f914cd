import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ArchivoRegistro } from '@predio/contract/archivos';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { DocumentoConVersiones, HistorialDocumento } from '@predio/contract/gestion-documental-versiones';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp, ok, error } from '../../test/harness.ts';

// Versions of a radicado's documents, the history of who saw / downloaded / changed them, and the series
// permissions applied to its files through the generic /api/archivos routes (docs/gestion-documental.md).

let t: TestApp;
let admin1: string;
let admin2: string;
let soloBuscar: string;
let ninguno: string;
let ana: string;
let idAna: number;
let area: number;
let contratos: number;
let correspondencia: number;
let anulado: number;
const RAD = '/api/gestion-documental/radicados';

const pdf = (texto: string) =>
  Buffer.from(`%PDF-1.4\n% ${texto}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const V1 = pdf('primera version');
const V2 = pdf('segunda version, firmada');
const V3 = pdf('tercera version');

const id1 = async (q: ReturnType<typeof sql>, empresa = 1) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const enviar = (token: string, url: string, data: Buffer | null, campos: Record<string, string> = {}, nombre = 'carta.pdf') => {
  const body = multipart(data ? { filename: nombre, contentType: 'application/pdf', data } : null, campos);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
};
const version = (token: string, r: number, doc: number, data: Buffer | null, motivo?: string, nombre?: string) =>
  enviar(token, `${RAD}/${r}/documentos/${doc}/versiones`, data, motivo === undefined ? {} : { motivo }, nombre);
const radicar = async (asunto: string, idSerie = contratos) =>
  ok<Radicado>(
    await as(t.app, admin1).post(RAD, { tipo: 'entrada', fecha: '2026-11-20', asunto, id_area: area, id_serie: idSerie }),
  );
const adjuntar = async (r: number, data = V1) =>
  ok<ArchivoRegistro>(await enviar(admin1, `/api/archivos/radicado/${r}`, data, {}, 'oficio.pdf'));
const historial = async (r: number, token = admin1) =>
  ok<HistorialDocumento[]>(await as(t.app, token).get(`${RAD}/${r}/historial`));

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'gdvbusca', nroId: '80701', permisos: '10581' });
  soloBuscar = await login(t.app, { idEmpresa: 1, usuario: 'gdvbusca', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'gdvnada', nroId: '80702', permisos: '489' });
  ninguno = await login(t.app, { idEmpresa: 1, usuario: 'gdvnada', clave: 'demo1234' });
  idAna = await crearUsuario(t.db, 1, { usuario: 'gdvana', nroId: '80703', permisos: '10579,10581' });
  ana = await login(t.app, { idEmpresa: 1, usuario: 'gdvana', clave: 'demo1234' });
  area = await id1(sql`select id from areas_empresa where codigo = '100'`);
  contratos = await id1(sql`select id from series_documentales where codigo = '02'`);
  correspondencia = await id1(sql`select id from series_documentales where codigo = '03'`);
  anulado = await id1(sql`select id from estados_gestion_documental where nombre = 'Anulado'`);
});
afterAll(async () => {
  await t?.close();
});

describe('versiones de los documentos de un radicado', () => {
  it('keeps every version numbered, downloads each, and records views, downloads and changes', async () => {
    const r = await radicar('Contrato con versiones');
    const doc = await adjuntar(r.id);
    const v2 = ok<DocumentoConVersiones>(await version(admin1, r.id, doc.id, V2, 'Llegó la copia firmada', 'firmado.pdf'));
    expect(v2).toMatchObject({ id: doc.id, nombre: 'firmado.pdf' });
    expect(v2.versiones.map((v) => [v.numero, v.actual, v.motivo])).toEqual([
      [2, true, 'Llegó la copia firmada'],
      [1, false, ''],
    ]);
    expect(v2.versiones[0]).toMatchObject({ id_archivo: doc.id, bytes: V2.length, creado_por: 'admin' });
    expect(v2.versiones[1]).toMatchObject({ nombre: 'oficio.pdf', bytes: V1.length });
    const v1 = v2.versiones[1]!.id_archivo;

    // The document's id gives the newest bytes; the previous version keeps its own.
    expect((await as(t.app, admin1).get(`/api/archivos/radicado/${r.id}/${doc.id}`)).rawPayload).toEqual(V2);
    expect((await as(t.app, admin1).get(`/api/archivos/radicado/${r.id}/${v1}`)).rawPayload).toEqual(V1);

    const v3 = ok<DocumentoConVersiones>(await version(admin1, r.id, doc.id, V3, 'Corrección del anexo'));
    expect(v3.versiones.map((v) => v.numero)).toEqual([3, 2, 1]);
    expect(v3.versiones[2]!.id_archivo).toBe(v1);
    const v2Archivo = v3.versiones[1]!.id_archivo;
    expect((await as(t.app, admin1).get(`/api/archivos/radicado/${r.id}/${v2Archivo}`)).rawPayload).toEqual(V2);
    // The list of documents still shows one document; the old versions are their own category.
    const docs = ok<ArchivoRegistro[]>(await as(t.app, admin1).get(`/api/archivos/radicado/${r.id}`));
    expect(docs.map((d) => d.id)).toEqual([doc.id]);
    const listaDocs = ok<DocumentoConVersiones[]>(await as(t.app, admin1).get(`${RAD}/${r.id}/documentos`));
    expect(listaDocs).toHaveLength(1);
    expect(listaDocs[0]!.versiones).toHaveLength(3);
    // The radicado counts its documents, not their previous versions.
    expect(ok<Radicado>(await as(t.app, admin1).get(`${RAD}/${r.id}`)).archivos).toBe(1);

    // Opening the radicado twice is one «ver»; every download and change is a row.
    ok(await as(t.app, admin1).get(`${RAD}/${r.id}`));
    ok(await as(t.app, admin1).get(`/api/gestion-documental/buscar/${r.radicado}`));
    ok(await as(t.app, soloBuscar).get(`/api/gestion-documental/buscar/${r.radicado}`));
    const h = await historial(r.id);
    const filas = h.map((x) => [x.accion, x.usuario, x.archivo, x.detalle]);
    expect(filas.filter((f) => f[0] === 'ver')).toEqual([
      ['ver', 'gdvbusca', '', ''],
      ['ver', 'admin', '', ''],
    ]);
    expect(filas).toEqual(
      expect.arrayContaining([
        ['subir', 'admin', 'oficio.pdf', ''],
        ['version', 'admin', 'firmado.pdf', 'Versión 2: Llegó la copia firmada'],
        ['version', 'admin', 'carta.pdf', 'Versión 3: Corrección del anexo'],
        ['descargar', 'admin', 'firmado.pdf', ''],
        ['descargar', 'admin', 'oficio.pdf', 'versión anterior'],
      ]),
    );
    expect(h[0]!.accion).toBe('ver');
    // Audited as well (platform/archivos).
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from auditoria where entidad = 'radicados' and entidad_id = ${String(r.id)} and accion = 'nueva versión de archivo'`,
      ),
    );
    expect(aud!.n).toBe(2);
  });

  it('refuses bad input naming the field, and keeps versions from being deleted or uploaded around it', async () => {
    const r = await radicar('Contrato con entradas malas');
    const doc = await adjuntar(r.id);
    error(await version(admin1, r.id, doc.id, V2), 400, 'El campo Motivo del cambio es obligatorio');
    error(await version(admin1, r.id, doc.id, V2, '   '), 400, 'Motivo del cambio');
    error(await version(admin1, r.id, doc.id, V2, 'x'.repeat(501)), 400, 'Motivo del cambio');
    error(await version(admin1, r.id, doc.id, null, 'Sin archivo'), 400, 'file');
    error(
      await version(admin1, r.id, doc.id, Buffer.from('<html><script>alert(1)</script></html>'), 'HTML', 'x.html'),
      415,
      'x.html',
    );
    error(await version(admin1, r.id, 999999, V2, 'Otro documento'), 404);
    error(await version(admin1, 999999, doc.id, V2, 'Otro radicado'), 404);
    const v = ok<DocumentoConVersiones>(await version(admin1, r.id, doc.id, V2, 'Bien'));
    const anterior = v.versiones[1]!.id_archivo;
    // A previous version is not a document of its own: no version of it, no upload into its category, no deleting.
    error(await version(admin1, r.id, anterior, V3, 'Sobre la anterior'), 404);
    const generico = await enviar(admin1, `/api/archivos/radicado/${r.id}?categoria=version`, V3);
    error(generico, 400, 'categoria');
    const borrar = (id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/archivos/radicado/${r.id}/${id}`,
        headers: { authorization: `Bearer ${admin1}` },
      });
    error(await borrar(anterior), 400, 'categoria');
    error(await borrar(doc.id), 409, 'tiene versiones');
    // A document without versions is deleted as before, and the history says so.
    const otro = await adjuntar(r.id, V3);
    ok(await borrar(otro.id));
    expect((await historial(r.id)).map((x) => x.accion)).toContain('eliminar');
  });

  it('takes no version for an annulled radicado nor for one of an eliminated expediente (409 saying why)', async () => {
    const r = await radicar('Contrato que se anula');
    const doc = await adjuntar(r.id);
    ok(await as(t.app, admin1).post(`${RAD}/${r.id}/estado`, { id_estado: anulado, nota: 'Radicado por error' }));
    error(await version(admin1, r.id, doc.id, V2, 'Tarde'), 409, 'está anulado');

    const e = await radicar('Contrato de un expediente eliminado');
    const d = await adjuntar(e.id);
    const subserie = await id1(sql`select id from subseries_documentales where codigo = '02.01'`);
    await t.db.tenant(1, async (tx) => {
      const [acta] = await queryRows<{ id: number }>(
        tx,
        sql`insert into archivo (tipo_dueno, id_dueno, categoria, nombre, content_type, bytes, clave, creado_por)
            values ('expediente', '0', 'acta', 'acta.pdf', 'application/pdf', 10, '1/archivos/acta-prueba', 'admin') returning id`,
      );
      const [x] = await queryRows<{ id: number }>(
        tx,
        sql`insert into expediente (numero, nombre, agrupa, id_serie, id_subserie, estado, abierto_en, cerrado_en, creado_por,
                                    fase, id_acta, motivo_disposicion)
            values ('2020-EXP-9999', 'Eliminado', 'subserie', ${contratos}, ${subserie}, 'cerrado', '2020-01-01', '2020-02-01',
                    'admin', 'eliminado', ${acta!.id}, 'Cumplió su tiempo')
            returning id`,
      );
      await tx.execute(
        sql`insert into expediente_radicado (id_expediente, id_radicado, agregado_por) values (${x!.id}, ${e.id}, 'admin')`,
      );
    });
    error(await version(admin1, e.id, d.id, V2, 'Tarde'), 409, 'expediente 2020-EXP-9999, eliminado');
  });

  it('answers 403 without the idm, 404 for another company', async () => {
    const r = await radicar('Contrato de permisos');
    const doc = await adjuntar(r.id);
    error(await version(soloBuscar, r.id, doc.id, V2, 'Sin 10579'), 403);
    ok(await as(t.app, soloBuscar).get(`${RAD}/${r.id}/documentos`));
    error(await as(t.app, ninguno).get(`${RAD}/${r.id}/documentos`), 403);
    error(await as(t.app, ninguno).get(`${RAD}/${r.id}/historial`), 403);
    error(await version(admin2, r.id, doc.id, V2, 'Otra empresa'), 404);
    error(await as(t.app, admin2).get(`${RAD}/${r.id}/documentos`), 404);
    error(await as(t.app, admin2).get(`${RAD}/${r.id}/historial`), 404);
  });

  it('applies the series permissions to the radicado files, through the generic archivos routes too', async () => {
    const r = await radicar('Contrato reservado');
    const doc = await adjuntar(r.id);
    const c = await radicar('Correspondencia visible', correspondencia);
    const docC = await adjuntar(c.id);
    // Ana may only see Correspondencia: the contract's files are as hidden as the contract.
    ok(
      await as(t.app, admin1).post('/api/gestion-documental/permisos', {
        id_usuario: idAna,
        id_serie: correspondencia,
        ver: true,
      }),
    );
    const msg = 'No tiene permiso para ver esta serie documental.';
    error(await as(t.app, ana).get(`/api/archivos/radicado/${r.id}`), 403, msg);
    error(await as(t.app, ana).get(`/api/archivos/radicado/${r.id}/${doc.id}`), 403, msg);
    error(await as(t.app, ana).get(`${RAD}/${r.id}/documentos`), 403, msg);
    error(await as(t.app, ana).get(`${RAD}/${r.id}/historial`), 403, msg);
    error(await version(ana, r.id, doc.id, V2, 'Ajena'), 403);
    error(await enviar(ana, `/api/archivos/radicado/${r.id}`, V2), 403);
    // She sees and downloads Correspondencia's files, but «ver» alone changes none of them.
    expect((await as(t.app, ana).get(`/api/archivos/radicado/${c.id}/${docC.id}`)).rawPayload).toEqual(V1);
    error(await enviar(ana, `/api/archivos/radicado/${c.id}`, V2), 403, 'cambiar los documentos');
    error(await version(ana, c.id, docC.id, V2, 'Solo ve'), 403, 'cambiar los documentos');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/archivos/radicado/${c.id}/${docC.id}`,
      headers: { authorization: `Bearer ${ana}` },
    });
    error(del, 403);
    // With editar on the serie she may.
    ok(
      await as(t.app, admin1).post('/api/gestion-documental/permisos', {
        id_usuario: idAna,
        id_serie: contratos,
        editar: true,
      }),
    );
    ok(await version(ana, r.id, doc.id, V2, 'Con permiso de editar'));
    expect((await historial(r.id, ana)).some((x) => x.usuario === 'gdvana' && x.accion === 'version')).toBe(true);
  });
});
