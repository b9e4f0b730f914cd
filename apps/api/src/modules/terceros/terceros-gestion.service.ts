import { CODES } from '@predio/contract/codes';
import { listaAcotada } from '@predio/contract/list';
import {
  ETIQUETAS,
  ROLES,
  TIPO_DCTO_NIT,
  TIPOS_DCTO,
  ZTerceroCampos,
  digitoVerificacion,
  emailEnvio,
  telefonoEnvio,
  type Advertencia,
  type DuplicadosQuery,
  type FusionResultado,
  type TerceroActualizar,
  type TerceroDetalle,
  type TerceroForm,
  type TerceroGuardado,
  type TerceroResumen,
  type TercerosLista,
  type TercerosQuery,
} from '@predio/contract/terceros';
import type { Database, Tx } from '../../db/client.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Celda } from '../../platform/tabular/celdas.ts';
import { exportarPorPartes } from '../../platform/tabular/por-partes.ts';
import * as repo from './terceros.repo.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };

const ENTIDAD = 'terceros';
/** The columns an audit diff and a merge look at: the form's fields and what the server derives from them. */
const CLAVES_DATOS = [
  ...Object.keys(ZTerceroCampos.shape),
  'nombre',
  'codmunicipio',
  'municipio',
  'barrio',
  'foto',
] as (keyof repo.FilaTercero)[];

const dvDe = (t: { tipo_dcto: number; nro_id: string }) => (t.tipo_dcto === TIPO_DCTO_NIT ? digitoVerificacion(t.nro_id) : null);
const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : d);

export function aResumen(t: repo.FilaTercero): TerceroResumen {
  return {
    id: t.id,
    nro_id: t.nro_id,
    dv: dvDe(t),
    tipo_dcto: t.tipo_dcto,
    tipo_contribuyente: t.tipo_contribuyente,
    nombre: t.nombre,
    celular: t.celular,
    telefonos: t.telefonos,
    email: t.email,
    municipio: t.municipio,
    foto: t.foto,
    activo: t.activo,
    propietario: t.propietario,
    arrendatario: t.arrendatario,
    cliente: t.cliente,
    proveedor: t.proveedor,
    empleado: t.empleado,
    fiador: t.fiador,
    sinAutorizacionDatos: !t.aut_Manejo_Datos_Personales,
    telefonoEnvio: telefonoEnvio(t),
    emailEnvio: emailEnvio(t),
    version: t.version,
  };
}

function aDetalle(d: repo.Detalle): TerceroDetalle {
  const t = d.t;
  return {
    id: t.id,
    tipo_contribuyente: t.tipo_contribuyente === 1 ? 1 : 2,
    tipo_dcto: t.tipo_dcto,
    nro_id: t.nro_id,
    nro_id_old: t.nro_id_old,
    nombre1: t.nombre1,
    nombre2: t.nombre2,
    apellido1: t.apellido1,
    apellido2: t.apellido2,
    razon_social: t.razon_social,
    nombre: t.nombre,
    dv: dvDe(t),
    tipo: t.tipo,
    cumpleanos: t.cumpleanos,
    cliente_VIP: t.cliente_VIP,
    activo: t.activo,
    observaciones: t.observaciones,
    propietario: t.propietario,
    arrendatario: t.arrendatario,
    cliente: t.cliente,
    proveedor: t.proveedor,
    empleado: t.empleado,
    fiador: t.fiador,
    telefonos: t.telefonos,
    telefono_res: t.telefono_res,
    telefono_of: t.telefono_of,
    indicativo_Celular: t.indicativo_Celular,
    celular: t.celular,
    celular_Corporativo: t.celular_Corporativo,
    email: t.email,
    email_Corporativo: t.email_Corporativo,
    direccion: t.direccion,
    id_municipio: t.id_municipio,
    id_barrio: t.id_barrio,
    codmunicipio: t.codmunicipio,
    municipio: t.municipio,
    departamento: d.departamento,
    barrio: t.barrio,
    codPostal: t.codPostal,
    codPais: t.codPais,
    aut_Manejo_Datos_Personales: t.aut_Manejo_Datos_Personales,
    id_medio_aut_datos: t.id_medio_aut_datos,
    medio_aut_datos: d.medio,
    fecha_aut_datos: t.fecha_aut_datos,
    correspondencia: (['Enviar', 'No enviar', 'Recoger en la oficina'] as const).find((c) => c === t.correspondencia) ?? 'Enviar',
    encargado_correspondencia: t.encargado_correspondencia,
    ubicacion_carpeta: t.ubicacion_carpeta,
    direccion_correspondencia: t.direccion_correspondencia,
    municipio_correspondencia: t.municipio_correspondencia,
    barrio_correspondencia: t.barrio_correspondencia,
    urbanizacion_correspondencia: t.urbanizacion_correspondencia,
    encargado_Nombre: t.encargado_Nombre,
    encargado_Telefono: t.encargado_Telefono,
    encargado_Celular: t.encargado_Celular,
    encargado_Email: t.encargado_Email,
    encargado_Obs: t.encargado_Obs,
    fecha_consig: t.fecha_consig,
    pjecomision: t.pjecomision === null ? null : Number(t.pjecomision),
    generar_extracto: t.generar_extracto,
    tres_x_mil: t.tres_x_mil,
    consolidar_facturacion: t.consolidar_facturacion,
    auditoria: t.auditoria,
    marca_de_control: t.marca_de_control,
    coloragenda: t.coloragenda,
    desactivadoEnAgenda: t.desactivadoEnAgenda,
    foto: t.foto,
    usuario_inicial: t.usuario_inicial,
    usuario_Modifico: t.usuario_Modifico,
    fecha_Modificacion: iso(t.fecha_Modificacion),
    creadoEn: iso(t.creadoEn) ?? '',
    version: t.version,
    sinAutorizacionDatos: !t.aut_Manejo_Datos_Personales,
    telefonoEnvio: telefonoEnvio(t),
    emailEnvio: emailEnvio(t),
  };
}

