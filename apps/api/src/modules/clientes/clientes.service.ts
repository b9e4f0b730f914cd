import { CODES } from '@predio/contract/codes';
import {
  CASCADA_VISTA_MAX,
  ETIQUETA_ESTADO_CLIENTE,
  ETIQUETA_GESTION_CLIENTE,
  etiquetaResultado,
  IDM_CLIENTES_ATENDIDOS,
  type AsesorOpcion,
  type CerrarCascada,
  type Cierre,
  type ClienteActualizar,
  type ClienteDetalle,
  type ClienteForm,
  type ClienteResumen,
  type ClientesQuery,
  type CriteriosCascada,
  type EstadoCliente,
  type InmuebleCoincidente,
  type ResultadoCascada,
  type ResultadoCierre,
  type RolConversion,
  type TerceroOpcion,
  type VistaPreviaCascada,
} from '@predio/contract/clientes';
import type { ListResult } from '@predio/contract/list';
import { hasIdm } from '@predio/contract/menu';
import type { Database, Tx } from '../../db/client.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Celda } from '../../platform/tabular/celdas.ts';
import { exportarPorPartes } from '../../platform/tabular/por-partes.ts';
import type { Scope } from '../../platform/tenant.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import { marcarRol } from '../terceros/terceros-roles.service.ts';
import { inmueblesParaCliente } from './clientes-coincidencias.service.ts';
import * as repo from './clientes.repo.ts';
import { siguiente } from '../../platform/numeracion/numeracion.ts';
import { principalSinSesion } from '../../platform/auth/principal.ts';
import { normalizarTelefono } from '../../platform/mensajes/salida.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
type ConAvisos = Escritura & Scope & { hub: Hub; mailer: Despertador };

const ENTIDAD = 'clientes_atendidos';
const { dia, instante, num } = repo.fechas;

/** Today in Colombia, 'YYYY-MM-DD' (a lead that came in at 8 p.m. came in today, not tomorrow UTC). */
export const hoyBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

const CAMPOS = [
  'id_tercero',
  'fecha_ingreso',
  'id_asesor',
  'id_medio',
  'gestion',
  'estado',
  'tipos',
  'municipios',
  'barrios',
  'zonas',
  'precio_min',
  'precio_max',
  'area_min',
  'area_max',
  'habitaciones_min',
  'banos_min',
  'parqueaderos_min',
  'estratos',
  'caracteristicas',
  'observaciones',
] as const;

