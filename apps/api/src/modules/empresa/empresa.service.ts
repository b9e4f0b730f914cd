import { randomBytes, randomUUID } from 'node:crypto';
import type { FormularioWeb, FormularioWebCambio } from '@predio/contract/solicitudes';
import type { MultipartFile } from '@fastify/multipart';
import { CODES } from '@predio/contract/codes';
import {
  ajustesDe,
  LOGO_MIN_PX,
  type Agencia,
  type AgenciaGuardar,
  type ApiPublica,
  type ApiPublicaCambio,
  type Configuracion,
  type ConfiguracionActualizar,
  type Empresa,
  type EmpresaActualizar,
  type InfoEmpresa,
  type UsuarioOpcion,
} from '@predio/contract/empresa';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { CarpetaArchivos } from '../../platform/storage/sin-uso.ts';
import { CONTENT_TYPES, sinMetadatos, validarImagen, type ImagenValida } from '../../platform/images.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Membrete } from '../../platform/documentos/pdf.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as repo from './empresa.repo.ts';
import { exigirDestinoExterno } from '../../platform/http/destinos.ts';

type Escritura = { tx: Tx; user: Principal; ip: string };

function diferencias(antes: Record<string, unknown> | null, despues: Record<string, unknown>): Cambios {
  const out: Cambios = {};
  for (const [k, d] of Object.entries(despues)) {
    const a = antes?.[k] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(d ?? null)) out[k] = { antes: a, despues: d ?? null };
  }
  return out;
}

async function auditar(o: Escritura, accion: string, entidad: string, entidadId: string, cambios: Cambios) {
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad,
    entidadId,
    cambios,
    ip: o.ip,
  });
}

// RLS already limits the tables to the caller's company: "the first row" is theirs.
export async function getEmpresa(o: { tx: Tx }): Promise<Empresa> {
  const e = await repo.actual(o.tx);
  if (!e) throw noEncontrado('La empresa');
  return {
    id_Empresa: e.idEmpresa,
    nombre: e.nombre,
    nit: e.nit,
    direccion: e.direccion,
    telefonos: e.telefonos,
    email: e.email,
    web: e.web,
    logo: e.logo,
    defaultAgencia: e.defaultAgencia,
    defaultAsesor: e.defaultAsesor,
    defaultAuxiliar: e.defaultAuxiliar,
    colorSitio: e.colorSitio,
  };
}

export async function getInfoEmpresa(o: { tx: Tx }): Promise<InfoEmpresa> {
  return { ...(await getEmpresa(o)), usuariosActivos: await repo.usuariosActivos(o.tx), agencias: await repo.agencias(o.tx) };
}

export async function actualizar(o: Escritura & { body: EmpresaActualizar }): Promise<Empresa> {
  const antes = await getEmpresa(o);
  const b = o.body;
  if (b.defaultAgencia !== 0) {
    const a = await repo.agenciaPorId(o.tx, b.defaultAgencia);
    if (!a || !a.activo) throw invalido('defaultAgencia', 'no corresponde a ninguna agencia activa de la empresa');
  }
  const usuarioDe = async (campo: string, v: string | null) => {
    if (v === null) return null;
    const u = await repo.usuarioActivo(o.tx, v);
    if (!u) throw invalido(campo, `no hay ningún usuario activo «${v}» en la empresa`);
    return u;
  };
  const nuevo = {
    nombre: b.nombre,
    nit: b.nit,
    direccion: b.direccion,
    telefonos: b.telefonos,
    email: b.email,
    web: b.web,
    defaultAgencia: b.defaultAgencia,
    defaultAsesor: await usuarioDe('defaultAsesor', b.defaultAsesor),
    defaultAuxiliar: await usuarioDe('defaultAuxiliar', b.defaultAuxiliar),
    colorSitio: b.colorSitio ?? antes.colorSitio,
  };
  const c = diferencias(antes, nuevo);
  if (Object.keys(c).length === 0) return antes;
  await repo.actualizar(o.tx, nuevo);
  await auditar(o, 'actualizar', 'empresa', String(antes.id_Empresa), c);
  return getEmpresa(o);
}

