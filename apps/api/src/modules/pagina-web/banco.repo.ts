import { sql, type SQL } from 'drizzle-orm';
import type {
  Postulacion,
  PostulacionPublica,
  RevisionPostulacion,
  Vacante,
  VacanteForm,
  VacantePublica,
} from '@predio/contract/pagina-web-banco';
import { conteoAcotado, topeDeConteo, type ListaAcotada } from '@predio/contract/list';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// SQL of Página web > Banco de trabajo, in the company's transaction (RLS keeps other companies out).

type Pagina = { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number };

async function contar(tx: Tx, filas: SQL, p: Pagina): Promise<{ total: number; totalExacto?: false }> {
  const hasta = topeDeConteo(p.offset, p.limit);
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${filas} limit ${hasta + 1}) c`);
  return n!.n > hasta ? { total: hasta, totalExacto: false } : conteoAcotado(n!.n);
}

const patron = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published and not past its closing day in Colombia: listed on the site and taking applications. */
const ABIERTA = sql`(v.estado = 'publicada' and v.fecha_cierre >= (now() at time zone 'America/Bogota')::date)`;

const COLUMNAS_VACANTE = sql`v.id, v.titulo, v.descripcion, v.area, v.salario_min::float8 as salario_min,
  v.salario_max::float8 as salario_max, v.fecha_cierre::text as fecha_cierre, v.estado, ${ABIERTA} as abierta,
  (select count(*)::int from postulacion p where p.id_vacante = v.id) as postulaciones,
  (select count(*)::int from postulacion p where p.id_vacante = v.id and p.estado = 'recibida') as sin_revisar,
  v.creado_por, v.creado_en`;

const ORDEN_VACANTE: Record<string, SQL> = {
  titulo: sql`lower(v.titulo)`,
  area: sql`lower(v.area)`,
  fecha_cierre: sql`v.fecha_cierre`,
  postulaciones: sql`(select count(*) from postulacion p where p.id_vacante = v.id)`,
  creado_en: sql`v.creado_en`,
};

export async function listarVacantes(
  tx: Tx,
  f: { q?: string | undefined; estado?: string | undefined },
  p: Pagina,
): Promise<ListaAcotada<Vacante>> {
  const conds: SQL[] = [sql`true`];
  if (f.q)
    conds.push(
      sql`(lower(predio_unaccent(v.titulo)) like predio_unaccent(${patron(f.q)}) or lower(predio_unaccent(v.area)) like predio_unaccent(${patron(f.q)}))`,
    );
  if (f.estado) conds.push(sql`v.estado = ${f.estado}`);
  const where = sql.join(conds, sql` and `);
  const col = ORDEN_VACANTE[p.sort ?? 'creado_en'] ?? ORDEN_VACANTE.creado_en!;
  const dir = p.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const items = await queryRows<Vacante>(
    tx,
    sql`select ${COLUMNAS_VACANTE} from vacante v where ${where} order by ${col} ${dir}, v.id desc limit ${p.limit} offset ${p.offset}`,
  );
  return { items, ...(await contar(tx, sql`select 1 from vacante v where ${where}`, p)) };
}

export async function verVacante(tx: Tx, id: number): Promise<Vacante | null> {
  const [r] = await queryRows<Vacante>(tx, sql`select ${COLUMNAS_VACANTE} from vacante v where v.id = ${id}`);
  return r ?? null;
}

export async function insertarVacante(tx: Tx, b: VacanteForm, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into vacante (titulo, descripcion, area, salario_min, salario_max, fecha_cierre, estado, creado_por)
        values (${b.titulo}, ${b.descripcion}, ${b.area}, ${b.salario_min}, ${b.salario_max}, ${b.fecha_cierre}::date,
                ${b.estado}, ${usuario})
        returning id`,
  );
  return r!.id;
}

export async function actualizarVacante(tx: Tx, id: number, b: VacanteForm, usuario: string): Promise<void> {
  await tx.execute(
    sql`update vacante set titulo = ${b.titulo}, descripcion = ${b.descripcion}, area = ${b.area},
          salario_min = ${b.salario_min}, salario_max = ${b.salario_max}, fecha_cierre = ${b.fecha_cierre}::date,
          estado = ${b.estado}, modificado_por = ${usuario}, modificado_en = now()
        where id = ${id}`,
  );
}

/** The storage keys of the CVs a vacancy's deletion takes with it (its trigger deletes their rows). */
export async function clavesDeVacante(tx: Tx, id: number): Promise<string[]> {
  const rs = await queryRows<{ clave: string }>(
    tx,
    sql`select a.clave from archivo a where a.tipo_dueno = 'postulacion'
          and a.id_dueno in (select p.id::text from postulacion p where p.id_vacante = ${id})`,
  );
  return rs.map((r) => r.clave);
}