const CAMPO_FK: Record<string, string> = {
  cliente_atendido_id_tercero_fk: 'id_tercero',
  cliente_atendido_id_asesor_fk: 'id_asesor',
  cliente_atendido_id_medio_fk: 'id_medio',
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

/** The requirement lists hold master ids without a foreign key: each must exist in this company. */
async function validarRequisitos(tx: Tx, f: ClienteForm) {
  const listas = [
    ['municipios', 'municipios'],
    ['barrios', 'barrios'],
    ['zonas', 'zonas'],
    ['caracteristicas', 'caracteristicas_inmueble'],
  ] as const;
  for (const [campo, tabla] of listas) {
    const pedidos = f[campo];
    const hay = new Set(await repo.existentes(tx, tabla, pedidos));
    const falta = pedidos.find((x) => !hay.has(x));
    if (falta !== undefined) throw invalido(campo, `el valor ${falta} no existe en esta empresa`);
  }
  if (f.municipios.length > 0 && f.barrios.length > 0) {
    const ajeno = (await repo.municipiosDeBarrios(tx, f.barrios)).find((b) => !f.municipios.includes(b.id_municipio));
    if (ajeno) throw invalido('barrios', `el barrio ${ajeno.id} no pertenece a los municipios elegidos`);
  }
  if (f.fecha_ingreso && f.fecha_ingreso > hoyBogota()) throw invalido('fecha_ingreso', 'no puede ser una fecha futura');
}

/** Without fecha_ingreso a new lead came in today and an edited one keeps its date. */
function valores(f: ClienteForm, fechaIngreso: string): Partial<repo.NuevoCliente> {
  const out: Record<string, unknown> = {};
  for (const k of CAMPOS) out[k] = f[k] ?? null;
  out.fecha_ingreso = f.fecha_ingreso ?? fechaIngreso;
  return out as Partial<repo.NuevoCliente>;
}

export async function filaOError(tx: Tx, consecutivo: number, bloquear = false): Promise<repo.FilaCliente> {
  const f = await repo.porConsecutivo(tx, consecutivo, bloquear);
  if (!f) throw noEncontrado(`El cliente atendido ${consecutivo}`);
  return f;
}

async function detalle(tx: Tx, f: repo.FilaCliente): Promise<ClienteDetalle> {
  const t = await repo.tercero(tx, f.id_tercero);
  const n = await repo.nombres(tx, f);
  const notas = await repo.notas(tx, f.id);
  return {
    id: f.id,
    consecutivo: f.consecutivo,
    id_tercero: f.id_tercero,
    tercero: t!,
    fecha_ingreso: dia(f.fecha_ingreso)!,
    id_asesor: f.id_asesor,
    asesor: n.asesor,
    id_medio: f.id_medio,
    medio: n.medio,
    gestion: f.gestion as ClienteDetalle['gestion'],
    estado: f.estado as EstadoCliente as ClienteDetalle['estado'],
    tipos: f.tipos as ClienteDetalle['tipos'],
    municipios: f.municipios,
    barrios: f.barrios,
    zonas: f.zonas,
    precio_min: num(f.precio_min),
    precio_max: num(f.precio_max),
    area_min: num(f.area_min),
    area_max: num(f.area_max),
    habitaciones_min: f.habitaciones_min,
    banos_min: f.banos_min,
    parqueaderos_min: f.parqueaderos_min,
    estratos: f.estratos,
    caracteristicas: f.caracteristicas,
    observaciones: f.observaciones,
    resultado: f.resultado as ResultadoCierre | null,
    observacion_cierre: f.observacion_cierre,
    fecha_cierre: dia(f.fecha_cierre),
    ultimo_seguimiento: instante(f.ultimo_seguimiento),
    etiquetas: { municipios: n.municipios, barrios: n.barrios, zonas: n.zonas, caracteristicas: n.caracteristicas },
    notas: notas.map((x) => ({ id: x.id, texto: x.texto, usuario: x.usuario, fecha: instante(x.fecha)! })),
    version: f.version,
    creado_por: f.creado_por,
    creado_en: instante(f.creado_en)!,
    modificado_por: f.modificado_por,
    modificado_en: instante(f.modificado_en),
  };
}

const auditar = (o: Escritura, accion: string, consecutivo: number | string, cambios: Cambios | Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: String(consecutivo),
    cambios,
    ip: o.ip,
  });

const CLAVES_DIFF = [...CAMPOS, 'resultado', 'observacion_cierre', 'fecha_cierre'] as const;
function diferencias(antes: ClienteDetalle | null, despues: ClienteDetalle): Cambios {
  const out: Cambios = {};
  for (const k of CLAVES_DIFF) {
    const a = antes ? JSON.stringify(antes[k] ?? null) : 'null';
    const d = JSON.stringify(despues[k] ?? null);
    if (a !== d) out[k] = { antes: antes ? (antes[k] ?? null) : null, despues: despues[k] ?? null };
  }
  return out;
}

/** Type 301: the asesor hears of a lead given to them (not when they gave it to themselves). */
async function avisarAsignacion(o: ConAvisos, d: ClienteDetalle) {
  if (!d.id_asesor || d.id_asesor === o.user.idUsuario) return;
  await notificar(o, {
    idEmpresa: o.user.idEmpresa,
    idUsuario: d.id_asesor,
    tipoCarta: 301,
    titulo: `Nuevo cliente asignado: ${d.tercero.nombre}`,
    cuerpo: `${o.user.usuario} le asignó el cliente atendido ${d.consecutivo} (${ETIQUETA_GESTION_CLIENTE[d.gestion].toLowerCase()}).`,
    enlace: `/propiedades/clientes-atendidos?abrir=${d.consecutivo}`,
  });
}