export const usuariosOpciones = (o: { tx: Tx }): Promise<UsuarioOpcion[]> => repo.usuariosOpciones(o.tx);

// ---- Logo ----

const claveLogo = (idEmpresa: number, nombre: string) => `${idEmpresa}/logos/${nombre}`;

/** The stored logos, for the daily pass that deletes those the company no longer shows. */
export const CARPETA_LOGOS: CarpetaArchivos = { carpeta: 'logos', enUso: repo.logosEnUso };
const NOMBRE_LOGO = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

type Parte = MultipartFile | { type: 'field'; fieldname: string; value: unknown };
export type LogoSubido = { archivo: Buffer; img: ImagenValida };

/** Reads and checks the upload before the transaction opens (see defineRoute's prepare). */
export async function leerLogo(parts: AsyncIterableIterator<Parte>): Promise<LogoSubido> {
  let archivo: Buffer | null = null;
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    const buf = await part.toBuffer();
    if (part.fieldname === 'file') archivo = buf;
  }
  if (!archivo || archivo.length === 0) throw invalido('file', 'adjunte una imagen en el campo file');
  const img = await validarImagen(archivo, LOGO_MIN_PX);
  return { archivo: await sinMetadatos(archivo, img), img };
}

export async function guardarLogo(
  o: Escritura & Pick<Scope, 'onCommit'> & { storage: Storage; subida: LogoSubido },
): Promise<string> {
  const antes = await getEmpresa(o);
  const nombre = `${randomUUID()}.${o.subida.img.ext}`;
  await o.storage.put(claveLogo(o.user.idEmpresa, nombre), o.subida.archivo);
  await repo.actualizar(o.tx, { logo: nombre });
  await auditar(o, 'actualizar', 'empresa', String(antes.id_Empresa), { logo: { antes: antes.logo, despues: nombre } });
  // The old file goes once the new name is committed (a rollback keeps the old one in use).
  if (antes.logo && NOMBRE_LOGO.test(antes.logo)) {
    const viejo = claveLogo(o.user.idEmpresa, antes.logo);
    o.onCommit(() => o.storage.delete(viejo).catch(() => undefined));
  }
  return nombre;
}

export async function leerLogoGuardado(o: { user: Pick<Principal, 'idEmpresa'>; storage: Storage; nombre: string }) {
  if (!NOMBRE_LOGO.test(o.nombre)) throw noEncontrado('El logo');
  const buf = await o.storage.get(claveLogo(o.user.idEmpresa, o.nombre));
  if (!buf) throw noEncontrado('El logo');
  const contentType = CONTENT_TYPES[o.nombre.split('.').pop() ?? ''];
  if (!contentType) throw noEncontrado('El logo');
  return { buf, contentType };
}

/**
 * The company's letterhead for a PDF: its details, with its logo's bytes when it has one that can be read
 * (a missing or unreadable logo leaves the letterhead without it rather than failing the document).
 */
export async function membreteConLogo(o: {
  idEmpresa: number;
  storage: Storage;
  empresa: { logo: string | null } & Omit<Membrete, 'logo'>;
}): Promise<Membrete> {
  const { logo, ...m } = o.empresa;
  const buf = logo
    ? await leerLogoGuardado({ user: { idEmpresa: o.idEmpresa }, storage: o.storage, nombre: logo })
        .then((l) => l.buf)
        .catch(() => null)
    : null;
  return { ...m, logo: buf };
}

// ---- Agencias ----

const agenciaRepetida = (nombre: string) =>
  new AppError(CODES.CONFLICTO, `Ya existe una agencia llamada «${nombre}».`, [{ campo: 'nombre', mensaje: 'ya existe' }]);

async function escribiendoAgencia<T>(nombre: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO) throw agenciaRepetida(nombre);
    throw e;
  }
}

async function agenciaExistente(tx: Tx, id: number): Promise<Agencia> {
  const a = await repo.agenciaPorId(tx, id);
  if (!a) throw noEncontrado('La agencia');
  return a;
}

export const agencias = (o: { tx: Tx }): Promise<Agencia[]> => repo.agencias(o.tx);

