import { CODES } from '@predio/contract/codes';
import { conteoAcotado, TOPE_CONTEO } from '@predio/contract/list';
import { IDM_TERCEROS } from '@predio/contract/terceros';
import { hasIdm } from '@predio/contract/menu';
import {
  IDM_INMUEBLE,
  ETIQUETAS_ESTADO,
  ETIQUETAS_GESTION,
  ETIQUETAS_TIPO,
  ESTADOS_NO_ELIMINABLES,
  negocioDe,
  EXPORTAR_INMUEBLES_MAX,
  CAMPOS_PRECIO,
  type Bloqueo,
  type CambioPrecio,
  type CambioEstado,
  type EliminarInmueble,
  type EstadoInmueble,
  type HistorialEstado,
  type InmuebleActualizar,
  type InmuebleDetalle,
  type InmuebleEliminado,
  type InmuebleForm,
  type InmuebleResumen,
  type InmueblesConteo,
  type InmueblesConteoQuery,
  type InmueblesPagina,
  type InmueblesQuery,
} from '@predio/contract/inmuebles';
import type { Database, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Scope } from '../../platform/tenant.ts';
import { notificarCoincidencias } from '../clientes/clientes-coincidencias.service.ts';
import { marcarRol } from '../terceros/terceros-roles.service.ts';
import { avisarAsesores } from './inmuebles-avisos.service.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Celda } from '../../platform/tabular/celdas.ts';
import { exportarPorPartes } from '../../platform/tabular/por-partes.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { deleteOnCommit } from '../../platform/archivos/archivos.service.ts';
import { AppError, invalido, noEncontrado, sinPermiso } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import * as archivos from './inmuebles-archivos.repo.ts';
import * as repo from './inmuebles.repo.ts';
import { pedirUbicacion } from './inmuebles-geocodificar.ts';
import { siguiente } from '../../platform/numeracion/numeracion.ts';
import * as locks from '../../platform/bloqueos/bloqueos.ts';
import { alGuardarInmueble } from '../portales/portales.service.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
/** What a write needs to notify after commit (issue 4: matching leads' asesores hear of new or re-priced properties). */
type Avisos = Pick<Scope, 'onCommit'> & {
  deps: Pick<Deps, 'hub' | 'mailer'> & { config?: Pick<Deps['config'], 'geocoderUrl'> };
};

/**
 * After a write: the property's asesores hear of it (inmuebles-avisos), and a property that is (or
 * becomes) available, or changes price while available, is news to matching leads.
 */
async function avisar(o: Escritura & Avisos, antes: InmuebleDetalle | null, despues: InmuebleDetalle) {
  await avisarAsesores({ tx: o.tx, onCommit: o.onCommit, hub: o.deps.hub, mailer: o.deps.mailer, user: o.user }, antes, despues);
  if (!antes || despues.estado !== 'disponible') return;
  const nuevo = antes.estado !== 'disponible';
  const precio = antes.canon !== despues.canon || antes.precio_venta !== despues.precio_venta;
  if (!nuevo && !precio) return;
  await notificarCoincidencias({
    tx: o.tx,
    onCommit: o.onCommit,
    hub: o.deps.hub,
    mailer: o.deps.mailer,
    idInmueble: despues.id,
    motivo: nuevo ? 'nuevo' : 'precio',
  });
}

const ENTIDAD = 'inmuebles';
const RECURSO = 'inmueble';
const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The columns the form writes: an audit diff compares these. */
const CAMPOS = [
  'tipo',
  'gestion',
  'direccion',
  'id_municipio',
  'id_barrio',
  'id_sector',
  'id_zona',
  'estrato',
  'area_construida',
  'area_privada',
  'area_lote',
  'habitaciones',
  'banos',
  'parqueaderos',
  'piso',
  'ascensor',
  'anio_construccion',
  'canon',
  'precio_venta',
  'administracion',
  'descripcion',
  'observaciones_internas',
  'id_asesor_captador',
  'id_asesor_comercial',
  'id_captacion',
  'fecha_consignacion',
  'vigencia_consignacion',
  'lat',
  'lng',
  'codigo_llaves',
  'publicar',
] as const satisfies readonly (keyof repo.FilaInmueble & keyof InmuebleForm)[];

