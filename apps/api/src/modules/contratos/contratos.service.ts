import { sql, type SQL } from 'drizzle-orm';
import {
  CAMBIOS_MANUALES,
  CLASES_ARRENDAMIENTO,
  CLASES_DE_PROGRAMA,
  CONTEXTOS_CONTRATO,
  ETIQUETAS_CLASE,
  ETIQUETAS_ESTADO_CONTRATO,
  ETIQUETAS_PROGRAMA,
  programaDeClase,
  textoIncremento,
  type CamposContrato,
  type Contrato,
  type ContratoForm,
  type ContratoResumen,
  type EstadoContrato,
  type OpcionContrato,
  type ParteContrato,
  type PlantillaContrato,
  type PlantillaContratoForm,
  type PlantillaContratoResumen,
  type ProgramaContrato,
} from '@predio/contract/contratos';
import { CODES } from '@predio/contract/codes';
import { contextosDe, expresionCampo } from '@predio/contract/documentos';
import type { ListQuery, ListResult } from '@predio/contract/list';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import { cargarDatos, empresaDocumento } from '../../platform/documentos/contextos.ts';
import { datosDeEjemplo, llenar, revisar, validar, type Datos } from '../../platform/documentos/motor.ts';
import { htmlAPdf } from '../../platform/documentos/pdf.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import { siguiente } from '../../platform/numeracion/numeracion.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Scope } from '../../platform/tenant.ts';
import { membreteConLogo } from '../empresa/empresa.service.ts';
import * as firmas from '../firmas/firmas.service.ts';
import * as inmuebles from '../inmuebles/inmuebles.service.ts';

// Contract templates (idm 10599) and contracts (76, and 10600 for the mandate register): the merge
// engine of platform/documentos with the contract's own contexts, and firmas for the signing.

type Escritura = { tx: Tx; user: Principal; ip: string };
export const ENTIDAD_PLANTILLA = 'plantilla_contrato';
export const ENTIDAD_CONTRATO = 'contrato';

const auditar = (o: Escritura, accion: string, entidad: string, id: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });

// ---------- templates ----------

/** The merge fields a contract template may use: the company, user, date, the property and the contract's own. */
export function campos(): CamposContrato {
  return [...contextosDe('inmueble'), ...CONTEXTOS_CONTRATO].map((x) => ({
    clave: x.clave,
    etiqueta: x.etiqueta,
    pendiente: false,
    campos: x.campos.map((f) => ({ ...f, expresion: expresionCampo(x.clave, f) })),
  }));
}

/** Sanitised, and checked field by field: an unknown merge field is a 400 naming it. */
function prepararContenido(contenido: string): string {
  const limpio = sanearHtml(contenido);
  validar(limpio, 'inmueble', CONTEXTOS_CONTRATO);
  return limpio;
}

export const revisarContenido = (contenido: string) => ({
  problemas: revisar(sanearHtml(contenido), 'inmueble', CONTEXTOS_CONTRATO),
});

export async function vistaPreviaPlantilla(contenido: string): Promise<{ html: string }> {
  const limpio = prepararContenido(contenido);
  return {
    html: sanearHtml(await llenar(limpio, 'inmueble', datosDeEjemplo('inmueble', CONTEXTOS_CONTRATO), CONTEXTOS_CONTRATO)),
  };
}

const COLUMNAS_PLANTILLA = sql`p.id, p.nombre, p.clase, p.programa, p.id_tipo_documento, coalesce(t.nombre, '') as tipo_documento,
  p.version, p.activa, p.actualizado, p.actualizado_por`;

