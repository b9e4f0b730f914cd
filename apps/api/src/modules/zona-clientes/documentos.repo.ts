import { sql, type SQL } from 'drizzle-orm';
import type {
  CategoriaDocumentoCliente,
  DocumentoCliente,
  DocumentoPortal,
  DocumentosClientesQuery,
  VisiblePara,
} from '@predio/contract/zona-clientes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export const TIPO_DUENO_DOCUMENTO = 'documento_cliente';

// ---- Categories (the master categorias_documentos_clientes; uploads allowed: categoria_documento_subida) ----

export function categorias(tx: Tx): Promise<CategoriaDocumentoCliente[]> {
  return queryRows<CategoriaDocumentoCliente>(
    tx,
    sql`select c.id, c.nombre, c.descripcion, c.visible_para, c.activo,
               exists (select 1 from categoria_documento_subida s where s.id_categoria = c.id) as cliente_puede_subir,
               (select count(*)::int from documento_cliente d where d.id_categoria = c.id) as documentos
        from categorias_documentos_clientes c order by c.nombre, c.id`,
  );
}

export async function categoria(tx: Tx, id: number): Promise<CategoriaDocumentoCliente | null> {
  const [r] = (await categorias(tx)).filter((c) => c.id === id);
  return r ?? null;
}

/** «El cliente puede subir»: a row of categoria_documento_subida is the permission. */
export async function ponerSubida(tx: Tx, id: number, puede: boolean, usuario: string): Promise<void> {
  if (puede)
    await tx.execute(
      sql`insert into categoria_documento_subida (id_categoria, creado_por) values (${id}, ${usuario}) on conflict do nothing`,
    );
  else await tx.execute(sql`delete from categoria_documento_subida where id_categoria = ${id}`);
}

// ---- Who a client is for each property ----

/**
 * The kinds of client a tercero is, per property, as a category's «Visible para» names them: owner
 * (inmueble_propietario), tenant (inmueble_arrendatario, or a lease not yet ended) and co-signer (a
 * contract not yet ended).
 */
const roles = (idTercero: number) => sql`
  select id_inmueble, 'propietarios' as para from inmueble_propietario where id_tercero = ${idTercero}
  union select id_inmueble, 'arrendatarios' from inmueble_arrendatario where id_tercero = ${idTercero}
  union select c.id_inmueble, case p.rol when 'arrendatario' then 'arrendatarios' else 'codeudores' end
        from contrato_parte p join contrato c on c.id_empresa = p.id_empresa and c.id = p.id_contrato
        where p.id_tercero = ${idTercero} and p.rol in ('arrendatario', 'codeudor') and c.estado <> 'terminado'`;

export async function rolesDe(tx: Tx, idTercero: number): Promise<{ id_inmueble: number; para: VisiblePara }[]> {
  return queryRows<{ id_inmueble: number; para: VisiblePara }>(tx, sql`${roles(idTercero)}`);
}

/**
 * The active portal clients who may be told of a shared document: its tercero, or every owner, tenant
 * and co-signer of its property. Whether each one sees it is the portal's own query (paraCliente).
 */
export function clientesAvisables(
  tx: Tx,
  o: { idTercero: number | null; idInmueble: number | null },
): Promise<{ id: number; id_tercero: number; email: string; nombre: string }[]> {
  const terceros =
    o.idTercero !== null
      ? sql`select ${o.idTercero}::int as id_tercero`
      : sql`select id_tercero from inmueble_propietario where id_inmueble = ${o.idInmueble}
            union select id_tercero from inmueble_arrendatario where id_inmueble = ${o.idInmueble}
            union select p.id_tercero from contrato_parte p
                  join contrato c on c.id_empresa = p.id_empresa and c.id = p.id_contrato
                  where c.id_inmueble = ${o.idInmueble} and c.estado <> 'terminado'`;
  return queryRows(
    tx,
    sql`select c.id, c.id_tercero, c.email, t.nombre
        from cliente_portal c join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        where c.activo and c.id_tercero in (${terceros})
        order by c.id limit 500`,
  );
}

// ---- Documents ----

const ARCHIVO = sql`
  join lateral (select a.id, a.nombre, a.content_type, a.bytes from archivo a
                where a.tipo_dueno = ${TIPO_DUENO_DOCUMENTO} and a.id_dueno = d.id::text order by a.id limit 1) f on true`;

const SELECT_DOCUMENTO = sql`
  select d.id, d.titulo, d.id_categoria, c.nombre as categoria, c.visible_para, d.id_tercero, t.nombre as tercero,
         d.id_inmueble, i.consecutivo as inmueble_consecutivo, i.direccion as inmueble, d.subido_por_cliente,
         d.creado_por, d.creado_en,
         json_build_object('id', f.id, 'nombre', f.nombre, 'content_type', f.content_type, 'bytes', f.bytes) as archivo
  from documento_cliente d
  join categorias_documentos_clientes c on c.id_empresa = d.id_empresa and c.id = d.id_categoria
  left join terceros t on t.id_empresa = d.id_empresa and t.id = d.id_tercero
  left join inmueble i on i.id_empresa = d.id_empresa and i.id = d.id_inmueble
  ${ARCHIVO}`;