// A foreign key the form can break, and the field to name in the message.
const CAMPO_FK: Record<string, string> = {
  inmueble_id_municipio_fk: 'id_municipio',
  inmueble_id_barrio_fk: 'id_barrio',
  inmueble_id_sector_fk: 'id_sector',
  inmueble_id_zona_fk: 'id_zona',
  inmueble_id_captacion_fk: 'id_captacion',
  inmueble_id_asesor_captador_fk: 'id_asesor_captador',
  inmueble_id_asesor_comercial_fk: 'id_asesor_comercial',
  inmueble_caracteristica_caracteristica_fk: 'caracteristicas',
};

async function escribiendo<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const pg = errorPg(e);
    const campo = pg?.code === PG.LLAVE_FORANEA ? CAMPO_FK[pg.constraint ?? ''] : undefined;
    if (campo) throw invalido(campo, 'no existe en esta empresa');
    throw e;
  }
}

function valores(form: InmuebleForm): Partial<repo.NuevoInmueble> {
  const out: Record<string, unknown> = {};
  for (const k of CAMPOS) out[k] = form[k] ?? null;
  return out as Partial<repo.NuevoInmueble>;
}

/** Owners by id or nro_id, all terceros of this company, each once. */
async function resolverPropietarios(tx: Tx, ps: InmuebleForm['propietarios']) {
  const ids = ps.flatMap((p) => (p.id_tercero ? [p.id_tercero] : []));
  const nros = ps.flatMap((p) => (!p.id_tercero && p.nro_id ? [p.nro_id] : []));
  const encontrados = await repo.tercerosPor(tx, ids, nros);
  const out = ps.map((p) => {
    const t = encontrados.find((x) => (p.id_tercero ? x.id === p.id_tercero : x.nro_id === p.nro_id));
    if (!t) throw invalido('propietarios', `el tercero ${p.id_tercero ?? p.nro_id} no existe en esta empresa`);
    return { idTercero: t.id, porcentaje: p.porcentaje };
  });
  if (new Set(out.map((p) => p.idTercero)).size !== out.length)
    throw invalido('propietarios', 'un tercero aparece más de una vez');
  return out;
}

/** A barrio must be one of the chosen municipio's (the form filters them; the API holds the rule). */
async function validarUbicacion(tx: Tx, form: InmuebleForm) {
  if (!form.id_barrio) return;
  const municipio = await repo.municipioDeBarrio(tx, form.id_barrio);
  if (municipio === null) throw invalido('id_barrio', 'no existe en esta empresa');
  if (municipio !== form.id_municipio) throw invalido('id_barrio', 'no pertenece al municipio elegido');
}

async function filaOError(tx: Tx, consecutivo: number, bloquear = false): Promise<repo.FilaInmueble> {
  const f = await repo.porConsecutivo(tx, consecutivo, bloquear);
  if (!f) throw noEncontrado(`El inmueble ${consecutivo}`);
  return f;
}

async function detalle(tx: Tx, f: repo.FilaInmueble): Promise<InmuebleDetalle> {
  const nombres = await repo.nombresReferencias(tx, f);
  const props = await repo.propietarios(tx, f.id);
  const caracteristicas = await repo.caracteristicas(tx, f.id);
  return {
    id: f.id,
    consecutivo: f.consecutivo,
    tipo: f.tipo as InmuebleDetalle['tipo'],
    gestion: f.gestion as InmuebleDetalle['gestion'],
    estado: f.estado as EstadoInmueble,
    id_causal_retiro: f.id_causal_retiro,
    direccion: f.direccion,
    id_municipio: f.id_municipio,
    municipio: nombres.municipio,
    id_barrio: f.id_barrio,
    barrio: nombres.barrio,
    id_sector: f.id_sector,
    id_zona: f.id_zona,
    estrato: f.estrato,
    area_construida: f.area_construida,
    area_privada: f.area_privada,
    area_lote: f.area_lote,
    habitaciones: f.habitaciones,
    banos: f.banos,
    parqueaderos: f.parqueaderos,
    piso: f.piso,
    ascensor: f.ascensor,
    anio_construccion: f.anio_construccion,
    canon: f.canon,
    precio_venta: f.precio_venta,
    administracion: f.administracion,
    caracteristicas,
    descripcion: f.descripcion,
    observaciones_internas: f.observaciones_internas,
    propietarios: props,
    id_asesor_captador: f.id_asesor_captador,
    id_asesor_comercial: f.id_asesor_comercial,
    id_captacion: f.id_captacion,
    fecha_consignacion: f.fecha_consignacion,
    vigencia_consignacion: f.vigencia_consignacion,
    lat: f.lat,
    lng: f.lng,
    codigo_llaves: f.codigo_llaves,
    publicar: f.publicar,
    version: f.version,
    creado_por: f.creado_por,
    creado_en: iso(f.creado_en) ?? '',
    modificado_por: f.modificado_por,
    modificado_en: iso(f.modificado_en),
  };
}

