import {
  DIAS_AVISO_VENCE,
  ETIQUETAS_RADICADO,
  ETIQUETAS_TIPO_RADICADO,
  IDM_BUSCAR_GESTION_DOCUMENTAL,
  IDM_GESTION_DOCUMENTAL,
  RADICADOS_MAX_EXPORT,
  TIPO_CARTA_RADICADO,
  TIPO_CARTA_RADICADO_POR_VENCER,
  TIPO_DUENO_RADICADO,
  type OpcionesRadicado,
  type Radicado,
  type RadicadoEdicion,
  type RadicadoForm,
  type RadicadosExportarQuery,
  type RadicadosQuery,
  type TerceroRadicado,
  type InmuebleRadicado,
  type ContratoRadicado,
} from '@predio/contract/gestion-documental';
import { esAnulado } from '@predio/contract/gestion-documental-estados';
import { CATEGORIA_VERSION, MINUTOS_VISTA, type AccionHistorial } from '@predio/contract/gestion-documental-versiones';
import { listaAcotada, type ListaAcotada } from '@predio/contract/list';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import { registrarDueno } from '../../platform/archivos/duenos.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado, sinPermiso } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import type { Scope } from '../../platform/tenant.ts';
import { sumarDiasHabiles } from '@predio/contract/gestion-documental-configuracion';
import * as configuracion from './configuracion.service.ts';
import * as estadosRepo from './estados.repo.ts';
import * as permisos from './permisos.service.ts';
import * as expedientesRepo from './expedientes.repo.ts';
import * as repo from './radicados.repo.ts';
import * as texto from './texto.service.ts';
import * as versionesRepo from './versiones.repo.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
/** What sending a notice needs (platform/notificar); a filing without it (a job's) sends none. */
export type Aviso = { hub: Hub; mailer: Despertador; onCommit: Scope['onCommit'] };

export const ENTIDAD_RADICADO = 'radicados';
const L = ETIQUETAS_RADICADO;

// A radicado holds what was filed: a scan or a PDF, nothing that could run in the browser.
const tipoDocumento = ({ nombre, detectado }: { nombre: string; detectado: string | null }) => {
  if (detectado === 'application/pdf' || detectado === 'image/jpeg' || detectado === 'image/png' || detectado === 'image/tiff')
    return detectado;
  throw new AppError(CODES.ARCHIVO_INVALIDO, `file: «${nombre}» no es un PDF ni una imagen (JPG, PNG o TIFF).`);
};

/** One row of a radicado's history of its documents (who saw, downloaded or changed what). */
export const anotar = (
  o: { tx: Tx; user: Principal },
  idRadicado: number,
  accion: AccionHistorial,
  archivo?: { id: number; nombre: string },
  detalle = '',
) =>
  versionesRepo.anotar(o.tx, {
    idRadicado,
    accion,
    idArchivo: archivo?.id ?? null,
    archivo: archivo?.nombre ?? '',
    detalle,
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
  });

/**
 * Called from the routes: a radicado owns its scanned letter, PDF or images (platform/archivos), and the
 * previous versions of them (category «version», written only by versiones.service). Its files follow the
 * radicado's own permissions: the series rules decide who lists and downloads them (as the radicado) and
 * who changes them (radicar or editar on its serie), through the generic /api/archivos routes too.
 */