const valorAuditoria = (v: unknown) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

function diferencias(antes: repo.FilaTercero | null, despues: repo.FilaTercero | null): Cambios {
  const out: Cambios = {};
  for (const k of CLAVES_DATOS) {
    const a = valorAuditoria(antes?.[k]);
    const d = valorAuditoria(despues?.[k]);
    if (a !== d) out[k] = { antes: a, despues: d };
  }
  return out;
}

const auditar = (o: Escritura, accion: string, nroId: string, cambios: Cambios | Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: nroId,
    cambios,
    ip: o.ip,
  });

async function detalleOError(tx: Tx, id: number): Promise<TerceroDetalle> {
  const d = await repo.porId(tx, id);
  if (!d) throw noEncontrado('El tercero');
  return aDetalle(d);
}

async function filaOError(tx: Tx, id: number, bloquear = false): Promise<repo.FilaTercero> {
  const f = await repo.filaPorId(tx, id, bloquear);
  if (!f) throw noEncontrado('El tercero');
  return f;
}

// ----- reading ---------------------------------------------------------------------------------

function consulta(q: Omit<TercerosQuery, 'page' | 'pageSize'>, limit: number, offset: number): repo.Consulta {
  return {
    q: q.q,
    rol: q.rol,
    activo: q.activo,
    sinAutorizacionDatos: q.sinAutorizacionDatos,
    sort: q.sort ?? 'nombre',
    order: q.order ?? (q.sort === 'fecha_Modificacion' ? 'desc' : 'asc'),
    limit,
    offset,
  };
}

export async function listar(o: Base & { query: TercerosQuery }): Promise<TercerosLista> {
  const { page, pageSize, ...resto } = o.query;
  const { filas, total, totalExacto } = await repo.listar(o.tx, consulta(resto, pageSize, (page - 1) * pageSize));
  return listaAcotada(filas.map(aResumen), total, totalExacto);
}

export const obtener = (o: Base & { id: number }) => detalleOError(o.tx, o.id);

export async function obtenerPorNroId(o: Base & { nroId: string }): Promise<TerceroDetalle> {
  const d = (await repo.detallePorNroId(o.tx, o.nroId)) ?? (await repo.detallePorNroId(o.tx, o.nroId.replace(/-[0-9]$/, '')));
  if (!d) throw noEncontrado('El tercero');
  return aDetalle(d);
}

