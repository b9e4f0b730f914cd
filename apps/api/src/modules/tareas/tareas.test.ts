import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ListResult } from '@predio/contract/list';
import type { ListaVerificacion, ModTarea, OpcionesTareas, Tarea, TareaResumen } from '@predio/contract/tareas';
import { textoAHtml } from '@predio/contract/texto-rico';
import { migrationFiles } from '../../db/migrate.ts';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../platform/tenant.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  multipart,
  tokenClaims,
  type TestApp,
  ok as okDe,
  type Respondida,
  injectAs,
  type Pedir,
} from '../../test/harness.ts';
import { ultimoTurno } from '../../platform/jobs/trabajos.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { diarioEmpresa, sumarDiasHabiles } from './tareas.service.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let otro: string;
let sinTareas: string;
let idAdmin: number;
let idAsesor: number;
let idOtro: number;
let categoria: number;
let categoriaOtra: number;
let prioridad: number;
let consecutivoInmueble: number;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const esperaError = (r: LightMyRequestResponse, status: number, texto?: string) => {
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json() as { code: number; message: string };
  if (texto) expect(body.message).toContain(texto);
  return body;
};
const ok = <T = Tarea>(r: Respondida): T => okDe<T>(r);
const idDe = async (empresa: number, q: ReturnType<typeof sql>) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const notificaciones = async (token: string) =>
  ok<{ items: { tipo_Carta: number; titulo: string; enlace: string }[] }>(await as(t.app, token).get('/api/notificaciones'))
    .items;
const enDias = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
/** Tomorrow at 10:00 Bogotá. */
const mananaBogota = () => `${new Date(Date.now() - 5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)}T10:00:00-05:00`;

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  idAdmin = tokenClaims(admin1).idUsuario;
  // The demo asesor gets the tasks menu (10584), as an administrator gives it in Usuarios.
  await t.db.tenant(1, (tx) => tx.execute(sql`update usuarios set permisos = permisos || ',10584' where usuario = 'asesor'`));
  asesor1 = await login(t.app, DEMO.asesor1);
  idAsesor = tokenClaims(asesor1).idUsuario;
  idOtro = await crearUsuario(t.db, 1, { usuario: 'otro', nroId: '80011', permisos: '10584' });
  otro = await login(t.app, { idEmpresa: 1, usuario: 'otro', clave: 'demo1234' });
  await crearUsuario(t.db, 1, { usuario: 'sintareas', nroId: '80012', permisos: '489' });
  sinTareas = await login(t.app, { idEmpresa: 1, usuario: 'sintareas', clave: 'demo1234' });
  categoria = await idDe(1, sql`select id from tareas_categorias where nombre = 'Administrativa'`);
  categoriaOtra = await idDe(2, sql`select id from tareas_categorias where nombre = 'Administrativa'`);
  prioridad = await idDe(1, sql`select id from tareas_prioridades where nombre = 'Alta'`);
  const municipio = await idDe(1, sql`select id from municipios order by id limit 1`);
  const inm = await as(t.app, admin1).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-12',
    id_municipio: municipio,
    canon: 2_000_000,
  });
  consecutivoInmueble = ok<{ consecutivo: number }>(inm).consecutivo;
});
afterAll(() => t.close());