export function registrarDuenoRadicado(): void {
  registrarDueno({
    tipo: TIPO_DUENO_RADICADO,
    nombre: 'El radicado',
    leer: [IDM_GESTION_DOCUMENTAL, IDM_BUSCAR_GESTION_DOCUMENTAL],
    escribir: [IDM_GESTION_DOCUMENTAL],
    resolver: async (tx, clave, escribir) => {
      const n = Number(clave);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      const id = await repo.idRadicado(tx, n, escribir);
      return id === null ? null : String(id);
    },
    categorias: {
      documento: { maxBytes: 25 * 1024 * 1024, maxPorDueno: 20, plural: 'documentos', tipo: tipoDocumento },
      [CATEGORIA_VERSION]: {
        maxBytes: 25 * 1024 * 1024,
        plural: 'versiones anteriores',
        tipo: tipoDocumento,
        recientesPrimero: true,
        interna: true,
      },
    },
    categoriaPorDefecto: 'documento',
    entidadAuditoria: ENTIDAD_RADICADO,
    antesDeLeer: ({ tx, user, clave }) => obtener({ tx, user, id: Number(clave) }),
    antesDeEscribir: async ({ tx, user, clave }) => {
      // The documents of an eliminated expediente were disposed of (acta de eliminación): they take no changes.
      const numero = await expedientesRepo.eliminadoDeRadicado(tx, Number(clave));
      if (numero)
        throw new AppError(
          CODES.CONFLICTO,
          `El radicado pertenece al expediente ${numero}, eliminado por disposición final: sus documentos no cambian.`,
        );
      const r = await obtener({ tx, user, id: Number(clave) });
      await permisos.exigirArchivos(tx, user, r.serie?.id ?? null, r.subserie?.id ?? null);
    },
    // A PDF's text is extracted by a job (texto.service.ts) so the search finds words inside it.
    despuesDeRegistrar: async (o) => {
      await texto.encolarExtraccion(o.tx, o.archivo);
      await anotar(o, Number(o.clave), 'subir', o.archivo);
    },
    alDescargar: (o) =>
      anotar(o, Number(o.clave), 'descargar', o.archivo, o.archivo.categoria === CATEGORIA_VERSION ? 'versión anterior' : ''),
    // A document with versions keeps them all: it is replaced, never deleted.
    antesDeEliminar: async (o) => {
      if (await versionesRepo.tieneVersiones(o.tx, o.archivo.id))
        throw new AppError(
          CODES.CONFLICTO,
          `El documento «${o.archivo.nombre}» tiene versiones: no se elimina; suba una nueva versión si hace falta corregirlo.`,
        );
      await anotar(o, Number(o.clave), 'eliminar', o.archivo);
    },
  });
}

/** The body's references, checked against the company's masters so a mistake names its field. */
export async function validar(
  tx: Tx,
  b: RadicadoForm,
): Promise<{ codigoArea: string | null; idInmueble: number | null; idContrato: number | null }> {
  const area = await repo.area(tx, b.id_area);
  if (!area || !area.activo) throw invalido('id_area', `El campo ${L.id_area} no existe en esta empresa o está inactiva`);
  const activos: [keyof typeof L, string, number | null | undefined][] = [
    ['id_serie', 'series_documentales', b.id_serie],
    ['id_subserie', 'subseries_documentales', b.id_subserie],
    ['id_tipo_documental', 'tipos_documentales', b.id_tipo_documental],
    ['id_estado', 'estados_gestion_documental', b.id_estado],
  ];
  for (const [campo, tabla, id] of activos)
    if (id != null && !(await repo.existeActivo(tx, tabla, id)))
      throw invalido(campo, `El campo ${L[campo]} no existe en esta empresa o está inactivo`);
  if (b.id_subserie != null) {
    const ss = await repo.subserie(tx, b.id_subserie);
    if (b.id_serie == null) throw invalido('id_serie', `El campo ${L.id_serie} es obligatorio cuando hay subserie`);
    if (ss && ss.id_serie !== b.id_serie)
      throw invalido('id_subserie', `El campo ${L.id_subserie} no pertenece a la serie elegida`);
  }
  if (b.id_tercero != null && !(await repo.existeTercero(tx, b.id_tercero)))
    throw invalido('id_tercero', `El campo ${L.id_tercero} no existe en esta empresa`);
  return { codigoArea: area.codigo, ...(await relacionados(tx, b)) };
}

/**
 * The inmueble (by its number) and the contrato the radicado is about: each must be the company's (400
 * naming the field); a contrato without an inmueble brings its own, and with one it must be of it.
 */
