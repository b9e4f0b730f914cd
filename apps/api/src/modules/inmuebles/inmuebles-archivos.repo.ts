import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inmuebleDocumento, inmuebleFoto } from '../../db/schema/inmuebles-archivos.ts';

export type FilaFoto = typeof inmuebleFoto.$inferSelect;
export type NuevaFoto = Omit<typeof inmuebleFoto.$inferInsert, 'idInmueble' | 'orden' | 'portada'>;
export type FilaDocumento = typeof inmuebleDocumento.$inferSelect;
export type NuevoDocumento = Omit<typeof inmuebleDocumento.$inferInsert, 'idInmueble'>;

/**
 * The property's id by consecutivo (RLS: only the caller's company). `escribir` takes a row lock that
 * serialises photo and document writes on one property (orden and portada are computed from the rows)
 * without blocking inserts that merely reference it.
 */
export async function idInmueble(tx: Tx, consecutivo: number, escribir = false): Promise<number | null> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    escribir
      ? sql`select id from inmueble where consecutivo = ${consecutivo} for no key update`
      : sql`select id from inmueble where consecutivo = ${consecutivo}`,
  );
  return r?.id ?? null;
}

export function fotos(tx: Tx, idInmueble: number): Promise<FilaFoto[]> {
  return tx
    .select()
    .from(inmuebleFoto)
    .where(eq(inmuebleFoto.idInmueble, idInmueble))
    .orderBy(asc(inmuebleFoto.orden), asc(inmuebleFoto.id));
}

export async function foto(tx: Tx, idInmueble: number, id: number): Promise<FilaFoto | null> {
  const [f] = await tx
    .select()
    .from(inmuebleFoto)
    .where(and(eq(inmuebleFoto.idInmueble, idInmueble), eq(inmuebleFoto.id, id)));
  return f ?? null;
}

export async function portada(tx: Tx, idInmueble: number): Promise<FilaFoto | null> {
  const [f] = await tx
    .select()
    .from(inmuebleFoto)
    .where(and(eq(inmuebleFoto.idInmueble, idInmueble), eq(inmuebleFoto.portada, true)));
  return f ?? null;
}

/** Appends photos after the last one; the first becomes the cover when the property has none. */
export async function agregarFotos(tx: Tx, idInmueble: number, nuevas: NuevaFoto[]): Promise<FilaFoto[]> {
  const [estado] = await queryRows<{ ultimo: number; con_portada: boolean }>(
    tx,
    sql`select coalesce(max(orden), 0)::int as ultimo, coalesce(bool_or(portada), false) as con_portada
        from inmueble_foto where id_inmueble = ${idInmueble}`,
  );
  const ultimo = estado?.ultimo ?? 0;
  const conPortada = estado?.con_portada ?? false;
  return tx
    .insert(inmuebleFoto)
    .values(nuevas.map((n, i) => ({ ...n, idInmueble, orden: ultimo + i + 1, portada: !conPortada && i === 0 })))
    .returning();
}

/** Sets orden 1..n following `ids` (the caller checked they are exactly the property's photos). */
export async function ordenar(tx: Tx, idInmueble: number, ids: number[]): Promise<void> {
  await tx.execute(
    sql`update inmueble_foto f set orden = x.orden
        from unnest(${sql.param(ids)}::int[]) with ordinality as x(id, orden)
        where f.id = x.id and f.id_inmueble = ${idInmueble}`,
  );
}

/** Two statements: the partial unique index is checked row by row, so the old cover goes first. */
export async function cambiarPortada(tx: Tx, idInmueble: number, id: number): Promise<void> {
  await tx
    .update(inmuebleFoto)
    .set({ portada: false })
    .where(and(eq(inmuebleFoto.idInmueble, idInmueble), eq(inmuebleFoto.portada, true)));
  await tx
    .update(inmuebleFoto)
    .set({ portada: true })
    .where(and(eq(inmuebleFoto.idInmueble, idInmueble), eq(inmuebleFoto.id, id)));
}

/** Deletes a photo; when it was the cover, the first remaining photo takes its place. Returns the new cover id. */
export async function eliminarFoto(tx: Tx, idInmueble: number, f: FilaFoto): Promise<number | null> {
  await tx.delete(inmuebleFoto).where(and(eq(inmuebleFoto.idInmueble, idInmueble), eq(inmuebleFoto.id, f.id)));
  if (!f.portada) return null;
  const [siguiente] = await tx
    .select({ id: inmuebleFoto.id })
    .from(inmuebleFoto)
    .where(eq(inmuebleFoto.idInmueble, idInmueble))
    .orderBy(asc(inmuebleFoto.orden), asc(inmuebleFoto.id))
    .limit(1);
  if (!siguiente) return null;
  await tx.update(inmuebleFoto).set({ portada: true }).where(eq(inmuebleFoto.id, siguiente.id));
  return siguiente.id;
}