const auditar = (o: Escritura, accion: string, consecutivo: number, cambios: Cambios | Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: String(consecutivo),
    cambios,
    ip: o.ip,
  });

/** Whoever owns a property is a propietario in terceros too: marked there, and audited there with the property as origin. */
async function marcarPropietarios(o: Escritura, props: { idTercero: number }[], consecutivo: number) {
  await marcarRol(o.tx, {
    ids: props.map((p) => p.idTercero),
    rol: 'propietario',
    origen: `inmueble ${consecutivo}`,
    user: o.user,
    ip: o.ip,
  });
}

const textoPropietarios = (ps: { id_tercero: number; porcentaje: number }[]) =>
  ps
    .map((p) => `${p.id_tercero}:${p.porcentaje}`)
    .sort()
    .join(', ');

function diferencias(antes: InmuebleDetalle | null, despues: InmuebleDetalle): Cambios {
  const out: Cambios = {};
  const claves = [...CAMPOS, 'estado', 'id_causal_retiro'] as const;
  for (const k of claves) {
    const a = antes ? JSON.stringify(antes[k] ?? null) : 'null';
    const d = JSON.stringify(despues[k] ?? null);
    if (a !== d) out[k] = { antes: antes ? (antes[k] ?? null) : null, despues: despues[k] ?? null };
  }
  const pa = antes ? textoPropietarios(antes.propietarios) : '';
  const pd = textoPropietarios(despues.propietarios);
  if (pa !== pd) out.propietarios = { antes: antes?.propietarios ?? [], despues: despues.propietarios };
  const ca = antes ? antes.caracteristicas.join(',') : '';
  if (ca !== despues.caracteristicas.join(','))
    out.caracteristicas = { antes: antes?.caracteristicas ?? [], despues: despues.caracteristicas };
  return out;
}

export async function crear(o: Escritura & Avisos & { body: InmuebleForm }): Promise<InmuebleDetalle> {
  const props = await resolverPropietarios(o.tx, o.body.propietarios);
  await validarUbicacion(o.tx, o.body);
  const consecutivo = await siguiente(o.tx, { serie: 'inmueble' });
  const id = await escribiendo(() =>
    repo.insertar(o.tx, {
      ...valores(o.body),
      consecutivo,
      tipo: o.body.tipo,
      gestion: o.body.gestion,
      direccion: o.body.direccion,
      id_municipio: o.body.id_municipio,
      estado: 'captado',
      creado_por: o.user.usuario,
    }),
  );
  await repo.reemplazarPropietarios(o.tx, id, props);
  await marcarPropietarios(o, props, consecutivo);
  await escribiendo(() => repo.reemplazarCaracteristicas(o.tx, id, o.body.caracteristicas));
  await repo.registrarEstado(o.tx, {
    idInmueble: id,
    desde: null,
    hasta: 'captado',
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
  });
  const d = await detalle(o.tx, await filaOError(o.tx, consecutivo));
  await auditar(o, 'crear', consecutivo, diferencias(null, d));
  await avisar(o, null, d);
  await alGuardarInmueble(o.tx, id);
  await ubicarDespues(o, d);
  return d;
}

/** Without coordinates, and with a geocoder configured, a job places the property on the map. */
const ubicarDespues = (o: Escritura & Avisos, d: InmuebleDetalle) =>
  pedirUbicacion(o.tx, {
    geocoderUrl: o.deps.config?.geocoderUrl ?? null,
    idEmpresa: o.user.idEmpresa,
    consecutivo: d.consecutivo,
    version: d.version,
    lat: d.lat ?? null,
    direccion: d.direccion,
  });

/** The form (490) and the search (491) both open a property. */
export async function obtener(
  o: Base & { user: Principal; consecutivo: number },
): Promise<InmuebleDetalle & { bloqueo: Bloqueo | null }> {
  const d = await detalle(o.tx, await filaOError(o.tx, o.consecutivo));
  const t = await locks.vigente(o.tx, RECURSO, String(o.consecutivo));
  return { ...d, bloqueo: t ? locks.aBloqueo(t) : null };
}

