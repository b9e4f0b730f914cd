import { sql, type SQL } from 'drizzle-orm';
import { conteoAcotado, topeDeConteo, type ListaAcotada } from '@predio/contract/list';
import type { Banner, BannerForm, EstadoNoticia, Noticia, NoticiaForm, UbicacionBanner } from '@predio/contract/pagina-web';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// SQL of Página web. Every query runs in the company's transaction: RLS keeps other companies out.

/** What the public sees of a news: published, or scheduled and its moment has come. */
export const NOTICIA_VISIBLE = sql`(n.estado = 'publicada' or (n.estado = 'programada' and n.publicar_en <= now()))`;
/** A banner shows while active and within its days (Colombia's calendar). */
export const BANNER_VIGENTE = sql`(b.activo
  and (b.vigente_desde is null or b.vigente_desde <= (now() at time zone 'America/Bogota')::date)
  and (b.vigente_hasta is null or b.vigente_hasta >= (now() at time zone 'America/Bogota')::date))`;

const portada = (tipo: string, col: SQL, categoria?: string) =>
  sql`(select a.id from archivo a where a.tipo_dueno = ${tipo} and a.id_dueno = ${col}::text
       ${categoria ? sql`and a.categoria = ${categoria}` : sql``} order by a.orden, a.id limit 1)`;

/** The news' author as the site names them: the user's name (their login when it has none), else the old text. */
export const AUTOR_NOTICIA = sql`coalesce((select coalesce(nullif(trim(u.nombre), ''), u.usuario) from usuarios u
  where u.id = n.id_autor and u.id_empresa = n.id_empresa), n.autor)`;

const COLUMNAS_NOTICIA = sql`n.id, n.titulo, n.slug, n.resumen, n.cuerpo, n.etiquetas, n.id_autor, n.autor,
  ${AUTOR_NOTICIA} as autor_nombre, n.estado, n.publicar_en,
  ${NOTICIA_VISIBLE} as visible, ${portada('noticia', sql`n.id`)} as portada,
  n.creado_por, n.creado_en, n.modificado_por, n.modificado_en`;

const ORDEN_NOTICIAS: Record<string, SQL> = {
  titulo: sql`lower(n.titulo)`,
  estado: sql`n.estado`,
  publicar_en: sql`n.publicar_en`,
  creado_en: sql`n.creado_en`,
};

/** A text[] parameter written as an array literal (both drivers take it as text). */
const arreglo = (xs: string[]) => sql`${`{${xs.map((e) => JSON.stringify(e)).join(',')}}`}::text[]`;

type Pagina = { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number };

async function contar(tx: Tx, filas: SQL, p: Pagina): Promise<{ total: number; totalExacto?: false }> {
  const hasta = topeDeConteo(p.offset, p.limit);
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${filas} limit ${hasta + 1}) c`);
  return n!.n > hasta ? { total: hasta, totalExacto: false } : conteoAcotado(n!.n);
}

export async function listarNoticias(
  tx: Tx,
  f: { q?: string | undefined; estado?: EstadoNoticia | undefined },
  p: Pagina,
): Promise<ListaAcotada<Noticia>> {
  const conds: SQL[] = [sql`true`];
  if (f.q) {
    const patron = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(lower(predio_unaccent(n.titulo)) like predio_unaccent(${patron})
      or lower(predio_unaccent(n.resumen)) like predio_unaccent(${patron}))`);
  }
  if (f.estado) conds.push(sql`n.estado = ${f.estado}`);
  const where = sql.join(conds, sql` and `);
  const col = ORDEN_NOTICIAS[p.sort ?? 'creado_en'] ?? ORDEN_NOTICIAS.creado_en!;
  const dir = p.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const items = await queryRows<Noticia>(
    tx,
    sql`select ${COLUMNAS_NOTICIA} from noticia n where ${where} order by ${col} ${dir}, n.id desc limit ${p.limit} offset ${p.offset}`,
  );
  return { items, ...(await contar(tx, sql`select 1 from noticia n where ${where}`, p)) };
}

export async function noticia(tx: Tx, id: number): Promise<Noticia | null> {
  const [r] = await queryRows<Noticia>(tx, sql`select ${COLUMNAS_NOTICIA} from noticia n where n.id = ${id}`);
  return r ?? null;
}

/** The slugs of the company that start with this one (to choose a free «-2», «-3»). */
export async function slugsParecidos(tx: Tx, slug: string, salvo: number | null): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(
    tx,
    sql`select slug from noticia where (slug = ${slug} or slug like ${`${slug}-%`}) and id <> ${salvo ?? 0}`,
  );
  return rows.map((r) => r.slug);
}

