import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { queryRows } from '../../db/rows.ts';
import { exigirInmuebles } from '../clientes/clientes-envio.service.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let consulta1: string;
let ref: { municipio: number; tercero: number; causal: number };

beforeAll(async () => {
  t = await createTestApp();
  await crearUsuario(t.db, 1, { usuario: 'consulta', nroId: '1010101010', permisos: '491' });
  [admin1, asesor1, admin2, consulta1] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
    login(t.app, { idEmpresa: 1, usuario: 'consulta', clave: 'demo1234' }),
  ]);
  const [r] = await t.db.tenant(1, (tx) =>
    queryRows<typeof ref>(
      tx,
      sql`select (select id from municipios order by id limit 1) as municipio,
                 (select id from terceros order by id limit 1) as tercero,
                 (select id from causales_retiro order by id limit 1) as causal`,
    ),
  );
  ref = r!;
});
afterAll(() => t.close());

const crear = async (direccion = 'Calle 10 # 43-20 Apto 501'): Promise<{ consecutivo: number; version: number }> => {
  const r = await as(t.app, admin1).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion,
    id_municipio: ref.municipio,
    canon: 2_500_000,
    propietarios: [{ id_tercero: ref.tercero, porcentaje: 100 }],
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { consecutivo: number; version: number };
};
const eliminar = (token: string, consecutivo: number, body: unknown) =>
  as(t.app, token).post(`/api/inmuebles/${consecutivo}/eliminar`, body);
