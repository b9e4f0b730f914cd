import { articulo, type ResourceDef } from '@predio/contract/maestros/resource';
import type { Item } from '@predio/contract/maestros/schemas';

// Messages about a resource's rows, with its gender: "el barrio «El Poblado»", "Nueva zona".

export const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const nombreDe = (def: ResourceDef, item: Item) => String(item[def.labelField] ?? '');

/** el barrio «El Poblado» */
export const elRegistro = (def: ResourceDef, item: Item) => `${articulo(def)} ${def.singular} «${nombreDe(def, item)}»`;

/** Nuevo barrio, Nueva zona */
export const tituloNuevo = (def: ResourceDef) => `${def.genero === 'f' ? 'Nueva' : 'Nuevo'} ${def.singular}`;

/** ¿Eliminar el barrio «El Poblado»? */
export const preguntaEliminar = (def: ResourceDef, item: Item) => `¿Eliminar ${elRegistro(def, item)}?`;

/** Barrio desactivado, Zona activada */
export const participio = (def: ResourceDef, verbo: 'activad' | 'desactivad' | 'eliminad') =>
  `${mayuscula(def.singular)} ${verbo}${def.genero === 'f' ? 'a' : 'o'}`;