export async function crearAgencia(o: Escritura & { body: AgenciaGuardar }): Promise<Agencia> {
  const id = await escribiendoAgencia(o.body.nombre, () => repo.insertarAgencia(o.tx, o.body));
  const a = await agenciaExistente(o.tx, id);
  await auditar(o, 'crear', 'agencia', String(id), diferencias(null, { ...o.body }));
  return a;
}

export async function actualizarAgencia(o: Escritura & { id: number; body: AgenciaGuardar }): Promise<Agencia> {
  const antes = await agenciaExistente(o.tx, o.id);
  const c = diferencias(antes, { ...o.body });
  if (Object.keys(c).length === 0) return antes;
  if (!o.body.activo && antes.activo && (await getEmpresa(o)).defaultAgencia === o.id)
    throw new AppError(
      CODES.CONFLICTO,
      `La agencia «${antes.nombre}» es la agencia por defecto de la empresa: elija otra antes de desactivarla.`,
    );
  await escribiendoAgencia(o.body.nombre, () => repo.actualizarAgencia(o.tx, o.id, o.body));
  await auditar(o, 'actualizar', 'agencia', String(o.id), c);
  return agenciaExistente(o.tx, o.id);
}

export async function eliminarAgencia(o: Escritura & { id: number }): Promise<{ id: number }> {
  const antes = await agenciaExistente(o.tx, o.id);
  const usos = await repo.usuariosEnAgencia(o.tx, o.id);
  const porDefecto = (await getEmpresa(o)).defaultAgencia === o.id;
  if (usos > 0 || porDefecto) {
    const quien = [
      usos > 0 ? `${usos} ${usos === 1 ? 'usuario' : 'usuarios'}` : '',
      porDefecto ? 'la empresa como agencia por defecto' : '',
    ]
      .filter(Boolean)
      .join(' y ');
    throw new AppError(
      CODES.CONFLICTO,
      `No se puede eliminar la agencia «${antes.nombre}»: la usan ${quien}. Desactívela en su lugar.`,
    );
  }
  await repo.eliminarAgencia(o.tx, o.id);
  const { id: _id, ...datos } = antes;
  await auditar(
    o,
    'eliminar',
    'agencia',
    String(o.id),
    diferencias(datos, { nombre: null, direccion: null, telefono: null, activo: null }),
  );
  return { id: o.id };
}

// ---- Configuración (objConfigurar) ----

export async function getConfiguracion(o: { tx: Tx }): Promise<Configuracion> {
  const c = await repo.configuracionActual(o.tx);
  return { carpeta_de_archivos_web: c?.carpetaDeArchivosWeb ?? '', https: c?.https ?? true, ajustes: ajustesDe(c?.ajustes) };
}

export async function actualizarConfiguracion(o: Escritura & { body: ConfiguracionActualizar }): Promise<Configuracion> {
  const antes = await getConfiguracion(o);
  const c = diferencias(
    { carpeta_de_archivos_web: antes.carpeta_de_archivos_web, https: antes.https, ...antes.ajustes },
    { carpeta_de_archivos_web: o.body.carpeta_de_archivos_web, https: o.body.https, ...o.body.ajustes },
  );
  if (Object.keys(c).length === 0) return antes;
  // The ficha's small map fetches these tiles from the server.
  if ('urlMosaicoMapa' in c)
    exigirDestinoExterno(o.body.ajustes.urlMosaicoMapa, 'ajustes.urlMosaicoMapa', 'Dirección de los mosaicos del mapa');
  await repo.guardarConfiguracion(o.tx, {
    carpetaDeArchivosWeb: o.body.carpeta_de_archivos_web,
    https: o.body.https,
    ajustes: o.body.ajustes,
  });
  await auditar(o, 'actualizar', 'configuracion', String(o.user.idEmpresa), c);
  return getConfiguracion(o);
}

// ----- the website form (Solicitudes from the agency's site) -----------------------------------------

export async function formularioWeb(o: { tx: Tx }): Promise<FormularioWeb> {
  const e = await repo.actual(o.tx);
  if (!e) throw noEncontrado('La empresa');
  return { activo: e.claveFormularioWeb !== null, clave: e.claveFormularioWeb, confirmar: e.confirmarFormularioWeb };
}