function modificado(antes: repo.FilaInmueble): AppError {
  const quien = antes.modificado_por ? ` (${antes.modificado_por})` : '';
  return new AppError(
    CODES.CONFLICTO,
    `El inmueble fue modificado por otro usuario${quien} mientras usted lo editaba. Recárguelo para ver los cambios y vuelva a guardar.`,
    [{ campo: 'version', mensaje: 'el inmueble cambió desde que se abrió el formulario' }],
  );
}

const enEdicion = (usuario: string, desde: string) =>
  `El inmueble lo está editando ${usuario} desde ${desde}. Puede verlo, pero no modificarlo hasta que lo libere.`;

/** Refused while someone else holds the property's edit lock; answers the caller's own lock, if any. */
const libreDeOtros = (o: Escritura, consecutivo: number): Promise<locks.Titular | null> =>
  locks.libreDeOtros(o.tx, { recurso: RECURSO, clave: String(consecutivo), idUsuario: o.user.idUsuario }, enEdicion);

/** Saving needs the caller's own unexpired lock; the lock is released by the save. */
async function exigirBloqueo(o: Escritura, consecutivo: number) {
  if (!(await libreDeOtros(o, consecutivo)))
    throw new AppError(
      CODES.CONFLICTO,
      'Para guardar el inmueble debe tenerlo abierto para edición (el bloqueo no existe o venció). Ábralo de nuevo y guarde.',
      [{ campo: 'bloqueo', mensaje: 'no tiene el bloqueo de edición' }],
    );
}

export async function actualizar(
  o: Escritura & Avisos & { consecutivo: number; body: InmuebleActualizar },
): Promise<InmuebleDetalle> {
  const antes = await filaOError(o.tx, o.consecutivo, true);
  await exigirBloqueo(o, o.consecutivo);
  const { version, ...form } = o.body;
  if (antes.version !== version) throw modificado(antes);
  const props = await resolverPropietarios(o.tx, form.propietarios);
  await validarUbicacion(o.tx, form);
  const dAntes = await detalle(o.tx, antes);
  const ok = await escribiendo(() =>
    repo.actualizar(o.tx, antes.id, version, { ...valores(form), modificado_por: o.user.usuario, modificado_en: new Date() }),
  );
  if (!ok) throw modificado(antes);
  await repo.reemplazarPropietarios(o.tx, antes.id, props);
  await marcarPropietarios(o, props, o.consecutivo);
  await escribiendo(() => repo.reemplazarCaracteristicas(o.tx, antes.id, form.caracteristicas));
  await locks.liberar(o.tx, RECURSO, String(o.consecutivo), o.user.idUsuario);
  const d = await detalle(o.tx, await filaOError(o.tx, o.consecutivo));
  await auditar(o, 'actualizar', o.consecutivo, diferencias(dAntes, d));
  await avisar(o, dAntes, d);
  await alGuardarInmueble(o.tx, antes.id);
  // Only when the address changed: a property the geocoder could not place is not asked again each save.
  if (dAntes.direccion !== d.direccion || dAntes.id_municipio !== d.id_municipio || dAntes.id_barrio !== d.id_barrio)
    await ubicarDespues(o, d);
  return d;
}

export async function cambiarEstado(
  o: Escritura & Avisos & { consecutivo: number; body: CambioEstado },
): Promise<InmuebleDetalle> {
  const antes = await filaOError(o.tx, o.consecutivo, true);
  await libreDeOtros(o, o.consecutivo);
  const { estado, causal } = o.body;
  if (estado === 'retirado' && !causal) throw invalido('causal', 'es obligatoria para retirar el inmueble');
  if (estado === 'retirado' && !(await repo.causalExiste(o.tx, causal!)))
    throw invalido('causal', 'no existe en las causales de retiro de esta empresa');
  if (estado !== 'retirado' && causal) throw invalido('causal', 'solo aplica cuando el estado es retirado');
  if (antes.estado === estado && (antes.id_causal_retiro ?? null) === (causal ?? null)) return detalle(o.tx, antes);
  const dAntes = await detalle(o.tx, antes);
  await repo.actualizar(o.tx, antes.id, null, {
    estado,
    id_causal_retiro: estado === 'retirado' ? causal! : null,
    modificado_por: o.user.usuario,
    modificado_en: new Date(),
  });
  await repo.registrarEstado(o.tx, {
    idInmueble: antes.id,
    desde: antes.estado,
    hasta: estado,
    idCausal: estado === 'retirado' ? causal! : null,
    observacion: o.body.observacion,
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
  });
  const d = await detalle(o.tx, await filaOError(o.tx, o.consecutivo));
  await auditar(o, 'cambiar estado', o.consecutivo, {
    ...diferencias(dAntes, d),
    ...(o.body.observacion ? { observacion: o.body.observacion } : {}),
  });
  await avisar(o, dAntes, d);
  await alGuardarInmueble(o.tx, antes.id);
  return d;
}