describe('tareas: create, see, checklist, comment, close', () => {
  let lista: ListaVerificacion;
  let tarea: Tarea;

  it('creates a checklist template (10586) and refuses an empty one naming the field', async () => {
    lista = ok<ListaVerificacion>(
      await as(t.app, admin1).post('/api/listas-verificacion', {
        nombre: 'Entrega de inmueble arrendado',
        items: [
          { texto: 'Inventario firmado', obligatorio: true },
          { texto: 'Entrega de llaves', obligatorio: true },
          { texto: 'Lecturas de servicios' },
        ],
      }),
    );
    expect(lista.items.map((i) => [i.orden, i.texto, i.obligatorio])).toEqual([
      [1, 'Inventario firmado', true],
      [2, 'Entrega de llaves', true],
      [3, 'Lecturas de servicios', false],
    ]);
    esperaError(
      await as(t.app, admin1).post('/api/listas-verificacion', { nombre: 'Vacía', items: [] }),
      400,
      'al menos un ítem',
    );
    esperaError(
      await as(t.app, admin1).post('/api/listas-verificacion', {
        nombre: 'entrega de inmueble arrendado',
        items: [{ texto: 'x' }],
      }),
      400,
      'Ya existe',
    );
    // Listas are the supervisor's: the asesor (10584 only) may not edit them.
    esperaError(await as(t.app, asesor1).get('/api/listas-verificacion'), 403);
  });

  it('creates a task from a property with the template; consecutivo per company; the asesor is told (401)', async () => {
    tarea = ok(
      await as(t.app, admin1).post('/api/tareas', {
        titulo: 'Entregar apartamento',
        id_categoria: categoria,
        id_prioridad: prioridad,
        responsables: [idAsesor],
        vence_en: enDias(3),
        consecutivo_inmueble: consecutivoInmueble,
        id_lista_verificacion: lista.id,
      }),
    );
    expect(tarea).toMatchObject({
      consecutivo: 1,
      titulo: 'Entregar apartamento',
      estado: 'pendiente',
      categoria: { id: categoria, nombre: 'Administrativa' },
      prioridad: { id: prioridad, nombre: 'Alta' },
      responsables: [{ id: idAsesor }],
      solicitante: { id: idAdmin },
      inmueble: { consecutivo: consecutivoInmueble },
      items_total: 3,
      items_hechos: 0,
    });
    expect(tarea.historial.map((h) => h.campo)).toContain('titulo');
    const n = (await notificaciones(asesor1)).find((x) => x.tipo_Carta === 401);
    expect(n).toMatchObject({ titulo: 'Tarea asignada: Entregar apartamento', enlace: '/tareas/tarea/1' });
    // Another company numbers from 1 too.
    const otra = ok(
      await as(t.app, admin2).post('/api/tareas', { titulo: 'Otra empresa', responsables: [tokenClaims(admin2).idUsuario] }),
    );
    expect(otra.consecutivo).toBe(1);
  });

  it("lists it in the asesor's Mis tareas, the admin's Asignadas por mí, and by property", async () => {
    const mias = ok<ListResult<TareaResumen>>(await as(t.app, asesor1).get('/api/tareas?vista=mias'));
    expect(mias.items.map((x) => x.consecutivo)).toEqual([1]);
    const asignadas = ok<ListResult<TareaResumen>>(await as(t.app, admin1).get('/api/tareas?vista=asignadas'));
    expect(asignadas.items.map((x) => x.consecutivo)).toEqual([1]);
    const deInmueble = ok<ListResult<TareaResumen>>(
      await as(t.app, admin1).get(`/api/tareas?vista=todas&consecutivo_inmueble=${consecutivoInmueble}`),
    );
    expect(deInmueble.total).toBe(1);
    const resumen = ok<{ tareasAbiertas: number | null }>(await as(t.app, asesor1).get('/api/inicio/resumen'));
    expect(resumen.tareasAbiertas).toBe(1);
  });

  it('hides it from a user who neither is responsible, follows nor requested it; Todas needs the supervisor', async () => {
    esperaError(await as(t.app, otro).get('/api/tareas/1'), 404);
    const todas = ok<ListResult<TareaResumen>>(await as(t.app, otro).get('/api/tareas?vista=todas'));
    expect(todas.total).toBe(0);
    expect(ok<OpcionesTareas>(await as(t.app, otro).get('/api/tareas/opciones')).ve_todas).toBe(false);
    expect(ok<OpcionesTareas>(await as(t.app, admin1).get('/api/tareas/opciones')).ve_todas).toBe(true);
    esperaError(await as(t.app, sinTareas).get('/api/tareas'), 403);
    esperaError(await as(t.app, admin2).get('/api/tareas/2'), 404);
  });

  it('refuses to close with required items open, naming them; ticking is in the history', async () => {
    const r = esperaError(await pedir(asesor1, 'PATCH', '/api/tareas/1', { estado: 'terminada' }), 400);
    expect(r.message).toContain('«Inventario firmado», «Entrega de llaves»');
    const inv = tarea.items[0]!;
    let x = ok(await pedir(asesor1, 'PATCH', `/api/tareas/1/items/${inv.id}`, { hecho: true }));
    expect(x.items_hechos).toBe(1);
    esperaError(await pedir(asesor1, 'PATCH', '/api/tareas/1', { estado: 'terminada' }), 400, '«Entrega de llaves»');
    x = ok(await pedir(asesor1, 'PATCH', `/api/tareas/1/items/${tarea.items[1]!.id}`, { hecho: true }));
    expect(x.historial.filter((h) => h.campo === 'item').map((h) => h.despues)).toEqual([
      'Entrega de llaves: Hecho',
      'Inventario firmado: Hecho',
    ]);
    esperaError(await pedir(asesor1, 'PATCH', '/api/tareas/1/items/999999', { hecho: true }), 404);
  });

  it('a comment tells the participants and the @mentioned (403)', async () => {
    const c = ok(
      await as(t.app, asesor1).post('/api/tareas/1/comentarios', { texto: 'Listo, @Usuario otro revise', menciones: [idOtro] }),
    );
    expect(c.comentarios).toHaveLength(1);
    expect((await notificaciones(admin1)).some((n) => n.tipo_Carta === 403)).toBe(true);
    expect((await notificaciones(otro)).some((n) => n.tipo_Carta === 403)).toBe(true);
    // The author is not told about their own comment.
    expect((await notificaciones(asesor1)).some((n) => n.tipo_Carta === 403)).toBe(false);
    esperaError(
      await as(t.app, asesor1).post('/api/tareas/1/comentarios', { texto: 'x', menciones: [999999] }),
      400,
      'Menciones',
    );
    esperaError(await as(t.app, asesor1).post('/api/tareas/1/comentarios', { texto: '' }), 400, 'Comentario');
  });

  it('takes attachments from who may see it (platform/archivos, owner type tarea)', async () => {
    const subir = (token: string, url: string) => {
      const b = multipart({ filename: 'acta.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 acta') });
      return t.app.inject({
        method: 'POST',
        url,
        payload: b.payload,
        headers: { ...b.headers, authorization: `Bearer ${token}` },
      });
    };
    const r = await subir(asesor1, '/api/archivos/tarea/1');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ categoria: 'adjunto', nombre: 'acta.pdf', creado_por: 'asesor' });
    esperaError(await subir(otro, '/api/archivos/tarea/1'), 404);
    // Company 2's task 1 is another task: company 1's file is not among its files.
    expect(ok<unknown[]>(await as(t.app, admin2).get('/api/archivos/tarea/1'))).toEqual([]);
    esperaError(await as(t.app, admin2).get('/api/archivos/tarea/99'), 404);
    esperaError(await subir(sinTareas, '/api/archivos/tarea/1'), 403);
    const lista = ok<{ id: number; nombre: string }[]>(await as(t.app, admin1).get('/api/archivos/tarea/1'));
    expect(lista.map((a) => a.nombre)).toEqual(['acta.pdf']);
    // A user with 10584 who takes no part in the task neither lists nor downloads its files.
    esperaError(await as(t.app, otro).get('/api/archivos/tarea/1'), 404);
    esperaError(await as(t.app, otro).get(`/api/archivos/tarea/1/${lista[0]!.id}`), 404);
    expect((await as(t.app, asesor1).get(`/api/archivos/tarea/1/${lista[0]!.id}`)).statusCode).toBe(200);
  });

  it('closes it; the field-level change log shows who, when, before → after; export works', async () => {
    const x = ok(await pedir(asesor1, 'PATCH', '/api/tareas/1', { estado: 'terminada' }));
    expect(x.estado).toBe('terminada');
    const m = ok<ListResult<ModTarea>>(await as(t.app, admin1).get('/api/tareas/modificaciones?consecutivo=1&campo=estado'));
    expect(m.items[0]).toMatchObject({
      usuario: 'asesor',
      campo: 'estado',
      antes: 'Pendiente',
      despues: 'Terminada',
      consecutivo: 1,
    });
    const xl = await as(t.app, admin1).get('/api/tareas/modificaciones/exportar?formato=csv');
    expect(xl.statusCode).toBe(200);
    expect(xl.body).toContain('Terminada');
    const lista = await as(t.app, admin1).get('/api/tareas/exportar?vista=todas&abiertas=no&formato=csv');
    expect(lista.statusCode).toBe(200);
    expect(lista.body).toContain('Entregar apartamento');
    const resumen = ok<{ tareasAbiertas: number | null }>(await as(t.app, asesor1).get('/api/inicio/resumen'));
    expect(resumen.tareasAbiertas).toBe(0);
  });
});