export async function listarPlantillas(o: {
  tx: Tx;
  q: string;
  programa?: ProgramaContrato;
}): Promise<PlantillaContratoResumen[]> {
  const q = `%${o.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return queryRows<PlantillaContratoResumen>(
    o.tx,
    sql`select ${COLUMNAS_PLANTILLA} from plantilla_contrato p left join tipos_documentos_firmar t on t.id = p.id_tipo_documento
        where (p.nombre ilike ${q} or coalesce(t.nombre, '') ilike ${q})
          ${o.programa ? sql`and p.programa = ${o.programa}` : sql``}
        order by p.programa, p.nombre`,
  );
}

export async function obtenerPlantilla(o: { tx: Tx; id: number; version?: number }): Promise<PlantillaContrato> {
  const [p] = await queryRows<PlantillaContratoResumen>(
    o.tx,
    sql`select ${COLUMNAS_PLANTILLA} from plantilla_contrato p left join tipos_documentos_firmar t on t.id = p.id_tipo_documento
        where p.id = ${o.id}`,
  );
  if (!p) throw noEncontrado(`La plantilla de contrato ${o.id}`);
  const version = o.version ?? p.version;
  const [v] = await queryRows<{ contenido: string }>(
    o.tx,
    sql`select contenido from plantilla_contrato_version where id_plantilla = ${o.id} and version = ${version}`,
  );
  if (!v) throw noEncontrado(`La versión ${version} de la plantilla ${p.nombre}`);
  const versiones = await queryRows<PlantillaContrato['versiones'][number]>(
    o.tx,
    sql`select version, nota, creado_por, creado_en from plantilla_contrato_version where id_plantilla = ${o.id} order by version desc`,
  );
  return { ...p, contenido: v.contenido, versiones };
}

async function exigirTipoDocumento(tx: Tx, id: number) {
  const [t] = await queryRows<{ id: number }>(tx, sql`select id from tipos_documentos_firmar where id = ${id} and activo`);
  if (!t) throw invalido('id_tipo_documento', 'El campo Tipo de documento debe ser un tipo de documento a firmar activo');
}

async function escribiendoPlantilla<T>(nombre: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO)
      throw new AppError(CODES.CONFLICTO, `Ya existe una plantilla de contrato llamada «${nombre}».`, [
        { campo: 'nombre', mensaje: 'ya existe' },
      ]);
    throw e;
  }
}

/** A new template, as its version 1. */
export async function crearPlantilla(o: Escritura & { body: PlantillaContratoForm }): Promise<PlantillaContrato> {
  const contenido = prepararContenido(o.body.contenido);
  await exigirTipoDocumento(o.tx, o.body.id_tipo_documento);
  const id = await escribiendoPlantilla(o.body.nombre, () => insertarPlantilla(o.tx, { ...o.body, contenido }, o.user.usuario));
  await auditar(o, 'crear', ENTIDAD_PLANTILLA, id, { nombre: o.body.nombre, version: 1 });
  return obtenerPlantilla({ tx: o.tx, id });
}

export async function insertarPlantilla(tx: Tx, b: PlantillaContratoForm, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into plantilla_contrato (nombre, clase, programa, id_tipo_documento, version, activa, actualizado_por)
        values (${b.nombre}, ${b.clase}, ${programaDeClase(b.clase)}, ${b.id_tipo_documento}, 1, ${b.activa}, ${usuario}) returning id`,
  );
  await tx.execute(
    sql`insert into plantilla_contrato_version (id_plantilla, version, contenido, nota, creado_por)
        values (${r!.id}, 1, ${b.contenido}, ${b.nota || 'Versión inicial'}, ${usuario})`,
  );
  return r!.id;
}

/**
 * Saving never overwrites: each save is a new version, and the contracts made before keep the version
 * they were made from. A save whose text did not change only updates name, class and type.
 */
export async function guardarPlantilla(o: Escritura & { id: number; body: PlantillaContratoForm }): Promise<PlantillaContrato> {
  const antes = await obtenerPlantilla({ tx: o.tx, id: o.id });
  const contenido = prepararContenido(o.body.contenido);
  await exigirTipoDocumento(o.tx, o.body.id_tipo_documento);
  const nueva = contenido !== antes.contenido;
  const version = nueva ? antes.version + 1 : antes.version;
  await escribiendoPlantilla(o.body.nombre, () =>
    o.tx.execute(
      sql`update plantilla_contrato set nombre = ${o.body.nombre}, clase = ${o.body.clase}, programa = ${programaDeClase(o.body.clase)},
            id_tipo_documento = ${o.body.id_tipo_documento}, activa = ${o.body.activa}, version = ${version},
            actualizado = now(), actualizado_por = ${o.user.usuario}
          where id = ${o.id}`,
    ),
  );
  if (nueva)
    await o.tx.execute(
      sql`insert into plantilla_contrato_version (id_plantilla, version, contenido, nota, creado_por)
          values (${o.id}, ${version}, ${contenido}, ${o.body.nota}, ${o.user.usuario})`,
    );
  await auditar(o, 'actualizar', ENTIDAD_PLANTILLA, o.id, {
    nombre: { antes: antes.nombre, despues: o.body.nombre },
    version: { antes: antes.version, despues: version },
    ...(o.body.nota ? { nota: o.body.nota } : {}),
  });
  return obtenerPlantilla({ tx: o.tx, id: o.id });
}

export async function tiposDocumento(tx: Tx): Promise<OpcionContrato[]> {
  return queryRows<OpcionContrato>(tx, sql`select id, nombre as label from tipos_documentos_firmar where activo order by nombre`);
}

// ---------- contracts ----------

const numeroDe = (programa: ProgramaContrato, consecutivo: number) =>
  `${programa === 'coem' ? 'CM' : 'CT'}-${String(consecutivo).padStart(4, '0')}`;

