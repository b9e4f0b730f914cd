import type { Configuracion, Empresa, InfoEmpresa } from '@predio/contract/empresa';
import type { Tx } from '../../db/client.ts';
import { noEncontrado } from '../../platform/errors/app-error.ts';
import * as repo from './empresa.repo.ts';

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
  };
}

export async function getInfoEmpresa(o: { tx: Tx }): Promise<InfoEmpresa> {
  return { ...(await getEmpresa(o)), usuariosActivos: await repo.usuariosActivos(o.tx) };
}

export async function getConfiguracion(o: { tx: Tx }): Promise<Configuracion> {
  const c = await repo.configuracionActual(o.tx);
  return { carpeta_de_archivos_web: c?.carpetaDeArchivosWeb ?? '', https: c?.https ?? true };
}