describe('tareas: bad input', () => {
  const base = () => ({ titulo: 'Llamar al propietario', responsables: [idAsesor] });

  it("400 naming the field: unknown responsable, another company's category, missing title, bad estado", async () => {
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), responsables: [999999] }), 400, 'Responsables');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), id_categoria: categoriaOtra }), 400, 'Categoría');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), titulo: '' }), 400, 'Título');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), responsables: [] }), 400, 'Responsables');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), consecutivo_inmueble: 99999 }), 400, 'inmueble');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), id_tercero: 99999 }), 400, 'Tercero');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), numero_solicitud: 99999 }), 400, 'solicitud 99999');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), vence_en: 'mañana' }), 400, 'Vence');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), recurrencia: 'semanal' }), 400, 'Vence');
    esperaError(await pedir(admin1, 'PATCH', '/api/tareas/1', { estado: 'lista' }), 400, 'Estado');
    esperaError(await as(t.app, admin1).get('/api/tareas?vista=otra'), 400, 'vista');
  });

  it('a due date in the past warns (409) and saves once confirmed', async () => {
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base(), vence_en: enDias(-1) }), 409, 'ya pasó');
    const x = ok(await as(t.app, admin1).post('/api/tareas', { ...base(), vence_en: enDias(-1), confirmar: true }));
    expect(x.vencida).toBe(true);
    const vencidas = ok<ListResult<TareaResumen>>(await as(t.app, asesor1).get('/api/tareas?vista=mias&vencidas=si'));
    expect(vencidas.items.map((i) => i.consecutivo)).toContain(x.consecutivo);
  });

  it('403 without 10584 on every route of the module', async () => {
    esperaError(await as(t.app, sinTareas).post('/api/tareas', base()), 403);
    esperaError(await pedir(sinTareas, 'PATCH', '/api/tareas/1', { estado: 'pendiente' }), 403);
    esperaError(await as(t.app, sinTareas).get('/api/tareas/modificaciones'), 403);
  });
});