/** The last day of the term: the day before the same date `meses` later. */
export function fechaFin(inicio: string, meses: number): string {
  const [a, m, d] = inicio.split('-').map(Number) as [number, number, number];
  const fin = new Date(Date.UTC(a, m - 1 + meses, d));
  // 31 de enero + 1 mes: the month has no 31, the term ends on its last day.
  if (fin.getUTCDate() !== d) fin.setUTCDate(0);
  else fin.setUTCDate(fin.getUTCDate() - 1);
  return fin.toISOString().slice(0, 10);
}

const SELECT_RESUMEN = sql`c.id, c.consecutivo, c.programa, c.clase, c.estado, i.consecutivo as inmueble, i.direccion,
  (select t.nombre from contrato_parte p join terceros t on t.id = p.id_tercero where p.id_contrato = c.id and p.rol = 'arrendatario' limit 1) as arrendatario,
  coalesce((select string_agg(t.nombre, ', ' order by p.orden) from contrato_parte p join terceros t on t.id = p.id_tercero
            where p.id_contrato = c.id and p.rol = 'propietario'), '') as propietarios,
  c.canon::float8 as canon, c.fecha_inicio::text as fecha_inicio, c.duracion_meses, c.creado_en`;

type FilaResumen = Omit<ContratoResumen, 'numero'> & { consecutivo: number };
const resumen = (r: FilaResumen): ContratoResumen => {
  const { consecutivo, ...x } = r;
  return { ...x, numero: numeroDe(r.programa, consecutivo) };
};

const ORDEN: Record<string, SQL> = {
  numero: sql`c.consecutivo`,
  creado_en: sql`c.creado_en`,
  fecha_inicio: sql`c.fecha_inicio`,
  canon: sql`c.canon`,
  estado: sql`c.estado`,
};

export async function listar(o: {
  tx: Tx;
  programa: ProgramaContrato;
  query: ListQuery & { estado?: EstadoContrato; clase?: string };
}): Promise<ListResult<ContratoResumen>> {
  const q = o.query;
  const texto = q.q?.trim() ?? '';
  const patron = `%${texto.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const where = sql`c.programa = ${o.programa}
    ${q.estado ? sql`and c.estado = ${q.estado}` : sql``}
    ${q.clase ? sql`and c.clase = ${q.clase}` : sql``}
    ${
      texto
        ? sql`and (i.direccion ilike ${patron} or i.consecutivo::text = ${texto} or c.consecutivo::text = ${texto.replace(/^\D+-0*/, '')}
               or exists (select 1 from contrato_parte p join terceros t on t.id = p.id_tercero
                          where p.id_contrato = c.id and (t.nombre ilike ${patron} or t.nro_id = ${texto})))`
        : sql``
    }`;
  const col = ORDEN[q.sort ?? 'creado_en'] ?? ORDEN.creado_en!;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const items = await queryRows<FilaResumen>(
    o.tx,
    sql`select ${SELECT_RESUMEN} from contrato c join inmueble i on i.id = c.id_inmueble where ${where}
        order by ${col} ${dir}, c.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const [n] = await queryRows<{ n: number }>(
    o.tx,
    sql`select count(*)::int as n from contrato c join inmueble i on i.id = c.id_inmueble where ${where}`,
  );
  return { items: items.map(resumen), total: n?.n ?? 0 };
}

type FilaContrato = FilaResumen & {
  id_plantilla: number;
  plantilla: string;
  version_plantilla: number;
  dia_pago: number;
  incremento: Contrato['incremento'];
  incremento_puntos: number;
  clausulas: string;
  estado_inmueble: string;
  id_firma_documento: number | null;
  estado_firma: string | null;
  creado_por: string;
  id_inmueble: number;
};

async function fila(tx: Tx, programa: ProgramaContrato, id: number, bloquear = false): Promise<FilaContrato> {
  const [r] = await queryRows<FilaContrato>(
    tx,
    sql`select ${SELECT_RESUMEN}, c.id_plantilla, pc.nombre as plantilla, c.version_plantilla, c.dia_pago, c.incremento,
               c.incremento_puntos::float8 as incremento_puntos, c.clausulas, i.estado as estado_inmueble, c.id_firma_documento,
               f.estado as estado_firma, c.creado_por, c.id_inmueble
        from contrato c join inmueble i on i.id = c.id_inmueble join plantilla_contrato pc on pc.id = c.id_plantilla
        left join firma_documento f on f.id = c.id_firma_documento
        where c.id = ${id} and c.programa = ${programa} ${bloquear ? sql`for update of c` : sql``}`,
  );
  if (!r) throw noEncontrado(`El contrato ${id}`);
  return r;
}

