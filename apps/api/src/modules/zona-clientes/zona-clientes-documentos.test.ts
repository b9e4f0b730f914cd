import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import type { CategoriaDocumentoCliente, DocumentoCliente, DocumentosPortal } from '@predio/contract/zona-clientes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { hashClave } from '../../platform/auth/passwords.ts';
import { waitAfterCommit } from '../../platform/tras-confirmar.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp, ok } from '../../test/harness.ts';

// Zona clientes (issue 31): categorías de documentos (10525), documents shared with clients and their uploads (702).

let t: TestApp;
let admin1: string;
let admin2: string;
let asesor1: string;
const ids = { olga: 0, tomas: 0, otra: 0, inmA: 0, inmB: 0 };
const portal = { olga: '', tomas: '', otra: '' };
let cat: Record<string, CategoriaDocumentoCliente>;

const CLAVE = 'Clave-portal-2026';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The harness's client with PUT and DELETE. */
const api = (token: string) => ({
  ...as(t.app, token),
  put: (url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } }),
  delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } }),
});

async function sembrar() {
  await t.db.tenant(1, async (tx) => {
    const [m] = await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`);
    const tercero = async (nombre: string, nro: string) =>
      (
        await queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values (${nro}, ${nombre}) returning id`)
      )[0]!.id;
    const inmueble = async (consecutivo: number, direccion: string, dueno: number) => {
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
    ids.olga = await tercero('Olga Propietaria Ruiz', '43100101');
    ids.tomas = await tercero('Tomás Arrendatario Gil', '71200201');
    ids.otra = await tercero('Otra Propietaria Díaz', '32300301');
    ids.inmA = await inmueble(9201, 'Calle 10 # 43-12 Apto 501', ids.olga);
    ids.inmB = await inmueble(9202, 'Carrera 70 # 1-20', ids.otra);
    await tx.execute(sql`insert into inmueble_arrendatario (id_inmueble, id_tercero) values (${ids.inmB}, ${ids.tomas})`);
    const hash = await hashClave(CLAVE);
    for (const [id, email] of [
      [ids.olga, 'olga.docs@correo.co'],
      [ids.tomas, 'tomas.docs@correo.co'],
      [ids.otra, 'otra.docs@correo.co'],
    ] as const)
      await tx.execute(sql`insert into cliente_portal (id_tercero, email, clave_hash, autorizo_version, creado_por)
                           values (${id}, ${email}, ${hash}, 1, 'prueba')`);
  });
  ok(
    await api(admin1).put('/api/zona-clientes/config', {
      activo: true,
      titulo: 'Zona clientes Demo',
      bienvenida: '',
      politica: 'Política de datos (Ley 1581).',
    }),
  );
  const entrar = async (email: string) => {
    const r = await as(t.app, null).post('/api/portal/1/login', { email, clave: CLAVE });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().token as string;
  };
  portal.olga = await entrar('olga.docs@correo.co');
  portal.tomas = await entrar('tomas.docs@correo.co');
  portal.otra = await entrar('otra.docs@correo.co');
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  asesor1 = await login(t.app, DEMO.asesor1);
  await sembrar();
}, 60_000);
afterAll(async () => {
  await t.close();
});

function subir(token: string, url: string, file: { data: Buffer; filename: string; contentType?: string }) {
  const m = multipart({ filename: file.filename, contentType: file.contentType ?? 'application/pdf', data: file.data });
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${token}` } });
}
const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();
const compartir = (token: string, q: Record<string, string | number>, data = PDF, filename = 'documento.pdf') =>
  subir(token, `/api/zona-clientes/documentos?${qs(q)}`, { data, filename });
const subirCliente = (token: string, q: Record<string, string | number>, data = PDF, filename = 'cedula.pdf') =>
  subir(token, `/api/portal/documentos?${qs(q)}`, { data, filename });
const contarDocumentos = async () =>
  (await t.db.tenant(1, (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from documento_cliente`)))[0]!.n;