describe('playbooks, business days, recurrence and the due-tomorrow notice', () => {
  it('counts business days past weekends and Colombian holidays', () => {
    // Friday 2026-12-04 + 3 business days: Mon 7, (Tue 8 is the Immaculate Conception) Wed 9, Thu 10.
    expect(sumarDiasHabiles(new Date('2026-12-04T15:00:00Z'), 3).toISOString()).toBe('2026-12-10T23:00:00.000Z');
  });

  it('a category playbook gives the checklist and the due date', async () => {
    const l = ok<ListaVerificacion>(
      await as(t.app, admin1).post('/api/listas-verificacion', {
        nombre: 'Cobro',
        items: [{ texto: 'Llamar', obligatorio: true }],
      }),
    );
    const mant = await idDe(1, sql`select id from tareas_categorias where nombre = 'Mantenimiento'`);
    ok(
      await pedir(admin1, 'PUT', `/api/tareas-categorias/${mant}/playbook`, {
        id_lista_verificacion: l.id,
        dias_habiles_vence: 3,
      }),
    );
    esperaError(
      await pedir(admin2, 'PUT', `/api/tareas-categorias/${mant}/playbook`, {
        id_lista_verificacion: null,
        dias_habiles_vence: 1,
      }),
      404,
    );
    const x = ok(
      await as(t.app, admin1).post('/api/tareas', { titulo: 'Arreglar grifo', id_categoria: mant, responsables: [idAsesor] }),
    );
    expect(x.items.map((i) => i.texto)).toEqual(['Llamar']);
    expect(x.vence_en).toBe(sumarDiasHabiles(new Date(), 3).toISOString());
  });

  it('sends 402 once per task and due date, even with two passes at once; makes the next recurring task', async () => {
    const x = ok(
      await as(t.app, admin1).post('/api/tareas', {
        titulo: 'Revisar cartera',
        responsables: [idAsesor],
        vence_en: mananaBogota(),
        recurrencia: 'semanal',
      }),
    );
    const pasada = (db: typeof t.db, deps: typeof t.deps, ahora?: Date) =>
      inTenant(db, 1, (scope) =>
        diarioEmpresa({ ...scope, hub: deps.hub, mailer: deps.mailer, idEmpresa: 1, ...(ahora ? { ahora } : {}) }),
      );
    const otroProceso = process.env.DATABASE_URL ? await t.otroProceso() : t;
    const [a, b] = await Promise.all([pasada(t.db, t.deps), pasada(otroProceso.db, otroProceso.deps)]);
    expect(a.avisos + b.avisos).toBe(1);
    const avisos = (await notificaciones(asesor1)).filter((n) => n.tipo_Carta === 402);
    expect(avisos).toHaveLength(1);
    expect(avisos[0]!.titulo).toBe('Tarea por vencer: Revisar cartera');
    // Two days later its due date has come: two passes make exactly one follow-up, due a week after.
    const luego = new Date(Date.now() + 2 * 86_400_000);
    const [c, d] = await Promise.all([pasada(t.db, t.deps, luego), pasada(otroProceso.db, otroProceso.deps, luego)]);
    expect(c.recurrentes + d.recurrentes).toBe(1);
    const siguientes = ok<ListResult<TareaResumen>>(await as(t.app, asesor1).get('/api/tareas?vista=mias&q=Revisar%20cartera'));
    expect(siguientes.items.map((i) => i.vence_en)).toEqual([
      new Date(mananaBogota()).toISOString(),
      new Date(Date.parse(mananaBogota()) + 7 * 86_400_000).toISOString(),
    ]);
    expect(ok(await as(t.app, admin1).get(`/api/tareas/${x.consecutivo}`)).recurrencia).toBeNull();
  });

  it.runIf(process.env.DATABASE_URL)('the daily job runs once with two job runners on PostgreSQL', async () => {
    ok(
      await as(t.app, admin1).post('/api/tareas', {
        titulo: 'Pagar impuesto',
        responsables: [idAsesor],
        vence_en: mananaBogota(),
      }),
    );
    const otroProceso = await t.otroProceso();
    // Both runners stand at today's 07:00 turn (a turn further back would wait a minute to run).
    const turno = ultimoTurno({ tipo: 'tareas.diario', cada: 'dia', hora: 7 }, new Date());
    const opciones = { intervaloMs: 20, ahora: () => turno };
    const runners = [await crearTrabajos(t.deps, opciones), await crearTrabajos(otroProceso.deps, opciones)];
    for (const r of runners) await r.start();
    try {
      const fin = Date.now() + 15_000;
      const hecho = async () =>
        (
          await t.db.system((tx) =>
            queryRows<{ n: number }>(
              tx,
              sql`select count(*)::int as n from trabajo where tipo = 'tareas.diario-empresa' and estado = 'terminado' and id_empresa = 1`,
            ),
          )
        )[0]!.n > 0;
      while (!(await hecho()) && Date.now() < fin) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      for (const r of runners) await r.stop();
    }
    const avisos = (await notificaciones(asesor1)).filter((n) => n.titulo === 'Tarea por vencer: Pagar impuesto');
    expect(avisos).toHaveLength(1);
  });
});

