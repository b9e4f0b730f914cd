import { CODES } from '@predio/contract/codes';
import type { ListResult } from '@predio/contract/list';
import { ETIQUETAS_ESTADO, ETIQUETAS_GESTION, ETIQUETAS_PORTAL } from '@predio/contract/inmuebles';
import {
  MODIFICACIONES_EXPORT_MAX,
  TIPO_CARTA_INMUEBLES_ASIGNADOS,
  etiquetaAccion,
  etiquetaCampo,
  etiquetaTipo,
  tvConfigDe,
  type Modificacion,
  type ModificacionesQuery,
  type ModificacionesValores,
  type OpcionesUtilidades,
  type Reasignar,
  type ReasignarPrevia,
  type ReasignarPreviaQuery,
  type ReasignarResultado,
  type TvConfig,
  type TvPresentacion,
  type Ubicacion,
  type Ubicaciones,
  type UbicacionesQuery,
} from '@predio/contract/inmuebles-utilidades';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria, registrarAuditorias, type EntradaAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as locks from '../../platform/bloqueos/bloqueos.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import * as repo from './inmuebles-utilidades.repo.ts';
import { pesos } from '../../platform/formato.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };

// The same entity and lock resource the inmuebles module writes, so its history and locks apply here.
const ENTIDAD = 'inmuebles';
const RECURSO = 'inmueble';

const nombreDe = (u: repo.FilaUsuario) => (u.nombre ? `${u.nombre} (${u.usuario})` : u.usuario);
const entrada = (o: Escritura, accion: string, consecutivo: number, cambios: EntradaAuditoria['cambios']): EntradaAuditoria => ({
  idUsuario: o.user.idUsuario || null,
  usuario: o.user.usuario,
  accion,
  entidad: ENTIDAD,
  entidadId: String(consecutivo),
  cambios,
  ip: o.ip,
});

/** Users and municipios for the selects of any of the four utilities. */
export async function opciones(o: Base & { user: Principal }): Promise<OpcionesUtilidades> {
  return { asesores: await repo.usuarios(o.tx), municipios: await repo.municipiosConInmuebles(o.tx) };
}

// ----- reasignar inmuebles ----------------------------------------------------------------------

async function asesores(tx: Tx, c: { origen: number; destino: number }) {
  if (c.origen === c.destino) throw invalido('destino', 'debe ser un asesor distinto del asesor de origen');
  const [origen, destino] = [await repo.usuario(tx, c.origen), await repo.usuario(tx, c.destino)];
  if (!origen) throw invalido('origen', `el usuario ${c.origen} no existe en esta empresa`);
  if (!destino) throw invalido('destino', `el usuario ${c.destino} no existe en esta empresa`);
  if (!destino.activo) throw invalido('destino', `el usuario ${nombreDe(destino)} está inactivo: no puede recibir inmuebles`);
  return { origen, destino };
}

export async function previa(o: Base & { query: ReasignarPreviaQuery }): Promise<ReasignarPrevia> {
  await asesores(o.tx, o.query);
  const filas = await repo.reasignables(o.tx, o.query);
  return { items: filas.map(({ id: _i, version: _v, editando_id: _e, ...f }) => f), total: filas.length };
}

