import { sql, type SQL } from 'drizzle-orm';
import { conteoAcotado, topeDeConteo, type ListaAcotada } from '@predio/contract/list';
import type { Gestion } from '@predio/contract/inmuebles';
import type {
  CampoFormulario,
  DestinoFormulario,
  EnvioFormulario,
  Formulario,
  FormularioForm,
  FormularioPublico,
  RespuestaEnvio,
} from '@predio/contract/pagina-web-formularios';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// SQL of Página web > Formularios. Every query runs in the company's transaction: RLS keeps other companies out.

type Pagina = { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number };

async function contar(tx: Tx, filas: SQL, p: Pagina): Promise<{ total: number; totalExacto?: false }> {
  const hasta = topeDeConteo(p.offset, p.limit);
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${filas} limit ${hasta + 1}) c`);
  return n!.n > hasta ? { total: hasta, totalExacto: false } : conteoAcotado(n!.n);
}

const patron = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const COLUMNAS = sql`f.id, f.nombre, f.descripcion, f.tipo_solicitud, f.destino, f.gestion_cliente, f.mensaje_gracias, f.activo, f.campos,
  (select count(*)::int from formulario_envio e where e.id_formulario = f.id) as envios,
  (select max(e.creado_en) from formulario_envio e where e.id_formulario = f.id) as ultimo_envio,
  f.creado_por, f.creado_en`;

const ORDEN: Record<string, SQL> = {
  nombre: sql`lower(f.nombre)`,
  creado_en: sql`f.creado_en`,
  envios: sql`(select count(*) from formulario_envio e where e.id_formulario = f.id)`,
};

export async function listar(tx: Tx, q: string | undefined, p: Pagina): Promise<ListaAcotada<Formulario>> {
  const where = q ? sql`lower(predio_unaccent(f.nombre)) like predio_unaccent(${patron(q)})` : sql`true`;
  const col = ORDEN[p.sort ?? 'creado_en'] ?? ORDEN.creado_en!;
  const dir = p.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const items = await queryRows<Formulario>(
    tx,
    sql`select ${COLUMNAS} from formulario_web f where ${where} order by ${col} ${dir}, f.id desc limit ${p.limit} offset ${p.offset}`,
  );
  return { items, ...(await contar(tx, sql`select 1 from formulario_web f where ${where}`, p)) };
}

export async function ver(tx: Tx, id: number): Promise<Formulario | null> {
  const [r] = await queryRows<Formulario>(tx, sql`select ${COLUMNAS} from formulario_web f where f.id = ${id}`);
  return r ?? null;
}

type Guardar = Omit<FormularioForm, 'campos'> & { campos: CampoFormulario[] };

export async function insertar(tx: Tx, b: Guardar, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into formulario_web (nombre, descripcion, campos, tipo_solicitud, destino, gestion_cliente, mensaje_gracias, activo, creado_por)
        values (${b.nombre}, ${b.descripcion}, ${JSON.stringify(b.campos)}::jsonb, ${b.tipo_solicitud}, ${b.destino},
                ${b.gestion_cliente}, ${b.mensaje_gracias}, ${b.activo}, ${usuario})
        returning id`,
  );
  return r!.id;
}

export async function actualizar(tx: Tx, id: number, b: Guardar, usuario: string): Promise<void> {
  await tx.execute(
    sql`update formulario_web set nombre = ${b.nombre}, descripcion = ${b.descripcion}, campos = ${JSON.stringify(b.campos)}::jsonb,
          tipo_solicitud = ${b.tipo_solicitud}, destino = ${b.destino}, gestion_cliente = ${b.gestion_cliente}, mensaje_gracias = ${b.mensaje_gracias}, activo = ${b.activo},
          modificado_por = ${usuario}, modificado_en = now()
        where id = ${id}`,
  );
}

export async function borrar(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from formulario_web where id = ${id}`);
}

export async function listarEnvios(tx: Tx, idFormulario: number, p: Pagina): Promise<ListaAcotada<EnvioFormulario>> {
  const dir = p.order === 'asc' ? sql`asc` : sql`desc`;
  const items = await queryRows<EnvioFormulario>(
    tx,
    sql`select e.id, e.nombre, e.respuestas, e.numero_solicitud, e.consecutivo_cliente, e.nota, e.creado_en,
          (select json_build_object('id', a.id, 'nombre', a.nombre, 'content_type', a.content_type)
             from archivo a where a.tipo_dueno = 'formulario_envio' and a.id_dueno = e.id::text order by a.id desc limit 1) as archivo
        from formulario_envio e
        where e.id_formulario = ${idFormulario} order by e.creado_en ${dir}, e.id ${dir} limit ${p.limit} offset ${p.offset}`,
  );
  return { items, ...(await contar(tx, sql`select 1 from formulario_envio e where e.id_formulario = ${idFormulario}`, p)) };
}

export async function insertarEnvio(
  tx: Tx,
  e: {
    idFormulario: number;
    nombre: string;
    respuestas: RespuestaEnvio[];
    numeroSolicitud: number | null;
    consecutivoCliente: number | null;
    nota: string;
    ip: string;
  },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into formulario_envio (id_formulario, nombre, respuestas, numero_solicitud, consecutivo_cliente, nota, ip)
        values (${e.idFormulario}, ${e.nombre}, ${JSON.stringify(e.respuestas)}::jsonb, ${e.numeroSolicitud},
                ${e.consecutivoCliente}, ${e.nota}, ${e.ip})
        returning id`,
  );
  return r!.id;
}

// ----- public: only published forms, only their public columns

const PUBLICO = sql`f.id, f.nombre, f.descripcion, f.campos`;

export async function publicos(tx: Tx): Promise<Omit<FormularioPublico, 'consentimiento'>[]> {
  return queryRows(tx, sql`select ${PUBLICO} from formulario_web f where f.activo order by lower(f.nombre), f.id`);
}

/** What the server needs of a published form and never sends to the public. */
type Privado = { tipo_solicitud: string; destino: DestinoFormulario; gestion_cliente: Gestion; mensaje_gracias: string };

export async function publico(tx: Tx, id: number): Promise<(Omit<FormularioPublico, 'consentimiento'> & Privado) | null> {
  const [r] = await queryRows<Omit<FormularioPublico, 'consentimiento'> & Privado>(
    tx,
    sql`select ${PUBLICO}, f.tipo_solicitud, f.destino, f.gestion_cliente, f.mensaje_gracias
        from formulario_web f where f.id = ${id} and f.activo`,
  );
  return r ?? null;
}

export async function existeEnvio(tx: Tx, id: number): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from formulario_envio where id = ${id}`);
  return r!.n > 0;
}