export function documentos(tx: Tx, idInmueble: number): Promise<FilaDocumento[]> {
  return tx
    .select()
    .from(inmuebleDocumento)
    .where(eq(inmuebleDocumento.idInmueble, idInmueble))
    .orderBy(desc(inmuebleDocumento.creadoEn), desc(inmuebleDocumento.id));
}

export async function contarDocumentos(tx: Tx, idInmueble: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from inmueble_documento where id_inmueble = ${idInmueble}`,
  );
  return r?.n ?? 0;
}

export async function documento(tx: Tx, idInmueble: number, id: number): Promise<FilaDocumento | null> {
  const [d] = await tx
    .select()
    .from(inmuebleDocumento)
    .where(and(eq(inmuebleDocumento.idInmueble, idInmueble), eq(inmuebleDocumento.id, id)));
  return d ?? null;
}

export async function agregarDocumento(tx: Tx, idInmueble: number, d: NuevoDocumento): Promise<FilaDocumento> {
  const [fila] = await tx
    .insert(inmuebleDocumento)
    .values({ ...d, idInmueble })
    .returning();
  return fila!;
}

export async function eliminarDocumento(tx: Tx, idInmueble: number, id: number): Promise<void> {
  await tx.delete(inmuebleDocumento).where(and(eq(inmuebleDocumento.idInmueble, idInmueble), eq(inmuebleDocumento.id, id)));
}

/** What the ficha prints: only the fields meant for clients (no owners, no internal notes). */
export type DatosFicha = {
  consecutivo: number;
  tipo: string;
  gestion: string;
  estado: string;
  direccion: string;
  municipio: string | null;
  departamento: string | null;
  barrio: string | null;
  estrato: number | null;
  area_construida: string | null;
  area_privada: string | null;
  area_lote: string | null;
  habitaciones: number;
  banos: number;
  parqueaderos: number;
  piso: number | null;
  ascensor: boolean;
  anio_construccion: number | null;
  canon: string | null;
  precio_venta: string | null;
  administracion: string | null;
  descripcion: string;
  /** Names of its features from the company's catalogue (Balcón, Gimnasio…), alphabetical. */
  caracteristicas: string[];
  /** Who the client calls: the asesor comercial, else the captador (an active user), with their person's contact. */
  asesor_nombre: string | null;
  asesor_celular: string | null;
  asesor_email: string | null;
};

export async function datosFicha(tx: Tx, consecutivo: number): Promise<DatosFicha | null> {
  const [r] = await queryRows<DatosFicha>(
    tx,
    sql`select i.consecutivo, i.tipo, i.gestion, i.estado, i.direccion, m.municipio, m.departamento, b.nombre as barrio,
               i.estrato, i.area_construida::text, i.area_privada::text, i.area_lote::text, i.habitaciones, i.banos,
               i.parqueaderos, i.piso, i.ascensor, i.anio_construccion, i.canon::text, i.precio_venta::text,
               i.administracion::text, i.descripcion,
               array(select c.nombre from inmueble_caracteristica ic
                     join caracteristicas_inmueble c on c.id_empresa = ic.id_empresa and c.id = ic.id_caracteristica
                     where ic.id_empresa = i.id_empresa and ic.id_inmueble = i.id
                     order by c.nombre collate "C") as caracteristicas,
               a.nombre as asesor_nombre, a.celular as asesor_celular, a.email as asesor_email
        from inmueble i
        left join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
        left join barrios b on b.id_empresa = i.id_empresa and b.id = i.id_barrio
        left join lateral (
          select coalesce(nullif(t.nombre, ''), nullif(u.nombre, ''), u.usuario) as nombre,
                 coalesce(nullif(t.celular, ''), nullif(t.telefonos, '')) as celular,
                 nullif(t.email, '') as email
          from usuarios u left join terceros t on t.id_empresa = u.id_empresa and t.nro_id = u.nro_id
          where u.id = coalesce(i.id_asesor_comercial, i.id_asesor_captador) and u.activo) a on true
        where i.consecutivo = ${consecutivo}`,
  );
  return r ?? null;
}

export type EmpresaFicha = {
  nombre: string;
  nit: string;
  direccion: string;
  telefonos: string;
  email: string;
  web: string;
  logo: string | null;
};

/** The company's name, logo file name and contact lines for the ficha's header and footer (RLS: the caller's). */
export async function empresaFicha(tx: Tx): Promise<EmpresaFicha | null> {
  const [r] = await queryRows<EmpresaFicha>(
    tx,
    sql`select nombre, nit, direccion, telefonos, email, web, logo from empresa limit 1`,
  );
  return r ?? null;
}