export async function crear(o: ConAvisos & { body: ClienteForm }): Promise<ClienteDetalle> {
  await validarRequisitos(o.tx, o.body);
  const consecutivo = await siguiente(o.tx, { serie: 'cliente_atendido' });
  const idAsesor = o.body.id_asesor === undefined ? await asesorPorDefecto(o) : o.body.id_asesor;
  await escribiendo(() =>
    repo.insertar(o.tx, {
      ...valores({ ...o.body, id_asesor: idAsesor }, hoyBogota()),
      consecutivo,
      id_tercero: o.body.id_tercero,
      gestion: o.body.gestion,
      fecha_ingreso: o.body.fecha_ingreso ?? hoyBogota(),
      creado_por: o.user.usuario,
    }),
  );
  const d = await detalle(o.tx, await filaOError(o.tx, consecutivo));
  await auditar(o, 'crear', consecutivo, diferencias(null, d));
  await avisarAsignacion(o, d);
  return d;
}

export async function obtener(o: Base & { consecutivo: number }): Promise<ClienteDetalle> {
  return detalle(o.tx, await filaOError(o.tx, o.consecutivo));
}

function modificado(antes: repo.FilaCliente): AppError {
  const quien = antes.modificado_por ? ` (${antes.modificado_por})` : '';
  return new AppError(
    CODES.CONFLICTO,
    `El cliente atendido fue modificado por otro usuario${quien} mientras usted lo editaba. Recárguelo y vuelva a guardar.`,
    [{ campo: 'version', mensaje: 'el cliente cambió desde que se abrió el formulario' }],
  );
}

export function exigirAbierto(f: repo.FilaCliente, que: string) {
  if (f.estado === 'cerrado')
    throw new AppError(CODES.CONFLICTO, `El cliente atendido ${f.consecutivo} está cerrado: reábralo para ${que}.`, [
      { campo: 'estado', mensaje: 'el cliente está cerrado' },
    ]);
}

export async function actualizar(o: ConAvisos & { consecutivo: number; body: ClienteActualizar }): Promise<ClienteDetalle> {
  const antes = await filaOError(o.tx, o.consecutivo, true);
  const { version, ...form } = o.body;
  if (antes.version !== version) throw modificado(antes);
  exigirAbierto(antes, 'modificarlo');
  await validarRequisitos(o.tx, form);
  const dAntes = await detalle(o.tx, antes);
  const ok = await escribiendo(() =>
    repo.actualizar(o.tx, antes.id, version, {
      ...valores(form, dia(antes.fecha_ingreso)!),
      modificado_por: o.user.usuario,
      modificado_en: new Date(),
    }),
  );
  if (!ok) throw modificado(antes);
  const d = await detalle(o.tx, await filaOError(o.tx, o.consecutivo));
  const cambios = diferencias(dAntes, d);
  if (Object.keys(cambios).length > 0) await auditar(o, 'actualizar', o.consecutivo, cambios);
  if (d.id_asesor !== dAntes.id_asesor) await avisarAsignacion(o, d);
  return d;
}

export async function agregarNota(o: Escritura & { consecutivo: number; texto: string }): Promise<ClienteDetalle> {
  const f = await filaOError(o.tx, o.consecutivo, true);
  exigirAbierto(f, 'anotar un seguimiento');
  await repo.insertarNota(o.tx, {
    idCliente: f.id,
    texto: o.texto,
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
  });
  // A lead with follow-up is "en seguimiento".
  await repo.actualizar(o.tx, f.id, null, {
    ultimo_seguimiento: new Date(),
    estado: 'en_seguimiento',
    modificado_por: o.user.usuario,
    modificado_en: new Date(),
  });
  await auditar(o, 'agregar nota', o.consecutivo, {
    nota: o.texto,
    ...(f.estado === 'activo' ? { estado: { antes: 'activo', despues: 'en_seguimiento' } } : {}),
  });
  return detalle(o.tx, await filaOError(o.tx, o.consecutivo));
}

