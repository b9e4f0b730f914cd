import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type {
  CategoriaConItems,
  Comparacion,
  Inventario,
  InventarioFila,
  InventarioPortal,
  Plantilla,
  TerceroInventario,
  PlantillaConCategorias,
} from '@predio/contract/inventarios';
import { sql } from 'drizzle-orm';
import type { Radicado } from '@predio/contract/gestion-documental';
import { queryRows } from '../../db/rows.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { sellarFirmas } from '../../test/sellar-firmas.ts';
import {
  as,
  clienteDelPortal,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  multipart,
  type TestApp,
  ok,
  error,
  injectAs,
  type Pedir,
} from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sin496: string;
let consecutivo: number;
let consecutivo2: number;
let firmaPng: string;
let foto: Buffer;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
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
    error(await subirFoto(admin1, paredes.id, Buffer.from('%PDF-1.4 no soy una foto'), 'x.jpg'), 415, 'no es una foto');
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

  it('closing a devolución files its PDF and its acta de restitución as two radicados', async () => {
    // Where each is filed is configuration: gestión documental's rule for actas (Subseries automáticas)
    // names área 200 and its serie; the inventory's PDF has no rule and goes to the first active área.
    const [area200] = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from areas_empresa where codigo = '200'`),
    );
    const [serie02] = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from series_documentales where codigo = '02'`),
    );
    ok(
      await pedir(admin1, 'POST', '/api/gestion-documental/subseries-automaticas', {
        origen: 'inventario_acta',
        id_area: area200!.id,
        id_serie: serie02!.id,
      }),
    );
    for (const rol of ['arrendatario', 'propietario'] as const)
      ok(
        await pedir(admin1, 'PUT', `/api/inventarios/${devolucion.id}/firmas/${rol}`, {
          nombre: `Firma ${rol}`,
          imagen: firmaPng,
        }),
      );
    ok(await pedir(admin1, 'POST', `/api/inventarios/${devolucion.id}/cerrar`));
    const runner = await crearTrabajos(t.deps);
    await runner.vuelta();
    await runner.stop();
    const d = ok<Inventario>(await pedir(admin1, 'GET', `/api/inventarios/${devolucion.id}`));
    expect(d.radicacion).toEqual({ estado: 'radicado', error: null });
    const acta = ok<Radicado>(await pedir(admin1, 'GET', `/api/gestion-documental/radicados/${d.radicado_acta!.id}`));
    expect(acta.asunto).toBe(`Acta de restitución — inmueble ${consecutivo}`);
    expect(acta).toMatchObject({ area: { id: area200!.id, codigo: '200' }, serie: { id: serie02!.id } });
    const pdf = ok<Radicado>(await pedir(admin1, 'GET', `/api/gestion-documental/radicados/${d.radicado!.id}`));
    expect(pdf.asunto).toBe(`Inventario de devolución — inmueble ${consecutivo}`);
    expect(pdf).toMatchObject({ area: { codigo: '100' }, serie: null });
    if (pdftotext) {
      const [doc] = ok<{ id: number }[]>(await pedir(admin1, 'GET', `/api/archivos/radicado/${acta.id}`));
      expect(texto((await pedir(admin1, 'GET', `/api/archivos/radicado/${acta.id}/${doc!.id}`)).rawPayload)).toContain(
        'Puerta rayada',
      );
    }
  });
});