describe('a follow-up task from a cita', () => {
  it('links the task to the cita, lists it by its cita, and refuses a cita of another company', async () => {
    const yo = tokenClaims(admin1).idUsuario;
    const cita = ok<{ id: number }>(
      await as(t.app, admin1).post('/api/citas', {
        titulo: 'Visita con la familia Ruiz',
        inicio: '2027-03-02T10:00:00-05:00',
        fin: '2027-03-02T11:00:00-05:00',
        asesores: [yo],
        confirmar: true,
      }),
    );
    const tarea = ok<{ consecutivo: number; id_cita: number | null }>(
      await as(t.app, admin1).post('/api/tareas', { titulo: 'Enviar la ficha a los Ruiz', responsables: [yo], id_cita: cita.id }),
    );
    expect(tarea.id_cita).toBe(cita.id);
    const deCita = ok<ListResult<TareaResumen>>(
      await as(t.app, admin1).get(`/api/tareas?vista=todas&abiertas=no&id_cita=${cita.id}`),
    );
    expect(deCita.items.map((x) => x.consecutivo)).toEqual([tarea.consecutivo]);
    expect(ok<ListResult<TareaResumen>>(await as(t.app, admin1).get(`/api/tareas?vista=todas&id_cita=999999`)).total).toBe(0);
    esperaError(await as(t.app, admin1).get('/api/tareas?id_cita=abc'), 400, 'id_cita');
    esperaError(
      await as(t.app, admin2).post('/api/tareas', {
        titulo: 'Ajena',
        responsables: [tokenClaims(admin2).idUsuario],
        id_cita: cita.id,
      }),
      400,
      'Cita',
    );
  });
});

