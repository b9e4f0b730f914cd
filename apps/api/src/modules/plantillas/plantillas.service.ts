import { CODES } from '@predio/contract/codes';
import {
  contextosDe,
  expresionCampo,
  type GrupoCampos,
  type Plantilla,
  type PlantillaGuardar,
  type PlantillaResumen,
  type ProblemaPlantilla,
  type TipoPlantilla,
  type VistaPrevia,
} from '@predio/contract/documentos';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { cargarDatos, empresaDocumento, type EmpresaDocumento } from '../../platform/documentos/contextos.ts';
import { datosDeEjemplo, llenar, revisar, validar } from '../../platform/documentos/motor.ts';
import { htmlAPdf } from '../../platform/documentos/pdf.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { membreteConLogo } from '../empresa/empresa.service.ts';
import * as repo from './plantillas.repo.ts';

// Company templates edited in Configurar (idm 55): the first user of platform/documentos.

type Escritura = { tx: Tx; user: Principal; ip: string };

/** The fields a template of `tipo` may use, grouped by context, with the text each chip stands for. */
export function campos(tipo: TipoPlantilla): GrupoCampos[] {
  return contextosDe(tipo).map((c) => ({
    clave: c.clave,
    etiqueta: c.etiqueta,
    pendiente: c.pendiente ?? false,
    campos: c.campos.map((f) => ({ ...f, expresion: expresionCampo(c.clave, f) })),
  }));
}

export const listar = (o: { tx: Tx }): Promise<PlantillaResumen[]> => repo.listar(o.tx);

export async function obtener(o: { tx: Tx; id: number }): Promise<Plantilla> {
  const p = await repo.porId(o.tx, o.id);
  if (!p) throw noEncontrado('La plantilla');
  return p;
}

/** Stored sanitised, and only when every field and tag is right: a saved template always fills. */
function preparar(body: PlantillaGuardar): PlantillaGuardar {
  const contenido = sanearHtml(body.contenido);
  validar(contenido, body.tipo);
  return { ...body, contenido };
}

const repetida = (nombre: string) =>
  new AppError(CODES.CONFLICTO, `Ya existe una plantilla llamada «${nombre}».`, [{ campo: 'nombre', mensaje: 'ya existe' }]);

async function escribiendo<T>(nombre: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO) throw repetida(nombre);
    throw e;
  }
}

const auditar = (o: Escritura, accion: string, id: number, nombre: string) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: 'plantilla_documento',
    entidadId: String(id),
    cambios: { nombre: { antes: null, despues: nombre } },
    ip: o.ip,
  });

export async function crear(o: Escritura & { body: PlantillaGuardar }): Promise<Plantilla> {
  const p = preparar(o.body);
  const id = await escribiendo(p.nombre, () => repo.insertar(o.tx, p, o.user.usuario));
  await auditar(o, 'crear', id, p.nombre);
  return obtener({ tx: o.tx, id });
}

export async function actualizar(o: Escritura & { id: number; body: PlantillaGuardar }): Promise<Plantilla> {
  const p = preparar(o.body);
  if (!(await escribiendo(p.nombre, () => repo.actualizar(o.tx, o.id, p, o.user.usuario)))) throw noEncontrado('La plantilla');
  await auditar(o, 'actualizar', o.id, p.nombre);
  return obtener({ tx: o.tx, id: o.id });
}

export async function eliminar(o: Escritura & { id: number }): Promise<{ id: number }> {
  const p = await repo.eliminar(o.tx, o.id);
  if (!p) throw noEncontrado('La plantilla');
  await auditar(o, 'eliminar', o.id, p.nombre);
  return { id: o.id };
}

/** Every problem of a template (not only the first), for the editor to list; empty when it is right. */
export function revisarPlantilla(body: { tipo: TipoPlantilla; contenido: string }): { problemas: ProblemaPlantilla[] } {
  return { problemas: revisar(sanearHtml(body.contenido), body.tipo) };
}

export type Previa = { html: string; empresa: EmpresaDocumento; titulo: string };

/** The template filled with a record of the company (or the sample values), read inside the transaction. */
export async function vistaPrevia(o: { tx: Tx; user: Principal; body: VistaPrevia }): Promise<Previa> {
  const contenido = sanearHtml(o.body.contenido);
  const registro = o.body.registro?.trim();
  const datos =
    registro && o.body.tipo !== 'ninguno'
      ? await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: o.body.tipo, registro })
      : {
          ...datosDeEjemplo(o.body.tipo),
          ...(await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: 'ninguno', registro: '' })),
        };
  // The filled HTML is sanitised again: values are escaped by the engine, this keeps it that way.
  const html = sanearHtml(await llenar(contenido, o.body.tipo, datos));
  return { html, empresa: await empresaDocumento(o.tx), titulo: o.body.titulo?.trim() || 'Vista previa' };
}

/** The preview as a PDF, laid out after the transaction (it reads the logo and takes a moment). */
export async function vistaPreviaPdf(o: { user: Principal; storage: Storage; previa: Previa }): Promise<Archivo> {
  const membrete = await membreteConLogo({ idEmpresa: o.user.idEmpresa, storage: o.storage, empresa: o.previa.empresa });
  const contenido = await htmlAPdf({ html: o.previa.html, membrete, titulo: o.previa.titulo });
  return { nombre: 'vista-previa.pdf', contentType: 'application/pdf', contenido };
}