/** Why a property stays (`razon` is the whole sentence); withdrawing it is suggested unless it is withdrawn already. */
const noSeElimina = (razon: string, estado: string) =>
  new AppError(
    CODES.CONFLICTO,
    `${razon}: no se puede eliminar.${estado === 'retirado' ? '' : ' Si ya no se ofrece, cámbielo a retirado con una causal.'}`,
  );

const lista = (ns: number[]) => (ns.length <= 5 ? ns.join(', ') : `${ns.slice(0, 5).join(', ')} y ${ns.length - 5} más`);

/**
 * Deletes a property entered by mistake (company administrators). Refused when it is or ever was
 * reservado, arrendado or vendido, when requests name it or its ficha was sent to clients, or while
 * someone else edits it; `version` is the one the administrator saw. The audit keeps every field and
 * the reason; the stored photos and documents are removed once the deletion commits; the consecutivo
 * is never given again.
 */
export async function eliminar(
  o: Escritura & Pick<Scope, 'onCommit'> & { storage: Storage; consecutivo: number; body: EliminarInmueble },
): Promise<InmuebleEliminado> {
  if (!o.user.admemp) throw new AppError(CODES.SIN_PERMISO, 'Solo un administrador de la empresa puede eliminar inmuebles.');
  const antes = await filaOError(o.tx, o.consecutivo, true);
  await libreDeOtros(o, o.consecutivo);
  if (antes.version !== o.body.version) throw modificado(antes);
  const v = await repo.vinculos(o.tx, antes.id, ESTADOS_NO_ELIMINABLES);
  const estado = antes.estado as EstadoInmueble;
  const negocio = negocioDe(estado, v.negocio ? [v.negocio as EstadoInmueble] : []);
  // A property with business keeps its history, contracts and documents: it stays as it is, or retirado.
  if (negocio)
    throw new AppError(
      CODES.CONFLICTO,
      `El inmueble ${o.consecutivo} ${negocio.ahora ? 'está' : 'estuvo'} ${ETIQUETAS_ESTADO[negocio.estado].toLowerCase()}: un inmueble que está o estuvo reservado, arrendado o vendido no se elimina; conserva su historia y sus documentos.`,
    );
  if (v.solicitudes.length > 0)
    throw noSeElimina(
      v.solicitudes.length === 1
        ? `El inmueble ${o.consecutivo} figura en la solicitud N.º ${v.solicitudes[0]}`
        : `El inmueble ${o.consecutivo} figura en las solicitudes N.º ${lista(v.solicitudes)}`,
      estado,
    );
  if (v.envios > 0)
    throw noSeElimina(
      `La ficha del inmueble ${o.consecutivo} se envió por correo a clientes atendidos (${v.envios} ${v.envios === 1 ? 'envío' : 'envíos'})`,
      estado,
    );
  const d = await detalle(o.tx, antes);
  const fotos = await archivos.fotos(o.tx, antes.id);
  const docs = await archivos.documentos(o.tx, antes.id);
  try {
    await repo.eliminar(o.tx, antes.id);
  } catch (e) {
    // A request or a sending that arrived meanwhile still holds the row.
    if (errorPg(e)?.code === PG.LLAVE_FORANEA)
      throw noSeElimina(`El inmueble ${o.consecutivo} acaba de quedar ligado a una solicitud o un envío`, estado);
    throw e;
  }
  await locks.liberar(o.tx, RECURSO, String(o.consecutivo), null);
  const cambios: Cambios = {};
  for (const [k, c] of Object.entries(diferencias(null, d))) cambios[k] = { antes: c.despues, despues: null };
  if (fotos.length > 0) cambios.fotos = { antes: fotos.map((f) => f.nombreOriginal || `foto ${f.id}`), despues: null };
  if (docs.length > 0) cambios.documentos = { antes: docs.map((x) => x.nombre), despues: null };
  cambios.motivo = { antes: null, despues: o.body.motivo };
  await auditar(o, 'eliminar', o.consecutivo, cambios);
  deleteOnCommit(o, [...fotos.flatMap((f) => [f.claveMiniatura, f.claveGrande]), ...docs.map((x) => x.clave)]);
  return { consecutivo: o.consecutivo, fotos: fotos.length, documentos: docs.length };
}