export async function cerrar(o: Escritura & { consecutivo: number; body: Cierre }): Promise<ClienteDetalle> {
  const f = await filaOError(o.tx, o.consecutivo, true);
  exigirAbierto(f, 'cerrarlo de nuevo');
  const fecha = o.body.fecha_cierre ?? hoyBogota();
  if (fecha > hoyBogota()) throw invalido('fecha_cierre', 'no puede ser una fecha futura');
  if (fecha < dia(f.fecha_ingreso)!) throw invalido('fecha_cierre', 'no puede ser anterior a la fecha de ingreso');
  const dAntes = await detalle(o.tx, f);
  await repo.actualizar(o.tx, f.id, null, {
    estado: 'cerrado',
    resultado: o.body.resultado,
    observacion_cierre: o.body.observacion,
    fecha_cierre: fecha,
    modificado_por: o.user.usuario,
    modificado_en: new Date(),
  });
  const d = await detalle(o.tx, await filaOError(o.tx, o.consecutivo));
  await auditar(o, 'cerrar', o.consecutivo, { ...diferencias(dAntes, d), estado: { antes: f.estado, despues: 'cerrado' } });
  return d;
}

export async function reabrir(o: Escritura & { consecutivo: number }): Promise<ClienteDetalle> {
  const f = await filaOError(o.tx, o.consecutivo, true);
  if (f.estado !== 'cerrado')
    throw new AppError(CODES.CONFLICTO, `El cliente atendido ${f.consecutivo} no está cerrado.`, [
      { campo: 'estado', mensaje: 'solo se reabre un cliente cerrado' },
    ]);
  await repo.actualizar(o.tx, f.id, null, {
    estado: 'en_seguimiento',
    resultado: null,
    observacion_cierre: '',
    fecha_cierre: null,
    modificado_por: o.user.usuario,
    modificado_en: new Date(),
  });
  await auditar(o, 'reabrir', o.consecutivo, {
    estado: { antes: 'cerrado', despues: 'en_seguimiento' },
    resultado: { antes: f.resultado, despues: null },
    fecha_cierre: { antes: dia(f.fecha_cierre), despues: null },
  });
  return detalle(o.tx, await filaOError(o.tx, o.consecutivo));
}

/** clienteConvertir: the lead's tercero becomes a propietario or arrendatario (audited on both). */
export async function convertir(o: Escritura & { consecutivo: number; rol: RolConversion }): Promise<ClienteDetalle> {
  const f = await filaOError(o.tx, o.consecutivo);
  const t = await repo.tercero(o.tx, f.id_tercero, true);
  if (!t) throw noEncontrado('El tercero del cliente');
  const marcados = await marcarRol(o.tx, {
    ids: [t.id],
    rol: o.rol,
    origen: `cliente atendido ${f.consecutivo}`,
    user: o.user,
    ip: o.ip,
  });
  if (marcados.length > 0) await auditar(o, 'convertir', o.consecutivo, { rol: o.rol, id_tercero: t.id });
  return detalle(o.tx, f);
}