const motivo = 'Creado dos veces por error; el bueno es el siguiente';
function rechazo(r: LightMyRequestResponse, status: number): string {
  expect(r.statusCode, r.body).toBe(status);
  return r.json().message as string;
}
const existe = async (idEmpresa: number, consecutivo: number) =>
  (
    await t.db.tenant(idEmpresa, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from inmueble where consecutivo = ${consecutivo}`),
    )
  )[0]!.n === 1;

describe('eliminar inmueble', () => {
  it('deletes a property entered by mistake with its photos and documents, audits it, and never reuses the number', async () => {
    const { consecutivo, version } = await crear('Carrera 80 # 12-34 (duplicado)');
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa5533' } })
      .jpeg()
      .toBuffer();
    const subir = (ruta: string, m: { payload: Buffer; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/inmuebles/${consecutivo}/${ruta}`,
        payload: m.payload,
        headers: { ...m.headers, authorization: `Bearer ${admin1}` },
      });
    const f = await subir('fotos', multipart({ filename: 'fachada.jpg', contentType: 'image/jpeg', data: jpeg }));
    expect(f.statusCode, f.body).toBe(200);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const d = await subir(
      'documentos',
      multipart({ filename: 'certificado.pdf', contentType: 'application/pdf', data: pdf }, { descripcion: 'Tradición' }),
    );
    expect(d.statusCode, d.body).toBe(200);
    const claves = await t.db.tenant(1, (tx) =>
      queryRows<{ clave: string }>(
        tx,
        sql`select unnest(array_remove(array[a.clave, a.clave_miniatura], null)) as clave
            from archivo a join inmueble i on a.tipo_dueno = 'inmueble' and a.id_dueno = i.id::text
            where i.consecutivo = ${consecutivo}`,
      ),
    );
    expect(claves).toHaveLength(3);
    for (const c of claves) expect(await t.deps.storage.get(c.clave)).not.toBeNull();
    // The administrator has it open (the form takes the lock): that is no obstacle.
    expect((await as(t.app, admin1).post(`/api/inmuebles/${consecutivo}/bloqueo`, {})).statusCode).toBe(200);

    const r = await eliminar(admin1, consecutivo, { version, motivo });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ consecutivo, fotos: 1, documentos: 1 });

    expect((await as(t.app, admin1).get(`/api/inmuebles/${consecutivo}`)).statusCode).toBe(404);
    // The files go once the deletion has committed.
    await vi.waitFor(async () => {
      for (const c of claves) expect(await t.deps.storage.get(c.clave)).toBeNull();
    });
    const [rastro] = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string; usuario: string; cambios: Record<string, { antes: unknown; despues: unknown }> }>(
        tx,
        sql`select accion, usuario, cambios from auditoria
            where entidad = 'inmuebles' and entidad_id = ${String(consecutivo)} order by id desc limit 1`,
      ),
    );
    expect(rastro).toMatchObject({ accion: 'eliminar', usuario: 'admin' });
    expect(rastro!.cambios.direccion).toEqual({ antes: 'Carrera 80 # 12-34 (duplicado)', despues: null });
    expect(rastro!.cambios.canon).toEqual({ antes: 2_500_000, despues: null });
    expect(rastro!.cambios.fotos).toEqual({ antes: ['fachada.jpg'], despues: null });
    expect(rastro!.cambios.documentos).toEqual({ antes: ['certificado.pdf'], despues: null });
    expect(rastro!.cambios.motivo).toEqual({ antes: null, despues: motivo });
    const bloqueos = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from edit_lock where recurso = 'inmueble' and clave = ${String(consecutivo)}`,
      ),
    );
    expect(bloqueos[0]!.n).toBe(0);
    // Modificaciones de inmuebles shows the deletion with its reason.
    const m = await as(t.app, admin1).get(`/api/inmuebles-utilidades/modificaciones?consecutivo=${consecutivo}&accion=eliminar`);
    expect(m.statusCode, m.body).toBe(200);
    expect(JSON.stringify(m.json().data.items)).toContain(motivo);

    const siguiente = await crear();
    expect(siguiente.consecutivo).toBe(consecutivo + 1);
  });

  it('is for company administrators: an asesor with 490 and a user with 491 only are refused', async () => {
    const { consecutivo, version } = await crear();
    expect(rechazo(await eliminar(asesor1, consecutivo, { version, motivo }), 403)).toBe(
      'Solo un administrador de la empresa puede eliminar inmuebles.',
    );
    expect(rechazo(await eliminar(consulta1, consecutivo, { version, motivo }), 403)).toBe('No tiene permiso para esta opción.');
    expect(await existe(1, consecutivo)).toBe(true);
  });

  it("cannot reach another company's property", async () => {
    const { consecutivo, version } = await crear();
    expect(await existe(2, consecutivo)).toBe(false);
    expect(rechazo(await eliminar(admin2, consecutivo, { version, motivo }), 404)).toContain(`El inmueble ${consecutivo}`);
    expect(await existe(1, consecutivo)).toBe(true);
  });

  it('names the field of bad input', async () => {
    const { consecutivo, version } = await crear();
    expect(rechazo(await eliminar(admin1, consecutivo, { version }), 400)).toContain('Motivo');
    expect(rechazo(await eliminar(admin1, consecutivo, { version, motivo: '   ' }), 400)).toContain('Motivo');
    expect(rechazo(await eliminar(admin1, consecutivo, { version, motivo: 'x'.repeat(501) }), 400)).toContain('Motivo');
    expect(rechazo(await eliminar(admin1, consecutivo, { version: 'uno', motivo }), 400)).toContain('Versión');
    expect(rechazo(await eliminar(admin1, 999_999, { version: 1, motivo }), 404)).toContain('El inmueble 999999');
    expect(await existe(1, consecutivo)).toBe(true);
  });

  it('refuses a stale version, and a property someone else is editing', async () => {
    const { consecutivo, version } = await crear();
    expect(rechazo(await eliminar(admin1, consecutivo, { version: version + 1, motivo }), 409)).toContain(
      'modificado por otro usuario',
    );
    expect((await as(t.app, asesor1).post(`/api/inmuebles/${consecutivo}/bloqueo`, {})).statusCode).toBe(200);
    expect(rechazo(await eliminar(admin1, consecutivo, { version, motivo }), 409)).toMatch(/lo está editando asesor desde/);
    expect(await existe(1, consecutivo)).toBe(true);
  });

  it('keeps a property that is or was reserved, rented or sold, and one with requests or fichas sent', async () => {
    const arrendado = await crear();
    const e = await as(t.app, admin1).post(`/api/inmuebles/${arrendado.consecutivo}/estado`, { estado: 'arrendado' });
    expect(e.statusCode, e.body).toBe(200);
    expect(rechazo(await eliminar(admin1, arrendado.consecutivo, { version: e.json().data.version, motivo }), 409)).toBe(
      `El inmueble ${arrendado.consecutivo} está arrendado: un inmueble que está o estuvo reservado, arrendado o vendido no se elimina; conserva su historia y sus documentos.`,
    );
    // Withdrawn afterwards, it still had business: its history and documents stay.
    const r = await as(t.app, admin1).post(`/api/inmuebles/${arrendado.consecutivo}/estado`, {
      estado: 'retirado',
      causal: ref.causal,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(rechazo(await eliminar(admin1, arrendado.consecutivo, { version: r.json().data.version, motivo }), 409)).toBe(
      `El inmueble ${arrendado.consecutivo} estuvo arrendado: un inmueble que está o estuvo reservado, arrendado o vendido no se elimina; conserva su historia y sus documentos.`,
    );
    const reservado = await crear();
    const rs = await as(t.app, admin1).post(`/api/inmuebles/${reservado.consecutivo}/estado`, { estado: 'reservado' });
    expect(rechazo(await eliminar(admin1, reservado.consecutivo, { version: rs.json().data.version, motivo }), 409)).toContain(
      'está reservado',
    );

    const pedido = await crear();
    const s = await as(t.app, admin1).post('/api/solicitudes', {
      canal: 'telefono',
      tipo: 'arrendar',
      id_tercero: ref.tercero,
      consecutivo_inmueble: pedido.consecutivo,
      mensaje: 'Preguntó por el apartamento y quiere verlo el sábado.',
    });
    expect(s.statusCode, s.body).toBe(200);
    expect(rechazo(await eliminar(admin1, pedido.consecutivo, { ...pedido, motivo }), 409)).toBe(
      `El inmueble ${pedido.consecutivo} figura en la solicitud N.º ${s.json().data.numero}: no se puede eliminar. Si ya no se ofrece, cámbielo a retirado con una causal.`,
    );

    const enviado = await crear();
    const c = await as(t.app, admin1).post('/api/clientes-atendidos', {
      id_tercero: ref.tercero,
      gestion: 'arriendo',
      tipos: ['apartamento'],
    });
    expect(c.statusCode, c.body).toBe(200);
    await t.db.tenant(1, (tx) =>
      tx.execute(
        sql`insert into cliente_atendido_envio (id_cliente, id_inmueble, para, usuario)
            select c.id, i.id, 'cliente@correo-ejemplo.co', 'admin' from cliente_atendido c, inmueble i
            where c.consecutivo = ${c.json().data.consecutivo} and i.consecutivo = ${enviado.consecutivo}`,
      ),
    );
    expect(rechazo(await eliminar(admin1, enviado.consecutivo, { ...enviado, motivo }), 409)).toBe(
      `La ficha del inmueble ${enviado.consecutivo} se envió por correo a clientes atendidos (1 envío): no se puede eliminar. Si ya no se ofrece, cámbielo a retirado con una causal.`,
    );
    for (const n of [arrendado, reservado, pedido, enviado]) expect(await existe(1, n.consecutivo)).toBe(true);

    // Withdrawn, the property with a request is still kept, and no longer told to withdraw.
    const retirar = await as(t.app, admin1).post(`/api/inmuebles/${pedido.consecutivo}/estado`, {
      estado: 'retirado',
      causal: ref.causal,
    });
    expect(retirar.statusCode, retirar.body).toBe(200);
    expect(rechazo(await eliminar(admin1, pedido.consecutivo, { version: retirar.json().data.version, motivo }), 409)).toBe(
      `El inmueble ${pedido.consecutivo} figura en la solicitud N.º ${s.json().data.numero}: no se puede eliminar.`,
    );
  });

  it('a ficha being sent when its property is deleted is not queued', async () => {
    const queda = await crear();
    const borrado = await crear();
    expect((await eliminar(admin1, borrado.consecutivo, { version: borrado.version, motivo })).statusCode).toBe(200);
    // The second step of a sending (enviar-inmuebles, enviar-a-clientes) checks them again.
    const e = await as(t.app, admin1).post(`/api/inmuebles/${queda.consecutivo}/estado`, { estado: 'disponible' });
    expect(e.statusCode, e.body).toBe(200);
    await t.db.tenant(1, (tx) => exigirInmuebles(tx, [queda.consecutivo]));
    await expect(t.db.tenant(1, (tx) => exigirInmuebles(tx, [queda.consecutivo, borrado.consecutivo]))).rejects.toThrow(
      `El inmueble ${borrado.consecutivo} se eliminó mientras se preparaba el envío: no se envió nada.`,
    );
    // Rented meanwhile: not sent either.
    const r = await as(t.app, admin1).post(`/api/inmuebles/${queda.consecutivo}/estado`, { estado: 'arrendado' });
    expect(r.statusCode, r.body).toBe(200);
    await expect(t.db.tenant(1, (tx) => exigirInmuebles(tx, [queda.consecutivo]))).rejects.toThrow(
      `El inmueble ${queda.consecutivo} dejó de estar disponible (arrendado) mientras se preparaba el envío: no se envió nada.`,
    );
  });
});