const MENSAJE_DUPLICADO: Record<Advertencia['campo'], (c: repo.Coincidencia) => string> = {
  nro_id: (c) => `Ya existe un tercero con el número de identificación ${c.nro_id}: ${c.nombre}.`,
  email: (c) => `El correo electrónico ya lo tiene ${c.nombre} (${c.nro_id}).`,
  celular: (c) => `El celular ya lo tiene ${c.nombre} (${c.nro_id}).`,
};

const advertencia = (c: repo.Coincidencia): Advertencia => ({
  campo: c.campo,
  mensaje: MENSAJE_DUPLICADO[c.campo](c),
  id: c.id,
  nro_id: c.nro_id,
  nombre: c.nombre,
});

/** Possible duplicates while the form is typed: same nro_id (will be refused), same e-mail or mobile (a warning). */
export async function duplicados(o: Base & { query: DuplicadosQuery }): Promise<Advertencia[]> {
  const nroId = o.query.nro_id
    ? o.query.nro_id
        .toUpperCase()
        .replace(/[.\s]/g, '')
        .replace(/^([0-9]+)-[0-9]$/, '$1')
    : undefined;
  const filas = await repo.coincidencias(o.tx, {
    nroId,
    email: o.query.email,
    celular: o.query.celular,
    excluir: o.query.excluir,
  });
  return filas.map(advertencia);
}

// ----- writing ---------------------------------------------------------------------------------

const refInvalida = (campo: keyof typeof ETIQUETAS) =>
  new AppError(CODES.VALIDACION, `El campo ${ETIQUETAS[campo]} no corresponde a ningún registro disponible.`, [
    { campo, mensaje: 'no corresponde a ningún registro disponible' },
  ]);

/** Values to store: the form plus the municipio's DANE code and names, kept for the spec's text fields. */
async function valores(tx: Tx, f: TerceroForm, anterior: repo.FilaTercero | null): Promise<repo.NuevoTercero> {
  const refs = await repo.referencias(tx, { idMunicipio: f.id_municipio, idBarrio: f.id_barrio, idMedio: f.id_medio_aut_datos });
  if (f.id_municipio !== null && !refs.municipio) throw refInvalida('id_municipio');
  if (f.id_barrio !== null && !refs.barrio) throw refInvalida('id_barrio');
  if (refs.barrio && refs.barrio.idMunicipio !== f.id_municipio)
    throw invalido('id_barrio', `El campo ${ETIQUETAS.id_barrio} no pertenece al municipio elegido`);
  if (f.id_medio_aut_datos !== null && !refs.medio) throw refInvalida('id_medio_aut_datos');
  // A tercero migrated with only the municipio's name keeps it until someone picks one from the list.
  const legado = f.id_municipio === null && anterior !== null && anterior.id_municipio === null;
  const { pjecomision, ...resto } = f;
  return {
    ...resto,
    pjecomision: pjecomision === null ? null : String(pjecomision),
    codmunicipio: refs.municipio?.codigo ?? (legado ? anterior.codmunicipio : null),
    municipio: refs.municipio?.nombre ?? (legado ? anterior.municipio : ''),
    barrio: refs.barrio?.nombre ?? (legado && f.id_barrio === null ? anterior.barrio : ''),
  };
}

function nroIdRepetido(c: repo.Coincidencia | undefined, nroId: string): AppError {
  const mensaje = c ? MENSAJE_DUPLICADO.nro_id(c) : `Ya existe un tercero con el número de identificación ${nroId}.`;
  return new AppError(CODES.CONFLICTO, mensaje, [{ campo: 'nro_id', mensaje }]);
}

/** Unique nro_id raced by another request, and FKs that refuse a change, become 409s naming the field. */
async function escribiendo<T>(tx: Tx, nroId: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const pg = errorPg(e);
    if (pg?.code === PG.UNICO) throw nroIdRepetido(undefined, nroId);
    if (pg?.code === PG.LLAVE_FORANEA)
      throw new AppError(
        CODES.CONFLICTO,
        `No se puede cambiar el número de identificación: lo usan ${pg.table ?? 'otros registros'}.`,
      );
    throw e;
  }
}

async function advertenciasDe(tx: Tx, t: { id: number; nro_id: string; email: string; celular: string }): Promise<Advertencia[]> {
  const filas = await repo.coincidencias(tx, { email: t.email, celular: t.celular, excluir: t.id });
  return filas.map(advertencia);
}