export async function listar(o: Base & { query: ClientesQuery }): Promise<ListResult<ClienteResumen>> {
  const { page, pageSize, sort, order, ...filtro } = o.query;
  const { filas, total } = await repo.listar(o.tx, {
    ...filtro,
    sort: sort ?? 'consecutivo',
    order: order ?? 'desc',
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: filas, total };
}

export const EXPORT_MAX = 50_000;
const COLUMNAS: { label: string; celda: (c: ClienteResumen) => Celda }[] = [
  { label: 'Consecutivo', celda: (c) => c.consecutivo },
  { label: 'Cliente', celda: (c) => c.nombre },
  { label: 'Identificación', celda: (c) => c.nro_id },
  { label: 'Celular', celda: (c) => c.celular },
  { label: 'Correo', celda: (c) => c.email },
  { label: 'Fecha de ingreso', celda: (c) => new Date(`${c.fecha_ingreso}T00:00:00Z`) },
  { label: 'Busca', celda: (c) => ETIQUETA_GESTION_CLIENTE[c.gestion] },
  { label: 'Tipos', celda: (c) => c.tipos.join(', ') },
  { label: 'Precio mínimo', celda: (c) => c.precio_min },
  { label: 'Precio máximo', celda: (c) => c.precio_max },
  { label: 'Asesor', celda: (c) => c.asesor ?? '' },
  { label: 'Medio publicitario', celda: (c) => c.medio ?? '' },
  { label: 'Estado', celda: (c) => ETIQUETA_ESTADO_CLIENTE[c.estado] },
  { label: 'Resultado', celda: (c) => etiquetaResultado(c.resultado) },
  { label: 'Fecha de cierre', celda: (c) => (c.fecha_cierre ? new Date(`${c.fecha_cierre}T00:00:00Z`) : null) },
];

/** The filter's export: its ids now, its rows a page per transaction after the commit (docs/platform.md). */
export async function exportar(
  o: Base & { query: Omit<ClientesQuery, 'page' | 'pageSize'> & { formato: 'csv' | 'xlsx' } },
): Promise<{ escribir: (db: Database, idEmpresa: number) => Promise<Archivo> }> {
  const { formato, sort, order, ...filtro } = o.query;
  const ids = await repo.idsEnOrden(o.tx, {
    ...filtro,
    sort: sort ?? 'consecutivo',
    order: order ?? 'desc',
    limit: EXPORT_MAX + 1,
    offset: 0,
  });
  if (ids.length > EXPORT_MAX) {
    const total = await repo.contar(o.tx, filtro);
    throw new AppError(
      CODES.VALIDACION,
      `La exportación admite máximo ${EXPORT_MAX.toLocaleString('es-CO')} filas y el filtro tiene ${total.toLocaleString('es-CO')}: filtre la lista.`,
    );
  }
  return {
    escribir: (db, idEmpresa) =>
      exportarPorPartes({
        db,
        idEmpresa,
        ids,
        leer: async (tx, parte) =>
          (await repo.porIds(tx, parte)).map((t) => ({ id: t.id, celdas: COLUMNAS.map((c) => c.celda(t)) })),
        encabezados: COLUMNAS.map((c) => c.label),
        base: 'clientes-atendidos',
        titulo: 'Clientes atendidos',
        formato,
      }),
  };
}

export async function coincidencias(o: Base & { consecutivo: number }): Promise<InmuebleCoincidente[]> {
  const d = await detalle(o.tx, await filaOError(o.tx, o.consecutivo));
  return inmueblesParaCliente({ tx: o.tx, cliente: d });
}

export const buscarTerceros = (o: Base & { q: string }): Promise<TerceroOpcion[]> => repo.buscarTerceros(o.tx, o.q);
/**
 * Who a new lead is given when the form names nobody: the user creating it when they attend leads
 * themselves (not the company administrator nor support), else the company's default asesor, else nobody.
 */
export async function asesorPorDefecto(o: Base & { user: Principal }): Promise<number | null> {
  const propio = !o.user.admemp && !o.user.soporte && o.user.idUsuario > 0 && hasIdm(o.user.permisos, IDM_CLIENTES_ATENDIDOS);
  return propio ? o.user.idUsuario : repo.asesorDeLaEmpresa(o.tx);
}

/** The active users, the one a new lead of this user goes to by default marked `porDefecto`. */
export async function asesores(o: Base & { user: Principal }): Promise<AsesorOpcion[]> {
  const [lista, porDefecto] = await Promise.all([repo.asesores(o.tx), asesorPorDefecto(o)]);
  return lista.map((a) => (a.id === porDefecto ? { ...a, porDefecto: true } : a));
}

// ----- cerrar en cascada (10603) --------------------------------------------------------------------

export async function vistaPreviaCascada(o: Base & { criterios: CriteriosCascada }): Promise<VistaPreviaCascada> {
  const filas = await repo.vistaPreviaCascada(o.tx, o.criterios, CASCADA_VISTA_MAX);
  return {
    total: Number(filas[0]?.total ?? 0),
    items: filas.map((f) => ({
      consecutivo: f.consecutivo,
      nombre: f.nombre,
      fecha_ingreso: dia(f.fecha_ingreso)!,
      estado: f.estado as EstadoCliente,
      asesor: f.asesor,
      ultimo_seguimiento: instante(f.ultimo_seguimiento),
    })),
  };
}

/** One transaction: the count the user confirmed must still be the count, or nothing is closed. */
export async function cerrarCascada(o: Escritura & { body: CerrarCascada }): Promise<ResultadoCascada> {
  const { criterios, resultado, observacion, esperados } = o.body;
  const cerrados = await repo.cerrarCascada(o.tx, criterios, {
    resultado,
    observacion,
    fecha: hoyBogota(),
    usuario: o.user.usuario,
  });
  if (cerrados.length !== esperados)
    throw new AppError(
      CODES.CONFLICTO,
      `Los criterios ahora incluyen ${cerrados.length} clientes, no los ${esperados} que confirmó: revise la vista previa y vuelva a confirmar. No se cerró ninguno.`,
      [{ campo: 'esperados', mensaje: `ahora son ${cerrados.length}` }],
    );
  await auditar(o, 'cerrar en cascada', 'cascada', {
    criterios,
    resultado,
    observacion,
    cerrados: cerrados.length,
    consecutivos: cerrados,
  });
  return { cerrados: cerrados.length, consecutivos: cerrados };
}

/** The count of a filtered list, for the home page's counters. */
export { contar as contarClientes } from './clientes.repo.ts';

// ----- from the website (Página web > Formularios) ---------------------------------------------------

/** Notice type 802: a form of the website created a lead (migration 0292). */
export const TIPO_CARTA_CLIENTE_SITIO = 802;

/** The national digits of a phone (a Colombian mobile or landline: its last 10), '' when it has too few. */
export function digitosTelefono(telefono: string): string {
  const n = normalizarTelefono(telefono);
  const d = (n ? n.replace(/^\+57/, '') : telefono).replace(/\D/g, '');
  return d.length >= 7 ? d.slice(-10) : '';
}

/**
 * A submission of a website form set to create clientes atendidos: the visitor is matched to an active
 * tercero of the company by e-mail, then by phone (its national digits). With a match, a lead «activo»
 * of the form's gestión is created for that tercero (the company's default asesor, the answers in its
 * observaciones) and the asesor and everyone who attends leads hear of it. Without one it answers null
 * and creates nothing: the caller keeps the submission as a solicitud, since a tercero needs a document
 * number a visitor does not give. Runs in the company's transaction.
 */
export async function crearDesdeSitio(
  o: Scope & { hub: Hub; mailer: Despertador; ip: string; idEmpresa: number },
  d: { email: string; telefono: string; gestion: ClienteForm['gestion']; observaciones: string; formulario: string },
): Promise<{ consecutivo: number; tercero: string; por: 'correo' | 'telefono' } | null> {
  const t = await repo.terceroPorContacto(o.tx, { email: d.email.trim(), digitos: digitosTelefono(d.telefono) });
  if (!t) return null;
  const user = principalSinSesion({ idEmpresa: o.idEmpresa, usuario: 'sitio web' });
  const c = await crear({
    ...o,
    user,
    body: {
      id_tercero: t.id,
      gestion: d.gestion,
      estado: 'activo',
      tipos: [],
      municipios: [],
      barrios: [],
      zonas: [],
      estratos: [],
      caracteristicas: [],
      observaciones: d.observaciones.slice(0, 5000),
    },
  });
  for (const u of await repo.usuariosActivos(o.tx))
    if (u.id !== c.id_asesor && hasIdm(u.permisos, IDM_CLIENTES_ATENDIDOS))
      await notificar(o, {
        idEmpresa: o.idEmpresa,
        idUsuario: u.id,
        tipoCarta: TIPO_CARTA_CLIENTE_SITIO,
        titulo: `Cliente atendido ${c.consecutivo} del formulario «${d.formulario}»`,
        cuerpo: `${c.tercero.nombre} envió el formulario «${d.formulario}» del sitio web (${ETIQUETA_GESTION_CLIENTE[d.gestion].toLowerCase()}); se reconoció por su ${t.por === 'correo' ? 'correo electrónico' : 'teléfono'}.`,
        enlace: `/propiedades/clientes-atendidos?abrir=${c.consecutivo}`,
      });
  return { consecutivo: c.consecutivo, tercero: c.tercero.nombre, por: t.por };
}