export async function obtener(o: { tx: Tx; programa: ProgramaContrato; id: number }): Promise<Contrato> {
  const r = await fila(o.tx, o.programa, o.id);
  const partes = await queryRows<ParteContrato>(
    o.tx,
    sql`select p.id_tercero, p.rol, t.nombre, t.nro_id, t.email, p.porcentaje::float8 as porcentaje
        from contrato_parte p join terceros t on t.id = p.id_tercero where p.id_contrato = ${o.id} order by p.orden`,
  );
  const historial = await queryRows<Contrato['historial'][number]>(
    o.tx,
    sql`select desde, hasta, observacion, usuario, creado_en from contrato_estado_historial where id_contrato = ${o.id} order by id`,
  );
  // The row minus what the contract does not answer (resumen(r) would carry every column of r).
  const { id_inmueble: _i, consecutivo: _c, ...x } = r;
  return {
    ...x,
    numero: numeroDe(r.programa, r.consecutivo),
    fecha_fin: fechaFin(r.fecha_inicio, r.duracion_meses),
    id_arrendatario: partes.find((p) => p.rol === 'arrendatario')?.id_tercero ?? null,
    codeudores: partes.filter((p) => p.rol === 'codeudor').map((p) => p.id_tercero),
    partes,
    historial,
  };
}

async function registrarHistorial(
  o: Escritura,
  id: number,
  desde: EstadoContrato | null,
  hasta: EstadoContrato,
  observacion = '',
) {
  await o.tx.execute(
    sql`insert into contrato_estado_historial (id_contrato, desde, hasta, observacion, usuario)
        values (${id}, ${desde}, ${hasta}, ${observacion}, ${o.user.usuario})`,
  );
}