describe('rich-text description', () => {
  it('keeps bold, italic, lists and links; strips script, on* attributes and javascript: links', async () => {
    const x = ok(
      await as(t.app, admin1).post('/api/tareas', {
        titulo: 'Revisar contrato',
        responsables: [idAsesor],
        descripcion:
          '<p><strong>Urgente</strong>: <em>antes del viernes</em> <a href="https://predio.co/x" onclick="robar()">ver</a>' +
          ' <a href="javascript:alert(1)">clic</a></p><ul><li>Firmas</li><li>Anexos</li></ul>' +
          '<script>alert(document.cookie)</script><img src="x" onerror="alert(2)"><p onmouseover="alert(3)">fin</p>',
      }),
    );
    expect(x.descripcion).toBe(
      '<p><strong>Urgente</strong>: <em>antes del viernes</em> ' +
        '<a href="https://predio.co/x" target="_blank" rel="noopener noreferrer nofollow">ver</a> <a>clic</a></p>' +
        '<ul><li>Firmas</li><li>Anexos</li></ul><p>fin</p>',
    );
    for (const malo of ['script', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<img'])
      expect(x.descripcion).not.toContain(malo);
    // The history holds the text a person reads, not the HTML.
    expect(x.historial.find((h) => h.campo === 'descripcion')?.despues).toBe(
      'Urgente: antes del viernes ver clic\n• Firmas\n• Anexos\n\nfin',
    );

    const y = ok(
      await pedir(admin1, 'PATCH', `/api/tareas/${x.consecutivo}`, {
        descripcion: '<p><b>Listo</b></p><a href=" JaVaScRiPt:alert(1)">x</a><svg onload="alert(1)"></svg>',
      }),
    );
    expect(y.descripcion).toBe('<p><b>Listo</b></p><a>x</a>');
    expect(y.historial[0]).toMatchObject({ campo: 'descripcion', despues: 'Listo\nx' });
    // An editor left empty (<p></p>) is no description.
    expect(ok(await pedir(admin1, 'PATCH', `/api/tareas/${x.consecutivo}`, { descripcion: '<p></p>' })).descripcion).toBe('');
  });

  it('turns plain text (an older client) into paragraphs, as the migration did with the stored ones', async () => {
    const texto = 'Llamar al propietario\nAntes de las 5 & traer <llaves>\n\nSegundo párrafo';
    const x = ok(
      await as(t.app, admin1).post('/api/tareas', { titulo: 'Texto plano', responsables: [idAsesor], descripcion: texto }),
    );
    expect(x.descripcion).toBe(
      '<p>Llamar al propietario<br />Antes de las 5 &amp; traer &lt;llaves&gt;</p><p>Segundo párrafo</p>',
    );
    // Migration 0195 on a task written as plain text before descriptions were rich (company 3 has no others).
    const migracion = migrationFiles().find((m) => m.name.startsWith('0195_'))!.sql;
    const leida = await t.db.tenant(3, async (tx) => {
      await tx.execute(
        sql`insert into tarea (consecutivo, titulo, descripcion, creado_por) values (1, 'Vieja', ${`  ${texto}\r\n`}, 'admin')`,
      );
      await tx.execute(sql.raw(migracion));
      return queryRows<{ descripcion: string }>(tx, sql`select descripcion from tarea where consecutivo = 1`);
    });
    expect(leida[0]!.descripcion).toBe(textoAHtml(texto));
    expect(textoAHtml(texto)).toBe(
      '<p>Llamar al propietario<br>Antes de las 5 &amp; traer &lt;llaves&gt;</p><p>Segundo párrafo</p>',
    );
  });

  it('400 naming the field for a description too long', async () => {
    esperaError(
      await as(t.app, admin1).post('/api/tareas', {
        titulo: 'Larga',
        responsables: [idAsesor],
        descripcion: `<p>${'a'.repeat(50_001)}</p>`,
      }),
      400,
      'Descripción',
    );
  });
});

describe('guion (playbook) of a category, from the categories master', () => {
  let cat: number;
  let listaPropia: number;
  let listaAjena: number;

  beforeAll(async () => {
    cat = await idDe(1, sql`select id from tareas_categorias where nombre = 'Comercial'`);
    listaPropia = ok<ListaVerificacion>(
      await as(t.app, admin1).post('/api/listas-verificacion', { nombre: 'Captación', items: [{ texto: 'Fotos' }] }),
    ).id;
    listaAjena = ok<ListaVerificacion>(
      await as(t.app, admin2).post('/api/listas-verificacion', { nombre: 'Del Norte', items: [{ texto: 'Otra' }] }),
    ).id;
  });

  it('reads and saves it; a new task of the category starts with them', async () => {
    expect(ok(await as(t.app, admin1).get(`/api/tareas-categorias/${cat}/playbook`))).toEqual({
      id_categoria: cat,
      nombre: 'Comercial',
      id_lista_verificacion: null,
      dias_habiles_vence: null,
    });
    ok(
      await pedir(admin1, 'PUT', `/api/tareas-categorias/${cat}/playbook`, {
        id_lista_verificacion: listaPropia,
        dias_habiles_vence: 2,
      }),
    );
    expect(ok(await as(t.app, admin1).get(`/api/tareas-categorias/${cat}/playbook`))).toMatchObject({
      id_lista_verificacion: listaPropia,
      dias_habiles_vence: 2,
    });
    const x = ok(await as(t.app, admin1).post('/api/tareas', { titulo: 'Captar', id_categoria: cat, responsables: [idAsesor] }));
    expect(x.items.map((i) => i.texto)).toEqual(['Fotos']);
    expect(x.vence_en).toBe(sumarDiasHabiles(new Date(), 2).toISOString());
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: Record<string, { antes: unknown; despues: unknown }> }>(
        tx,
        sql`select cambios from auditoria where entidad = 'tareas_categorias' and entidad_id = ${String(cat)} order by id desc limit 1`,
      ),
    );
    expect(audit[0]!.cambios.dias_habiles_vence).toEqual({ antes: null, despues: 2 });
  });

  it("400 naming the field: another company's checklist, days outside 0–365", async () => {
    const put = (b: unknown) => pedir(admin1, 'PUT', `/api/tareas-categorias/${cat}/playbook`, b);
    const e1 = esperaError(
      await put({ id_lista_verificacion: listaAjena, dias_habiles_vence: 1 }),
      400,
      'Lista de verificación por defecto',
    );
    expect(e1.message).toMatch(/^id_lista_verificacion: /);
    esperaError(await put({ id_lista_verificacion: null, dias_habiles_vence: 366 }), 400, 'Vence en (días hábiles)');
    esperaError(await put({ id_lista_verificacion: null, dias_habiles_vence: -1 }), 400, 'Vence en (días hábiles)');
    esperaError(await put({ id_lista_verificacion: null, dias_habiles_vence: 1.5 }), 400, 'Vence en (días hábiles)');
    // Nothing changed.
    expect(ok(await as(t.app, admin1).get(`/api/tareas-categorias/${cat}/playbook`))).toMatchObject({
      id_lista_verificacion: listaPropia,
      dias_habiles_vence: 2,
    });
  });

  it("403 without 10586; another company's category is 404", async () => {
    esperaError(await as(t.app, asesor1).get(`/api/tareas-categorias/${cat}/playbook`), 403);
    esperaError(
      await pedir(asesor1, 'PUT', `/api/tareas-categorias/${cat}/playbook`, {
        id_lista_verificacion: null,
        dias_habiles_vence: 1,
      }),
      403,
    );
    esperaError(await as(t.app, admin2).get(`/api/tareas-categorias/${cat}/playbook`), 404);
  });
});

