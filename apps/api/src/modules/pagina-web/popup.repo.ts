import { sql, type SQL } from 'drizzle-orm';
import { conteoAcotado, topeDeConteo, type ListaAcotada } from '@predio/contract/list';
import type { FrecuenciaPopup, Popup, PopupForm } from '@predio/contract/pagina-web-popup';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// SQL of Página web > Popup de inicio, in the company's transaction (RLS keeps other companies out).

/** Shown while active and within its days (Colombia's calendar). */
export const POPUP_VIGENTE = sql`(p.activo
  and (p.vigente_desde is null or p.vigente_desde <= (now() at time zone 'America/Bogota')::date)
  and (p.vigente_hasta is null or p.vigente_hasta >= (now() at time zone 'America/Bogota')::date))`;

const imagen = sql`(select a.id from archivo a where a.tipo_dueno = 'popup' and a.id_dueno = p.id::text order by a.orden, a.id limit 1)`;

const COLUMNAS = sql`p.id, p.titulo, p.contenido, p.enlace, p.texto_enlace, p.vigente_desde::text as vigente_desde,
  p.vigente_hasta::text as vigente_hasta, p.frecuencia, p.prioridad, p.activo, ${POPUP_VIGENTE} as vigente,
  ${imagen} as imagen, p.creado_por, p.creado_en`;

const ORDEN: Record<string, SQL> = {
  titulo: sql`lower(p.titulo)`,
  prioridad: sql`p.prioridad`,
  vigente_hasta: sql`p.vigente_hasta`,
};

type Pagina = { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number };

export async function listar(tx: Tx, q: string | undefined, p: Pagina): Promise<ListaAcotada<Popup>> {
  const where = q
    ? sql`lower(predio_unaccent(p.titulo)) like predio_unaccent(${`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
    : sql`true`;
  const col = ORDEN[p.sort ?? 'prioridad'] ?? ORDEN.prioridad!;
  const dir = p.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const items = await queryRows<Popup>(
    tx,
    sql`select ${COLUMNAS} from popup_inicio p where ${where} order by ${col} ${dir}, p.id desc limit ${p.limit} offset ${p.offset}`,
  );
  const hasta = topeDeConteo(p.offset, p.limit);
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (select 1 from popup_inicio p where ${where} limit ${hasta + 1}) c`,
  );
  return { items, ...(n!.n > hasta ? { total: hasta, totalExacto: false as const } : conteoAcotado(n!.n)) };
}

export async function ver(tx: Tx, id: number): Promise<Popup | null> {
  const [r] = await queryRows<Popup>(tx, sql`select ${COLUMNAS} from popup_inicio p where p.id = ${id}`);
  return r ?? null;
}

export async function insertar(tx: Tx, b: PopupForm, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into popup_inicio (titulo, contenido, enlace, texto_enlace, vigente_desde, vigente_hasta, frecuencia, prioridad, activo, creado_por)
        values (${b.titulo}, ${b.contenido}, ${b.enlace}, ${b.texto_enlace}, ${b.vigente_desde}, ${b.vigente_hasta}, ${b.frecuencia},
                ${b.prioridad}, ${b.activo}, ${usuario})
        returning id`,
  );
  return r!.id;
}

export async function actualizar(tx: Tx, id: number, b: PopupForm, usuario: string): Promise<void> {
  await tx.execute(
    sql`update popup_inicio set titulo = ${b.titulo}, contenido = ${b.contenido}, enlace = ${b.enlace}, texto_enlace = ${b.texto_enlace},
          vigente_desde = ${b.vigente_desde}, vigente_hasta = ${b.vigente_hasta}, frecuencia = ${b.frecuencia},
          prioridad = ${b.prioridad}, activo = ${b.activo}, modificado_por = ${usuario}, modificado_en = now()
        where id = ${id}`,
  );
}

export async function borrar(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from popup_inicio where id = ${id}`);
}

export async function existe(tx: Tx, id: number): Promise<boolean> {
  return (await queryRows(tx, sql`select 1 from popup_inicio where id = ${id}`)).length > 0;
}

/** The pop-up the home shows now: the highest priority, then the newest, of the current ones. */
export async function vigente(tx: Tx): Promise<{
  id: number;
  titulo: string;
  contenido: string;
  enlace: string;
  texto_enlace: string;
  frecuencia: FrecuenciaPopup;
  imagen: number | null;
} | null> {
  const [r] = await queryRows<{
    id: number;
    titulo: string;
    contenido: string;
    enlace: string;
    texto_enlace: string;
    frecuencia: FrecuenciaPopup;
    imagen: number | null;
  }>(
    tx,
    sql`select p.id, p.titulo, p.contenido, p.enlace, p.texto_enlace, p.frecuencia, ${imagen} as imagen
        from popup_inicio p where ${POPUP_VIGENTE} order by p.prioridad desc, p.id desc limit 1`,
  );
  return r ?? null;
}