/** The property's owners (with their shares) become the contract's propietarios; the form names the rest. */
async function resolverPartes(o: Escritura, idInmueble: number, b: ContratoForm) {
  const duenos = await queryRows<{ id_tercero: number; porcentaje: number }>(
    o.tx,
    sql`select id_tercero, porcentaje::float8 as porcentaje from inmueble_propietario where id_inmueble = ${idInmueble} order by porcentaje desc, id_tercero`,
  );
  if (duenos.length === 0)
    throw invalido('inmueble', 'El campo Inmueble debe tener al menos un propietario registrado en su ficha');
  const otros = [...(b.id_arrendatario !== null ? [b.id_arrendatario] : []), ...b.codeudores];
  if (otros.length) {
    const hay = await queryRows<{ id: number }>(
      o.tx,
      sql`select id from terceros where id in (${sql.join(
        otros.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
    if (b.id_arrendatario !== null && !hay.some((h) => h.id === b.id_arrendatario))
      throw invalido('id_arrendatario', 'El campo Arrendatario debe ser un tercero existente');
    if (b.codeudores.some((c) => !hay.some((h) => h.id === c)))
      throw invalido('codeudores', 'El campo Codeudores debe tener terceros existentes');
  }
  if (b.id_arrendatario !== null && duenos.some((d) => d.id_tercero === b.id_arrendatario))
    throw invalido('id_arrendatario', 'El campo Arrendatario no puede ser propietario del inmueble');
  const arriendo = CLASES_ARRENDAMIENTO.includes(b.clase) || b.clase === 'codeudor' || b.clase === 'acta_entrega';
  return [
    ...duenos.map((d) => ({ id: d.id_tercero, rol: 'propietario' as const, porcentaje: d.porcentaje })),
    ...(arriendo && b.id_arrendatario !== null
      ? [{ id: b.id_arrendatario, rol: 'arrendatario' as const, porcentaje: null }]
      : []),
    ...(arriendo ? b.codeudores.map((c) => ({ id: c, rol: 'codeudor' as const, porcentaje: null })) : []),
  ];
}

async function validarContrato(o: Escritura & { programa: ProgramaContrato; body: ContratoForm }) {
  const b = o.body;
  if (!CLASES_DE_PROGRAMA[o.programa].includes(b.clase))
    throw invalido(
      'clase',
      `El campo Clase de contrato debe ser una de las de ${ETIQUETAS_PROGRAMA[o.programa]}: ${CLASES_DE_PROGRAMA[o.programa].map((c) => ETIQUETAS_CLASE[c]).join(', ')}`,
    );
  const [i] = await queryRows<{ id: number; estado: string }>(
    o.tx,
    sql`select id, estado from inmueble where consecutivo = ${b.inmueble}`,
  );
  if (!i) throw invalido('inmueble', `El campo Inmueble debe ser un inmueble existente (no existe el ${b.inmueble})`);
  const [p] = await queryRows<{ version: number; clase: string; activa: boolean; nombre: string }>(
    o.tx,
    sql`select version, clase, activa, nombre from plantilla_contrato where id = ${b.id_plantilla}`,
  );
  if (!p || !p.activa) throw invalido('id_plantilla', 'El campo Plantilla debe ser una plantilla de contrato activa');
  if (p.clase !== b.clase)
    throw invalido(
      'id_plantilla',
      `El campo Plantilla debe ser de la clase ${ETIQUETAS_CLASE[b.clase]} (la plantilla «${p.nombre}» es de ${ETIQUETAS_CLASE[p.clase as ContratoForm['clase']]})`,
    );
  const partes = await resolverPartes(o, i.id, b);
  return { idInmueble: i.id, version: p.version, partes };
}

async function guardarPartes(tx: Tx, id: number, partes: { id: number; rol: string; porcentaje: number | null }[]) {
  await tx.execute(sql`delete from contrato_parte where id_contrato = ${id}`);
  let orden = 1;
  for (const p of partes)
    await tx.execute(
      sql`insert into contrato_parte (id_contrato, id_tercero, rol, porcentaje, orden) values (${id}, ${p.id}, ${p.rol}, ${p.porcentaje}, ${orden++})`,
    );
}

export async function crear(o: Escritura & { programa: ProgramaContrato; body: ContratoForm }): Promise<Contrato> {
  const v = await validarContrato(o);
  const b = o.body;
  const consecutivo = await siguiente(o.tx, { serie: `contrato.${o.programa}` });
  const [r] = await queryRows<{ id: number }>(
    o.tx,
    sql`insert into contrato (consecutivo, programa, clase, id_inmueble, id_plantilla, version_plantilla, canon, fecha_inicio,
                              duracion_meses, dia_pago, incremento, incremento_puntos, clausulas, creado_por)
        values (${consecutivo}, ${o.programa}, ${b.clase}, ${v.idInmueble}, ${b.id_plantilla}, ${v.version}, ${b.canon}, ${b.fecha_inicio},
                ${b.duracion_meses}, ${b.dia_pago}, ${b.incremento}, ${b.incremento_puntos}, ${b.clausulas}, ${o.user.usuario})
        returning id`,
  );
  const id = r!.id;
  await guardarPartes(o.tx, id, v.partes);
  await registrarHistorial(o, id, null, 'borrador', 'Creado');
  await auditar(o, 'crear', ENTIDAD_CONTRATO, id, {
    numero: numeroDe(o.programa, consecutivo),
    clase: b.clase,
    inmueble: b.inmueble,
    canon: b.canon,
    plantilla: `${b.id_plantilla} v${v.version}`,
  });
  return obtener({ tx: o.tx, programa: o.programa, id });
}

export async function actualizar(
  o: Escritura & { programa: ProgramaContrato; id: number; body: ContratoForm },
): Promise<Contrato> {
  const antes = await fila(o.tx, o.programa, o.id, true);
  if (antes.estado !== 'borrador')
    throw new AppError(
      CODES.CONFLICTO,
      `El contrato ${numeroDe(o.programa, antes.consecutivo)} está ${ETIQUETAS_ESTADO_CONTRATO[antes.estado].toLowerCase()}: solo un borrador se modifica.`,
    );
  const v = await validarContrato(o);
  const b = o.body;
  await o.tx.execute(
    sql`update contrato set clase = ${b.clase}, id_inmueble = ${v.idInmueble}, id_plantilla = ${b.id_plantilla}, version_plantilla = ${v.version},
          canon = ${b.canon}, fecha_inicio = ${b.fecha_inicio}, duracion_meses = ${b.duracion_meses}, dia_pago = ${b.dia_pago},
          incremento = ${b.incremento}, incremento_puntos = ${b.incremento_puntos}, clausulas = ${b.clausulas},
          modificado_por = ${o.user.usuario}, modificado_en = now()
        where id = ${o.id}`,
  );
  await guardarPartes(o.tx, o.id, v.partes);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  const nuevo: Record<string, unknown> = {
    canon: b.canon,
    fecha_inicio: b.fecha_inicio,
    duracion_meses: b.duracion_meses,
    dia_pago: b.dia_pago,
  };
  for (const [k, x] of Object.entries(nuevo)) {
    const a = (antes as unknown as Record<string, unknown>)[k];
    if (a !== x) cambios[k] = { antes: a, despues: x };
  }
  await auditar(o, 'actualizar', ENTIDAD_CONTRATO, o.id, cambios);
  return obtener({ tx: o.tx, programa: o.programa, id: o.id });
}

async function ponerEstado(o: Escritura, id: number, desde: EstadoContrato, hasta: EstadoContrato, observacion: string) {
  await o.tx.execute(
    sql`update contrato set estado = ${hasta}, modificado_por = ${o.user.usuario}, modificado_en = now() where id = ${id}`,
  );
  await registrarHistorial(o, id, desde, hasta, observacion);
  await auditar(o, 'cambiar estado', ENTIDAD_CONTRATO, id, {
    estado: { antes: desde, despues: hasta },
    ...(observacion ? { observacion } : {}),
  });
}

/** By hand: firmado → vigente, and any but «enviado» → terminado; the signing moves the rest. */
export async function cambiarEstado(
  o: Escritura & { programa: ProgramaContrato; id: number; body: { estado: EstadoContrato; observacion: string } },
): Promise<Contrato> {
  const c = await fila(o.tx, o.programa, o.id, true);
  const permitidos = CAMBIOS_MANUALES[c.estado];
  if (!permitidos.includes(o.body.estado))
    throw new AppError(
      CODES.CONFLICTO,
      `El contrato ${numeroDe(o.programa, c.consecutivo)} está ${ETIQUETAS_ESTADO_CONTRATO[c.estado].toLowerCase()}: no puede pasar a ${ETIQUETAS_ESTADO_CONTRATO[o.body.estado].toLowerCase()}${
        permitidos.length
          ? ` (puede pasar a ${permitidos.map((e) => ETIQUETAS_ESTADO_CONTRATO[e].toLowerCase()).join(' o ')})`
          : ''
      }.`,
      [{ campo: 'estado', mensaje: 'cambio no permitido' }],
    );
  await ponerEstado(o, o.id, c.estado, o.body.estado, o.body.observacion);
  return obtener({ tx: o.tx, programa: o.programa, id: o.id });
}

// ---- the document

const textoParte = (p: ParteContrato) =>
  `${p.nombre}, C.C./NIT ${p.nro_id}${p.porcentaje !== null ? ` (${String(p.porcentaje).replace('.', ',')} %)` : ''}`;
const enumerar = (xs: string[]) => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} y ${xs.at(-1)}`);

export async function datosContrato(o: { tx: Tx; user: Principal; c: Contrato }): Promise<Datos> {
  const base = await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: 'inmueble', registro: String(o.c.inmueble) });
  const personas = await queryRows<{
    id: number;
    nombre: string;
    nro_id: string;
    direccion: string;
    celular: string;
    email: string;
  }>(
    o.tx,
    sql`select id, nombre, nro_id, direccion, celular, email from terceros
        where id in (select id_tercero from contrato_parte where id_contrato = ${o.c.id})`,
  );
  const persona = (idTercero: number | undefined) => {
    const p = personas.find((x) => x.id === idTercero);
    return {
      nombre: p?.nombre ?? '',
      nro_id: p?.nro_id ?? '',
      direccion: p?.direccion ?? '',
      celular: p?.celular ?? '',
      email: p?.email ?? '',
    };
  };
  const props = o.c.partes.filter((p) => p.rol === 'propietario');
  const codeudores = o.c.partes.filter((p) => p.rol === 'codeudor');
  return {
    ...base,
    contrato: {
      numero: o.c.numero,
      clase: ETIQUETAS_CLASE[o.c.clase],
      canon: o.c.canon,
      fecha_inicio: o.c.fecha_inicio,
      fecha_fin: o.c.fecha_fin,
      duracion_meses: o.c.duracion_meses,
      dia_pago: o.c.dia_pago,
      incremento: textoIncremento(o.c.incremento, o.c.incremento_puntos),
      clausulas: o.c.clausulas || 'Ninguna.',
      ciudad: String(base.inmueble?.municipio ?? ''),
    },
    partes: {
      propietarios: enumerar(props.map(textoParte)),
      codeudores: codeudores.length ? enumerar(codeudores.map(textoParte)) : 'ninguno',
      firmantes: enumerar(o.c.partes.map((p) => p.nombre)),
    },
    propietario: persona(props[0]?.id_tercero),
    arrendatario: persona(o.c.id_arrendatario ?? undefined),
  };
}

