import {
  PLANTILLAS_SUGERIDAS,
  asistenteDeSugerida,
  type CategoriaConItems,
  type CategoriaForm,
  type ItemForm,
  type Plantilla,
  type PlantillaAsistente,
  type PlantillaConCategorias,
  type PlantillaForm,
} from '@predio/contract/inventarios';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import * as repo from './plantillas-inventario.repo.ts';

// Inventarios > Plantillas de inventarios (idm 10593): spaces and items an inventory is built from.

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
const ENTIDAD = 'plantillas-inventario';

const repetida = (nombre: string) =>
  new AppError(CODES.CONFLICTO, `nombre: ya existe una plantilla llamada «${nombre}».`, [
    { campo: 'nombre', mensaje: 'ya existe' },
  ]);

async function unica<T>(nombre: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO) throw repetida(nombre);
    throw e;
  }
}

const auditar = (o: Escritura, accion: string, id: number | string, que: string) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: String(id),
    cambios: { plantilla: { antes: null, despues: que } },
    ip: o.ip,
  });

export const listar = (o: Base): Promise<Plantilla[]> => repo.listar(o.tx);

async function plantillaOError(tx: Tx, id: number): Promise<Plantilla> {
  const p = await repo.una(tx, id);
  if (!p) throw noEncontrado(`La plantilla ${id}`);
  return p;
}

export async function crear(o: Escritura & { body: PlantillaForm }): Promise<Plantilla> {
  const id = await unica(o.body.nombre, () => repo.insertar(o.tx, o.body, o.user.usuario));
  await auditar(o, 'crear', id, o.body.nombre);
  return plantillaOError(o.tx, id);
}

export async function asistente(o: Escritura & { body: PlantillaAsistente }): Promise<Plantilla> {
  const id = await unica(o.body.nombre, () => repo.crearCompleta(o.tx, o.body, o.user.usuario));
  await auditar(o, 'crear', id, `${o.body.nombre} (asistente)`);
  return plantillaOError(o.tx, id);
}

/** The suggested templates the company does not have yet (by name): a new company's start, or a reset. */
export async function crearSugeridas(o: Escritura): Promise<Plantilla[]> {
  const hay = new Set(await repo.nombres(o.tx));
  for (const s of PLANTILLAS_SUGERIDAS) {
    if (hay.has(s.nombre)) continue;
    await repo.crearCompleta(o.tx, asistenteDeSugerida(s), o.user.usuario);
  }
  return repo.listar(o.tx);
}

export async function actualizar(o: Escritura & { id: number; body: PlantillaForm }): Promise<Plantilla> {
  if (!(await unica(o.body.nombre, () => repo.actualizar(o.tx, o.id, o.body)))) throw noEncontrado(`La plantilla ${o.id}`);
  await auditar(o, 'modificar', o.id, o.body.nombre);
  return plantillaOError(o.tx, o.id);
}

export async function borrar(o: Escritura & { id: number }): Promise<{ id: number }> {
  const p = await plantillaOError(o.tx, o.id);
  await repo.borrar(o.tx, o.id);
  await auditar(o, 'eliminar', o.id, p.nombre);
  return { id: o.id };
}

export async function conCategorias(o: Base & { id: number }): Promise<PlantillaConCategorias> {
  const plantilla = await plantillaOError(o.tx, o.id);
  return { plantilla, categorias: await repo.categorias(o.tx, o.id) };
}

export async function crearCategoria(o: Escritura & { id: number; body: CategoriaForm }) {
  await plantillaOError(o.tx, o.id);
  const id = await repo.insertarCategoria(o.tx, o.id, o.body);
  await auditar(o, 'crear espacio', o.id, o.body.nombre);
  return (await repo.categoria(o.tx, id))!;
}

async function categoriaOError(tx: Tx, id: number) {
  const c = await repo.categoria(tx, id);
  if (!c) throw noEncontrado(`El espacio ${id}`);
  return c;
}

export async function actualizarCategoria(o: Escritura & { id: number; body: CategoriaForm }) {
  if (!(await repo.actualizarCategoria(o.tx, o.id, o.body))) throw noEncontrado(`El espacio ${o.id}`);
  const c = await categoriaOError(o.tx, o.id);
  await auditar(o, 'modificar espacio', c.id_plantilla, o.body.nombre);
  return c;
}

export async function borrarCategoria(o: Escritura & { id: number }) {
  const c = await categoriaOError(o.tx, o.id);
  await repo.borrarCategoria(o.tx, o.id);
  await auditar(o, 'eliminar espacio', c.id_plantilla, c.nombre);
  return { id: o.id };
}

/** `ids` must be exactly the rows of the parent: an id of another template is named in the 400. */
function mismoConjunto(ids: number[], existentes: number[], que: string) {
  const set = new Set(existentes);
  const ajeno = ids.find((i) => !set.has(i));
  if (ajeno !== undefined) throw invalido('ids', `el ${que} ${ajeno} no pertenece a esta plantilla`);
  if (new Set(ids).size !== ids.length || ids.length !== existentes.length)
    throw invalido('ids', `envíe cada ${que} de la lista exactamente una vez (${existentes.length})`);
}

export async function ordenarCategorias(o: Escritura & { id: number; ids: number[] }) {
  await plantillaOError(o.tx, o.id);
  mismoConjunto(o.ids, await repo.idsCategorias(o.tx, o.id), 'espacio');
  await repo.ordenar(o.tx, 'inventario_categoria', o.ids);
  return repo.categorias(o.tx, o.id);
}

export async function conItems(o: Base & { id: number }): Promise<CategoriaConItems> {
  const categoria = await categoriaOError(o.tx, o.id);
  const p = await plantillaOError(o.tx, categoria.id_plantilla);
  return { plantilla: { id: p.id, nombre: p.nombre }, categoria, items: await repo.items(o.tx, o.id) };
}

export async function crearItem(o: Escritura & { id: number; body: ItemForm }) {
  const c = await categoriaOError(o.tx, o.id);
  const id = await repo.insertarItem(o.tx, o.id, o.body);
  await auditar(o, 'crear ítem', c.id_plantilla, `${c.nombre}: ${o.body.nombre}`);
  return (await repo.item(o.tx, id))!;
}

export async function actualizarItem(o: Escritura & { id: number; body: ItemForm }) {
  if (!(await repo.actualizarItem(o.tx, o.id, o.body))) throw noEncontrado(`El ítem ${o.id}`);
  return (await repo.item(o.tx, o.id))!;
}

export async function borrarItem(o: Escritura & { id: number }) {
  const i = await repo.item(o.tx, o.id);
  if (!i) throw noEncontrado(`El ítem ${o.id}`);
  await repo.borrarItem(o.tx, o.id);
  return { id: o.id };
}

export async function ordenarItems(o: Escritura & { id: number; ids: number[] }) {
  await categoriaOError(o.tx, o.id);
  mismoConjunto(o.ids, await repo.idsItems(o.tx, o.id), 'ítem');
  await repo.ordenar(o.tx, 'inventario_item', o.ids);
  return repo.items(o.tx, o.id);
}