/** Moves the properties in one transaction; a property someone else is editing is left as it is. */
export async function reasignar(
  o: Escritura & Scope & { deps: Pick<Deps, 'hub' | 'mailer'>; body: Reasignar },
): Promise<ReasignarResultado> {
  const b = o.body;
  const { origen, destino } = await asesores(o.tx, b);
  const filas = await repo.reasignables(o.tx, {
    origen: b.origen,
    rol: b.rol,
    estado: b.estado,
    ...(b.todos ? {} : { consecutivos: b.consecutivos }),
    bloquear: true,
  });
  if (b.todos && b.esperados !== undefined && b.esperados !== filas.length)
    throw new AppError(
      CODES.CONFLICTO,
      `Los inmuebles de ${nombreDe(origen)} cambiaron desde la vista previa (eran ${b.esperados}, ahora son ${filas.length}). Revise la vista previa y confirme de nuevo.`,
    );
  const omitidos: ReasignarResultado['omitidos'] = [];
  if (!b.todos) {
    const vistos = new Set(filas.map((f) => f.consecutivo));
    for (const c of b.consecutivos)
      if (!vistos.has(c)) omitidos.push({ consecutivo: c, motivo: `no existe o ya no es de ${nombreDe(origen)}` });
  }
  const libres = filas.filter((f) => {
    if (f.editando && f.editando_id !== o.user.idUsuario) {
      omitidos.push({ consecutivo: f.consecutivo, motivo: `lo está editando ${f.editando}` });
      return false;
    }
    return true;
  });
  const cambiados = await repo.asignarAsesor(o.tx, {
    ids: libres.map((f) => f.id),
    origen: b.origen,
    destino: b.destino,
    rol: b.rol,
    usuario: o.user.usuario,
  });
  cambiados.sort((a, c) => a.consecutivo - c.consecutivo);
  await registrarAuditorias(
    o.tx,
    cambiados.map((f) => {
      const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
      if (f.comercial_antes !== f.comercial) cambios.id_asesor_comercial = { antes: f.comercial_antes, despues: f.comercial };
      if (f.captador_antes !== f.captador) cambios.id_asesor_captador = { antes: f.captador_antes, despues: f.captador };
      return entrada(o, 'reasignar', f.consecutivo, cambios);
    }),
  );
  const reasignados = cambiados.map((f) => f.consecutivo);
  if (reasignados.length > 0 && destino.id !== o.user.idUsuario) {
    const lista = reasignados.slice(0, 20).join(', ') + (reasignados.length > 20 ? '…' : '');
    // Several: the search, filtered to this asesor and to the estados the moved ones are in.
    const movidos = new Set(reasignados);
    const estados = [...new Set(filas.filter((f) => movidos.has(f.consecutivo)).map((f) => f.estado))].sort();
    await notificar(
      { tx: o.tx, onCommit: o.onCommit, hub: o.deps.hub, mailer: o.deps.mailer },
      {
        idEmpresa: o.user.idEmpresa,
        idUsuario: destino.id,
        tipoCarta: TIPO_CARTA_INMUEBLES_ASIGNADOS,
        titulo: reasignados.length === 1 ? 'Le asignaron un inmueble' : `Le asignaron ${reasignados.length} inmuebles`,
        cuerpo: `${o.user.usuario} le reasignó ${reasignados.length === 1 ? 'el inmueble' : 'los inmuebles'} ${lista} de ${nombreDe(origen)}.`,
        enlace:
          reasignados.length === 1
            ? `/propiedades/inmueble/${reasignados[0]}`
            : `/propiedades/inmuebles-disponibles?asesor=${destino.id}&estado=${estados.join(',')}`,
      },
    );
  }
  return { reasignados, omitidos, origen: nombreDe(origen), destino: nombreDe(destino) };
}

// ----- modificaciones de inmuebles --------------------------------------------------------------

const rango = (q: { desde?: string | undefined; hasta?: string | undefined }) => {
  if (q.desde && q.hasta && q.desde > q.hasta) throw invalido('hasta', 'debe ser igual o posterior a desde');
};

// Fields whose value is an id of another table (or a list of them), shown by name.
const REFERENCIAS: Record<string, keyof Parameters<typeof repo.nombres>[1]> = {
  id_municipio: 'municipio',
  id_barrio: 'barrio',
  id_sector: 'sector',
  id_zona: 'zona',
  id_captacion: 'captacion',
  id_causal_retiro: 'causal',
  id_asesor_comercial: 'usuario',
  id_asesor_captador: 'usuario',
  caracteristicas: 'caracteristica',
};
const DINERO = new Set(['canon', 'precio_venta', 'administracion']);
const AREAS = new Set(['area_construida', 'area_privada', 'area_lote']);
const numero = new Intl.NumberFormat('es-CO');
const coordenada = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 6, useGrouping: false });

type Nombres = Awaited<ReturnType<typeof repo.nombres>>;