/** The contract's text: its template's version filled with its data (inside the transaction). */
export async function documento(o: { tx: Tx; user: Principal; programa: ProgramaContrato; id: number }) {
  const c = await obtener(o);
  const p = await obtenerPlantilla({ tx: o.tx, id: c.id_plantilla, version: c.version_plantilla });
  const datos = await datosContrato({ tx: o.tx, user: o.user, c });
  const html = sanearHtml(await llenar(p.contenido, 'inmueble', datos, CONTEXTOS_CONTRATO));
  return { c, html, empresa: await empresaDocumento(o.tx), titulo: `${ETIQUETAS_CLASE[c.clase]} ${c.numero}` };
}

export async function pdfDe(o: {
  user: Principal;
  storage: Storage;
  doc: Awaited<ReturnType<typeof documento>>;
}): Promise<Archivo> {
  const membrete = await membreteConLogo({ idEmpresa: o.user.idEmpresa, storage: o.storage, empresa: o.doc.empresa });
  const contenido = await htmlAPdf({ html: o.doc.html, membrete, titulo: o.doc.titulo });
  return { nombre: `contrato-${o.doc.c.numero}.pdf`, contentType: 'application/pdf', contenido };
}

/**
 * The contract as signed: the PDF firmas sealed, under the contract's own idm (whoever handles contracts
 * may not have the signing module). 409 while it is not signed by every party yet.
 */