async function relacionados(
  tx: Tx,
  b: { inmueble?: number | null | undefined; id_contrato?: number | null | undefined },
): Promise<{ idInmueble: number | null; idContrato: number | null }> {
  let idInmueble: number | null = null;
  if (b.inmueble != null) {
    idInmueble = await repo.idInmueble(tx, b.inmueble);
    if (idInmueble === null) throw invalido('inmueble', `El campo ${L.inmueble} no existe en esta empresa (${b.inmueble})`);
  }
  if (b.id_contrato == null) return { idInmueble, idContrato: null };
  const c = await repo.contrato(tx, b.id_contrato);
  if (!c) throw invalido('id_contrato', `El campo ${L.id_contrato} no existe en esta empresa`);
  if (idInmueble !== null && c.id_inmueble !== null && c.id_inmueble !== idInmueble)
    throw invalido('id_contrato', `El campo ${L.id_contrato} es de otro inmueble, no del ${b.inmueble}`);
  return { idInmueble: idInmueble ?? c.id_inmueble, idContrato: c.id };
}

export const enlaceRadicado = (id: number) => `/gestion-documental/gestion-documental?abrir=${id}`;

/** A radicado de entrada without a responsable goes to the user that receives inbound mail (configuracion). */
async function responsable(tx: Tx, b: { tipo: RadicadoForm['tipo']; id_responsable?: number | null | undefined }) {
  if (b.id_responsable != null) {
    if (!(await repo.usuarioActivo(tx, b.id_responsable)))
      throw invalido('id_responsable', `El campo ${L.id_responsable} no existe en esta empresa o está inactivo`);
    return b.id_responsable;
  }
  return b.tipo === 'entrada' ? configuracion.usuarioRecepcion(tx) : null;
}

/**
 * Notice 501 («Documento radicado»): to the users of the radicado's área and to its responsable, not to
 * whoever filed it. A letter going out (salida) is not addressed to an área of the company.
 */
async function avisarRadicado(o: Escritura & { aviso: Aviso }, r: Radicado, soloA?: number[]): Promise<void> {
  if (r.tipo === 'salida') return;
  const para = new Set(soloA ?? (await repo.usuariosDelArea(o.tx, r.area.id)));
  if (r.responsable) para.add(r.responsable.id);
  para.delete(o.user.idUsuario);
  const vence = r.vence ? ` Debe responderse a más tardar el ${r.vence.split('-').reverse().join('/')}.` : '';
  for (const idUsuario of para)
    await notificar(
      { tx: o.tx, ...o.aviso },
      {
        idEmpresa: o.user.idEmpresa,
        idUsuario,
        tipoCarta: TIPO_CARTA_RADICADO,
        titulo: `Documento radicado ${r.radicado}`,
        cuerpo: `${r.responsable?.id === idUsuario ? 'A su cargo' : `Para ${r.area.nombre}`}: «${r.asunto}».${vence}`,
        enlace: enlaceRadicado(r.id),
      },
    );
}

