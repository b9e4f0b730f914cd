import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OpcionesRadicado, Radicado } from '@predio/contract/gestion-documental';
import { sumarDiasHabiles, type ConfiguracionGd } from '@predio/contract/gestion-documental-configuracion';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../platform/tenant.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  type TestApp,
  ok as okDe,
  type Respondida,
  error,
} from '../../test/harness.ts';
import { avisarVencimientos } from './radicados.service.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let beto: string;
let carla: string;
let ana: string;
let idBeto: number;
let idCarla: number;
let idAna: number;
let idOtraEmpresa: number;
let area: number;
let tipoDoc: number;
const RAD = '/api/gestion-documental/radicados';
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

const ok = <T = Radicado>(r: Respondida): T => okDe<T>(r);
const put = (token: string, url: string, body: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
const id1 = async (q: ReturnType<typeof sql>, empresa = 1) =>
  (await t.db.tenant(empresa, (tx) => queryRows<{ id: number }>(tx, q)))[0]!.id;
const radicar = (token: string, extra: Record<string, unknown> = {}) =>
  as(t.app, token).post(RAD, {
    tipo: 'entrada',
    fecha: '2026-11-20',
    asunto: 'Reclamo por humedad en el apartamento',
    id_area: area,
    id_tipo_documental: tipoDoc,
    ...extra,
  });
const avisos = async (token: string, tipo: number) =>
  ok<{ items: { tipo_Carta: number; titulo: string; cuerpo: string; enlace: string }[] }>(
    await as(t.app, token).get('/api/notificaciones'),
  ).items.filter((n) => n.tipo_Carta === tipo);
const pasada = () =>
  inTenant(t.db, 1, (scope) =>
    avisarVencimientos({ ...scope, hub: t.deps.hub, mailer: t.deps.mailer, idEmpresa: 1, hoy: hoy() }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  idBeto = await crearUsuario(t.db, 1, { usuario: 'gdbeto', nroId: '80801', permisos: '10579' });
  beto = await login(t.app, { idEmpresa: 1, usuario: 'gdbeto', clave: 'demo1234' });
  idCarla = await crearUsuario(t.db, 1, { usuario: 'gdcarla', nroId: '80802', permisos: '10579' });
  carla = await login(t.app, { idEmpresa: 1, usuario: 'gdcarla', clave: 'demo1234' });
  idAna = await crearUsuario(t.db, 1, { usuario: 'gdana2', nroId: '80803', permisos: '10579' });
  ana = await login(t.app, { idEmpresa: 1, usuario: 'gdana2', clave: 'demo1234' });
  idOtraEmpresa = await crearUsuario(t.db, 2, { usuario: 'gdotra', nroId: '80804', permisos: '10579' });
  area = await id1(sql`select id from areas_empresa where codigo = '300'`);
  tipoDoc = await id1(sql`select id from tipos_documentales where nombre = 'Derecho de petición'`);
  // Beto receives inbound mail; Carla belongs to the área; a derecho de petición is answered in 10 business days.
  const c = ok<ConfiguracionGd>(await as(t.app, admin1).get('/api/gestion-documental/configuracion'));
  ok(
    await put(admin1, '/api/gestion-documental/configuracion', {
      reinicio_anual: c.reinicio_anual,
      formato_entrada: c.formato_entrada,
      formato_salida: c.formato_salida,
      formato_interna: c.formato_interna,
      id_area_recepcion: c.id_area_recepcion,
      id_usuario_recepcion: idBeto,
      plazos: [{ id_tipo_documental: tipoDoc, dias_respuesta: 10 }],
    }),
  );
  ok(await put(admin1, `/api/gestion-documental/permisos/areas/${area}`, { id_usuarios: [idCarla] }));
});
afterAll(async () => {
  await t?.close();
});

describe('responsable, deadline and notice 501 on filing', () => {
  it('an entrada goes to the receiver, gets its deadline and tells the área and the responsable', async () => {
    const op = ok<OpcionesRadicado>(await as(t.app, admin1).get(`${RAD}/opciones`));
    expect(op.id_usuario_recepcion).toBe(idBeto);
    expect(op.usuarios.map((u) => u.id)).toContain(idAna);

    const r = ok(await radicar(admin1));
    expect(r.responsable).toEqual({ id: idBeto, nombre: expect.any(String) });
    expect(r.vence).toBe(sumarDiasHabiles(hoy(), 10));
    const [b] = await avisos(beto, 501);
    expect(b).toMatchObject({
      titulo: `Documento radicado ${r.radicado}`,
      enlace: `/gestion-documental/gestion-documental?abrir=${r.id}`,
    });
    expect(b!.cuerpo).toContain('A su cargo: «Reclamo por humedad en el apartamento»');
    expect(b!.cuerpo).toContain(`a más tardar el ${r.vence!.split('-').reverse().join('/')}`);
    expect((await avisos(carla, 501)).map((n) => n.titulo)).toContain(`Documento radicado ${r.radicado}`);
    expect(await avisos(admin1, 501)).toEqual([]);

    // Chosen by hand; a salida has none unless chosen, and tells nobody.
    const conAna = ok(await radicar(beto, { id_responsable: idAna, asunto: 'Solicitud de copia del contrato' }));
    expect(conAna.responsable?.id).toBe(idAna);
    const salida = ok(await radicar(admin1, { tipo: 'salida', asunto: 'Respuesta enviada' }));
    expect(salida).toMatchObject({ responsable: null, vence: null });
    expect((await avisos(carla, 501)).some((n) => n.titulo.includes(salida.radicado))).toBe(false);
  });

  it('refuses a responsable that is not an active user of the company, naming the field', async () => {
    error(await radicar(admin1, { id_responsable: 999_999 }), 400, 'id_responsable: El campo Responsable no existe');
    error(await radicar(admin1, { id_responsable: idOtraEmpresa }), 400, 'id_responsable');
    error(await radicar(admin1, { id_responsable: 'ana' }), 400, 'Responsable');
  });

  it('changes the responsable from the edit, telling the new one; another company cannot', async () => {
    const r = ok(await radicar(admin1, { asunto: 'Queja por ruido' }));
    const cuerpo = {
      asunto: r.asunto,
      id_area: r.area.id,
      id_tipo_documental: r.tipo_documental?.id ?? null,
      observaciones: '',
      id_responsable: idAna,
    };
    error(await put(admin2, `${RAD}/${r.id}`, cuerpo), 404);
    error(await put(admin1, `${RAD}/${r.id}`, { ...cuerpo, id_responsable: idOtraEmpresa }), 400, 'id_responsable');
    const c = ok(await put(admin1, `${RAD}/${r.id}`, cuerpo));
    expect(c.responsable?.id).toBe(idAna);
    expect((await avisos(ana, 501)).map((n) => n.titulo)).toContain(`Documento radicado ${r.radicado}`);
    // Left out, the responsable stays.
    const { id_responsable: _, ...sin } = cuerpo;
    expect(ok(await put(admin1, `${RAD}/${r.id}`, { ...sin, asunto: 'Queja por ruido nocturno' })).responsable?.id).toBe(idAna);
  });
});

describe('notice 502 before the deadline (daily job)', () => {
  it('tells the responsable once per deadline, not for answered radicados, and again for a new deadline', async () => {
    const pronto = ok(await radicar(admin1, { asunto: 'Petición urgente de reparación' }));
    const lejos = ok(await radicar(admin1, { asunto: 'Petición sin afán' }));
    const respondido = ok(await radicar(admin1, { asunto: 'Petición ya respondida' }));
    const manana = sumarDiasHabiles(hoy(), 1);
    await t.db.tenant(1, async (tx) => {
      await tx.execute(sql`update radicado set vence = ${manana}::date where id in (${pronto.id}, ${respondido.id})`);
      await tx.execute(sql`update radicado set id_estado = (select id from estados_gestion_documental where nombre = 'Respondido')
                           where id = ${respondido.id}`);
      // Earlier tests' radicados are not due: only these matter here.
      await tx.execute(
        sql`update radicado set avisado_vence = vence where id not in (${pronto.id}, ${lejos.id}, ${respondido.id})`,
      );
    });
    expect(await pasada()).toEqual({ avisos: 1 });
    expect(await pasada()).toEqual({ avisos: 0 });
    const [n] = await avisos(beto, 502);
    expect(n).toMatchObject({
      titulo: `Documento por responder ${pronto.radicado}`,
      cuerpo: `«Petición urgente de reparación» vence el ${manana.split('-').reverse().join('/')} y aún no tiene respuesta.`,
      enlace: `/gestion-documental/gestion-documental?abrir=${pronto.id}`,
    });
    expect((await avisos(beto, 502)).some((x) => x.titulo.includes(lejos.radicado))).toBe(false);
    // Without a responsable the área's users are told; a moved deadline is told again.
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update radicado set id_responsable = null, vence = ${hoy()}::date where id = ${pronto.id}`),
    );
    expect(await pasada()).toEqual({ avisos: 1 });
    expect((await avisos(carla, 502)).map((x) => x.titulo)).toEqual([`Documento por responder ${pronto.radicado}`]);
  });
});
