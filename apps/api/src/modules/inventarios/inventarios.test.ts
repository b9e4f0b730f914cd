import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type {
  CategoriaConItems,
  Comparacion,
  Inventario,
  InventarioFila,
  Plantilla,
  PlantillaConCategorias,
} from '@predio/contract/inventarios';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sin496: string;
let consecutivo: number;
let consecutivo2: number;
let firmaPng: string;
let foto: Buffer;

const pedir = (token: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
const ok = <T>(r: LightMyRequestResponse): T => {
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as T;
};
const error = (r: LightMyRequestResponse, status: number, texto?: string) => {
  expect(r.statusCode, r.body).toBe(status);
  const m = r.json().message as string;
  if (texto) expect(m).toContain(texto);
  return m;
};
const subirFoto = (token: string, idDetalle: number, data: Buffer, filename = 'foto.jpg') => {
  const body = multipart({ filename, contentType: 'application/octet-stream', data });
  return t.app.inject({
    method: 'POST',
    url: `/api/archivos/inventario_detalle/${idDetalle}?categoria=foto`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
};
const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
/** The PDF's text with its line breaks as spaces (table cells wrap). */
const texto = (pdf: Buffer) =>
  execFileSync(pdftotext!, ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

async function nuevoInmueble(token: string, empresa: number, direccion: string): Promise<number> {
  const [m] = await t.db.tenant(empresa, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`),
  );
  const r = await as(t.app, token).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion,
    id_municipio: m!.id,
    canon: 2_000_000,
  });
  return ok<{ consecutivo: number }>(r).consecutivo;
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'sin496', nroId: '80496', permisos: '490,491' });
  sin496 = await login(t.app, { idEmpresa: 1, usuario: 'sin496', clave: 'demo1234' });
  consecutivo = await nuevoInmueble(admin1, 1, 'Calle 10 # 43-20 Apto 301');
  consecutivo2 = await nuevoInmueble(admin2, 2, 'Carrera 7 # 1-1');
  const firma = await sharp({
    create: { width: 300, height: 120, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="120"><path d="M10 100 C 80 10, 150 10, 290 90" stroke="black" stroke-width="4" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  firmaPng = `data:image/png;base64,${firma.toString('base64')}`;
  foto = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

describe('plantillas de inventario (10593)', () => {
  let plantilla: Plantilla;
  it('a new company starts with the suggested templates: apartamento with its spaces in order', async () => {
    const ps = ok<Plantilla[]>(await pedir(admin1, 'GET', '/api/inventarios/plantillas'));
    expect(ps.map((p) => p.nombre)).toEqual(['Apartamento', 'Casa', 'Local comercial', 'Oficina']);
    plantilla = ps[0]!;
    const c = ok<PlantillaConCategorias>(await pedir(admin1, 'GET', `/api/inventarios/plantillas/${plantilla.id}/categorias`));
    expect(c.categorias.map((x) => x.nombre).slice(0, 6)).toEqual([
      'Sala',
      'Comedor',
      'Cocina',
      'Alcoba 1',
      'Alcoba 2',
      'Baño 1',
    ]);
    const cocina = c.categorias.find((x) => x.nombre === 'Cocina')!;
    const items = ok<CategoriaConItems>(await pedir(admin1, 'GET', `/api/inventarios/categorias/${cocina.id}/items`));
    expect(items.items.map((i) => i.nombre)).toContain('Lavaplatos y grifería');
    expect(items.plantilla.nombre).toBe('Apartamento');
  });

  it('builds a template with the wizard, adds and orders spaces and items', async () => {
    const p = ok<Plantilla>(
      await pedir(admin1, 'POST', '/api/inventarios/plantillas/asistente', {
        nombre: 'Apartaestudio',
        tipo_inmueble: 'apartaestudio',
        categorias: [
          { nombre: 'Espacio principal', items: [{ nombre: 'Pisos' }, { nombre: 'Paredes' }] },
          { nombre: 'Baño', cantidad: 1, repetible: true, items: [{ nombre: 'Sanitario' }] },
        ],
      }),
    );
    expect(p).toMatchObject({ categorias: 2, items: 3 });
    const cat = ok<{ id: number }>(
      await pedir(admin1, 'POST', `/api/inventarios/plantillas/${p.id}/categorias`, { nombre: 'Cocineta' }),
    );
    const c = ok<PlantillaConCategorias>(await pedir(admin1, 'GET', `/api/inventarios/plantillas/${p.id}/categorias`));
    const ids = c.categorias.map((x) => x.id).reverse();
    const ordenadas = ok<{ nombre: string }[]>(
      await pedir(admin1, 'PUT', `/api/inventarios/plantillas/${p.id}/categorias/orden`, { ids }),
    );
    expect(ordenadas.map((x) => x.nombre)).toEqual(['Cocineta', 'Baño', 'Espacio principal']);
    const item = ok<{ id: number }>(
      await pedir(admin1, 'POST', `/api/inventarios/categorias/${cat.id}/items`, { nombre: 'Mesón' }),
    );
    ok(await pedir(admin1, 'POST', `/api/inventarios/categorias/${cat.id}/items`, { nombre: 'Llaves', tipo: 'llaves' }));
    const its = ok<{ nombre: string; tipo: string }[]>(
      await pedir(admin1, 'PUT', `/api/inventarios/categorias/${cat.id}/items/orden`, {
        ids: [
          ...ok<CategoriaConItems>(await pedir(admin1, 'GET', `/api/inventarios/categorias/${cat.id}/items`)).items.map(
            (i) => i.id,
          ),
        ].reverse(),
      }),
    );
    expect(its).toMatchObject([{ nombre: 'Llaves', tipo: 'llaves' }, { nombre: 'Mesón' }]);
    ok(await pedir(admin1, 'DELETE', `/api/inventarios/items/${item.id}`));
    ok(await pedir(admin1, 'DELETE', `/api/inventarios/plantillas/${p.id}`));
  });

  it('bad input: 400 naming the field; a repeated name; an item of another template in an order', async () => {
    error(await pedir(admin1, 'POST', '/api/inventarios/plantillas', { nombre: '  ' }), 400, 'Nombre');
    error(await pedir(admin1, 'POST', '/api/inventarios/plantillas/asistente', { nombre: 'X', categorias: [] }), 400, 'Espacios');
    error(
      await pedir(admin1, 'POST', `/api/inventarios/categorias/999999/items`, { nombre: 'Pisos', tipo: 'color' }),
      400,
      'Tipo',
    );
    error(await pedir(admin1, 'POST', '/api/inventarios/plantillas', { nombre: 'Apartamento' }), 409, 'Apartamento');
    const c = ok<PlantillaConCategorias>(await pedir(admin1, 'GET', `/api/inventarios/plantillas/${plantilla.id}/categorias`));
    const otra = ok<Plantilla[]>(await pedir(admin1, 'GET', '/api/inventarios/plantillas'))[1]!;
    const ajena = ok<PlantillaConCategorias>(await pedir(admin1, 'GET', `/api/inventarios/plantillas/${otra.id}/categorias`))
      .categorias[0]!;
    const ids = [...c.categorias.slice(1).map((x) => x.id), ajena.id];
    error(
      await pedir(admin1, 'PUT', `/api/inventarios/plantillas/${plantilla.id}/categorias/orden`, { ids }),
      400,
      'no pertenece',
    );
  });

  it('403 without idm 10593; another company sees its own templates and 404 on ours', async () => {
    error(await pedir(sin496, 'GET', '/api/inventarios/plantillas'), 403);
    error(await pedir(admin2, 'GET', `/api/inventarios/plantillas/${plantilla.id}/categorias`), 404);
    error(await pedir(admin2, 'DELETE', `/api/inventarios/plantillas/${plantilla.id}`), 404);
    const ps2 = ok<Plantilla[]>(await pedir(admin2, 'GET', '/api/inventarios/plantillas'));
    expect(ps2.every((p) => p.id !== plantilla.id)).toBe(true);
  });
});

describe('inventarios (496): take, sign, close, compare', () => {
  let entrega: Inventario;
  let devolucion: Inventario;
  const item = (v: Inventario, espacio: string, nombre: string) =>
    v.espacios.find((s) => s.nombre === espacio)!.detalles.find((d) => d.nombre === nombre)!;

  it('creates an entrega of a property from the default template', async () => {
    const { plantillas } = ok<{ plantillas: { id: number; nombre: string }[] }>(
      await pedir(admin1, 'GET', '/api/inventarios/opciones'),
    );
    const apto = plantillas.find((p) => p.nombre === 'Apartamento')!;
    entrega = ok<Inventario>(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: consecutivo,
        tipo: 'entrega',
        fecha: '2026-11-20',
        id_plantilla: apto.id,
      }),
    );
    expect(entrega).toMatchObject({ estado: 'borrador', tipo: 'entrega', plantilla: 'Apartamento', tomado_por: 'admin' });
    expect(entrega.inmueble.consecutivo).toBe(consecutivo);
    expect(entrega.espacios[0]!.nombre).toBe('Sala');
    expect(entrega.avance.hechos).toBe(0);
  });

  it('saves answers idempotently; no conforme needs a comment; repeats a space', async () => {
    const paredes = item(entrega, 'Sala', 'Paredes');
    const url = `/api/inventarios/${entrega.id}/detalles/${paredes.id}`;
    ok(await pedir(admin1, 'PATCH', url, { estado: 'no_conforme' }));
    const sinComentario = ok<Inventario>(await pedir(admin1, 'GET', `/api/inventarios/${entrega.id}`));
    expect(item(sinComentario, 'Sala', 'Paredes')).toMatchObject({ estado: 'no_conforme', comentario: '' });
    expect(error(await pedir(admin1, 'POST', `/api/inventarios/${entrega.id}/cerrar`), 400)).toContain(
      '«Paredes»: escriba un comentario',
    );
    for (let i = 0; i < 2; i++)
      ok(await pedir(admin1, 'PATCH', url, { estado: 'no_conforme', comentario: 'Mancha de humedad junto a la ventana' }));
    error(await pedir(admin1, 'PATCH', url, { estado: 'regular' }), 400, 'Estado');
    error(await pedir(admin1, 'PATCH', url, { costo: 1000 }), 400, 'devolución');
    const llaves = item(entrega, 'Llaves y controles', 'Llaves de la puerta principal');
    ok(await pedir(admin1, 'PATCH', `/api/inventarios/${entrega.id}/detalles/${llaves.id}`, { cantidad: 3 }));
    const luz = item(entrega, 'Medidores', 'Contador de energía');
    ok(await pedir(admin1, 'PATCH', `/api/inventarios/${entrega.id}/detalles/${luz.id}`, { lectura: '012345' }));
    const alcoba2 = entrega.espacios.find((s) => s.nombre === 'Alcoba 2')!;
    const v = ok<Inventario>(await pedir(admin1, 'POST', `/api/inventarios/${entrega.id}/espacios`, { copiar_de: alcoba2.id }));
    expect(v.espacios.map((s) => s.nombre)).toContain('Alcoba 3');
    const otro = ok<Inventario>(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: consecutivo,
        tipo: 'periodico',
        fecha: '2026-11-21',
        id_plantilla: await plantillaId(),
      }),
    );
    error(
      await pedir(admin1, 'PATCH', `/api/inventarios/${entrega.id}/detalles/${otro.espacios[0]!.detalles[0]!.id}`, {
        estado: 'conforme',
      }),
      404,
    );
    ok(await pedir(admin1, 'DELETE', `/api/inventarios/${otro.id}`));
  });

  async function plantillaId(): Promise<number> {
    return ok<Plantilla[]>(await pedir(admin1, 'GET', '/api/inventarios/plantillas'))[0]!.id;
  }

  it('takes photos of an item; a file that is not an image is refused', async () => {
    const paredes = item(entrega, 'Sala', 'Paredes');
    ok(await subirFoto(admin1, paredes.id, foto));
    error(await subirFoto(admin1, paredes.id, Buffer.from('%PDF-1.4 no soy una foto'), 'x.jpg'), 415, 'imagen');
    error(await subirFoto(admin2, paredes.id, foto), 404);
    error(await subirFoto(sin496, paredes.id, foto), 403);
  });

  it('bad input on creation: field named; a devolución needs a closed entrega', async () => {
    error(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: consecutivo,
        tipo: 'entrega',
        fecha: '2026-02-30',
      }),
      400,
      'Fecha',
    );
    error(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: consecutivo,
        tipo: 'mudanza',
        fecha: '2026-11-20',
      }),
      400,
      'Tipo de inventario',
    );
    error(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: consecutivo,
        tipo: 'entrega',
        fecha: '2026-11-20',
      }),
      400,
      'Plantilla',
    );
    error(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: 999_999,
        tipo: 'entrega',
        fecha: '2026-11-20',
        id_plantilla: 1,
      }),
      400,
      'inmueble 999999',
    );
    error(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: consecutivo,
        tipo: 'devolucion',
        fecha: '2026-11-20',
      }),
      400,
      'entrega cerrado',
    );
  });

  it('refuses to close while items lack an estado or signatures are missing; signs', async () => {
    const m = error(await pedir(admin1, 'POST', `/api/inventarios/${entrega.id}/cerrar`), 400, 'no tiene estado');
    expect(m).toContain('firma');
    error(
      await pedir(admin1, 'PUT', `/api/inventarios/${entrega.id}/firmas/arrendatario`, {
        nombre: 'Ana',
        imagen: 'data:image/png;base64,AAAA',
      }),
      400,
      'Firma',
    );
    error(
      await pedir(admin1, 'PUT', `/api/inventarios/${entrega.id}/firmas/vecino`, { nombre: 'Ana', imagen: firmaPng }),
      400,
      'rol',
    );
    error(
      await pedir(admin1, 'PUT', `/api/inventarios/${entrega.id}/firmas/arrendatario`, {
        nombre: 'Ana',
        email: 'ana@',
        imagen: firmaPng,
      }),
      400,
      'Correo',
    );
    ok(
      await pedir(admin1, 'PUT', `/api/inventarios/${entrega.id}/firmas/arrendatario`, {
        nombre: 'Ana Arrendataria',
        documento: '43111222',
        email: 'ana@correo.co',
        imagen: firmaPng,
      }),
    );
    ok(
      await pedir(admin1, 'PUT', `/api/inventarios/${entrega.id}/firmas/inmobiliaria`, {
        nombre: 'Pedro Agente',
        imagen: firmaPng,
      }),
    );
    // Everything else conforme, in one request per item as the phone sends them.
    const v = ok<Inventario>(await pedir(admin1, 'GET', `/api/inventarios/${entrega.id}`));
    for (const s of v.espacios)
      for (const d of s.detalles)
        if (d.tipo === 'estado' && !d.estado)
          ok(await pedir(admin1, 'PATCH', `/api/inventarios/${v.id}/detalles/${d.id}`, { estado: 'conforme' }));
  });

  it('closes: the PDF is filed with its hash and holds the items, estados and signers; then read-only', async () => {
    entrega = ok<Inventario>(await pedir(admin1, 'POST', `/api/inventarios/${entrega.id}/cerrar`));
    expect(entrega.estado).toBe('cerrado');
    const r = await pedir(admin1, 'GET', `/api/inventarios/${entrega.id}/pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/pdf');
    expect(createHash('sha256').update(r.rawPayload).digest('hex')).toBe(entrega.pdf_sha256);
    const archivos = ok<{ id: number }[]>(await pedir(admin1, 'GET', `/api/archivos/inventario/${entrega.id}?categoria=pdf`));
    expect(archivos.map((a) => a.id)).toEqual([entrega.id_archivo_pdf]);
    if (pdftotext) {
      const s = texto(r.rawPayload);
      expect(s).toContain(`Inventario N° ${entrega.consecutivo}`);
      expect(s).toContain('Mancha de humedad');
      expect(s).toContain('No conforme');
      expect(s).toContain('Conforme');
      expect(s).toContain('Ana Arrendataria');
      expect(s).toContain('Pedro Agente');
      expect(s).toContain('Calle 10 # 43-20');
    }
    const paredes = item(entrega, 'Sala', 'Paredes');
    error(
      await pedir(admin1, 'PATCH', `/api/inventarios/${entrega.id}/detalles/${paredes.id}`, { estado: 'conforme' }),
      409,
      'cerrado',
    );
    error(await subirFoto(admin1, paredes.id, foto), 409, 'cerrado');
    error(await pedir(admin1, 'DELETE', `/api/inventarios/${entrega.id}`), 409, 'cerrado');
    error(await pedir(admin1, 'POST', `/api/inventarios/${entrega.id}/cerrar`), 409, 'cerrado');
  });

  it('a devolución starts as a copy of the entrega and compares item by item with costs', async () => {
    devolucion = ok<Inventario>(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: consecutivo,
        tipo: 'devolucion',
        fecha: '2026-11-25',
      }),
    );
    expect(devolucion.origen?.id).toBe(entrega.id);
    expect(item(devolucion, 'Sala', 'Paredes')).toMatchObject({
      estado: 'no_conforme',
      comentario: 'Mancha de humedad junto a la ventana',
    });
    const puertas = item(devolucion, 'Cocina', 'Puertas');
    ok(
      await pedir(admin1, 'PATCH', `/api/inventarios/${devolucion.id}/detalles/${puertas.id}`, {
        estado: 'no_conforme',
        comentario: 'Puerta rayada',
        costo: 150_000,
        responsable: 'arrendatario',
      }),
    );
    const llaves = item(devolucion, 'Llaves y controles', 'Llaves de la puerta principal');
    ok(
      await pedir(admin1, 'PATCH', `/api/inventarios/${devolucion.id}/detalles/${llaves.id}`, {
        cantidad: 2,
        costo: 40_000,
        responsable: 'arrendatario',
      }),
    );
    const c = ok<Comparacion>(await pedir(admin1, 'GET', `/api/inventarios/${devolucion.id}/comparacion`));
    const dif = c.filas.filter((f) => f.diferente);
    expect(dif.map((f) => `${f.espacio}/${f.nombre}`)).toEqual([
      'Cocina/Puertas',
      'Llaves y controles/Llaves de la puerta principal',
    ]);
    expect(dif[0]!.antes?.estado).toBe('conforme');
    expect(c.totales).toEqual({ arrendatario: 190_000, propietario: 0, desgaste: 0 });
    expect(c.filas.find((f) => f.nombre === 'Paredes' && f.espacio === 'Sala')!.antes!.fotos).toHaveLength(1);
    error(await pedir(admin1, 'GET', `/api/inventarios/${entrega.id}/comparacion`), 400, 'devolución');
    if (pdftotext) {
      const s = texto((await pedir(admin1, 'GET', `/api/inventarios/${devolucion.id}/acta`)).rawPayload);
      expect(s).toContain('Acta de restitución');
      expect(s).toContain('Puerta rayada');
      expect(s).toContain('Arrendatario: $ 190.000');
    }
  });

  it('lists with filters, exports, shows a property its inventories; 403 and other company', async () => {
    const l = ok<{ items: InventarioFila[]; total: number }>(
      await pedir(admin1, 'GET', `/api/inventarios?consecutivo_inmueble=${consecutivo}&tipo=entrega&estado=cerrado`),
    );
    expect(l.items.map((v) => v.id)).toEqual([entrega.id]);
    const todos = ok<{ items: InventarioFila[] }>(await pedir(admin1, 'GET', `/api/inventarios?q=calle 10&sort=fecha&order=asc`));
    expect(todos.items.map((v) => v.id)).toEqual([entrega.id, devolucion.id]);
    error(await pedir(admin1, 'GET', '/api/inventarios?tipo=mudanza'), 400, 'tipo');
    error(await pedir(admin1, 'GET', '/api/inventarios?desde=2026-13-01'), 400, 'desde');
    const x = await pedir(admin1, 'GET', `/api/inventarios/exportar?formato=csv&consecutivo_inmueble=${consecutivo}`);
    expect(x.statusCode).toBe(200);
    expect(x.body).toContain('Recepción / devolución');
    const deInm = ok<InventarioFila[]>(await pedir(admin1, 'GET', `/api/inventarios/inmueble/${consecutivo}`));
    expect(deInm).toHaveLength(2);
    error(await pedir(sin496, 'GET', '/api/inventarios'), 403);
    error(await pedir(sin496, 'POST', `/api/inventarios/${devolucion.id}/cerrar`), 403);
    error(await pedir(admin2, 'GET', `/api/inventarios/${entrega.id}`), 404);
    error(await pedir(admin2, 'GET', `/api/inventarios/${entrega.id}/pdf`), 404);
    error(await pedir(admin2, 'PATCH', `/api/inventarios/${devolucion.id}/detalles/1`, { estado: 'conforme' }), 404);
    error(await pedir(admin2, 'GET', `/api/archivos/inventario/${entrega.id}?categoria=pdf`), 404);
    expect(ok<{ items: unknown[] }>(await pedir(admin2, 'GET', '/api/inventarios')).items).toEqual([]);
    const ajena = await plantillaId();
    error(
      await pedir(admin2, 'POST', '/api/inventarios', {
        consecutivo_inmueble: consecutivo2,
        tipo: 'entrega',
        fecha: '2026-11-20',
        id_plantilla: ajena,
      }),
      400,
      `plantilla ${ajena} no existe`,
    );
  });
});