export async function radicar(o: Escritura & { body: RadicadoForm; aviso?: Aviso }): Promise<Radicado> {
  const b = o.body;
  const { codigoArea, idInmueble, idContrato } = await validar(o.tx, b);
  const idResponsable = await responsable(o.tx, b);
  await permisos.exigir(o.tx, o.user, 'radicar', b.id_serie ?? null, b.id_subserie ?? null);
  const vence = await configuracion.vence(o.tx, { tipo: b.tipo, idTipoDocumental: b.id_tipo_documental ?? null });
  // The number is taken last: its counter row stays locked until the commit, so concurrent filings wait
  // here and each gets the next number; a filing that rolls back gives its number back.
  const { anio, numero, radicado } = await configuracion.numerar(o.tx, { tipo: b.tipo, codigoArea });
  const valores: repo.ValoresRadicado = {
    anio,
    numero,
    radicado,
    tipo: b.tipo,
    fecha: b.fecha,
    asunto: b.asunto,
    id_tercero: b.id_tercero ?? null,
    id_area: b.id_area,
    id_serie: b.id_serie ?? null,
    id_subserie: b.id_subserie ?? null,
    id_tipo_documental: b.id_tipo_documental ?? null,
    id_estado: b.id_estado ?? null,
    folios: b.folios ?? null,
    observaciones: b.observaciones,
    vence,
    id_responsable: idResponsable,
    id_inmueble: idInmueble,
    id_contrato: idContrato,
  };
  const id = await repo.insertar(o.tx, valores, o.user.usuario);
  // The history starts with the estado it was filed in, so «who moved it where» reads from the beginning.
  if (valores.id_estado !== null)
    await estadosRepo.registrar(o.tx, {
      idRadicado: id,
      anterior: null,
      estado: valores.id_estado,
      nota: '',
      usuario: o.user.usuario,
    });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'crear',
    entidad: ENTIDAD_RADICADO,
    entidadId: String(id),
    cambios: Object.fromEntries(
      Object.entries(valores)
        .filter(([, v]) => v !== null && v !== '')
        .map(([k, v]) => [k, { antes: null, despues: v }]),
    ),
    ip: o.ip,
  });
  const r = (await repo.porId(o.tx, id))!;
  if (o.aviso) await avisarRadicado({ ...o, aviso: o.aviso }, r);
  return r;
}

/**
 * Corrects a radicado's metadata (ZRadicadoEdicion) for a user who may edit its serie (and the serie it
 * moves to). The number, kind and date stay; an annulled radicado stays as it was annulled.
 */
export async function editar(o: Escritura & { id: number; body: RadicadoEdicion; aviso?: Aviso }): Promise<Radicado> {
  const r = await obtener(o);
  if (esAnulado(r.estado?.nombre))
    throw new AppError(CODES.CONFLICTO, `El radicado ${r.radicado} está anulado: no se puede modificar.`);
  await permisos.exigir(o.tx, o.user, 'editar', r.serie?.id ?? null, r.subserie?.id ?? null);
  const b = o.body;
  const rel = await validar(o.tx, { ...b, tipo: r.tipo, fecha: r.fecha, id_estado: null });
  if ((b.id_serie ?? null) !== (r.serie?.id ?? null) || (b.id_subserie ?? null) !== (r.subserie?.id ?? null))
    await permisos.exigir(o.tx, o.user, 'editar', b.id_serie ?? null, b.id_subserie ?? null);
  // A new tipo documental brings its own response days, still counted from the filing day.
  const vence =
    (b.id_tipo_documental ?? null) === (r.tipo_documental?.id ?? null)
      ? r.vence
      : await configuracion.vence(o.tx, {
          tipo: r.tipo,
          idTipoDocumental: b.id_tipo_documental ?? null,
          desde: await repo.diaRadicacion(o.tx, r.id),
        });
  const nuevos: repo.CambiosRadicado = {
    asunto: b.asunto,
    id_tercero: b.id_tercero ?? null,
    id_area: b.id_area,
    id_serie: b.id_serie ?? null,
    id_subserie: b.id_subserie ?? null,
    id_tipo_documental: b.id_tipo_documental ?? null,
    folios: b.folios ?? null,
    observaciones: b.observaciones,
    vence,
    // Left out, it stays; null takes it away.
    id_responsable:
      b.id_responsable === undefined || b.id_responsable === (r.responsable?.id ?? null)
        ? (r.responsable?.id ?? null)
        : await responsable(o.tx, { tipo: 'salida', id_responsable: b.id_responsable }),
    id_inmueble: rel.idInmueble,
    id_contrato: rel.idContrato,
  };
  const antes: repo.CambiosRadicado = {
    asunto: r.asunto,
    id_tercero: r.tercero?.id ?? null,
    id_area: r.area.id,
    id_serie: r.serie?.id ?? null,
    id_subserie: r.subserie?.id ?? null,
    id_tipo_documental: r.tipo_documental?.id ?? null,
    folios: r.folios,
    observaciones: r.observaciones,
    vence: r.vence,
    id_responsable: r.responsable?.id ?? null,
    id_inmueble: r.inmueble?.id ?? null,
    id_contrato: r.contrato?.id ?? null,
  };
  const cambios = Object.fromEntries(
    (Object.keys(nuevos) as (keyof repo.CambiosRadicado)[])
      .filter((k) => nuevos[k] !== antes[k])
      .map((k) => [k, { antes: antes[k], despues: nuevos[k] }]),
  );
  if (Object.keys(cambios).length === 0) return r;
  await repo.actualizar(o.tx, r.id, nuevos, o.user.usuario);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'modificar',
    entidad: ENTIDAD_RADICADO,
    entidadId: String(r.id),
    cambios,
    ip: o.ip,
  });
  const nuevo = (await repo.porId(o.tx, r.id))!;
  // A new responsable is told it is theirs now (notice 501), the área already was.
  if (o.aviso && nuevo.responsable && 'id_responsable' in cambios) await avisarRadicado({ ...o, aviso: o.aviso }, nuevo, []);
  return nuevo;
}