function textoValor(campo: string, v: unknown, n: Nombres): string {
  if (v === null || v === undefined || v === '') return '';
  const ref = REFERENCIAS[campo];
  if (ref && typeof v === 'number') return n[ref].get(v) ?? `#${v}`;
  if (ref && Array.isArray(v)) return v.length > 0 ? v.map((id: number) => n[ref].get(id) ?? `#${id}`).join(', ') : 'Ninguna';
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (typeof v === 'number' && DINERO.has(campo)) return pesos(v);
  if (typeof v === 'number' && AREAS.has(campo)) return `${numero.format(v)} m²`;
  if (typeof v === 'number' && (campo === 'lat' || campo === 'lng')) return coordenada.format(v);
  if (typeof v === 'number') return numero.format(v);
  if (campo === 'estado' && typeof v === 'string') return ETIQUETAS_ESTADO[v as keyof typeof ETIQUETAS_ESTADO] ?? v;
  if (campo === 'tipo' && typeof v === 'string') return etiquetaTipo(v);
  if (campo === 'gestion' && typeof v === 'string') return ETIQUETAS_GESTION[v as keyof typeof ETIQUETAS_GESTION] ?? v;
  if (typeof v === 'string') return v;
  // Lists of names: the photos uploaded, the leads a ficha went to.
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join(', ');
  if (campo === 'propietarios' && Array.isArray(v))
    return v
      .map(
        (p: { nombre?: string; id_tercero?: number; porcentaje?: number }) =>
          `${p.nombre ?? `#${p.id_tercero}`} (${p.porcentaje} %)`,
      )
      .join(', ');
  if (campo === 'publicar' && typeof v === 'object') {
    const si = Object.entries(v as Record<string, boolean>).filter(([, x]) => x);
    return si.length > 0 ? si.map(([k]) => ETIQUETAS_PORTAL[k as keyof typeof ETIQUETAS_PORTAL] ?? k).join(', ') : 'Ninguno';
  }
  if (campo === 'bloqueo' && typeof v === 'object' && 'usuario' in v)
    return `Editando: ${String((v as { usuario: unknown }).usuario)}`;
  return JSON.stringify(v);
}

/** Audit values are {antes, despues} pairs; a plain value (the observation of a state change) is an "after". */
const par = (valor: unknown): { antes: unknown; despues: unknown } =>
  typeof valor === 'object' && valor !== null && !Array.isArray(valor) && 'antes' in valor && 'despues' in valor
    ? (valor as { antes: unknown; despues: unknown })
    : { antes: null, despues: valor };

async function aModificaciones(tx: Tx, filas: repo.FilaModificacion[]): Promise<Modificacion[]> {
  const ids = {
    municipio: [],
    barrio: [],
    sector: [],
    zona: [],
    captacion: [],
    causal: [],
    usuario: [],
    caracteristica: [],
  } as Record<keyof Nombres, number[]>;
  for (const f of filas) {
    const ref = REFERENCIAS[f.campo];
    if (!ref) continue;
    const p = par(f.valor);
    for (const v of [p.antes, p.despues].flat()) if (Number.isInteger(v)) ids[ref].push(v as number);
  }
  const n = await repo.nombres(tx, ids);
  return filas.map((f) => {
    const p = par(f.valor);
    const fecha = f.creado_en instanceof Date ? f.creado_en : new Date(f.creado_en);
    return {
      clave: `${f.id}:${f.campo}`,
      fecha: fecha.toISOString(),
      usuario: f.usuario,
      accion: f.accion,
      consecutivo: f.entidad_id && /^\d+$/.test(f.entidad_id) ? Number(f.entidad_id) : null,
      campo: f.campo,
      // A creation has no before, not even an empty list of características or portals.
      antes: f.accion === 'crear' ? '' : textoValor(f.campo, p.antes, n),
      despues: textoValor(f.campo, p.despues, n),
    };
  });
}

export async function modificaciones(o: Base & { query: ModificacionesQuery }): Promise<ListResult<Modificacion>> {
  const { page, pageSize, q: _q, ...resto } = o.query;
  rango(resto);
  const r = await repo.modificaciones(o.tx, { ...resto, limit: pageSize, offset: (page - 1) * pageSize });
  return { items: await aModificaciones(o.tx, r.filas), total: r.total };
}

export const valoresModificaciones = (o: Base): Promise<ModificacionesValores> => repo.valoresModificaciones(o.tx);

