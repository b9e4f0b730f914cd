import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors/app-error.ts';
import type { VerifiedPortalToken } from './tokens.ts';
import { otroReino } from './principal.ts';

/** A client of the zona clientes, as the server holds it now (issue 31). */
export type ClientePortal = {
  idEmpresa: number;
  idCliente: number;
  idTercero: number;
  email: string;
  nombre: string;
  jti: string;
  autorizoVersion: number | null;
};

export async function verificarPortal(deps: Pick<Deps, 'tokens'>, token: string | null): Promise<VerifiedPortalToken> {
  if (!token) throw new AppError(CODES.TOKEN_ILEGAL, 'No ha iniciado sesión en la zona clientes.');
  const v = await deps.tokens.verifyPortal(token);
  if (v === 'expirado') throw new AppError(CODES.TOKEN_EXPIRADO, 'Su sesión expiró. Ingrese de nuevo.');
  if (v === 'invalido') throw new AppError(CODES.TOKEN_ILEGAL, 'El acceso no es válido. Ingrese de nuevo.');
  if (v === 'otro_reino') throw otroReino();
  return v;
}

type Fila = {
  cerrada: boolean;
  expirada: boolean;
  activo: boolean;
  portal_activo: boolean | null;
  id_tercero: number;
  email: string;
  nombre: string;
  autorizo_version: number | null;
};

/** The session's client: an open, unexpired session of an active client, while the company's portal is on. */
export async function clienteDeSesion(tx: Tx, v: VerifiedPortalToken): Promise<ClientePortal> {
  const [f] = await queryRows<Fila>(
    tx,
    sql`select s.cerrada_en is not null as cerrada, s.expira_en < now() as expirada, c.activo,
               z.activo as portal_activo, c.id_tercero, c.email, t.nombre, c.autorizo_version
        from cliente_portal_sesion s
        join cliente_portal c on c.id_empresa = s.id_empresa and c.id = s.id_cliente
        join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        left join zona_clientes_config z on z.id_empresa = c.id_empresa
        where s.id = ${v.jti} and s.id_cliente = ${v.claims.idCliente}`,
  );
  if (!f || f.cerrada) throw new AppError(CODES.OTRO_CLIENTE, 'Su sesión fue cerrada. Ingrese de nuevo.');
  if (f.expirada) throw new AppError(CODES.TOKEN_EXPIRADO, 'Su sesión expiró. Ingrese de nuevo.');
  if (!f.activo)
    throw new AppError(CODES.OTRO_CLIENTE, 'Su acceso a la zona clientes fue desactivado. Comuníquese con la inmobiliaria.');
  if (!f.portal_activo) throw new AppError(CODES.OTRO_CLIENTE, 'La zona clientes de la inmobiliaria no está disponible.');
  return {
    idEmpresa: v.claims.idempresa,
    idCliente: v.claims.idCliente,
    idTercero: f.id_tercero,
    email: f.email,
    nombre: f.nombre,
    jti: v.jti,
    autorizoVersion: f.autorizo_version,
  };
}