/**
 * One company's daily pass (07:00 Bogotá): notice 502 («Documento por responder») for each radicado still
 * to answer whose deadline falls within DIAS_AVISO_VENCE business days (or has passed), once per deadline
 * (recorded before sending): to its responsable, else to its área's users.
 */
export async function avisarVencimientos(o: Base & Aviso & { idEmpresa: number; hoy: string }): Promise<{ avisos: number }> {
  let avisos = 0;
  for (const r of await repo.porVencer(o.tx, sumarDiasHabiles(o.hoy, DIAS_AVISO_VENCE))) {
    if (!(await repo.marcarAvisado(o.tx, r.id, r.vence))) continue;
    const para = r.id_responsable !== null ? [r.id_responsable] : await repo.usuariosDelArea(o.tx, r.id_area);
    const fecha = r.vence.split('-').reverse().join('/');
    for (const idUsuario of para) {
      await notificar(o, {
        idEmpresa: o.idEmpresa,
        idUsuario,
        tipoCarta: TIPO_CARTA_RADICADO_POR_VENCER,
        titulo: `Documento por responder ${r.radicado}`,
        cuerpo: `«${r.asunto}» ${r.vence < o.hoy ? 'venció' : 'vence'} el ${fecha} y aún no tiene respuesta.`,
        enlace: enlaceRadicado(r.id),
      });
      avisos++;
    }
  }
  return { avisos };
}

export const empresasConVencimientos = (tx: Tx) => repo.empresasConVencimientos(tx);
export const TRABAJO_GD_DIARIO = 'gestion-documental.diario';
export const TRABAJO_GD_DIARIO_EMPRESA = 'gestion-documental.diario-empresa';

export async function listar(o: Base & { user: Principal; query: RadicadosQuery }): Promise<ListaAcotada<Radicado>> {
  const { page, pageSize, ...f } = o.query;
  rango(f);
  const permitidos = permisos.filtroVer(await permisos.alcance(o.tx, o.user));
  const r = await repo.listar(o.tx, { ...f, permitidos, limit: pageSize, offset: (page - 1) * pageSize });
  return listaAcotada(r.items, r.total, r.totalExacto);
}

/** A radicado the document permissions hide answers 403, naming why. */
async function visible(o: Base & { user: Principal }, r: Radicado): Promise<Radicado> {
  const a = await permisos.alcance(o.tx, o.user);
  if (!a) return r;
  if (r.serie === null) {
    if (r.creado_por !== o.user.usuario) throw sinPermiso();
    return r;
  }
  await permisos.exigir(o.tx, o.user, 'ver', r.serie.id, r.subserie?.id ?? null);
  return r;
}

function rango(f: { desde?: string | undefined; hasta?: string | undefined }) {
  if (f.desde && f.hasta && f.desde > f.hasta) throw invalido('hasta', 'hasta debe ser igual o posterior a desde');
}