export async function historialEstados(o: Base & { user: Principal; consecutivo: number }): Promise<HistorialEstado[]> {
  const f = await filaOError(o.tx, o.consecutivo);
  return (await repo.historial(o.tx, f.id)).map((h) => ({
    desde: h.desde as EstadoInmueble | null,
    hasta: h.hasta as EstadoInmueble,
    id_causal: h.id_causal,
    causal: h.causal,
    usuario: h.usuario,
    fecha: iso(h.fecha)!,
  }));
}

/** The history of the property's prices: when each was set or changed, by whom, from what to what. */
export async function historialPrecios(o: Base & { user: Principal; consecutivo: number }): Promise<CambioPrecio[]> {
  await filaOError(o.tx, o.consecutivo);
  const precio = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return (await repo.cambiosDe(o.tx, o.consecutivo, CAMPOS_PRECIO))
    .map((f) => ({
      fecha: iso(f.fecha)!,
      usuario: f.usuario,
      cambios: CAMPOS_PRECIO.flatMap((campo) => {
        const c = f.cambios[campo];
        if (!c) return [];
        const antes = precio(c.antes);
        const despues = precio(c.despues);
        return antes === despues ? [] : [{ campo, antes, despues }];
      }),
    }))
    .filter((f) => f.cambios.length > 0);
}

