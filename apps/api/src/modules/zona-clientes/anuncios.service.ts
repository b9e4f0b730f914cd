import { sql } from 'drizzle-orm';
import type { Anuncio, AnuncioForm, AnuncioPortal, ParaAnuncio } from '@predio/contract/zona-clientes';
import type { ListQuery } from '@predio/contract/list';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { ClientePortal } from '../../platform/auth/portal.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { contieneCadaPalabra } from '../../platform/busqueda.ts';
import { sanearTextoRico, textoPlano } from '../../platform/documentos/texto-rico.ts';
import { noEncontrado } from '../../platform/errors/app-error.ts';
import { exigirAutorizacion } from './zona-clientes.service.ts';
import * as repo from './zona-clientes.repo.ts';

/*
 * Información zona clientes (idm 201, issue 31): announcements the agency writes in the rich-text editor
 * and the portal shows to the clients they are for (all, owners or tenants) between their dates.
 */
const ENTIDAD = 'zona_anuncio';

type Fila = Omit<Anuncio, 'creado_en' | 'modificado_en' | 'desde' | 'hasta'> & {
  creado_en: Date | string;
  modificado_en: Date | string | null;
  desde: Date | string | null;
  hasta: Date | string | null;
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const dia = (d: Date | string | null) =>
  d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);
const aAnuncio = (f: Fila): Anuncio => ({
  ...f,
  desde: dia(f.desde),
  hasta: dia(f.hasta),
  creado_en: iso(f.creado_en)!,
  modificado_en: iso(f.modificado_en),
});

export async function listar(o: { tx: Tx; query: ListQuery }): Promise<{ items: Anuncio[]; total: number }> {
  const filtros = contieneCadaPalabra(sql`titulo || ' ' || contenido`, o.query.q);
  const where = filtros.length ? sql`where ${sql.join(filtros, sql` and `)}` : sql``;
  const filas = await queryRows<Fila & { total: number }>(
    o.tx,
    sql`select id, titulo, contenido, para, publicado, desde::text as desde, hasta::text as hasta, creado_por, creado_en,
               modificado_por, modificado_en, count(*) over ()::int as total
        from zona_anuncio ${where}
        order by creado_en desc, id desc
        limit ${o.query.pageSize} offset ${(o.query.page - 1) * o.query.pageSize}`,
  );
  return { items: filas.map(({ total: _t, ...f }) => aAnuncio(f)), total: filas[0]?.total ?? 0 };
}

async function uno(tx: Tx, id: number): Promise<Anuncio> {
  const [f] = await queryRows<Fila>(
    tx,
    sql`select id, titulo, contenido, para, publicado, desde::text as desde, hasta::text as hasta, creado_por, creado_en,
               modificado_por, modificado_en
        from zona_anuncio where id = ${id}`,
  );
  if (!f) throw noEncontrado(`El anuncio ${id}`);
  return aAnuncio(f);
}

type Staff = { tx: Tx; user: Principal; ip: string };
type Cuerpo = Required<Pick<AnuncioForm, 'titulo' | 'contenido'>> & {
  para: ParaAnuncio;
  publicado: boolean;
  desde: string | null;
  hasta: string | null;
};

/** What is audited of an announcement: its text as a person reads it, not its HTML. */
const resumen = (a: Pick<Anuncio, 'titulo' | 'contenido' | 'para' | 'publicado' | 'desde' | 'hasta'>) => ({
  titulo: a.titulo,
  contenido: textoPlano(a.contenido).slice(0, 500),
  para: a.para,
  publicado: a.publicado,
  desde: a.desde,
  hasta: a.hasta,
});

export async function crear(o: Staff & { body: Cuerpo }): Promise<Anuncio> {
  const contenido = sanearTextoRico(o.body.contenido);
  const [f] = await queryRows<{ id: number }>(
    o.tx,
    sql`insert into zona_anuncio (titulo, contenido, para, publicado, desde, hasta, creado_por)
        values (${o.body.titulo}, ${contenido}, ${o.body.para}, ${o.body.publicado}, ${o.body.desde}, ${o.body.hasta},
                ${o.user.usuario}) returning id`,
  );
  const a = await uno(o.tx, f!.id);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'crear',
    entidad: ENTIDAD,
    entidadId: String(a.id),
    cambios: resumen(a),
    ip: o.ip,
  });
  return a;
}

export async function editar(o: Staff & { id: number; body: Cuerpo }): Promise<Anuncio> {
  const antes = await uno(o.tx, o.id);
  const contenido = sanearTextoRico(o.body.contenido);
  await o.tx.execute(
    sql`update zona_anuncio set titulo = ${o.body.titulo}, contenido = ${contenido}, para = ${o.body.para},
          publicado = ${o.body.publicado}, desde = ${o.body.desde}, hasta = ${o.body.hasta},
          modificado_por = ${o.user.usuario}, modificado_en = now()
        where id = ${o.id}`,
  );
  const despues = await uno(o.tx, o.id);
  const a = resumen(antes);
  const d = resumen(despues);
  const cambios = Object.fromEntries(
    (Object.keys(d) as (keyof typeof d)[]).filter((k) => a[k] !== d[k]).map((k) => [k, { antes: a[k], despues: d[k] }]),
  );
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'editar',
    entidad: ENTIDAD,
    entidadId: String(o.id),
    cambios,
    ip: o.ip,
  });
  return despues;
}

export async function eliminar(o: Staff & { id: number }): Promise<{ id: number }> {
  const antes = await uno(o.tx, o.id);
  await o.tx.execute(sql`delete from zona_anuncio where id = ${o.id}`);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'eliminar',
    entidad: ENTIDAD,
    entidadId: String(o.id),
    cambios: resumen(antes),
    ip: o.ip,
  });
  return { id: o.id };
}

/**
 * The announcements a client reads: published, within their dates (Bogotá's day), and for all clients
 * or for a role the client holds on one of their properties.
 */
export async function paraCliente(o: { tx: Tx; cliente: ClientePortal }): Promise<AnuncioPortal[]> {
  await exigirAutorizacion(o);
  const roles = new Set((await repo.inmueblesDe(o.tx, o.cliente.idTercero)).map((i) => i.rol));
  const para: ParaAnuncio[] = ['todos'];
  if (roles.has('propietario')) para.push('propietarios');
  if (roles.has('arrendatario')) para.push('arrendatarios');
  const filas = await queryRows<{ id: number; titulo: string; contenido: string; fecha: string }>(
    o.tx,
    sql`select id, titulo, contenido, coalesce(desde::text, (creado_en at time zone 'America/Bogota')::date::text) as fecha
        from zona_anuncio
        where publicado and para in (${sql.join(
          para.map((p) => sql`${p}`),
          sql`, `,
        )})
          and (desde is null or desde <= (now() at time zone 'America/Bogota')::date)
          and (hasta is null or hasta >= (now() at time zone 'America/Bogota')::date)
        order by coalesce(desde, (creado_en at time zone 'America/Bogota')::date) desc, id desc
        limit 20`,
  );
  return filas;
}