describe('partes (terceros), gestión documental, zona clientes and re-encoded photos', () => {
  let ter: { ana: number; olga: number; otro: number; norte: number };
  let inm: number;
  let v: Inventario;
  const tercero = (empresa: number, nombre: string, nro: string, email = '') =>
    t.db.tenant(
      empresa,
      async (tx) =>
        (
          await queryRows<{ id: number }>(
            tx,
            sql`insert into terceros (nro_id, nombre, email) values (${nro}, ${nombre}, ${email}) returning id`,
          )
        )[0]!.id,
    );
  const url = (p = '') => `/api/inventarios/${v.id}${p}`;

  beforeAll(async () => {
    ter = {
      ana: await tercero(1, 'Ana Tercera Arrendataria', '43999001', 'ana.tercera@correo.co'),
      olga: await tercero(1, 'Olga Dueña Restrepo', '43999002', 'olga@correo.co'),
      otro: await tercero(1, 'Otro Cliente Sin Nada', '43999003'),
      norte: await tercero(2, 'Ana del Norte', '43999004'),
    };
    inm = await nuevoInmueble(admin1, 1, 'Avenida Nutibara # 70-15 Casa 4');
    await t.db.tenant(1, (tx) =>
      tx.execute(
        sql`insert into inmueble_propietario (id_inmueble, id_tercero, porcentaje)
            select id, ${ter.olga}, 100 from inmueble where consecutivo = ${inm}`,
      ),
    );
    const apto = ok<Plantilla[]>(await pedir(admin1, 'GET', '/api/inventarios/plantillas'))[0]!;
    v = ok<Inventario>(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: inm,
        tipo: 'entrega',
        fecha: '2026-11-22',
        id_plantilla: apto.id,
      }),
    );
  });

  it('offers terceros as the party picker types; 403 without 496; company 2 does not see ours', async () => {
    const r = ok<TerceroInventario[]>(await pedir(admin1, 'GET', '/api/inventarios/terceros?q=tercera arrendataria'));
    expect(r).toEqual([{ id: ter.ana, nombre: 'Ana Tercera Arrendataria', nro_id: '43999001', email: 'ana.tercera@correo.co' }]);
    expect(ok<TerceroInventario[]>(await pedir(admin1, 'GET', `/api/inventarios/terceros?id=${ter.olga}`))[0]!.nombre).toBe(
      'Olga Dueña Restrepo',
    );
    error(await pedir(sin496, 'GET', '/api/inventarios/terceros?q=ana'), 403);
    expect(ok<TerceroInventario[]>(await pedir(admin2, 'GET', `/api/inventarios/terceros?id=${ter.ana}`))).toEqual([]);
  });

  it('adds the parties present: terceros (copied) and a typed name; bad input names the field; removes one', async () => {
    v = ok<Inventario>(await pedir(admin1, 'POST', url('/partes'), { rol: 'arrendatario', id_tercero: ter.ana }));
    v = ok<Inventario>(await pedir(admin1, 'POST', url('/partes'), { rol: 'propietario', id_tercero: ter.olga }));
    v = ok<Inventario>(
      await pedir(admin1, 'POST', url('/partes'), { rol: 'otro', nombre: 'Luis Vecino Testigo', documento: '9001' }),
    );
    expect(v.partes).toEqual([
      expect.objectContaining({
        rol: 'arrendatario',
        id_tercero: ter.ana,
        nombre: 'Ana Tercera Arrendataria',
        documento: '43999001',
        email: 'ana.tercera@correo.co',
      }),
      expect.objectContaining({ rol: 'propietario', id_tercero: ter.olga, nombre: 'Olga Dueña Restrepo' }),
      expect.objectContaining({ rol: 'otro', id_tercero: null, nombre: 'Luis Vecino Testigo' }),
    ]);
    error(await pedir(admin1, 'POST', url('/partes'), { rol: 'otro' }), 400, 'Nombre');
    error(await pedir(admin1, 'POST', url('/partes'), { rol: 'vecino', nombre: 'X' }), 400, 'Asiste como');
    error(await pedir(admin1, 'POST', url('/partes'), { rol: 'otro', nombre: 'X', email: 'x@' }), 400, 'Correo');
    error(await pedir(admin1, 'POST', url('/partes'), { rol: 'otro', id_tercero: ter.norte }), 400, 'Tercero');
    error(await pedir(admin1, 'POST', url('/partes'), { rol: 'otro', id_tercero: ter.ana }), 400, 'ya está entre las partes');
    error(await pedir(sin496, 'POST', url('/partes'), { rol: 'otro', nombre: 'X' }), 403);
    error(await pedir(admin2, 'POST', url('/partes'), { rol: 'otro', nombre: 'X' }), 404);
    const extra = ok<Inventario>(await pedir(admin1, 'POST', url('/partes'), { rol: 'otro', nombre: 'Se va' }));
    const id = extra.partes.find((p) => p.nombre === 'Se va')!.id;
    error(await pedir(admin2, 'DELETE', url(`/partes/${id}`)), 404);
    v = ok<Inventario>(await pedir(admin1, 'DELETE', url(`/partes/${id}`)));
    expect(v.partes).toHaveLength(3);
    error(await pedir(admin1, 'DELETE', url(`/partes/${id}`)), 404);
  });

  it('re-encodes item photos: no EXIF GPS, upright, at most 2000 px, JPEG; PNG and HEIC accepted; text refused', async () => {
    const d = v.espacios[0]!.detalles[0]!;
    const conGps = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Telefono', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 14/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '75/1 34/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(conGps).metadata()).exif?.includes(Buffer.from('Telefono'))).toBe(true);
    const a = ok<{ id: number; nombre: string; content_type: string }>(await subirFoto(admin1, d.id, conGps, 'IMG_1.jpeg'));
    expect(a).toMatchObject({ nombre: 'IMG_1.jpg', content_type: 'image/jpeg' });
    const bajada = (await pedir(admin1, 'GET', `/api/archivos/inventario_detalle/${d.id}/${a.id}`)).rawPayload;
    const m = await sharp(bajada).metadata();
    expect(m).toMatchObject({ format: 'jpeg', width: 2000, height: 1000 });
    expect(m.exif).toBeUndefined();
    expect(bajada.includes(Buffer.from('Telefono'))).toBe(false);
    // A phone photo held sideways (EXIF orientation 6) comes back upright.
    const girada = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const g = ok<{ id: number }>(await subirFoto(admin1, d.id, girada, 'girada.jpg'));
    const gm = await sharp(
      (await pedir(admin1, 'GET', `/api/archivos/inventario_detalle/${d.id}/${g.id}`)).rawPayload,
    ).metadata();
    expect([gm.width, gm.height, gm.orientation ?? 1]).toEqual([200, 400, 1]);
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    expect(ok<{ content_type: string }>(await subirFoto(admin1, d.id, png, 'plano.png')).content_type).toBe('image/jpeg');
    const heic = readFileSync(new URL('../../test/fixtures/mitades.heic', import.meta.url));
    const h = ok<{ id: number; nombre: string }>(await subirFoto(admin1, d.id, heic, 'IMG_0412.HEIC'));
    expect(h.nombre).toBe('IMG_0412.jpg');
    const hm = await sharp(
      (await pedir(admin1, 'GET', `/api/archivos/inventario_detalle/${d.id}/${h.id}`)).rawPayload,
    ).metadata();
    expect(hm.format).toBe('jpeg');
    error(
      await subirFoto(admin1, d.id, Buffer.from('hola, no soy una foto'.repeat(20)), 'nota.txt'),
      415,
      'el campo Foto del ítem',
    );
  });

  it('closes: the PDF names the parties, they get it by e-mail, and a job files it in gestión documental', async () => {
    for (const s of v.espacios)
      for (const d of s.detalles)
        if (d.tipo === 'estado') ok(await pedir(admin1, 'PATCH', url(`/detalles/${d.id}`), { estado: 'conforme' }));
    ok(await pedir(admin1, 'PUT', url('/firmas/arrendatario'), { nombre: 'Ana Tercera Arrendataria', imagen: firmaPng }));
    ok(await pedir(admin1, 'PUT', url('/firmas/inmobiliaria'), { nombre: 'Pedro Agente', imagen: firmaPng }));
    // Without an active área the filing fails and says why; the inventory closes all the same.
    await t.db.tenant(1, (tx) => tx.execute(sql`update areas_empresa set activo = false`));
    v = ok<Inventario>(await pedir(admin1, 'POST', url('/cerrar')));
    expect(v).toMatchObject({ estado: 'cerrado', radicado: null, radicacion: { estado: 'pendiente', error: null } });
    const correos = await t.db.tenant(1, (tx) =>
      queryRows<{ para: string }>(
        tx,
        sql`select para from correo_salida where origen = 'inventario' and asunto like ${`Inventario N° ${v.consecutivo}:%`}`,
      ),
    );
    expect(correos.map((c) => c.para).sort()).toEqual(['ana.tercera@correo.co', 'olga@correo.co']);
    if (pdftotext) {
      const s = texto((await pedir(admin1, 'GET', url('/pdf'))).rawPayload);
      expect(s).toContain('Partes presentes');
      expect(s).toContain('Arrendatario: Ana Tercera Arrendataria · Documento 43999001');
      expect(s).toContain('Otro asistente: Luis Vecino Testigo');
    }
    const runner = await crearTrabajos(t.deps);
    await runner.vuelta();
    v = ok<Inventario>(await pedir(admin1, 'GET', url()));
    expect(v.radicacion?.error).toContain('no tiene áreas activas');
    await t.db.tenant(1, (tx) => tx.execute(sql`update areas_empresa set activo = true`));
    await t.db.tenant(1, (tx) => tx.execute(sql`update trabajo set ejecutar_en = now() where tipo = 'inventarios.radicar'`));
    const usoAntes = ok<{ bytes: number }>(await pedir(admin1, 'GET', '/api/archivos/uso')).bytes;
    await runner.vuelta();
    await runner.stop();
    // The radicado shares the inventory's stored PDF: the company's used space does not grow.
    expect(ok<{ bytes: number }>(await pedir(admin1, 'GET', '/api/archivos/uso')).bytes).toBe(usoAntes);
    v = ok<Inventario>(await pedir(admin1, 'GET', url()));
    expect(v.radicacion).toEqual({ estado: 'radicado', error: null });
    expect(v.radicado?.radicado).toMatch(/^\d{4}-100-\d{6}-1$/);
    const r = ok<Radicado>(await pedir(admin1, 'GET', `/api/gestion-documental/radicados/${v.radicado!.id}`));
    expect(r).toMatchObject({
      tipo: 'salida',
      fecha: '2026-11-22',
      asunto: `Inventario de entrega — inmueble ${inm}`,
      tercero: { id: ter.ana },
      estado: { nombre: 'Radicado' },
      archivos: 1,
      creado_por: 'admin',
    });
    const [doc] = ok<{ id: number; sha256: string }[]>(await pedir(admin1, 'GET', `/api/archivos/radicado/${r.id}`));
    expect(doc!.sha256).toBe(v.pdf_sha256);
    const pdf = (await pedir(admin1, 'GET', `/api/archivos/radicado/${r.id}/${doc!.id}`)).rawPayload;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(v.pdf_sha256);
    if (pdftotext) expect(texto(pdf)).toContain(`Inventario N° ${v.consecutivo}`);
    // Deleting the radicado's document keeps the bytes the inventory still points at.
    ok(await pedir(admin1, 'DELETE', `/api/archivos/radicado/${r.id}/${doc!.id}`));
    // Storage deletions run after the commit: give them a moment before reading the bytes back.
    await new Promise((listo) => setTimeout(listo, 100));
    const guardado = (await pedir(admin1, 'GET', url('/pdf'))).rawPayload;
    expect(createHash('sha256').update(guardado).digest('hex')).toBe(v.pdf_sha256);
    expect(ok<{ bytes: number }>(await pedir(admin1, 'GET', '/api/archivos/uso')).bytes).toBe(usoAntes);
  });

  it('zona clientes: the tenant party and the owner see it and download the PDF; anyone else 404', async () => {
    ok(
      await pedir(admin1, 'PUT', '/api/zona-clientes/config', {
        activo: true,
        titulo: 'Zona clientes',
        politica: 'Política de datos',
      }),
    );
    const portal = (idTercero: number, email: string) => clienteDelPortal(t, idTercero, email);
    const ana = await portal(ter.ana, 'ana.portal@correo.co');
    const olga = await portal(ter.olga, 'olga.portal@correo.co');
    const otro = await portal(ter.otro, 'otro.portal@correo.co');
    for (const tk of [ana, olga]) {
      const l = ok<InventarioPortal[]>(await pedir(tk, 'GET', '/api/portal/inventarios'));
      expect(l).toEqual([expect.objectContaining({ id: v.id, consecutivo: v.consecutivo, tipo: 'entrega', acta: false })]);
      const r = await pedir(tk, 'GET', `/api/portal/inventarios/${v.id}/pdf`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(createHash('sha256').update(r.rawPayload).digest('hex')).toBe(v.pdf_sha256);
      error(await pedir(tk, 'GET', `/api/portal/inventarios/${v.id}/acta`), 404);
    }
    expect(ok<InventarioPortal[]>(await pedir(otro, 'GET', '/api/portal/inventarios'))).toEqual([]);
    error(await pedir(otro, 'GET', `/api/portal/inventarios/${v.id}/pdf`), 404);
    // The first test's entrega: another property, other parties.
    const ajeno = ok<{ items: InventarioFila[] }>(
      await pedir(admin1, 'GET', `/api/inventarios?consecutivo_inmueble=${consecutivo}`),
    ).items[0]!;
    error(await pedir(ana, 'GET', `/api/portal/inventarios/${ajeno.id}/pdf`), 404);
    // A staff token is not a portal one, and the reverse.
    error(await pedir(admin1, 'GET', '/api/portal/inventarios'), 401);
    error(await pedir(ana, 'GET', url('/pdf')), 401);
  });
});