export async function obtener(o: Base & { user: Principal; id: number }): Promise<Radicado> {
  const r = await repo.porId(o.tx, o.id);
  if (!r) throw noEncontrado(`El radicado ${o.id}`);
  return visible(o, r);
}

/**
 * The radicado's detail as a person opens it: recorded in its history as «ver», once per user within
 * MINUTOS_VISTA (the screen reads it again after each change).
 */
export async function ver(o: Base & { user: Principal; id?: number; radicado?: string }): Promise<Radicado> {
  const r = o.id !== undefined ? await obtener({ ...o, id: o.id }) : await porRadicado({ ...o, radicado: o.radicado ?? '' });
  if (!(await versionesRepo.vistoHace(o.tx, r.id, o.user.usuario, MINUTOS_VISTA))) await anotar(o, r.id, 'ver');
  return r;
}

/** buscar-gestion-documental/{consecutivo}: one radicado by the number users write. */
export async function porRadicado(o: Base & { user: Principal; radicado: string }): Promise<Radicado> {
  const r = await repo.porRadicado(o.tx, o.radicado);
  if (!r) throw noEncontrado(`El radicado ${o.radicado}`);
  return visible(o, r);
}

export async function opciones(o: Base): Promise<OpcionesRadicado> {
  const m = await repo.opciones(o.tx);
  const usuarios = (await configuracion.usuarios(o.tx)).map((u) => ({ id: u.id, nombre: u.nombre }));
  return { ...m, usuarios, id_usuario_recepcion: await configuracion.usuarioRecepcion(o.tx) };
}
export const buscarTerceros = (o: Base & { q: string | undefined }): Promise<TerceroRadicado[]> => repo.buscarTerceros(o.tx, o.q);
/** The pickers' lookups: gestión documental's own, so filing needs no idm of Propiedades or Contratos. */
export const buscarInmuebles = (o: Base & { q: string | undefined }): Promise<InmuebleRadicado[]> =>
  repo.buscarInmuebles(o.tx, o.q);
export const buscarContratos = (o: Base & { q: string | undefined }): Promise<ContratoRadicado[]> =>
  repo.buscarContratos(o.tx, o.q);

export async function exportar(o: Base & { user: Principal; query: RadicadosExportarQuery }): Promise<Archivo> {
  const { formato, ...f } = o.query;
  rango(f);
  const permitidos = permisos.filtroVer(await permisos.alcance(o.tx, o.user));
  const r = await repo.listar(o.tx, { ...f, permitidos, limit: RADICADOS_MAX_EXPORT, offset: 0 }, RADICADOS_MAX_EXPORT);
  if (!r.totalExacto)
    throw invalido('hasta', 'La exportación admite máximo 50.000 filas y el filtro tiene más: acote las fechas.');
  const hoja = {
    encabezados: [
      'Radicado',
      'Tipo',
      'Fecha',
      'Asunto',
      'Remitente / destinatario',
      'Área',
      'Serie',
      'Subserie',
      'Tipo documental',
      'Estado',
      'Inmueble',
      'Contrato',
      'Folios',
      'Archivos',
      'Radicó',
      'Radicado el',
    ],
    filas: r.items.map((x) => [
      x.radicado,
      ETIQUETAS_TIPO_RADICADO[x.tipo],
      x.fecha,
      x.asunto,
      x.tercero ? `${x.tercero.nombre} (${x.tercero.nro_id})` : '',
      x.area.nombre,
      x.serie?.nombre ?? '',
      x.subserie?.nombre ?? '',
      x.tipo_documental?.nombre ?? '',
      x.estado?.nombre ?? '',
      x.inmueble ? `${x.inmueble.consecutivo} · ${x.inmueble.direccion}` : '',
      x.contrato?.numero ?? '',
      x.folios ?? '',
      x.archivos,
      x.creado_por,
      new Date(x.creado_en),
    ]),
  };
  return exportarHoja({ hoja, base: 'radicados', titulo: 'Radicados', formato });
}