export async function pdfFirmado(o: { tx: Tx; storage: Storage; programa: ProgramaContrato; id: number }): Promise<Archivo> {
  const r = await fila(o.tx, o.programa, o.id);
  const numero = numeroDe(o.programa, r.consecutivo);
  if (r.id_firma_documento === null)
    throw new AppError(CODES.CONFLICTO, `El contrato ${numero} no se ha enviado a firma: aún no hay PDF firmado.`);
  const f = await firmas.descargar({ tx: o.tx, storage: o.storage, id: r.id_firma_documento, cual: 'firmado' });
  return { ...f, nombre: `contrato-${numero}-firmado.pdf` };
}

type ConFirmas = Escritura &
  Pick<Scope, 'onCommit'> & { storage: Storage; mailer: Despertador; hub: Hub; cifrador: Cifrador; base: string };

/**
 * «Enviar a firma»: the contract rendered from its template goes to firmas as one document with the
 * parties as signers (each needs an e-mail). It stays read-only while out; firmas finishes it.
 */
export async function enviarAFirma(
  o: ConFirmas & { programa: ProgramaContrato; id: number; body: { mensaje: string; vence_dias: number } },
): Promise<Contrato> {
  const antes = await fila(o.tx, o.programa, o.id, true);
  if (antes.estado !== 'borrador')
    throw new AppError(
      CODES.CONFLICTO,
      `El contrato ${numeroDe(o.programa, antes.consecutivo)} está ${ETIQUETAS_ESTADO_CONTRATO[antes.estado].toLowerCase()}: solo un borrador se envía a firma.`,
    );
  const doc = await documento(o);
  const sinCorreo = doc.c.partes.filter((p) => !p.email.trim());
  if (sinCorreo.length)
    throw new AppError(
      CODES.VALIDACION,
      `No se puede enviar a firma: ${enumerar(sinCorreo.map((p) => `${p.nombre} (${p.rol})`))} no ${sinCorreo.length === 1 ? 'tiene' : 'tienen'} correo electrónico en su ficha de tercero.`,
      [{ campo: 'partes', mensaje: 'sin correo' }],
    );
  const pdf = await pdfDe({ user: o.user, storage: o.storage, doc });
  const idDocumento = await firmas.crearYEnviar({
    ...o,
    body: {
      titulo: `${doc.titulo}: ${doc.c.direccion}`.slice(0, 200),
      mensaje:
        o.body.mensaje ||
        `Le enviamos el contrato ${doc.c.numero} del inmueble ${doc.c.direccion} para que lo revise y lo firme.`,
      vence_dias: o.body.vence_dias,
      secuencial: false,
      recordar_dias: 3,
      // One signature per person, even when someone is party twice.
      firmantes: [...new Map(doc.c.partes.map((p) => [p.email.toLowerCase(), p])).values()].map((p) => ({
        nombre: p.nombre,
        documento: p.nro_id,
        email: p.email,
      })),
    },
    pdf: { nombre: pdf.nombre, contenido: pdf.contenido },
  });
  await o.tx.execute(sql`update contrato set id_firma_documento = ${idDocumento} where id = ${o.id}`);
  await ponerEstado(o, o.id, 'borrador', 'enviado', `Documento de firma ${idDocumento}`);
  return obtener({ tx: o.tx, programa: o.programa, id: o.id });
}

/**
 * Everyone signed the contract's document (called by firmas in the last signature's transaction): the
 * contract becomes firmado and a lease moves its property to arrendado through the property's own
 * estado change, so the property's history records it. The sealed PDF stays with the firmas document.
 */