describe('firma a distancia (firmas electrónicas)', () => {
  let v: Inventario;
  const url = (p = '') => `/api/inventarios/${v.id}${p}`;
  const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  /** The last e-mail queued for an address whose subject or text matches, read from the outbox. */
  const ultimoCorreo = async (para: string, re: RegExp) => {
    const filas = await t.db.tenant(1, (tx) =>
      queryRows<{ asunto: string; texto: string }>(
        tx,
        sql`select asunto, texto from correo_salida where para = ${para} and origen = 'firmas' order by id desc`,
      ),
    );
    for (const f of filas) {
      const m = re.exec(`${f.asunto}\n${f.texto}`);
      if (m) return m[1]!;
    }
    throw new Error(`Sin correo para ${para} que coincida con ${re}`);
  };
  const firmarComo = async (email: string) => {
    const token = await ultimoCorreo(email, /\/firmar\/([A-Za-z0-9_-]{43})/);
    const p = as(t.app, null);
    expect((await p.post(`/api/firmar/${token}/codigo`)).statusCode).toBe(200);
    const codigo = await ultimoCorreo(email, /Su código para firmar: (\d{6})/);
    expect((await p.post(`/api/firmar/${token}/verificar`, { codigo })).statusCode).toBe(200);
    expect((await p.get(`/api/firmar/${token}/pdf`)).statusCode).toBe(200);
    const r = await p.post(`/api/firmar/${token}/firmar`, {
      tipo: 'dibujada',
      imagen: `data:image/png;base64,${PNG_1x1}`,
      texto: '',
      acepto: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { estado_documento: string };
  };

  beforeAll(async () => {
    const inm = await nuevoInmueble(admin1, 1, 'Calle 33 # 80-12 Apto 1102');
    const apto = ok<Plantilla[]>(await pedir(admin1, 'GET', '/api/inventarios/plantillas'))[0]!;
    v = ok<Inventario>(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: inm,
        tipo: 'entrega',
        fecha: '2026-11-27',
        id_plantilla: apto.id,
      }),
    );
    v = ok<Inventario>(await pedir(admin1, 'POST', url('/partes'), { rol: 'otro', nombre: 'Portero Sin Correo' }));
  });

  it('refuses while items lack an estado or no party has an e-mail; 403 without 496; other company 404', async () => {
    expect(v.firma_remota).toBeNull();
    const sinCorreo = error(await pedir(admin1, 'POST', url('/firma-remota'), {}), 400, 'No se puede enviar a firmar');
    expect(sinCorreo).toContain('Ninguna de las partes presentes tiene correo');
    v = ok<Inventario>(
      await pedir(admin1, 'POST', url('/partes'), {
        rol: 'arrendatario',
        nombre: 'Rita Remota Arrendataria',
        documento: '52000111',
        email: 'rita.remota@correo.co',
      }),
    );
    error(await pedir(admin1, 'POST', url('/firma-remota'), {}), 400, 'no tiene estado');
    for (const s of v.espacios)
      for (const d of s.detalles)
        if (d.tipo === 'estado') ok(await pedir(admin1, 'PATCH', url(`/detalles/${d.id}`), { estado: 'conforme' }));
    // The arrendatario alone does not stand for the owner's or the agency's signature.
    error(await pedir(admin1, 'POST', url('/firma-remota'), {}), 400, 'Falta la firma del propietario o de la inmobiliaria');
    v = ok<Inventario>(
      await pedir(admin1, 'POST', url('/partes'), {
        rol: 'propietario',
        nombre: 'Pablo Remoto Propietario',
        documento: '71000222',
        email: 'pablo.remoto@correo.co',
      }),
    );
    error(await pedir(admin1, 'POST', url('/firma-remota'), { vence_dias: 0 }), 400, 'Vence en (días)');
    error(await pedir(sin496, 'POST', url('/firma-remota'), {}), 403);
    error(await pedir(admin2, 'POST', url('/firma-remota'), {}), 404);
  });

  it('sends it: read-only while out; cancelling frees it; sent again and signed by both, the sealed PDF closes it', async () => {
    v = ok<Inventario>(await pedir(admin1, 'POST', url('/firma-remota'), { mensaje: 'Firme el inventario, por favor.' }));
    expect(v.estado).toBe('borrador');
    expect(v.firma_remota).toMatchObject({
      estado: 'enviado',
      firmantes: [
        { nombre: 'Rita Remota Arrendataria', email: 'rita.remota@correo.co', estado: 'pendiente' },
        { nombre: 'Pablo Remoto Propietario', email: 'pablo.remoto@correo.co', estado: 'pendiente' },
      ],
    });
    const detalle = v.espacios[0]!.detalles.find((d) => d.tipo === 'estado')!;
    error(
      await pedir(admin1, 'PATCH', url(`/detalles/${detalle.id}`), { estado: 'no_aplica' }),
      409,
      'firma electrónica a distancia',
    );
    error(await pedir(admin1, 'POST', url('/cerrar')), 409, 'firma electrónica a distancia');
    error(await pedir(admin1, 'POST', url('/firma-remota'), {}), 409, 'firma electrónica a distancia');
    const primero = v.firma_remota!.id_documento;

    v = ok<Inventario>(await pedir(admin1, 'DELETE', url('/firma-remota')));
    expect(v.firma_remota?.estado).toBe('cancelado');
    error(await pedir(admin1, 'DELETE', url('/firma-remota')), 409, 'no hay qué cancelar');
    ok(await pedir(admin1, 'PATCH', url(`/detalles/${detalle.id}`), { estado: 'conforme', comentario: 'Revisado de nuevo' }));

    v = ok<Inventario>(await pedir(admin1, 'POST', url('/firma-remota'), {}));
    expect(v.firma_remota!.id_documento).not.toBe(primero);
    expect((await firmarComo('rita.remota@correo.co')).estado_documento).toBe('enviado');
    v = ok<Inventario>(await pedir(admin1, 'GET', url()));
    expect(v.firma_remota!.firmantes.map((f) => f.estado)).toEqual(['firmado', 'pendiente']);
    expect(v.estado).toBe('borrador');
    expect((await firmarComo('pablo.remoto@correo.co')).estado_documento).toBe('firmado');
    expect(await sellarFirmas(t)).toBe(1);

    v = ok<Inventario>(await pedir(admin1, 'GET', url()));
    expect(v).toMatchObject({ estado: 'cerrado', radicacion: { estado: 'pendiente' }, firma_remota: { estado: 'firmado' } });
    const pdf = (await pedir(admin1, 'GET', url('/pdf'))).rawPayload;
    const sha = createHash('sha256').update(pdf).digest('hex');
    expect(sha).toBe(v.pdf_sha256);
    const doc = ok<{ sha256_firmado: string }>(
      await pedir(admin1, 'GET', `/api/firmas/documentos/${v.firma_remota!.id_documento}`),
    );
    expect(doc.sha256_firmado).toBe(sha);
    // Filed once, as the inventory's: firmas does not file its own copy of the same PDF.
    const trabajos = await t.db.tenant(1, (tx) =>
      queryRows<{ clave: string }>(tx, sql`select clave from trabajo where clave like ${`%radicar:%`} order by id`),
    );
    expect(trabajos.map((x) => x.clave)).toContain(`inventario-radicar:${v.id}:pdf`);
    expect(trabajos.map((x) => x.clave)).not.toContain(`firma-radicar:${v.firma_remota!.id_documento}`);
    if (pdftotext) {
      const s = texto(pdf);
      expect(s).toContain(`Inventario N° ${v.consecutivo}`);
      expect(s).toContain('Rita Remota Arrendataria');
      expect(s).toContain('Pablo Remoto Propietario');
    }
    error(await pedir(admin1, 'PATCH', url(`/detalles/${detalle.id}`), { estado: 'no_aplica' }), 409, 'está cerrado');
  });
});