export async function crear(o: Escritura & { body: TerceroForm }): Promise<TerceroGuardado> {
  const [mismo] = await repo.coincidencias(o.tx, { nroId: o.body.nro_id });
  if (mismo) throw nroIdRepetido(mismo, o.body.nro_id);
  const v = await valores(o.tx, o.body, null);
  const id = await escribiendo(o.tx, o.body.nro_id, () =>
    repo.insertar(o.tx, {
      ...v,
      usuario_inicial: o.user.usuario,
      usuario_Modifico: o.user.usuario,
      fecha_Modificacion: new Date(),
    }),
  );
  const fila = await filaOError(o.tx, id);
  await auditar(o, 'crear', fila.nro_id, diferencias(null, fila));
  return { tercero: await detalleOError(o.tx, id), advertencias: await advertenciasDe(o.tx, fila) };
}

/**
 * A tercero known only by a name, its document number and its e-mail (the sender of a message in the
 * Bandeja), to be completed later on the terceros screen: the same uniqueness, the same audit entry.
 */
export async function crearContacto(
  o: Escritura & { nroId: string; nombre: string; email: string },
): Promise<{ id: number; nro_id: string }> {
  const [mismo] = await repo.coincidencias(o.tx, { nroId: o.nroId });
  if (mismo) throw nroIdRepetido(mismo, o.nroId);
  const id = await escribiendo(o.tx, o.nroId, () =>
    repo.insertar(o.tx, {
      nro_id: o.nroId,
      nombre: o.nombre,
      email: o.email,
      usuario_inicial: o.user.usuario,
      usuario_Modifico: o.user.usuario,
      fecha_Modificacion: new Date(),
    }),
  );
  const fila = await filaOError(o.tx, id);
  await auditar(o, 'crear', fila.nro_id, diferencias(null, fila));
  return { id, nro_id: fila.nro_id };
}

function modificado(antes: repo.FilaTercero): AppError {
  const quien = antes.usuario_Modifico ? ` (${antes.usuario_Modifico})` : '';
  return new AppError(
    CODES.CONFLICTO,
    `El tercero fue modificado por otro usuario${quien} mientras usted lo editaba. Recárguelo para ver los cambios y vuelva a guardar.`,
    [{ campo: 'version', mensaje: 'el tercero cambió desde que se abrió el formulario' }],
  );
}

export async function actualizar(o: Escritura & { id: number; body: TerceroActualizar }): Promise<TerceroGuardado> {
  const antes = await filaOError(o.tx, o.id);
  const { version, ...form } = o.body;
  if (antes.version !== version) throw modificado(antes);
  if (form.nro_id !== antes.nro_id) {
    const [mismo] = await repo.coincidencias(o.tx, { nroId: form.nro_id, excluir: o.id });
    if (mismo) throw nroIdRepetido(mismo, form.nro_id);
  }
  const v = await valores(o.tx, form, antes);
  const ok = await escribiendo(o.tx, form.nro_id, () =>
    repo.actualizar(o.tx, o.id, version, {
      ...v,
      usuario_Modifico: o.user.usuario,
      fecha_Modificacion: new Date(),
      modificado: true,
    }),
  );
  if (!ok) throw modificado(antes);
  const despues = await filaOError(o.tx, o.id);
  await auditar(o, 'actualizar', despues.nro_id, diferencias(antes, despues));
  return { tercero: await detalleOError(o.tx, o.id), advertencias: await advertenciasDe(o.tx, despues) };
}

export async function cambiarActivo(o: Escritura & { id: number; activo: boolean }): Promise<TerceroDetalle> {
  const antes = await filaOError(o.tx, o.id);
  if (antes.activo === o.activo) return detalleOError(o.tx, o.id);
  await repo.actualizar(o.tx, o.id, null, {
    activo: o.activo,
    usuario_Modifico: o.user.usuario,
    fecha_Modificacion: new Date(),
    modificado: true,
  });
  await auditar(o, o.activo ? 'activar' : 'desactivar', antes.nro_id, { activo: { antes: antes.activo, despues: o.activo } });
  return detalleOError(o.tx, o.id);
}