export async function crear(
  tx: Tx,
  o: {
    idCategoria: number;
    titulo: string;
    idTercero: number | null;
    idInmueble: number | null;
    subidoPorCliente: boolean;
    idCliente: number | null;
    usuario: string;
  },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into documento_cliente (id_categoria, titulo, id_tercero, id_inmueble, subido_por_cliente, id_cliente_portal, creado_por)
        values (${o.idCategoria}, ${o.titulo}, ${o.idTercero}, ${o.idInmueble}, ${o.subidoPorCliente}, ${o.idCliente}, ${o.usuario})
        returning id`,
  );
  return r!.id;
}

/** A document row by id, with or without its file yet (the upload's owner). */
export async function existe(tx: Tx, id: number): Promise<boolean> {
  return (await queryRows(tx, sql`select 1 from documento_cliente where id = ${id}`)).length > 0;
}

export async function borrar(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from documento_cliente where id = ${id}`);
}

export async function documento(tx: Tx, id: number): Promise<DocumentoCliente | null> {
  const [r] = await queryRows<DocumentoCliente>(tx, sql`${SELECT_DOCUMENTO} where d.id = ${id}`);
  return r ?? null;
}

const ORDEN: Record<string, SQL> = { creado_en: sql`d.creado_en`, titulo: sql`lower(d.titulo)`, categoria: sql`lower(c.nombre)` };

export async function listar(tx: Tx, q: DocumentosClientesQuery): Promise<{ items: DocumentoCliente[]; total: number }> {
  const filtros: SQL[] = [sql`true`];
  if (q.q) {
    const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    filtros.push(
      sql`lower(predio_unaccent(d.titulo || ' ' || c.nombre || ' ' || coalesce(t.nombre, '') || ' ' || coalesce(i.direccion, '') || ' ' || coalesce(i.consecutivo::text, '')))
          like lower(predio_unaccent(${like}))`,
    );
  }
  if (q.id_categoria) filtros.push(sql`d.id_categoria = ${q.id_categoria}`);
  if (q.origen) filtros.push(q.origen === 'cliente' ? sql`d.subido_por_cliente` : sql`not d.subido_por_cliente`);
  const donde = sql.join(filtros, sql` and `);
  const orden = ORDEN[q.sort ?? 'creado_en'] ?? ORDEN.creado_en!;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const items = await queryRows<DocumentoCliente>(
    tx,
    sql`${SELECT_DOCUMENTO} where ${donde} order by ${orden} ${dir}, d.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from documento_cliente d
        join categorias_documentos_clientes c on c.id_empresa = d.id_empresa and c.id = d.id_categoria
        left join terceros t on t.id_empresa = d.id_empresa and t.id = d.id_tercero
        left join inmueble i on i.id_empresa = d.id_empresa and i.id = d.id_inmueble
        ${ARCHIVO} where ${donde}`,
  );
  return { items, total: n?.n ?? 0 };
}

/**
 * What a client (a tercero) may see: what they uploaded; what staff shared with them, in a category
 * for every client or for a kind they are; what staff shared with every client of a property of theirs,
 * in a category for every client or for the kind they are of that property. Only documents with a file.
 */
const VISIBLE = (idTercero: number) => sql`
  (d.subido_por_cliente and d.id_tercero = ${idTercero})
  or (not d.subido_por_cliente and d.id_tercero = ${idTercero}
      and (c.visible_para = 'todos' or exists (select 1 from roles r where r.para = c.visible_para)))
  or (not d.subido_por_cliente and d.id_tercero is null
      and exists (select 1 from roles r where r.id_inmueble = d.id_inmueble and (c.visible_para = 'todos' or r.para = c.visible_para)))`;

export function paraCliente(tx: Tx, idTercero: number, id?: number): Promise<DocumentoPortal[]> {
  return queryRows<DocumentoPortal>(
    tx,
    sql`with roles as (${roles(idTercero)})
        select d.id, d.titulo, d.id_categoria, c.nombre as categoria, i.direccion as inmueble, d.subido_por_cliente, d.creado_en,
               json_build_object('id', f.id, 'nombre', f.nombre, 'content_type', f.content_type, 'bytes', f.bytes) as archivo
        from documento_cliente d
        join categorias_documentos_clientes c on c.id_empresa = d.id_empresa and c.id = d.id_categoria
        left join inmueble i on i.id_empresa = d.id_empresa and i.id = d.id_inmueble
        ${ARCHIVO}
        where (${VISIBLE(idTercero)}) ${id === undefined ? sql`` : sql`and d.id = ${id}`}
        order by d.creado_en desc, d.id desc limit 500`,
  );
}

/** A client's portal account (who uploaded) for a tercero. */
export async function idClienteDeTercero(tx: Tx, idTercero: number): Promise<number | null> {
  const [r] = await queryRows<{ id: number }>(tx, sql`select id from cliente_portal where id_tercero = ${idTercero}`);
  return r?.id ?? null;
}

export function clientesPortal(tx: Tx): Promise<{ id_tercero: number; nombre: string; email: string }[]> {
  return queryRows<{ id_tercero: number; nombre: string; email: string }>(
    tx,
    sql`select c.id_tercero, t.nombre, c.email from cliente_portal c
        join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        where c.activo order by t.nombre, c.id`,
  );
}

export async function nombreTercero(tx: Tx, id: number): Promise<string | null> {
  const [r] = await queryRows<{ nombre: string }>(tx, sql`select nombre from terceros where id = ${id}`);
  return r?.nombre ?? null;
}

export async function inmueblePorConsecutivo(tx: Tx, consecutivo: number): Promise<{ id: number; direccion: string } | null> {
  const [r] = await queryRows<{ id: number; direccion: string }>(
    tx,
    sql`select id, direccion from inmueble where consecutivo = ${consecutivo}`,
  );
  return r ?? null;
}