export async function borrarVacante(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from vacante where id = ${id}`);
}

// ----- postulaciones

const CV = sql`(select json_build_object('id', a.id, 'nombre', a.nombre, 'bytes', a.bytes::float8, 'content_type', a.content_type)
  from archivo a where a.tipo_dueno = 'postulacion' and a.id_dueno = p.id::text and a.categoria = 'cv'
  order by a.id desc limit 1)`;

const COLUMNAS_POSTULACION = sql`p.id, p.id_vacante, v.titulo as vacante, p.nombre, p.email, p.telefono, p.mensaje,
  p.estado, p.notas, ${CV} as cv, p.consentimiento_en, p.creado_en, p.revisado_por, p.revisado_en`;

const ORDEN_POSTULACION: Record<string, SQL> = {
  creado_en: sql`p.creado_en`,
  nombre: sql`lower(p.nombre)`,
  estado: sql`array_position(array['recibida','en_revision','preseleccionada','descartada','contratada']::text[], p.estado)`,
};

export type FiltroPostulaciones = { q?: string | undefined; estado?: string | undefined; vacante?: number | undefined };

function dondePostulaciones(f: FiltroPostulaciones): SQL {
  const conds: SQL[] = [sql`true`];
  if (f.q) {
    const t = patron(f.q);
    conds.push(sql`(lower(predio_unaccent(p.nombre)) like predio_unaccent(${t}) or lower(p.email) like ${t}
      or p.telefono like ${t} or lower(predio_unaccent(v.titulo)) like predio_unaccent(${t}))`);
  }
  if (f.estado) conds.push(sql`p.estado = ${f.estado}`);
  if (f.vacante) conds.push(sql`p.id_vacante = ${f.vacante}`);
  return sql.join(conds, sql` and `);
}

export async function listarPostulaciones(tx: Tx, f: FiltroPostulaciones, p: Pagina): Promise<ListaAcotada<Postulacion>> {
  const where = dondePostulaciones(f);
  const col = ORDEN_POSTULACION[p.sort ?? 'creado_en'] ?? ORDEN_POSTULACION.creado_en!;
  const dir = p.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const items = await queryRows<Postulacion>(
    tx,
    sql`select ${COLUMNAS_POSTULACION} from postulacion p join vacante v on v.id = p.id_vacante
        where ${where} order by ${col} ${dir}, p.id desc limit ${p.limit} offset ${p.offset}`,
  );
  return {
    items,
    ...(await contar(tx, sql`select 1 from postulacion p join vacante v on v.id = p.id_vacante where ${where}`, p)),
  };
}

export async function verPostulacion(tx: Tx, id: number): Promise<Postulacion | null> {
  const [r] = await queryRows<Postulacion>(
    tx,
    sql`select ${COLUMNAS_POSTULACION} from postulacion p join vacante v on v.id = p.id_vacante where p.id = ${id}`,
  );
  return r ?? null;
}

export async function existePostulacion(tx: Tx, id: number): Promise<boolean> {
  const rs = await queryRows<{ id: number }>(tx, sql`select id from postulacion where id = ${id}`);
  return rs.length > 0;
}

export async function revisar(tx: Tx, id: number, b: RevisionPostulacion, usuario: string): Promise<void> {
  await tx.execute(
    sql`update postulacion set estado = ${b.estado}, notas = ${b.notas}, revisado_por = ${usuario}, revisado_en = now()
        where id = ${id}`,
  );
}

export async function borrarPostulacion(tx: Tx, id: number): Promise<string[]> {
  const rs = await queryRows<{ clave: string }>(
    tx,
    sql`select a.clave from archivo a where a.tipo_dueno = 'postulacion' and a.id_dueno = ${String(id)}`,
  );
  await tx.execute(sql`delete from postulacion where id = ${id}`);
  return rs.map((r) => r.clave);
}

export async function insertarPostulacion(
  tx: Tx,
  o: PostulacionPublica & { idVacante: number; consentimiento: string; ip: string },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into postulacion (id_vacante, nombre, email, telefono, mensaje, consentimiento_texto, consentimiento_en, ip)
        values (${o.idVacante}, ${o.nombre}, ${o.email}, ${o.telefono}, ${o.mensaje}, ${o.consentimiento}, now(), ${o.ip})
        returning id`,
  );
  return r!.id;
}

// ----- public: only open vacancies, only their public columns

const PUBLICO = sql`v.id, v.titulo, v.descripcion, v.area, v.salario_min::float8 as salario_min,
  v.salario_max::float8 as salario_max, v.fecha_cierre::text as fecha_cierre`;

export function vacantesAbiertas(tx: Tx): Promise<VacantePublica[]> {
  return queryRows<VacantePublica>(
    tx,
    sql`select ${PUBLICO} from vacante v where ${ABIERTA} order by v.fecha_cierre, lower(v.titulo), v.id limit 200`,
  );
}

export async function vacanteAbierta(tx: Tx, id: number): Promise<VacantePublica | null> {
  const [r] = await queryRows<VacantePublica>(tx, sql`select ${PUBLICO} from vacante v where v.id = ${id} and ${ABIERTA}`);
  return r ?? null;
}

/** The company's active users with their permissions: who reviews vacancies hears of an application. */
export function usuariosActivos(tx: Tx): Promise<{ id: number; permisos: string }[]> {
  return queryRows(tx, sql`select id, permisos from usuarios where activo order by id`);
}