/** What the tables that reference terceros are called in a message. */
const NOMBRE_TABLA: Record<string, [string, string]> = {
  usuarios: ['usuario', 'usuarios'],
  empresa: ['la configuración de la empresa (asesor o auxiliar por defecto)', 'la configuración de la empresa'],
};
const nombreTabla = (tabla: string, n: number) => {
  const [uno, varios] = NOMBRE_TABLA[tabla] ?? [`registro de ${tabla}`, `registros de ${tabla}`];
  return tabla === 'empresa' ? uno : `${n} ${n === 1 ? uno : varios}`;
};

async function todasLasReferencias(tx: Tx): Promise<repo.ReferenciaFk[]> {
  return [...(await repo.referenciasATerceros(tx)), ...repo.REFERENCIAS_SIN_FK];
}

export async function eliminar(o: Escritura & { id: number }): Promise<{ id: number }> {
  const antes = await filaOError(o.tx, o.id, true);
  const refs = await todasLasReferencias(o.tx);
  const n = await repo.usos(o.tx, refs, antes);
  const porTabla = new Map<string, number>();
  refs.forEach((r, i) => {
    if (n[i]! > 0) porTabla.set(r.tabla, (porTabla.get(r.tabla) ?? 0) + n[i]!);
  });
  if (porTabla.size > 0) {
    const quienes = [...porTabla].map(([tabla, k]) => nombreTabla(tabla, k)).join(', ');
    throw new AppError(
      CODES.CONFLICTO,
      `No se puede eliminar el tercero «${antes.nombre}» (${antes.nro_id}): lo usan ${quienes}. Desactívelo en su lugar o fusiónelo con otro tercero.`,
    );
  }
  await repo.eliminar(o.tx, o.id);
  await auditar(o, 'eliminar', antes.nro_id, diferencias(antes, null));
  return { id: o.id };
}

// ----- merge -----------------------------------------------------------------------------------

const ROLES_KEYS = ROLES.map((r) => r.key);
/** Identity fields are the kept tercero's; consent and address move as a block, never half. */
const NO_COMBINAR = new Set<string>([
  'tipo_contribuyente',
  'tipo_dcto',
  'nro_id',
  'nombre1',
  'nombre2',
  'apellido1',
  'apellido2',
  'razon_social',
  'nombre',
  'activo',
  'observaciones',
  'nro_id_old',
  'aut_Manejo_Datos_Personales',
  'id_medio_aut_datos',
  'fecha_aut_datos',
  'id_municipio',
  'id_barrio',
  'codmunicipio',
  'municipio',
  'barrio',
]);

/** The kept tercero with the removed one's data where it had none: empty fields, roles, consent, address. */
function combinar(c: repo.FilaTercero, e: repo.FilaTercero, usuario: string): Partial<repo.NuevoTercero> {
  const out: Record<string, unknown> = {};
  for (const k of CLAVES_DATOS) {
    if (NO_COMBINAR.has(k)) continue;
    const a = c[k];
    const b = e[k];
    if (ROLES_KEYS.includes(k as (typeof ROLES_KEYS)[number]) || k === 'cliente_VIP') {
      if (b === true && a !== true) out[k] = true;
    } else if ((a === null || a === '') && b !== null && b !== '' && typeof b !== 'boolean') out[k] = b;
  }
  if (!c.aut_Manejo_Datos_Personales && e.aut_Manejo_Datos_Personales)
    Object.assign(out, {
      aut_Manejo_Datos_Personales: true,
      id_medio_aut_datos: e.id_medio_aut_datos,
      fecha_aut_datos: e.fecha_aut_datos,
    });
  if (c.id_municipio === null && !c.municipio && (e.id_municipio !== null || e.municipio))
    Object.assign(out, {
      id_municipio: e.id_municipio,
      id_barrio: e.id_barrio,
      codmunicipio: e.codmunicipio,
      municipio: e.municipio,
      barrio: e.barrio,
    });
  if (!c.nro_id_old) out.nro_id_old = e.nro_id;
  const nota = `Fusionado con ${e.nombre} (${e.nro_id}) por ${usuario} el ${new Date().toISOString().slice(0, 10)}.`;
  out.observaciones = [c.observaciones, nota, e.observaciones && e.observaciones !== c.observaciones ? e.observaciones : '']
    .filter(Boolean)
    .join('\n')
    .slice(0, 2000);
  return out as Partial<repo.NuevoTercero>;
}