describe('el contrato del inventario (contratos)', () => {
  let inm: number;
  let otroInm: number;
  let contrato: { id: number; numero: string };
  let otroContrato: { id: number; numero: string };
  let plantilla: number;
  const terceros: Record<string, number> = {};

  beforeAll(async () => {
    await t.db.tenant(1, async (tx) => {
      for (const [doc, nombre, email] of [
        ['71555001', 'Olga Dueña Contrato', 'olga.duena@correo.co'],
        ['1015555002', 'Tomás Inquilino Contrato', 'tomas.inquilino@correo.co'],
        ['1015555003', 'Cecilia Codeudora Contrato', 'cecilia.codeudora@correo.co'],
      ] as const) {
        const [r] = await queryRows<{ id: number }>(
          tx,
          sql`insert into terceros (nro_id, nombre, email) values (${doc}, ${nombre}, ${email}) returning id`,
        );
        terceros[nombre] = r!.id;
      }
    });
    const [m] = await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
    const conDueno = async (direccion: string) =>
      ok<{ consecutivo: number }>(
        await as(t.app, admin1).post('/api/inmuebles', {
          tipo: 'apartamento',
          gestion: 'arriendo',
          direccion,
          id_municipio: m!.id,
          canon: 2_500_000,
          propietarios: [{ id_tercero: terceros['Olga Dueña Contrato'], porcentaje: 100 }],
        }),
      ).consecutivo;
    inm = await conDueno('Calle 72 # 11-40 Apto 802');
    otroInm = await conDueno('Calle 72 # 11-40 Apto 803');
    const ps = ok<{ id: number; clase: string }[]>(await as(t.app, admin1).get('/api/firmas/plantillas-contratos'));
    const vivienda = ps.find((p) => p.clase === 'arrendamiento_vivienda')!.id;
    const lease = async (inmueble: number) =>
      ok<{ id: number; numero: string }>(
        await as(t.app, admin1).post('/api/firmas/contratos', {
          clase: 'arrendamiento_vivienda',
          id_plantilla: vivienda,
          inmueble,
          id_arrendatario: terceros['Tomás Inquilino Contrato'],
          codeudores: [terceros['Cecilia Codeudora Contrato']],
          canon: 2_500_000,
          fecha_inicio: '2027-02-01',
          duracion_meses: 12,
          dia_pago: 5,
          incremento: 'ipc',
          clausulas: '',
        }),
      );
    contrato = await lease(inm);
    otroContrato = await lease(otroInm);
    plantilla = ok<Plantilla[]>(await pedir(admin1, 'GET', '/api/inventarios/plantillas'))[0]!.id;
  });

  it('offers the property’s contracts; 403 without 496; another company sees none of ours', async () => {
    const ks = ok<{ id: number; numero: string }[]>(
      await pedir(admin1, 'GET', `/api/inventarios/contratos?consecutivo_inmueble=${inm}`),
    );
    expect(ks.map((k) => k.numero)).toEqual([contrato.numero]);
    error(await pedir(admin1, 'GET', '/api/inventarios/contratos?consecutivo_inmueble=abc'), 400, 'Inmueble');
    error(await pedir(sin496, 'GET', `/api/inventarios/contratos?consecutivo_inmueble=${inm}`), 403);
    error(await pedir(admin2, 'GET', `/api/inventarios/contrato/${contrato.id}`), 404);
    error(await pedir(sin496, 'GET', `/api/inventarios/contrato/${contrato.id}`), 403);
  });

  it('created from a contract: named, its tenant and owner become the parties, the contract lists it, the PDF says it', async () => {
    const v = ok<Inventario>(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: inm,
        tipo: 'entrega',
        fecha: '2027-02-01',
        id_plantilla: plantilla,
        id_contrato: contrato.id,
      }),
    );
    expect(v.contrato).toMatchObject({ id: contrato.id, numero: contrato.numero, clase: 'arrendamiento_vivienda' });
    // The co-signer is not expected at the property: only the tenant and the owner come prefilled.
    expect(v.partes.map((p) => [p.rol, p.nombre, p.email])).toEqual([
      ['arrendatario', 'Tomás Inquilino Contrato', 'tomas.inquilino@correo.co'],
      ['propietario', 'Olga Dueña Contrato', 'olga.duena@correo.co'],
    ]);
    expect(v.partes.every((p) => p.id_tercero !== null)).toBe(true);
    const lista = ok<InventarioFila[]>(await pedir(admin1, 'GET', `/api/inventarios/contrato/${contrato.id}`));
    expect(lista.map((x) => x.id)).toEqual([v.id]);
    expect(ok<InventarioFila[]>(await pedir(admin1, 'GET', `/api/inventarios/contrato/${otroContrato.id}`))).toEqual([]);
    if (pdftotext)
      expect(texto((await pedir(admin1, 'GET', `/api/inventarios/${v.id}/pdf`)).rawPayload)).toContain(
        `Contrato: ${contrato.numero}`,
      );
  });

  it('a contract of another property or another company is a 400 naming Contrato; it is changed and unlinked by PATCH', async () => {
    const base = { consecutivo_inmueble: inm, tipo: 'periodico', fecha: '2027-03-01', id_plantilla: plantilla };
    error(await pedir(admin1, 'POST', '/api/inventarios', { ...base, id_contrato: otroContrato.id }), 400, 'Contrato');
    error(await pedir(admin1, 'POST', '/api/inventarios', { ...base, id_contrato: 'x' }), 400, 'Contrato');
    // Company 2 cannot name company 1's contract (row-level security hides it): 400, not a link across companies.
    const suya = ok<Plantilla[]>(await pedir(admin2, 'GET', '/api/inventarios/plantillas'))[0]!.id;
    error(
      await pedir(admin2, 'POST', '/api/inventarios', {
        ...base,
        consecutivo_inmueble: consecutivo2,
        id_plantilla: suya,
        id_contrato: contrato.id,
      }),
      400,
      'Contrato',
    );
    let v = ok<Inventario>(await pedir(admin1, 'POST', '/api/inventarios', base));
    expect(v.contrato).toBeNull();
    expect(v.partes).toEqual([]);
    error(await pedir(admin1, 'PATCH', `/api/inventarios/${v.id}`, { id_contrato: otroContrato.id }), 400, 'del inmueble');
    v = ok<Inventario>(await pedir(admin1, 'PATCH', `/api/inventarios/${v.id}`, { id_contrato: contrato.id }));
    expect(v.contrato?.numero).toBe(contrato.numero);
    expect(ok<InventarioFila[]>(await pedir(admin1, 'GET', `/api/inventarios/contrato/${contrato.id}`))).toHaveLength(2);
    v = ok<Inventario>(await pedir(admin1, 'PATCH', `/api/inventarios/${v.id}`, { id_contrato: null }));
    expect(v.contrato).toBeNull();
    error(await pedir(admin2, 'PATCH', `/api/inventarios/${v.id}`, { id_contrato: contrato.id }), 404);
  });
});