export async function insertarNoticia(tx: Tx, b: NoticiaForm & { slug: string }, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into noticia (titulo, slug, resumen, cuerpo, etiquetas, id_autor, autor, estado, publicar_en, creado_por)
        values (${b.titulo}, ${b.slug}, ${b.resumen}, ${b.cuerpo}, ${arreglo(b.etiquetas)},
                ${b.id_autor}, ${b.autor}, ${b.estado}, ${b.publicar_en}, ${usuario})
        returning id`,
  );
  return r!.id;
}

export async function actualizarNoticia(tx: Tx, id: number, b: NoticiaForm, usuario: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update noticia set titulo = ${b.titulo}, resumen = ${b.resumen}, cuerpo = ${b.cuerpo},
          etiquetas = ${arreglo(b.etiquetas)}, id_autor = ${b.id_autor}, autor = ${b.autor},
          estado = ${b.estado}, publicar_en = ${b.publicar_en}, modificado_por = ${usuario}, modificado_en = now()
        where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export async function borrarNoticia(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from noticia where id = ${id}`);
}

/** The company's users who can sign a news: the active ones, and an inactive one already chosen (kept). */
export async function autores(tx: Tx, ademas: number | null = null): Promise<{ id: number; nombre: string; activo: boolean }[]> {
  return queryRows(
    tx,
    sql`select u.id, coalesce(nullif(trim(u.nombre), ''), u.usuario) as nombre, u.activo from usuarios u
        where u.activo or u.id = ${ademas ?? 0} order by lower(coalesce(nullif(trim(u.nombre), ''), u.usuario)), u.id`,
  );
}

/** Whether this user of the company may sign a news now (active), or already signs this one. */
export async function autorValido(tx: Tx, idAutor: number, idNoticia: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select u.id from usuarios u where u.id = ${idAutor}
          and (u.activo or exists (select 1 from noticia n where n.id = ${idNoticia ?? 0} and n.id_autor = u.id))`,
  );
  return rows.length > 0;
}

/** A scheduled news whose moment came becomes «publicada» (the job's work; the public already sees it). */
export async function publicarProgramada(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update noticia set estado = 'publicada', modificado_por = 'sistema', modificado_en = now()
        where id = ${id} and estado = 'programada' and publicar_en <= now() returning id`,
  );
  return rows.length > 0;
}

// ----- banners

const COLUMNAS_BANNER = sql`b.id, b.titulo, b.enlace, b.ubicacion, b.orden, b.vigente_desde::text as vigente_desde,
  b.vigente_hasta::text as vigente_hasta, b.activo, ${BANNER_VIGENTE} as vigente,
  ${portada('banner', sql`b.id`, 'imagen')} as imagen, ${portada('banner', sql`b.id`, 'imagen_movil')} as imagen_movil,
  b.creado_por, b.creado_en`;

const ORDEN_BANNERS: Record<string, SQL> = {
  orden: sql`b.orden`,
  titulo: sql`lower(b.titulo)`,
  vigente_hasta: sql`b.vigente_hasta`,
};

export async function listarBanners(
  tx: Tx,
  f: { q?: string | undefined; ubicacion?: UbicacionBanner | undefined },
  p: Pagina,
): Promise<ListaAcotada<Banner>> {
  const conds: SQL[] = [sql`true`];
  if (f.q)
    conds.push(
      sql`lower(predio_unaccent(b.titulo)) like predio_unaccent(${`%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
    );
  if (f.ubicacion) conds.push(sql`b.ubicacion = ${f.ubicacion}`);
  const where = sql.join(conds, sql` and `);
  const col = ORDEN_BANNERS[p.sort ?? 'orden'] ?? ORDEN_BANNERS.orden!;
  const dir = p.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const items = await queryRows<Banner>(
    tx,
    sql`select ${COLUMNAS_BANNER} from banner b where ${where} order by ${col} ${dir}, b.id limit ${p.limit} offset ${p.offset}`,
  );
  return { items, ...(await contar(tx, sql`select 1 from banner b where ${where}`, p)) };
}

export async function banner(tx: Tx, id: number): Promise<Banner | null> {
  const [r] = await queryRows<Banner>(tx, sql`select ${COLUMNAS_BANNER} from banner b where b.id = ${id}`);
  return r ?? null;
}

export async function insertarBanner(tx: Tx, b: BannerForm, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into banner (titulo, enlace, ubicacion, orden, vigente_desde, vigente_hasta, activo, creado_por)
        values (${b.titulo}, ${b.enlace}, ${b.ubicacion}, ${b.orden}, ${b.vigente_desde}, ${b.vigente_hasta}, ${b.activo}, ${usuario})
        returning id`,
  );
  return r!.id;
}

export async function actualizarBanner(tx: Tx, id: number, b: BannerForm, usuario: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update banner set titulo = ${b.titulo}, enlace = ${b.enlace}, ubicacion = ${b.ubicacion}, orden = ${b.orden}, vigente_desde = ${b.vigente_desde},
          vigente_hasta = ${b.vigente_hasta}, activo = ${b.activo}, modificado_por = ${usuario}, modificado_en = now()
        where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export async function borrarBanner(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from banner where id = ${id}`);
}

/** Whether a record of this owner type exists in the company (archivos' resolver). */
export async function existe(tx: Tx, tabla: 'noticia' | 'banner', id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    tabla === 'noticia' ? sql`select id from noticia where id = ${id}` : sql`select id from banner where id = ${id}`,
  );
  return rows.length > 0;
}