export async function listar(o: Base & { query: InmueblesQuery }): Promise<InmueblesPagina> {
  const { page, pageSize, sort, order, ...filtro } = o.query;
  const { filas, hayMas } = await repo.listar(o.tx, {
    ...filtro,
    sort: sort ?? 'consecutivo',
    order: order ?? 'desc',
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: filas, hayMas };
}

export async function contar(o: Base & { query: InmueblesConteoQuery }): Promise<InmueblesConteo> {
  return conteoAcotado(await repo.contar(o.tx, o.query, TOPE_CONTEO + 1));
}

const COLUMNAS_EXPORTAR: { label: string; celda: (i: InmuebleResumen, asesor: string | null) => Celda }[] = [
  { label: 'Consecutivo', celda: (i) => i.consecutivo },
  { label: 'Tipo', celda: (i) => ETIQUETAS_TIPO[i.tipo] },
  { label: 'Gestión', celda: (i) => ETIQUETAS_GESTION[i.gestion] },
  { label: 'Estado', celda: (i) => ETIQUETAS_ESTADO[i.estado] },
  { label: 'Dirección', celda: (i) => i.direccion },
  { label: 'Municipio', celda: (i) => i.municipio },
  { label: 'Barrio', celda: (i) => i.barrio },
  { label: 'Estrato', celda: (i) => i.estrato },
  { label: 'Área (m²)', celda: (i) => i.area },
  { label: 'Habitaciones', celda: (i) => i.habitaciones },
  { label: 'Baños', celda: (i) => i.banos },
  { label: 'Parqueaderos', celda: (i) => i.parqueaderos },
  { label: 'Canon (COP)', celda: (i) => i.canon },
  { label: 'Precio de venta (COP)', celda: (i) => i.precio_venta },
  { label: 'Asesor comercial', celda: (_i, asesor) => asesor },
  {
    label: 'Vigencia de la consignación',
    celda: (i) => (i.vigencia_consignacion ? new Date(`${i.vigencia_consignacion}T00:00:00Z`) : null),
  },
];

/**
 * The search's export. In the request's transaction only its ids (in the list's order, at most
 * EXPORTAR_INMUEBLES_MAX) and the asesores' names are read; `escribir`, run after the commit, reads the
 * rows a page per transaction and writes them as they come (platform/tabular/por-partes.ts), so a
 * 20,000-row export does not hold the database for everyone else.
 */
export async function exportar(
  o: Base & { query: Omit<InmueblesQuery, 'page' | 'pageSize'> & { formato: 'csv' | 'xlsx' } },
): Promise<{ escribir: (db: Database, idEmpresa: number) => Promise<Archivo> }> {
  const { formato, sort, order, ...filtro } = o.query;
  const ids = await repo.idsEnOrden(o.tx, {
    ...filtro,
    sort: sort ?? 'consecutivo',
    order: order ?? 'desc',
    limit: EXPORTAR_INMUEBLES_MAX + 1,
    offset: 0,
  });
  if (ids.length > EXPORTAR_INMUEBLES_MAX)
    throw new AppError(
      CODES.VALIDACION,
      `La exportación admite máximo ${EXPORTAR_INMUEBLES_MAX.toLocaleString('es-CO')} inmuebles y la búsqueda tiene más: filtre la lista.`,
    );
  const asesores = new Map((await repo.asesores(o.tx, undefined, undefined)).map((a) => [a.id, a.label]));
  return {
    escribir: (db, idEmpresa) =>
      exportarPorPartes({
        db,
        idEmpresa,
        ids,
        leer: async (tx, parte) =>
          (await repo.porIds(tx, parte)).map((i) => ({
            id: i.id,
            celdas: COLUMNAS_EXPORTAR.map((c) => c.celda(i, asesores.get(i.id_asesor_comercial ?? 0) ?? null)),
          })),
        encabezados: COLUMNAS_EXPORTAR.map((c) => c.label),
        base: 'inmuebles',
        titulo: 'Inmuebles',
        formato,
      }),
  };
}

// ----- edit locks ------------------------------------------------------------------------------

export async function tomarBloqueo(o: Escritura & { consecutivo: number }): Promise<Bloqueo> {
  await filaOError(o.tx, o.consecutivo);
  const r = await locks.tomar(o.tx, {
    recurso: RECURSO,
    clave: String(o.consecutivo),
    idUsuario: o.user.idUsuario,
    usuario: o.user.usuario,
  });
  if (!r.propio) throw locks.bloqueado(r.titular, enEdicion(r.titular.usuario, locks.desdeLegible(r.titular)));
  return locks.aBloqueo(r.titular);
}

export async function liberarBloqueo(o: Escritura & { consecutivo: number; forzar: boolean }): Promise<{ liberado: boolean }> {
  await filaOError(o.tx, o.consecutivo);
  const clave = String(o.consecutivo);
  if (!o.forzar) return { liberado: await locks.liberar(o.tx, RECURSO, clave, o.user.idUsuario) };
  if (!o.user.admemp) throw sinPermiso();
  const t = await locks.vigente(o.tx, RECURSO, clave);
  const liberado = await locks.liberar(o.tx, RECURSO, clave, null);
  if (liberado && t) await auditar(o, 'romper bloqueo', o.consecutivo, { bloqueo: { antes: locks.aBloqueo(t), despues: null } });
  return { liberado };
}

// ----- the form's selects and the search view ----------------------------------------------------

export async function opcionesAsesores(o: Base & { user: Principal; q?: string | undefined; id?: number | undefined }) {
  return repo.asesores(o.tx, o.q, o.id);
}

export async function opcionesPropietarios(o: Base & { user: Principal; q?: string | undefined; id?: number | undefined }) {
  // Who only consults properties (491) finds owners by name and sees their names, never their documents.
  if (hasIdm(o.user.permisos, IDM_INMUEBLE) || hasIdm(o.user.permisos, IDM_TERCEROS))
    return repo.propietariosOpciones(o.tx, o.q, o.id);
  return (await repo.propietariosOpciones(o.tx, o.q, o.id, true)).map(({ id, label }) => ({ id, label }));
}

export async function caracteristicas(o: Base & { user: Principal }) {
  return repo.catalogoCaracteristicas(o.tx);
}

/** The support user has no user row: the choice lasts for the session only (the web keeps it). */
export async function guardarVista(o: Base & { user: Principal; tipo: number }) {
  if (o.user.idUsuario) await repo.guardarVista(o.tx, o.user.idUsuario, o.tipo);
  return { tipoVistaInmueblesBuscador: o.tipo };
}

/** The count of a filtered list, for the home page's counters. */
export { contar as contarInmuebles } from './inmuebles.repo.ts';