/** Moves every reference of `eliminar` to `conservar`, completes `conservar` and deletes `eliminar`: one transaction. */
export async function fusionar(o: Escritura & { conservar: number; eliminar: number }): Promise<FusionResultado> {
  const c = await filaOError(o.tx, o.conservar, true);
  const e = await filaOError(o.tx, o.eliminar, true);
  const refs = await todasLasReferencias(o.tx);
  await repo.sumarCopropiedad(o.tx, e, c);
  await repo.unirParticipaciones(o.tx, e, c);
  await repo.unirPartesDeContrato(o.tx, e, c);
  const n = await repo.moverReferencias(o.tx, refs, e, c);
  const movidos = refs.map((r, i) => ({ tabla: r.tabla, columna: r.columna, filas: n[i]! })).filter((m) => m.filas > 0);
  await repo.eliminar(o.tx, e.id);
  await repo.actualizar(o.tx, c.id, null, {
    ...combinar(c, e, o.user.usuario),
    usuario_Modifico: o.user.usuario,
    fecha_Modificacion: new Date(),
    modificado: true,
  });
  const despues = await filaOError(o.tx, c.id);
  await auditar(o, 'fusionar', c.nro_id, { ...diferencias(c, despues), fusionado: { antes: e.nro_id, despues: null } });
  await auditar(o, 'eliminar', e.nro_id, { ...diferencias(e, null), fusionadoEn: { antes: null, despues: c.nro_id }, movidos });
  return { tercero: await detalleOError(o.tx, c.id), movidos };
}

// ----- export ----------------------------------------------------------------------------------

export const EXPORT_MAX = 50_000;
const siglaDcto = (v: number) => TIPOS_DCTO.find((t) => t.value === v)?.sigla ?? String(v);

const COLUMNAS: { label: string; celda: (t: repo.FilaTercero) => Celda }[] = [
  { label: 'Tipo de documento', celda: (t) => siglaDcto(t.tipo_dcto) },
  { label: ETIQUETAS.nro_id, celda: (t) => t.nro_id },
  { label: 'DV', celda: (t) => dvDe(t) },
  { label: 'Nombre', celda: (t) => t.nombre },
  { label: ETIQUETAS.celular, celda: (t) => t.celular },
  { label: ETIQUETAS.telefonos, celda: (t) => t.telefonos },
  { label: ETIQUETAS.email, celda: (t) => t.email },
  { label: ETIQUETAS.direccion, celda: (t) => t.direccion },
  { label: ETIQUETAS.id_municipio, celda: (t) => t.municipio },
  { label: ETIQUETAS.id_barrio, celda: (t) => t.barrio },
  {
    label: 'Roles',
    celda: (t) =>
      ROLES.filter((r) => t[r.key])
        .map((r) => r.label)
        .join(', '),
  },
  { label: 'Autorización de datos', celda: (t) => t.aut_Manejo_Datos_Personales },
  { label: ETIQUETAS.fecha_aut_datos, celda: (t) => (t.fecha_aut_datos ? new Date(`${t.fecha_aut_datos}T00:00:00Z`) : null) },
  { label: ETIQUETAS.activo, celda: (t) => t.activo },
];

/** The filter's export: its ids now, its rows a page per transaction after the commit (docs/platform.md). */
export async function exportar(
  o: Base & { query: Omit<TercerosQuery, 'page' | 'pageSize'> & { formato: 'csv' | 'xlsx' } },
): Promise<{ escribir: (db: Database, idEmpresa: number) => Promise<Archivo> }> {
  const { formato, ...resto } = o.query;
  const ids = await repo.idsEnOrden(o.tx, consulta(resto, EXPORT_MAX + 1, 0));
  if (ids.length > EXPORT_MAX)
    throw new AppError(
      CODES.VALIDACION,
      `La exportación admite máximo ${EXPORT_MAX.toLocaleString('es-CO')} filas y el filtro tiene más: filtre la lista.`,
    );
  return {
    escribir: (db, idEmpresa) =>
      exportarPorPartes({
        db,
        idEmpresa,
        ids,
        leer: async (tx, parte) =>
          (await repo.porIds(tx, parte)).map((t) => ({ id: t.id, celdas: COLUMNAS.map((c) => c.celda(t)) })),
        encabezados: COLUMNAS.map((c) => c.label),
        base: 'terceros',
        titulo: 'Terceros',
        formato,
      }),
  };
}
