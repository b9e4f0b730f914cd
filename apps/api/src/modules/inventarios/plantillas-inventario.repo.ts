import { sql } from 'drizzle-orm';
import type { Categoria, Item, Plantilla, PlantillaAsistente, PlantillaForm, TipoItem } from '@predio/contract/inventarios';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const SELECT_PLANTILLA = sql`
  select p.id, p.nombre, p.tipo_inmueble, p.descripcion, p.activa,
         (select count(*)::int from inventario_categoria c where c.id_empresa = p.id_empresa and c.id_plantilla = p.id) as categorias,
         (select count(*)::int from inventario_item i join inventario_categoria c on c.id_empresa = i.id_empresa and c.id = i.id_categoria
           where c.id_empresa = p.id_empresa and c.id_plantilla = p.id) as items
  from inventario_plantilla p`;

export const listar = (tx: Tx) => queryRows<Plantilla>(tx, sql`${SELECT_PLANTILLA} order by p.nombre, p.id`);

export async function una(tx: Tx, id: number): Promise<Plantilla | null> {
  const [p] = await queryRows<Plantilla>(tx, sql`${SELECT_PLANTILLA} where p.id = ${id}`);
  return p ?? null;
}

export async function insertar(tx: Tx, p: PlantillaForm, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into inventario_plantilla (nombre, tipo_inmueble, descripcion, activa, creado_por)
        values (${p.nombre}, ${p.tipo_inmueble}, ${p.descripcion}, ${p.activa}, ${usuario}) returning id`,
  );
  return r!.id;
}

export async function actualizar(tx: Tx, id: number, p: PlantillaForm): Promise<boolean> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update inventario_plantilla set nombre = ${p.nombre}, tipo_inmueble = ${p.tipo_inmueble},
        descripcion = ${p.descripcion}, activa = ${p.activa} where id = ${id} returning id`,
  );
  return r.length > 0;
}

export async function borrar(tx: Tx, id: number): Promise<boolean> {
  return (await queryRows<{ id: number }>(tx, sql`delete from inventario_plantilla where id = ${id} returning id`)).length > 0;
}

export const nombres = async (tx: Tx) =>
  (await queryRows<{ nombre: string }>(tx, sql`select nombre from inventario_plantilla`)).map((r) => r.nombre);

/** A whole template (the wizard's, or a suggested one) in a few statements. */
export async function crearCompleta(tx: Tx, p: PlantillaAsistente, usuario: string): Promise<number> {
  const id = await insertar(tx, p, usuario);
  let orden = 0;
  for (const c of p.categorias) {
    for (let n = 1; n <= c.cantidad; n++) {
      orden++;
      const nombre = c.cantidad > 1 ? `${c.nombre} ${n}` : c.nombre;
      const [cat] = await queryRows<{ id: number }>(
        tx,
        sql`insert into inventario_categoria (id_plantilla, nombre, orden, repetible)
            values (${id}, ${nombre}, ${orden}, ${c.repetible}) returning id`,
      );
      if (c.items.length)
        await tx.execute(
          sql`insert into inventario_item (id_categoria, nombre, orden, tipo)
              select ${cat!.id}, x.nombre, x.orden, x.tipo
              from json_to_recordset(${JSON.stringify(c.items.map((i, k) => ({ ...i, orden: k + 1 })))}::json)
                as x(nombre text, orden int, tipo text)`,
        );
    }
  }
  return id;
}

const SELECT_CATEGORIA = sql`
  select c.id, c.id_plantilla, c.nombre, c.orden, c.repetible,
         (select count(*)::int from inventario_item i where i.id_empresa = c.id_empresa and i.id_categoria = c.id) as items
  from inventario_categoria c`;

export const categorias = (tx: Tx, idPlantilla: number) =>
  queryRows<Categoria>(tx, sql`${SELECT_CATEGORIA} where c.id_plantilla = ${idPlantilla} order by c.orden, c.id`);

export async function categoria(tx: Tx, id: number): Promise<Categoria | null> {
  const [c] = await queryRows<Categoria>(tx, sql`${SELECT_CATEGORIA} where c.id = ${id}`);
  return c ?? null;
}

export async function insertarCategoria(tx: Tx, idPlantilla: number, c: { nombre: string; repetible: boolean }): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into inventario_categoria (id_plantilla, nombre, orden, repetible)
        values (${idPlantilla}, ${c.nombre}, (select coalesce(max(orden), 0) + 1 from inventario_categoria where id_plantilla = ${idPlantilla}),
                ${c.repetible}) returning id`,
  );
  return r!.id;
}

export async function actualizarCategoria(tx: Tx, id: number, c: { nombre: string; repetible: boolean }): Promise<boolean> {
  const r = await queryRows(
    tx,
    sql`update inventario_categoria set nombre = ${c.nombre}, repetible = ${c.repetible} where id = ${id} returning id`,
  );
  return r.length > 0;
}

export const borrarCategoria = async (tx: Tx, id: number) =>
  (await queryRows(tx, sql`delete from inventario_categoria where id = ${id} returning id`)).length > 0;

/** Sets orden 1..n in the order of `ids` (the caller checked they are exactly the rows of the parent). */
export async function ordenar(tx: Tx, tabla: 'inventario_categoria' | 'inventario_item', ids: number[]): Promise<void> {
  await tx.execute(
    sql`update ${sql.identifier(tabla)} t set orden = x.n
        from unnest(${sql.param(ids)}::int[]) with ordinality as x(id, n) where t.id = x.id`,
  );
}

export const idsCategorias = async (tx: Tx, idPlantilla: number) =>
  (await queryRows<{ id: number }>(tx, sql`select id from inventario_categoria where id_plantilla = ${idPlantilla}`)).map(
    (r) => r.id,
  );
export const idsItems = async (tx: Tx, idCategoria: number) =>
  (await queryRows<{ id: number }>(tx, sql`select id from inventario_item where id_categoria = ${idCategoria}`)).map((r) => r.id);

export const items = (tx: Tx, idCategoria: number) =>
  queryRows<Item>(
    tx,
    sql`select id, id_categoria, nombre, orden, tipo from inventario_item where id_categoria = ${idCategoria} order by orden, id`,
  );

export async function item(tx: Tx, id: number): Promise<Item | null> {
  const [i] = await queryRows<Item>(tx, sql`select id, id_categoria, nombre, orden, tipo from inventario_item where id = ${id}`);
  return i ?? null;
}

export async function insertarItem(tx: Tx, idCategoria: number, i: { nombre: string; tipo: TipoItem }): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into inventario_item (id_categoria, nombre, orden, tipo)
        values (${idCategoria}, ${i.nombre}, (select coalesce(max(orden), 0) + 1 from inventario_item where id_categoria = ${idCategoria}),
                ${i.tipo}) returning id`,
  );
  return r!.id;
}

export async function actualizarItem(tx: Tx, id: number, i: { nombre: string; tipo: TipoItem }): Promise<boolean> {
  const r = await queryRows(
    tx,
    sql`update inventario_item set nombre = ${i.nombre}, tipo = ${i.tipo} where id = ${id} returning id`,
  );
  return r.length > 0;
}

export const borrarItem = async (tx: Tx, id: number) =>
  (await queryRows(tx, sql`delete from inventario_item where id = ${id} returning id`)).length > 0;