/**
 * Turns the website form on with a new key (24 random characters; turning it on again changes a leaked
 * key, and the old one stops working at once), or off; and the confirmation e-mail to visitors on or
 * off. The audit says what changed, never the key.
 */
export async function cambiarFormularioWeb(o: Escritura & { cambio: FormularioWebCambio }): Promise<FormularioWeb> {
  const antes = await formularioWeb(o);
  const { activar, confirmar } = o.cambio;
  const cambios: Record<string, { antes: string | boolean; despues: string | boolean }> = {};
  if (activar !== undefined) {
    await repo.actualizar(o.tx, { claveFormularioWeb: activar ? randomBytes(18).toString('base64url') : null });
    cambios.formulario_web = {
      antes: antes.activo ? 'activo' : 'inactivo',
      despues: activar ? (antes.activo ? 'clave nueva' : 'activo') : 'inactivo',
    };
  }
  if (confirmar !== undefined && confirmar !== antes.confirmar) {
    await repo.actualizar(o.tx, { confirmarFormularioWeb: confirmar });
    cambios.confirmar_formulario_web = { antes: antes.confirmar, despues: confirmar };
  }
  if (Object.keys(cambios).length > 0) await auditar(o, 'actualizar', 'empresa', String(o.user.idEmpresa), cambios);
  return formularioWeb(o);
}

// ----- the public API of Página web: its key and the origins allowed to read it ----------------------

export async function apiPublica(o: { tx: Tx }): Promise<ApiPublica> {
  const e = await repo.actual(o.tx);
  if (!e) throw noEncontrado('La empresa');
  return { clave: e.apiClave, origenes: e.corsOrigenes, dominio: e.dominio };
}

/**
 * A new key (`pk_` and 32 random characters: 192 bits, never guessed) replaces the old one at once, so a
 * key copied somewhere it should not be stops working; «quitar» leaves only the id-based paths of Predio's
 * own site. The audit says that the key changed, never the key; the origins are audited as they are.
 */
export async function cambiarApiPublica(o: Escritura & { cambio: ApiPublicaCambio; hostsPredio: string[] }): Promise<ApiPublica> {
  const antes = await apiPublica(o);
  const cambios: Cambios = {};
  if (o.cambio.clave !== undefined) {
    const nueva = o.cambio.clave === 'generar' ? `pk_${randomBytes(24).toString('base64url')}` : null;
    if (nueva !== null || antes.clave !== null) {
      await repo.actualizar(o.tx, { apiClave: nueva });
      cambios.api_clave = { antes: antes.clave ? 'activa' : 'sin clave', despues: nueva ? 'clave nueva' : 'sin clave' };
    }
  }
  const origenes = o.cambio.origenes;
  if (origenes !== undefined && JSON.stringify(origenes) !== JSON.stringify(antes.origenes)) {
    await repo.actualizar(o.tx, { corsOrigenes: origenes });
    cambios.cors_origenes = { antes: antes.origenes, despues: origenes };
  }
  const dominio = o.cambio.dominio === undefined ? undefined : (o.cambio.dominio ?? null);
  if (dominio !== undefined && dominio !== antes.dominio) {
    // Predio's own address would send the back-office's visitors to one company's site.
    if (dominio !== null && o.hostsPredio.includes(dominio))
      throw invalido(
        'dominio',
        `El campo Dominio propio: «${dominio}» es la dirección de Predio, no la del sitio de la inmobiliaria`,
      );
    try {
      await repo.actualizar(o.tx, { dominio });
    } catch (e) {
      if (errorPg(e)?.code === PG.UNICO)
        throw new AppError(CODES.CONFLICTO, `El dominio «${dominio}» ya lo usa otra empresa.`, [
          { campo: 'dominio', mensaje: 'ya lo usa otra empresa' },
        ]);
      throw e;
    }
    cambios.dominio = { antes: antes.dominio, despues: dominio };
  }
  if (Object.keys(cambios).length > 0) await auditar(o, 'actualizar', 'empresa', String(o.user.idEmpresa), cambios);
  return apiPublica(o);
}