describe('firma a distancia rechazada o vencida', () => {
  let v: Inventario;
  const url = (p = '') => `/api/inventarios/${v.id}${p}`;
  const enlace = async (para: string, re: RegExp) => {
    const filas = await t.db.tenant(1, (tx) =>
      queryRows<{ asunto: string; texto: string }>(
        tx,
        sql`select asunto, texto from correo_salida where para = ${para} and origen = 'firmas' order by id desc`,
      ),
    );
    for (const f of filas) {
      const m = re.exec(`${f.asunto}\n${f.texto}`);
      if (m) return m[1]!;
    }
    throw new Error(`Sin correo para ${para}`);
  };

  beforeAll(async () => {
    const inm = await nuevoInmueble(admin1, 1, 'Calle 50 # 20-30 Apto 404');
    const apto = ok<Plantilla[]>(await pedir(admin1, 'GET', '/api/inventarios/plantillas'))[0]!;
    v = ok<Inventario>(
      await pedir(admin1, 'POST', '/api/inventarios', {
        consecutivo_inmueble: inm,
        tipo: 'entrega',
        fecha: '2026-11-28',
        id_plantilla: apto.id,
      }),
    );
    for (const s of v.espacios)
      for (const d of s.detalles)
        if (d.tipo === 'estado') ok(await pedir(admin1, 'PATCH', url(`/detalles/${d.id}`), { estado: 'conforme' }));
    for (const [rol, nombre, email] of [
      ['arrendatario', 'Raúl Rechaza Arrendatario', 'raul.rechaza@correo.co'],
      ['propietario', 'Vera Vence Propietaria', 'vera.vence@correo.co'],
    ])
      v = ok<Inventario>(await pedir(admin1, 'POST', url('/partes'), { rol, nombre, email }));
  });

  it('declined: the inventory stays open, says who declined and why, and can be corrected and sent again', async () => {
    v = ok<Inventario>(await pedir(admin1, 'POST', url('/firma-remota'), {}));
    const token = await enlace('raul.rechaza@correo.co', /\/firmar\/([A-Za-z0-9_-]{43})/);
    const p = as(t.app, null);
    expect((await p.post(`/api/firmar/${token}/codigo`)).statusCode).toBe(200);
    const codigo = await enlace('raul.rechaza@correo.co', /Su código para firmar: (\d{6})/);
    expect((await p.post(`/api/firmar/${token}/verificar`, { codigo })).statusCode).toBe(200);
    const r = await p.post(`/api/firmar/${token}/rechazar`, { motivo: 'La cocina no tiene la estufa que dice el inventario' });
    expect(r.statusCode, r.body).toBe(200);
    v = ok<Inventario>(await pedir(admin1, 'GET', url()));
    expect(v.estado).toBe('borrador');
    expect(v.firma_remota).toMatchObject({
      estado: 'rechazado',
      firmantes: [
        {
          nombre: 'Raúl Rechaza Arrendatario',
          estado: 'rechazado',
          motivo_rechazo: 'La cocina no tiene la estufa que dice el inventario',
        },
        { nombre: 'Vera Vence Propietaria', estado: 'pendiente' },
      ],
    });
    const estufa = v.espacios.flatMap((s) => s.detalles).find((d) => d.nombre === 'Estufa')!;
    ok(await pedir(admin1, 'PATCH', url(`/detalles/${estufa.id}`), { estado: 'no_aplica', comentario: 'No hay estufa' }));
    error(await pedir(admin1, 'DELETE', url('/firma-remota')), 409, 'no hay qué cancelar');
  });

  it('expired: once the links are past their date the inventory is open again and says so, before firmas’ daily pass', async () => {
    v = ok<Inventario>(await pedir(admin1, 'POST', url('/firma-remota'), { vence_dias: 1 }));
    expect(v.firma_remota?.estado).toBe('enviado');
    const detalle = v.espacios[0]!.detalles.find((d) => d.tipo === 'estado')!;
    error(await pedir(admin1, 'PATCH', url(`/detalles/${detalle.id}`), { estado: 'no_aplica' }), 409, 'firma electrónica');
    await t.db.tenant(1, (tx) =>
      tx.execute(
        sql`update firma_documento set vence_en = now() - interval '1 minute' where id = ${v.firma_remota!.id_documento}`,
      ),
    );
    v = ok<Inventario>(await pedir(admin1, 'GET', url()));
    expect(v).toMatchObject({ estado: 'borrador', firma_remota: { estado: 'vencido' } });
    ok(await pedir(admin1, 'PATCH', url(`/detalles/${detalle.id}`), { estado: 'no_aplica' }));
    // Sent again: a fresh document with fresh links.
    const anterior = v.firma_remota!.id_documento;
    v = ok<Inventario>(await pedir(admin1, 'POST', url('/firma-remota'), {}));
    expect(v.firma_remota).toMatchObject({ estado: 'enviado' });
    expect(v.firma_remota!.id_documento).not.toBe(anterior);
  });
});