export async function exportarModificaciones(
  o: Base & { query: ModificacionesQuery & { formato: 'csv' | 'xlsx' } },
): Promise<Archivo> {
  const { formato, page: _p, pageSize: _s, q: _q, ...resto } = o.query;
  rango(resto);
  const r = await repo.modificaciones(o.tx, { ...resto, limit: MODIFICACIONES_EXPORT_MAX, offset: 0 });
  if (r.total > MODIFICACIONES_EXPORT_MAX)
    throw new AppError(
      CODES.VALIDACION,
      `La exportación admite máximo ${MODIFICACIONES_EXPORT_MAX.toLocaleString('es-CO')} filas y el filtro tiene ${r.total.toLocaleString('es-CO')}: acote las fechas.`,
    );
  const items = await aModificaciones(o.tx, r.filas);
  const hoja = {
    encabezados: ['Fecha', 'Usuario', 'Consecutivo', 'Campo', 'Antes', 'Después', 'Acción'],
    filas: items.map((m) => [
      new Date(m.fecha),
      m.usuario,
      m.consecutivo,
      etiquetaCampo(m.campo),
      m.antes,
      m.despues,
      etiquetaAccion(m.accion),
    ]),
  };
  return exportarHoja({ hoja, base: `modificaciones-inmuebles`, titulo: 'Modificaciones de inmuebles', formato });
}

// ----- geolocalizar inmuebles -------------------------------------------------------------------

export async function ubicaciones(o: Base & { query: UbicacionesQuery }): Promise<Ubicaciones> {
  const { page, pageSize, ...resto } = o.query;
  return repo.ubicaciones(o.tx, { ...resto, limit: pageSize, offset: (page - 1) * pageSize });
}

export async function ubicar(
  o: Escritura & { consecutivo: number; body: Ubicacion },
): Promise<{ consecutivo: number; lat: number | null; lng: number | null; version: number }> {
  const f = await repo.porConsecutivo(o.tx, o.consecutivo);
  if (!f) throw noEncontrado(`El inmueble ${o.consecutivo}`);
  await locks.libreDeOtros(
    o.tx,
    { recurso: RECURSO, clave: String(o.consecutivo), idUsuario: o.user.idUsuario },
    (usuario, desde) =>
      `El inmueble ${o.consecutivo} lo está editando ${usuario} desde ${desde}. Podrá ubicarlo cuando lo libere.`,
  );
  if (o.body.version !== undefined && o.body.version !== f.version)
    throw new AppError(
      CODES.CONFLICTO,
      `El inmueble ${o.consecutivo} fue modificado por otro usuario mientras lo ubicaba. Recargue la lista y vuelva a ubicarlo.`,
      [{ campo: 'version', mensaje: 'el inmueble cambió desde que se cargó la lista' }],
    );
  const { lat, lng } = o.body;
  if (f.lat === lat && f.lng === lng) return { consecutivo: o.consecutivo, lat, lng, version: f.version };
  const version = await repo.guardarUbicacion(o.tx, { id: f.id, lat, lng, usuario: o.user.usuario });
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  if (f.lat !== lat) cambios.lat = { antes: f.lat, despues: lat };
  if (f.lng !== lng) cambios.lng = { antes: f.lng, despues: lng };
  await registrarAuditoria(o.tx, entrada(o, 'geolocalizar', o.consecutivo, cambios));
  return { consecutivo: o.consecutivo, lat, lng, version };
}

// ----- TV ---------------------------------------------------------------------------------------

export const tvConfig = async (o: Base): Promise<TvConfig> => tvConfigDe(await repo.tvConfig(o.tx));

export async function guardarTvConfig(o: Escritura & { body: TvConfig }): Promise<TvConfig> {
  const antes = await tvConfig(o);
  await repo.guardarTvConfig(o.tx, o.body, o.user.usuario);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const k of Object.keys(o.body) as (keyof TvConfig)[])
    if (JSON.stringify(antes[k]) !== JSON.stringify(o.body[k])) cambios[k] = { antes: antes[k], despues: o.body[k] };
  if (Object.keys(cambios).length > 0)
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'actualizar',
      entidad: 'tv_config',
      cambios,
      ip: o.ip,
    });
  return o.body;
}

export async function tvPresentacion(o: Base): Promise<TvPresentacion> {
  const config = await tvConfig(o);
  const e = await repo.empresa(o.tx);
  return {
    config,
    empresa: { nombre: e.nombre, logo: e.logo ? `/api/empresa/logo/${encodeURIComponent(e.logo)}` : null },
    items: await repo.tvInmuebles(o.tx, config),
  };
}
