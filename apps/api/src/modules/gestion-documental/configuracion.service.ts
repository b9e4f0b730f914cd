import {
  aplicarFormato,
  ETIQUETAS_CONFIGURACION_GD,
  sumarDiasHabiles,
  type ConfiguracionGd,
  type ConfiguracionGdForm,
} from '@predio/contract/gestion-documental-configuracion';
import type { TipoRadicado } from '@predio/contract/gestion-documental';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { invalido } from '../../platform/errors/app-error.ts';
import { anioBogota, siguiente } from '../../platform/numeracion/numeracion.ts';
import * as repo from './configuracion.repo.ts';

type Base = { tx: Tx };
const L = ETIQUETAS_CONFIGURACION_GD;
export const ENTIDAD_CONFIGURACION = 'gd_configuracion';
/** One series of numbers per company (and year, when it restarts) for every kind and área: no gap, no repeat. */
export const SERIE_RADICADO = 'radicado';
/** The series when the company chose not to restart each year: it keeps counting. */
export const SERIE_RADICADO_CONTINUO = 'radicado_continuo';

const hoyBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

export async function obtener(o: Base): Promise<ConfiguracionGd> {
  const c = await repo.leer(o.tx);
  return { ...c, plazos: await repo.plazos(o.tx), areas: await repo.areas(o.tx), usuarios: await repo.usuarios(o.tx) };
}

export async function guardar(o: Base & { user: Principal; ip: string; body: ConfiguracionGdForm }): Promise<ConfiguracionGd> {
  const { plazos, ...c } = o.body;
  const antes = await repo.leer(o.tx);
  if (c.id_area_recepcion !== null && !(await repo.existeArea(o.tx, c.id_area_recepcion)))
    throw invalido('id_area_recepcion', `El campo ${L.id_area_recepcion} no existe en esta empresa o está inactiva`);
  if (c.id_usuario_recepcion !== null && !(await repo.existeUsuario(o.tx, c.id_usuario_recepcion)))
    throw invalido('id_usuario_recepcion', `El campo ${L.id_usuario_recepcion} no existe en esta empresa o está inactivo`);
  // Switching series mid-year would hand out numbers this year's radicados already have.
  if (c.reinicio_anual !== antes.reinicio_anual && (await repo.radicadosDelAnio(o.tx, anioBogota())) > 0)
    throw invalido('reinicio_anual', `El campo ${L.reinicio_anual} solo puede cambiarse antes del primer radicado del año`);
  const ids = [...new Set(plazos.map((p) => p.id_tipo_documental))];
  const existen = new Set(await repo.tiposExistentes(o.tx, ids));
  const falta = ids.find((i) => !existen.has(i));
  if (falta !== undefined) throw invalido('plazos', `El tipo documental ${falta} no existe en esta empresa`);

  await repo.guardar(o.tx, c, o.user.usuario);
  const cambios: Cambios = {};
  for (const k of Object.keys(c) as (keyof typeof c)[]) if (c[k] !== antes[k]) cambios[k] = { antes: antes[k], despues: c[k] };
  for (const p of plazos)
    if (await repo.guardarPlazo(o.tx, p.id_tipo_documental, p.dias_respuesta, o.user.usuario))
      cambios[`dias_respuesta.${p.id_tipo_documental}`] = { antes: null, despues: p.dias_respuesta };
  if (Object.keys(cambios).length > 0)
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'modificar',
      entidad: ENTIDAD_CONFIGURACION,
      cambios,
      ip: o.ip,
    });
  return obtener(o);
}

/**
 * The next radicado of a kind, with the company's format. The number is taken here, last before the
 * insert: its counter row stays locked until the commit, so concurrent filings wait and each gets the next.
 */
export async function numerar(
  tx: Tx,
  o: { tipo: TipoRadicado; codigoArea: string | null },
): Promise<{ anio: number; numero: number; radicado: string }> {
  const c = await repo.leer(tx);
  const anio = anioBogota();
  const numero = c.reinicio_anual
    ? await siguiente(tx, { serie: SERIE_RADICADO, anio })
    : await siguiente(tx, { serie: SERIE_RADICADO_CONTINUO });
  const formato = { entrada: c.formato_entrada, salida: c.formato_salida, interna: c.formato_interna }[o.tipo];
  return { anio, numero, radicado: aplicarFormato(formato, { anio, codigoArea: o.codigoArea, numero, tipo: o.tipo }) };
}

/** A radicado de entrada must be answered within its tipo's business days, counted from the filing day. */
export async function vence(
  tx: Tx,
  o: { tipo: TipoRadicado; idTipoDocumental: number | null; desde?: string },
): Promise<string | null> {
  if (o.tipo !== 'entrada' || o.idTipoDocumental === null) return null;
  const dias = await repo.diasRespuesta(tx, o.idTipoDocumental);
  return dias === null ? null : sumarDiasHabiles(o.desde ?? hoyBogota(), dias);
}

/** Where inbound and automatic filings go when nobody chose an área: the configured one, if active. */
export async function areaRecepcion(tx: Tx): Promise<number | null> {
  const c = await repo.leer(tx);
  return c.id_area_recepcion !== null && (await repo.existeArea(tx, c.id_area_recepcion)) ? c.id_area_recepcion : null;
}

/** The user that receives inbound mail (configuracion), if still active: a radicado de entrada's default responsable. */
export async function usuarioRecepcion(tx: Tx): Promise<number | null> {
  const c = await repo.leer(tx);
  return c.id_usuario_recepcion !== null && (await repo.existeUsuario(tx, c.id_usuario_recepcion))
    ? c.id_usuario_recepcion
    : null;
}

export const usuarios = (tx: Tx) => repo.usuarios(tx);
