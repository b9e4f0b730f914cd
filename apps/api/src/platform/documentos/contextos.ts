import { sql } from 'drizzle-orm';
import { ETIQUETA_GESTION_CLIENTE } from '@predio/contract/clientes';
import { ETIQUETAS_GESTION, ETIQUETAS_TIPO, type Gestion, type TipoInmueble } from '@predio/contract/inmuebles';
import type { TipoPlantilla } from '@predio/contract/documentos';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { invalido, noEncontrado } from '../errors/app-error.ts';
import type { Datos } from './motor.ts';

/*
 * The values of each context of the catalogue (packages/contract/src/documentos.ts), read from the
 * company's records inside the request's transaction: row-level security keeps another company's
 * record out (it is «not found»). Keys here are the catalogue's keys; a field added there is added here.
 */

export type EmpresaDocumento = {
  nombre: string;
  nit: string;
  direccion: string;
  telefonos: string;
  email: string;
  web: string;
  /** The logo's file name in storage (empresa.service: `<idEmpresa>/logos/<logo>`). */
  logo: string | null;
};

export async function empresaDocumento(tx: Tx): Promise<EmpresaDocumento> {
  const [e] = await queryRows<EmpresaDocumento>(
    tx,
    sql`select nombre, nit, direccion, telefonos, email, web, logo from empresa limit 1`,
  );
  return e ?? { nombre: '', nit: '', direccion: '', telefonos: '', email: '', web: '', logo: null };
}

const hoyBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

/** Everything a template of `tipo` can read, for the record `registro` (its number; a tercero's document). */
export async function cargarDatos(o: { tx: Tx; idUsuario: number; tipo: TipoPlantilla; registro: string }): Promise<Datos> {
  const { logo: _logo, ...empresa } = await empresaDocumento(o.tx);
  const [usuario] = await queryRows<Record<string, unknown>>(
    o.tx,
    sql`select coalesce(nullif(t.nombre, ''), nullif(u.nombre, ''), u.usuario) as nombre, u.usuario,
               coalesce(nullif(t.email, ''), '') as email, coalesce(nullif(t.celular, ''), '') as celular
        from usuarios u left join terceros t on t.id_empresa = u.id_empresa and t.nro_id = u.nro_id
        where u.id = ${o.idUsuario}`,
  );
  const datos: Datos = {
    empresa,
    usuario: usuario ?? { nombre: '', usuario: '', email: '', celular: '' },
    documento: { fecha: hoyBogota() },
  };
  if (o.tipo !== 'ninguno') datos[o.tipo] = await CARGAR[o.tipo](o.tx, o.registro);
  return datos;
}

const numeroDe = (registro: string, que: string): number => {
  const n = Number(registro);
  if (!/^\d{1,9}$/.test(registro) || n < 1) throw invalido('registro', `debe ser el número ${que}`);
  return n;
};

const CARGAR: Record<Exclude<TipoPlantilla, 'ninguno'>, (tx: Tx, registro: string) => Promise<Record<string, unknown>>> = {
  async inmueble(tx, registro) {
    const consecutivo = numeroDe(registro, 'del inmueble');
    const [r] = await queryRows<Record<string, unknown> & { tipo: string; gestion: string }>(
      tx,
      sql`select i.consecutivo, i.tipo, i.gestion, i.direccion, coalesce(b.nombre, '') as barrio,
                 coalesce(m.municipio, '') as municipio, i.estrato, i.canon::float8 as canon,
                 i.precio_venta::float8 as precio_venta, i.administracion::float8 as administracion,
                 i.area_construida::float8 as area_construida, i.habitaciones, i.banos, i.descripcion
          from inmueble i
          left join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
          left join barrios b on b.id_empresa = i.id_empresa and b.id = i.id_barrio
          where i.consecutivo = ${consecutivo}`,
    );
    if (!r) throw noEncontrado(`El inmueble ${consecutivo}`);
    return {
      ...r,
      tipo: ETIQUETAS_TIPO[r.tipo as TipoInmueble] ?? r.tipo,
      gestion: ETIQUETAS_GESTION[r.gestion as Gestion] ?? r.gestion,
    };
  },
  async tercero(tx, registro) {
    const nroId = registro.trim();
    if (!/^[0-9A-Za-z.-]{1,30}$/.test(nroId)) throw invalido('registro', 'debe ser el número de identificación del tercero');
    const [r] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select nombre, nro_id, direccion, municipio, telefonos, celular, email from terceros where nro_id = ${nroId} limit 1`,
    );
    if (!r) throw noEncontrado(`El tercero ${nroId}`);
    return r;
  },
  async cliente(tx, registro) {
    const consecutivo = numeroDe(registro, 'del cliente atendido');
    const [r] = await queryRows<Record<string, unknown> & { gestion: string }>(
      tx,
      sql`select c.consecutivo, t.nombre, t.nro_id, t.celular, t.email, c.fecha_ingreso::text as fecha_ingreso, c.gestion,
                 coalesce(nullif(ta.nombre, ''), nullif(u.nombre, ''), u.usuario, '') as asesor
          from cliente_atendido c
          join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
          left join usuarios u on u.id = c.id_asesor
          left join terceros ta on ta.id_empresa = u.id_empresa and ta.nro_id = u.nro_id
          where c.consecutivo = ${consecutivo}`,
    );
    if (!r) throw noEncontrado(`El cliente atendido ${consecutivo}`);
    return { ...r, gestion: ETIQUETA_GESTION_CLIENTE[r.gestion as Gestion] ?? r.gestion };
  },
};
