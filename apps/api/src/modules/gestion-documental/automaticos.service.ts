import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import {
  ETIQUETAS_ORIGEN,
  ORIGENES_AUTOMATICOS,
  type OrigenAutomatico,
  type ReglaAutomatica,
  type ReglaAutomaticaForm,
} from '@predio/contract/gestion-documental-automaticos';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import { validar } from './radicados.service.ts';

// Subseries documentales automáticas (idm 10591): one rule per origen. radicacion-automatica.service reads
// the active rule of its origen when a module's job files a document.

type Escritura = { tx: Tx; user: Principal; ip: string };
const ENTIDAD = 'gd_regla_automatica';

type Fila = {
  id: number;
  origen: OrigenAutomatico;
  activo: boolean;
  actualizado_por: string;
  a_id: number;
  a_nombre: string;
  a_codigo: string | null;
  s_id: number | null;
  s_nombre: string | null;
  s_codigo: string | null;
  ss_id: number | null;
  ss_nombre: string | null;
  ss_codigo: string | null;
  t_id: number | null;
  t_nombre: string | null;
  radicados: number;
  u_id: number | null;
  u_radicado: string | null;
};

const ref = (id: number | null, nombre: string | null, codigo: string | null) =>
  id === null ? null : { id, nombre: nombre ?? '', codigo };

export async function listar(o: { tx: Tx; id?: number }): Promise<ReglaAutomatica[]> {
  const filas = await queryRows<Fila>(
    o.tx,
    sql`select g.id, g.origen, g.activo, g.actualizado_por,
               a.id as a_id, a.nombre as a_nombre, a.codigo as a_codigo,
               s.id as s_id, s.nombre as s_nombre, s.codigo as s_codigo,
               ss.id as ss_id, ss.nombre as ss_nombre, ss.codigo as ss_codigo,
               t.id as t_id, t.nombre as t_nombre,
               (select count(*)::int from radicado r where r.origen = g.origen) as radicados,
               u.id as u_id, u.radicado as u_radicado
        from gd_regla_automatica g
        join areas_empresa a on a.id = g.id_area
        left join series_documentales s on s.id = g.id_serie
        left join subseries_documentales ss on ss.id = g.id_subserie
        left join tipos_documentales t on t.id = g.id_tipo_documental
        left join lateral (select r.id, r.radicado from radicado r where r.origen = g.origen order by r.id desc limit 1) u on true
        where true ${o.id ? sql`and g.id = ${o.id}` : sql``}
        order by g.origen`,
  );
  return filas.map((f) => ({
    id: f.id,
    origen: f.origen,
    area: { id: f.a_id, nombre: f.a_nombre, codigo: f.a_codigo },
    serie: ref(f.s_id, f.s_nombre, f.s_codigo),
    subserie: ref(f.ss_id, f.ss_nombre, f.ss_codigo),
    tipo_documental: f.t_id === null ? null : { id: f.t_id, nombre: f.t_nombre ?? '' },
    activo: f.activo,
    radicados: f.radicados,
    ultimo: f.u_id === null ? null : { id: f.u_id, radicado: f.u_radicado ?? '' },
    actualizado_por: f.actualizado_por,
  }));
}

/** The references must be active masters of the company, and the subserie of the serie: a 400 naming the field. */
async function comprobar(tx: Tx, b: ReglaAutomaticaForm) {
  await validar(tx, {
    ...b,
    tipo: 'salida',
    fecha: '',
    asunto: '',
    observaciones: '',
    id_tercero: null,
    id_estado: null,
    folios: null,
  });
}

const repetida = (origen: OrigenAutomatico) =>
  new AppError(CODES.CONFLICTO, `Ya hay una regla para «${ETIQUETAS_ORIGEN[origen]}»: modifíquela.`, [
    { campo: 'origen', mensaje: 'ya tiene regla' },
  ]);

async function escribiendo<T>(origen: OrigenAutomatico, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO) throw repetida(origen);
    throw e;
  }
}

const auditar = (o: Escritura, accion: string, id: number, b: Partial<ReglaAutomaticaForm>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: String(id),
    cambios: Object.fromEntries(Object.entries(b).map(([k, v]) => [k, { antes: null, despues: v }])),
    ip: o.ip,
  });

export async function crear(o: Escritura & { body: ReglaAutomaticaForm }): Promise<ReglaAutomatica> {
  const b = o.body;
  await comprobar(o.tx, b);
  const [r] = await escribiendo(b.origen, () =>
    queryRows<{ id: number }>(
      o.tx,
      sql`insert into gd_regla_automatica (origen, id_area, id_serie, id_subserie, id_tipo_documental, activo, actualizado_por)
          values (${b.origen}, ${b.id_area}, ${b.id_serie ?? null}, ${b.id_subserie ?? null}, ${b.id_tipo_documental ?? null},
                  ${b.activo}, ${o.user.usuario}) returning id`,
    ),
  );
  await auditar(o, 'crear', r!.id, b);
  return (await listar({ tx: o.tx, id: r!.id }))[0]!;
}

export async function actualizar(o: Escritura & { id: number; body: ReglaAutomaticaForm }): Promise<ReglaAutomatica> {
  const b = o.body;
  await comprobar(o.tx, b);
  const r = await escribiendo(b.origen, () =>
    queryRows<{ id: number }>(
      o.tx,
      sql`update gd_regla_automatica set origen = ${b.origen}, id_area = ${b.id_area}, id_serie = ${b.id_serie ?? null},
            id_subserie = ${b.id_subserie ?? null}, id_tipo_documental = ${b.id_tipo_documental ?? null}, activo = ${b.activo},
            actualizado = now(), actualizado_por = ${o.user.usuario}
          where id = ${o.id} returning id`,
    ),
  );
  if (!r.length) throw noEncontrado(`La regla ${o.id}`);
  await auditar(o, 'actualizar', o.id, b);
  return (await listar({ tx: o.tx, id: o.id }))[0]!;
}

export async function eliminar(o: Escritura & { id: number }): Promise<{ id: number }> {
  const r = await queryRows<{ origen: string }>(o.tx, sql`delete from gd_regla_automatica where id = ${o.id} returning origen`);
  if (!r.length) throw noEncontrado(`La regla ${o.id}`);
  await auditar(o, 'eliminar', o.id, {});
  return { id: o.id };
}

export const origenes = () => ORIGENES_AUTOMATICOS.map((clave) => ({ clave, etiqueta: ETIQUETAS_ORIGEN[clave] }));

/** The active rule of an origen, read by the filing job. */
export async function reglaActiva(
  tx: Tx,
  origen: OrigenAutomatico,
): Promise<{ id_area: number; id_serie: number | null; id_subserie: number | null; id_tipo_documental: number | null } | null> {
  const [r] = await queryRows<{
    id_area: number;
    id_serie: number | null;
    id_subserie: number | null;
    id_tipo_documental: number | null;
  }>(
    tx,
    sql`select id_area, id_serie, id_subserie, id_tipo_documental from gd_regla_automatica where origen = ${origen} and activo`,
  );
  return r ?? null;
}