describe('a task about a documento (radicado of gestión documental)', () => {
  let radicado: { id: number; radicado: string };
  let radicadoAjeno: { id: number };

  beforeAll(async () => {
    const area1 = await idDe(1, sql`select id from areas_empresa where codigo = '100'`);
    const area2 = await idDe(2, sql`select id from areas_empresa where codigo = '200'`);
    const radicar = (token: string, idArea: number) =>
      as(t.app, token).post('/api/gestion-documental/radicados', {
        tipo: 'entrada',
        fecha: '2026-11-20',
        asunto: 'Derecho de petición del arrendatario',
        id_area: idArea,
      });
    radicado = ok<{ id: number; radicado: string }>(await radicar(admin1, area1));
    radicadoAjeno = ok<{ id: number }>(await radicar(admin2, area2));
  });

  it("links the task to the radicado, names it on the task and lists the radicado's tasks", async () => {
    const x = ok(
      await as(t.app, admin1).post('/api/tareas', {
        titulo: 'Responder el derecho de petición',
        responsables: [idAsesor],
        id_radicado: radicado.id,
      }),
    );
    expect(x).toMatchObject({
      id_radicado: radicado.id,
      radicado: { id: radicado.id, radicado: radicado.radicado, asunto: 'Derecho de petición del arrendatario' },
    });
    expect(x.historial.find((h) => h.campo === 'id_radicado')?.despues).toBe(radicado.radicado);
    const deRadicado = ok<ListResult<TareaResumen>>(
      await as(t.app, admin1).get(`/api/tareas?vista=todas&abiertas=no&id_radicado=${radicado.id}`),
    );
    expect(deRadicado.items.map((i) => i.consecutivo)).toEqual([x.consecutivo]);
    // The asesor sees it among his tasks, with the documento named.
    expect(ok(await as(t.app, asesor1).get(`/api/tareas/${x.consecutivo}`)).radicado?.radicado).toBe(radicado.radicado);
    esperaError(await as(t.app, admin1).get('/api/tareas?id_radicado=abc'), 400, 'id_radicado');
  });

  it("400 naming the field: another company's or a missing radicado, or a user without gestión documental", async () => {
    const base = { titulo: 'Ajena', responsables: [idAsesor] };
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base, id_radicado: radicadoAjeno.id }), 400, 'Documento');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base, id_radicado: 999999 }), 400, 'Documento');
    esperaError(await as(t.app, admin1).post('/api/tareas', { ...base, id_radicado: 'x' }), 400, 'Documento');
    // The asesor has tasks (10584) but not gestión documental (10579 / 10581).
    esperaError(
      await as(t.app, asesor1).post('/api/tareas', { ...base, id_radicado: radicado.id }),
      400,
      'requiere el permiso de gestión documental',
    );
    expect(
      ok<ListResult<TareaResumen>>(await as(t.app, admin2).get(`/api/tareas?vista=todas&id_radicado=${radicado.id}`)).total,
    ).toBe(0);
  });
});