export async function alFirmarTodos(
  o: Scope & { hub: Hub; mailer: Despertador; idEmpresa: number },
  d: firmas.DocumentoCompletado,
): Promise<boolean> {
  const [c] = await queryRows<{
    id: number;
    estado: EstadoContrato;
    clase: string;
    programa: ProgramaContrato;
    id_inmueble: number;
    consecutivo: number;
  }>(
    o.tx,
    sql`select c.id, c.estado, c.clase, c.programa, i.consecutivo, c.id_inmueble from contrato c join inmueble i on i.id = c.id_inmueble
        where c.id_firma_documento = ${d.id} for update of c`,
  );
  if (!c) return false;
  if (c.estado !== 'enviado') return false;
  const user = principalSinSesion({ idEmpresa: o.idEmpresa, idUsuario: d.idUsuario ?? 0, usuario: d.creadoPor });
  const x = { tx: o.tx, user, ip: '' };
  await ponerEstado(x, c.id, 'enviado', 'firmado', `Firmado por todas las partes (documento ${d.id}, SHA-256 ${d.sha256})`);
  if (CLASES_ARRENDAMIENTO.includes(c.clase as ContratoForm['clase'])) {
    try {
      await inmuebles.cambiarEstado({
        ...x,
        onCommit: o.onCommit,
        // The property's notices only queue e-mail and wake the mailer: what firmas gives us is enough.
        deps: { hub: o.hub, mailer: o.mailer as Deps['mailer'] },
        consecutivo: c.consecutivo,
        body: { estado: 'arrendado', observacion: `Contrato ${numeroDe(c.programa, c.consecutivo)} firmado` },
      });
    } catch (e) {
      // Someone editing the property must not undo the signatures: the contract says what is left to do.
      if (!(e instanceof AppError)) throw e;
      await registrarHistorial(x, c.id, 'firmado', 'firmado', `El inmueble no pasó a arrendado: ${e.message}`);
    }
  }
  // Firmas still files the signed PDF in gestión documental and e-mails the copies.
  return false;
}

// ---- options for the form (the register's own permission, not the property or terceros modules')

export async function opcionesInmuebles(tx: Tx, q: string, id?: number): Promise<OpcionContrato[]> {
  const patron = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return queryRows<OpcionContrato>(
    tx,
    sql`select i.consecutivo as id, i.consecutivo || ' · ' || i.direccion as label, i.estado as detalle from inmueble i
        where ${id ? sql`i.consecutivo = ${id}` : sql`(i.direccion ilike ${patron} or i.consecutivo::text = ${q})`}
        order by i.consecutivo desc limit 20`,
  );
}

export async function opcionesTerceros(tx: Tx, q: string, id?: number): Promise<OpcionContrato[]> {
  const patron = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return queryRows<OpcionContrato>(
    tx,
    sql`select t.id, t.nombre || ' · ' || t.nro_id as label, nullif(t.email, '') as detalle from terceros t
        where ${id ? sql`t.id = ${id}` : sql`(t.nombre ilike ${patron} or t.nro_id like ${`${q}%`})`} and t.nombre <> ''
        order by t.nombre limit 20`,
  );
}

export async function opcionesPlantillas(tx: Tx, programa: ProgramaContrato): Promise<(OpcionContrato & { clase: string })[]> {
  return queryRows<OpcionContrato & { clase: string }>(
    tx,
    sql`select id, nombre as label, clase, 'v' || version as detalle from plantilla_contrato where activa and programa = ${programa} order by nombre`,
  );
}

export const datosEjemplo = () => datosDeEjemplo('inmueble', CONTEXTOS_CONTRATO);

// ---------- for other modules ----------

/** A property's contracts of both registers, newest first: an inventory names one of them (issue 30). */
export async function deInmueble(tx: Tx, consecutivoInmueble: number): Promise<ContratoResumen[]> {
  const filas = await queryRows<FilaResumen>(
    tx,
    sql`select ${SELECT_RESUMEN} from contrato c join inmueble i on i.id = c.id_inmueble
        where i.consecutivo = ${consecutivoInmueble} order by c.creado_en desc, c.id desc`,
  );
  return filas.map(resumen);
}

/** One contract of either register with its parties, or null when this company has none with that id. */
export async function resumenConPartes(tx: Tx, id: number): Promise<(ContratoResumen & { partes: ParteContrato[] }) | null> {
  const [r] = await queryRows<FilaResumen>(
    tx,
    sql`select ${SELECT_RESUMEN} from contrato c join inmueble i on i.id = c.id_inmueble where c.id = ${id}`,
  );
  if (!r) return null;
  const partes = await queryRows<ParteContrato>(
    tx,
    sql`select p.id_tercero, p.rol, t.nombre, t.nro_id, t.email, p.porcentaje::float8 as porcentaje
        from contrato_parte p join terceros t on t.id = p.id_tercero where p.id_contrato = ${id} order by p.orden`,
  );
  return { ...resumen(r), partes };
}