describe('categorías de documentos (10525)', () => {
  it('every company starts with the defaults, «Documentos del cliente» open to uploads', async () => {
    const o = ok<{ categorias: CategoriaDocumentoCliente[] }>(
      await as(t.app, admin1).get('/api/zona-clientes/documentos/opciones'),
    );
    cat = Object.fromEntries(o.categorias.map((c) => [c.nombre, c]));
    expect(Object.keys(cat)).toEqual(
      expect.arrayContaining(['Contratos', 'Certificados', 'Facturas y recibos de pago', 'Documentos del cliente']),
    );
    expect(cat['Documentos del cliente']).toMatchObject({ visible_para: 'todos', cliente_puede_subir: true, activo: true });
    expect(cat.Contratos).toMatchObject({ cliente_puede_subir: false, documentos: 0 });
    const otra = ok<{ categorias: CategoriaDocumentoCliente[] }>(
      await as(t.app, admin2).get('/api/zona-clientes/documentos/opciones'),
    );
    expect(otra.categorias.map((c) => c.nombre)).toContain('Documentos del cliente');
    expect(otra.categorias.map((c) => c.id)).not.toContain(cat.Contratos!.id);
  });

  it('creates, edits and deletes a category (the master), switches uploads, and checks idm and company', async () => {
    const a1 = api(admin1);
    const maestro = '/api/maestros/categoriasdocumentosclientes';
    const mal = await a1.post(maestro, { nombre: '  ', visible_para: 'todos' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('Nombre');
    const c = ok<{ id: number }>(
      await a1.post(maestro, { nombre: 'Pólizas', visible_para: 'propietarios', descripcion: 'Seguros' }),
    );
    expect((await a1.post(maestro, { nombre: 'polizas', visible_para: 'todos' })).statusCode).toBeGreaterThanOrEqual(400);
    ok(
      await a1.put(`${maestro}/${c.id}`, {
        nombre: 'Pólizas de seguro',
        visible_para: 'propietarios',
        descripcion: null,
        activo: true,
      }),
    );
    const sube = ok<CategoriaDocumentoCliente>(
      await a1.put(`/api/zona-clientes/documentos/categorias/${c.id}/subida`, { cliente_puede_subir: true }),
    );
    expect(sube).toMatchObject({ nombre: 'Pólizas de seguro', cliente_puede_subir: true });
    const malo = await a1.put(`/api/zona-clientes/documentos/categorias/${c.id}/subida`, { cliente_puede_subir: 'quizá' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toContain('El cliente puede subir');
    expect(
      (await api(asesor1).put(`/api/zona-clientes/documentos/categorias/${c.id}/subida`, { cliente_puede_subir: false }))
        .statusCode,
    ).toBe(403);
    expect((await as(t.app, asesor1).get('/api/zona-clientes/documentos/opciones')).statusCode).toBe(403);
    expect(
      (await api(admin2).put(`/api/zona-clientes/documentos/categorias/${c.id}/subida`, { cliente_puede_subir: false }))
        .statusCode,
    ).toBe(404);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from auditoria where entidad = 'categoriasdocumentosclientes' and entidad_id = ${String(c.id)}`,
      ),
    );
    expect(aud!.n).toBeGreaterThanOrEqual(2);
    ok(await a1.delete(`${maestro}/${c.id}`));
  });
});

describe('documents shared with clients', () => {
  let factura: DocumentoCliente;
  let contrato: DocumentoCliente;
  let subido: number;

  it('staff share with one client or with every client of a property; bad input names its field', async () => {
    // Facturas are for tenants only: Olga (an owner) cannot get one.
    const r1 = await compartir(admin1, {
      id_categoria: cat['Facturas y recibos de pago']!.id,
      titulo: 'Factura',
      id_tercero: ids.olga,
    });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toContain('Categoría');
    const r2 = await compartir(admin1, { id_categoria: cat.Contratos!.id, titulo: 'Sin destino' });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toContain('Cliente');
    const r3 = await compartir(admin1, { id_categoria: cat.Contratos!.id, titulo: 'Ajeno', inmueble: 9100 });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().message).toContain('Inmueble');
    const r4 = await compartir(admin1, { id_categoria: cat.Contratos!.id, titulo: '', inmueble: 9202 });
    expect(r4.statusCode).toBe(400);
    expect(r4.json().message).toContain('Título');
    const antes = await contarDocumentos();
    const r5 = await compartir(
      admin1,
      { id_categoria: cat.Contratos!.id, titulo: 'Texto', inmueble: 9202 },
      Buffer.from('solo texto'),
      'falso.pdf',
    );
    expect(r5.statusCode, r5.body).toBe(415);
    expect(r5.json().message).toContain('file');
    expect(await contarDocumentos()).toBe(antes);
    expect((await compartir(asesor1, { id_categoria: cat.Contratos!.id, titulo: 'x', inmueble: 9202 })).statusCode).toBe(403);

    factura = ok<DocumentoCliente>(
      await compartir(admin1, {
        id_categoria: cat['Facturas y recibos de pago']!.id,
        titulo: 'Factura noviembre',
        id_tercero: ids.tomas,
      }),
    );
    expect(factura).toMatchObject({ tercero: 'Tomás Arrendatario Gil', id_inmueble: null, subido_por_cliente: false });
    expect(factura.archivo).toMatchObject({ content_type: 'application/pdf', nombre: 'documento.pdf' });
    contrato = ok<DocumentoCliente>(
      await compartir(admin1, { id_categoria: cat.Contratos!.id, titulo: 'Contrato de arrendamiento', inmueble: 9202 }),
    );
    expect(contrato).toMatchObject({ id_tercero: null, inmueble_consecutivo: 9202 });
    const lista = ok<{ items: DocumentoCliente[]; total: number }>(
      await as(t.app, admin1).get('/api/zona-clientes/documentos?q=arrendamiento'),
    );
    expect(lista.items.map((d) => d.id)).toEqual([contrato.id]);
    // The file through the platform's route, as the staff screen downloads it.
    const f = await as(t.app, admin1).get(`/api/archivos/documento_cliente/${contrato.id}/${contrato.archivo.id}`);
    expect(f.statusCode).toBe(200);
    expect(f.rawPayload.equals(PDF)).toBe(true);
    expect(ok<{ total: number }>(await as(t.app, admin2).get('/api/zona-clientes/documentos')).total).toBe(0);
    expect((await api(admin2).delete(`/api/zona-clientes/documentos/${contrato.id}`)).statusCode).toBe(404);
  });

  it('each client sees only theirs, by the kind of client they are; another’s document is 404', async () => {
    const ver = async (token: string) => ok<DocumentosPortal>(await as(t.app, token).get('/api/portal/documentos'));
    const tomas = await ver(portal.tomas);
    expect(tomas.documentos.map((d) => d.titulo).sort()).toEqual(['Contrato de arrendamiento', 'Factura noviembre']);
    expect(tomas.categorias.find((c) => c.nombre === 'Documentos del cliente')?.puede_subir).toBe(true);
    expect(tomas.categorias.map((c) => c.nombre)).not.toContain('Extractos y liquidaciones');
    // The owner of the property sees the contract (for every client), not the tenant's invoice.
    const otra = await ver(portal.otra);
    expect(otra.documentos.map((d) => d.titulo)).toEqual(['Contrato de arrendamiento']);
    expect(otra.categorias.map((c) => c.nombre)).toContain('Extractos y liquidaciones');
    expect(otra.categorias.map((c) => c.nombre)).not.toContain('Facturas y recibos de pago');
    expect((await ver(portal.olga)).documentos).toEqual([]);

    const bajada = await as(t.app, portal.tomas).get(`/api/portal/documentos/${factura.id}/archivo`);
    expect(bajada.statusCode).toBe(200);
    expect(bajada.headers['content-type']).toBe('application/pdf');
    expect(bajada.rawPayload.equals(PDF)).toBe(true);
    expect((await as(t.app, portal.otra).get(`/api/portal/documentos/${factura.id}/archivo`)).statusCode).toBe(404);
    expect((await as(t.app, portal.olga).get(`/api/portal/documentos/${contrato.id}/archivo`)).statusCode).toBe(404);
    expect((await as(t.app, portal.tomas).get('/api/portal/documentos/999999/archivo')).statusCode).toBe(404);
    // Each realm's token opens only its own routes.
    const cruzado = await as(t.app, admin1).get('/api/portal/documentos');
    expect([cruzado.statusCode, cruzado.json().code]).toEqual([401, CODES.TOKEN_ILEGAL]);
    const alReves = await as(t.app, portal.tomas).get('/api/zona-clientes/documentos');
    expect([alReves.statusCode, alReves.json().code]).toEqual([401, CODES.TOKEN_ILEGAL]);
    expect(
      (await as(t.app, portal.tomas).get(`/api/archivos/documento_cliente/${factura.id}/${factura.archivo.id}`)).statusCode,
    ).toBe(401);
  });

  it('a client uploads into a category that allows it, checked by content; staff get notice 702', async () => {
    const dc = cat['Documentos del cliente']!.id;
    const r1 = await subirCliente(portal.tomas, { id_categoria: cat.Contratos!.id, titulo: 'Mi contrato' });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toContain('Categoría');
    const r2 = await subirCliente(portal.tomas, { id_categoria: dc, titulo: 'Cédula', id_inmueble: ids.inmA });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toContain('Inmueble');
    const antes = await contarDocumentos();
    const r3 = await subirCliente(
      portal.tomas,
      { id_categoria: dc, titulo: 'Cédula' },
      Buffer.from('<html>hola</html>'),
      'cedula.pdf',
    );
    expect(r3.statusCode).toBe(415);
    expect(await contarDocumentos()).toBe(antes);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const d = ok<{ id: number; subido_por_cliente: boolean; archivo: { content_type: string } }>(
      await subirCliente(portal.tomas, { id_categoria: dc, titulo: 'Soporte de pago', id_inmueble: ids.inmB }, png, 'pago.png'),
    );
    subido = d.id;
    expect(d).toMatchObject({ subido_por_cliente: true, archivo: { content_type: 'image/png' } });
    const [n] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from notificacion where tipo_carta = 702 and titulo = 'Documento cargado por Tomás Arrendatario Gil'`,
      ),
    );
    expect(n!.n).toBeGreaterThanOrEqual(1);
    // Staff see it among the clients' uploads; the property's owner does not (it is the tenant's).
    const deClientes = ok<{ items: DocumentoCliente[] }>(
      await as(t.app, admin1).get('/api/zona-clientes/documentos?origen=cliente'),
    );
    expect(deClientes.items.map((x) => [x.titulo, x.tercero, x.inmueble_consecutivo])).toEqual([
      ['Soporte de pago', 'Tomás Arrendatario Gil', 9202],
    ]);
    expect((await as(t.app, portal.otra).get(`/api/portal/documentos/${subido}/archivo`)).statusCode).toBe(404);
    expect((await as(t.app, portal.tomas).get(`/api/portal/documentos/${subido}/archivo`)).statusCode).toBe(200);
  });

  it('a category in use cannot be deleted; staff stop sharing a document and its file goes', async () => {
    const r = await api(admin1).delete(`/api/maestros/categoriasdocumentosclientes/${cat.Contratos!.id}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('«Contratos»');
    expect(r.json().message).toContain('documentos compartidos con clientes');
    expect((await api(asesor1).delete(`/api/zona-clientes/documentos/${contrato.id}`)).statusCode).toBe(403);
    ok(await api(admin1).delete(`/api/zona-clientes/documentos/${contrato.id}`));
    await waitAfterCommit();
    expect((await as(t.app, portal.tomas).get(`/api/portal/documentos/${contrato.id}/archivo`)).statusCode).toBe(404);
    const tomas = ok<DocumentosPortal>(await as(t.app, portal.tomas).get('/api/portal/documentos'));
    expect(tomas.documentos.map((d) => d.titulo).sort()).toEqual(['Factura noviembre', 'Soporte de pago']);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from auditoria where entidad = 'documento_cliente'`),
    );
    expect(aud!.n).toBeGreaterThanOrEqual(4);
  });
});
