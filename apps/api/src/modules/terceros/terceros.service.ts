import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { CODES } from '@predio/contract/codes';
import { hasIdm } from '@predio/contract/menu';
import { FOTO_MIN_PX, IDM_TERCEROS, ZNroIdParam, type Tercero, type TerceroLog } from '@predio/contract/terceros';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado, sinPermiso } from '../../platform/errors/app-error.ts';
import type { CarpetaArchivos } from '../../platform/storage/sin-uso.ts';
import { CONTENT_TYPES, sinMetadatos, validarImagen, type ImagenValida } from '../../platform/images.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import * as repo from './terceros.repo.ts';

/** A user may always see and change their own person; anyone else needs the terceros permission. */
function puedeVer(user: Principal, nroId: string): boolean {
  return nroId === user.nroId || hasIdm(user.permisos, IDM_TERCEROS);
}

export async function terceroLog(o: { tx: Tx; user: Principal; nroId: string }): Promise<TerceroLog> {
  if (!puedeVer(o.user, o.nroId)) throw sinPermiso();
  const t = await repo.porNroId(o.tx, o.nroId);
  if (!t) throw noEncontrado('El tercero');
  return { nro_id: t.nro_id, nombre: t.nombre, foto: t.foto, email: t.email || null, celular: t.celular || null };
}

export async function tercero(o: { tx: Tx; user: Principal; nroId: string }): Promise<Tercero> {
  if (!puedeVer(o.user, o.nroId)) throw sinPermiso();
  const t = await repo.porNroId(o.tx, o.nroId);
  if (!t) throw noEncontrado('El tercero');
  return {
    nro_id: t.nro_id,
    tipo_dcto: t.tipo_dcto,
    tipo_contribuyente: t.tipo_contribuyente,
    nombre1: t.nombre1,
    nombre2: t.nombre2,
    apellido1: t.apellido1,
    apellido2: t.apellido2,
    razon_social: t.razon_social,
    nombre: t.nombre,
    telefonos: t.telefonos,
    celular: t.celular,
    direccion: t.direccion,
    codmunicipio: t.codmunicipio,
    email: t.email,
    email_Corporativo: t.email_Corporativo,
    celular_Corporativo: t.celular_Corporativo,
    correspondencia: t.correspondencia,
    foto: t.foto,
    coloragenda: t.coloragenda,
    activo: t.activo,
    propietario: t.propietario,
    empleado: t.empleado,
  };
}

const claveFoto = (idEmpresa: number, nombre: string) => `${idEmpresa}/fotos/${nombre}`;

/** The stored photos, for the daily pass that deletes those no tercero shows. */
export const CARPETA_FOTOS: CarpetaArchivos = { carpeta: 'fotos', enUso: repo.fotosEnUso };
const NOMBRE_FOTO = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

type Parte = MultipartFile | { type: 'field'; fieldname: string; value: unknown };
export type FotoSubida = { archivo: Buffer; nroId: string | null; img: ImagenValida };

/** Reads and checks the upload; runs before the transaction opens (see defineRoute's prepare). */
export async function leerSubidaFoto(parts: AsyncIterableIterator<Parte>): Promise<FotoSubida> {
  let archivo: Buffer | null = null;
  let nroId: string | null = null;
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      archivo = await part.toBuffer();
    } else if (part.fieldname === 'nro_id' && typeof part.value === 'string' && part.value.trim() !== '') {
      const p = ZNroIdParam.safeParse({ nro_id: part.value });
      if (!p.success) throw invalido('nro_id', p.error.issues[0]?.message ?? 'valor inválido');
      nroId = p.data.nro_id;
    }
  }
  if (!archivo || archivo.length === 0) throw invalido('file', 'adjunte una imagen en el campo file');
  const img = await validarImagen(archivo, { width: FOTO_MIN_PX, height: FOTO_MIN_PX });
  return { archivo: await sinMetadatos(archivo, img), nroId, img };
}

/** Stores the photo under a server-generated name; optionally sets it on a tercero. */
export async function guardarFoto(o: {
  tx: Tx;
  user: Principal;
  storage: Storage;
  subida: FotoSubida;
  ip: string;
}): Promise<string> {
  const { archivo, nroId, img } = o.subida;
  if (nroId !== null && !puedeVer(o.user, nroId)) throw sinPermiso();
  // Look the person up before storing, so a refused upload leaves no file behind.
  const anterior = nroId === null ? null : await repo.porNroId(o.tx, nroId);
  if (nroId !== null && !anterior) throw noEncontrado('El tercero');
  const nombre = `${randomUUID()}.${img.ext}`;
  await o.storage.put(claveFoto(o.user.idEmpresa, nombre), archivo);
  if (nroId !== null && anterior) {
    if (!(await repo.cambiarFoto(o.tx, nroId, nombre, o.user.usuario))) throw noEncontrado('El tercero');
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'actualizar',
      entidad: 'terceros',
      entidadId: nroId,
      cambios: { foto: { antes: anterior.foto, despues: nombre } },
      ip: o.ip,
    });
  }
  return nombre;
}

export async function leerFoto(o: { user: Principal; storage: Storage; nombre: string }) {
  if (!NOMBRE_FOTO.test(o.nombre)) throw noEncontrado('La foto');
  const buf = await o.storage.get(claveFoto(o.user.idEmpresa, o.nombre));
  if (!buf) throw noEncontrado('La foto');
  const ext = o.nombre.split('.').pop() ?? '';
  const contentType = CONTENT_TYPES[ext];
  if (!contentType) throw new AppError(CODES.NO_ENCONTRADO, 'La foto no existe.');
  return { buf, contentType };
}
