import type { z } from 'zod';
import { CODES } from '@predio/contract/codes';
import {
  CATALOGO_DE_CLASE,
  CATALOGO_PORTAL,
  CLASES_CATALOGO,
  CODIGO_NO_SE_ENVIA,
  ETIQUETA_CLASE_EQUIVALENCIA,
  ZCatalogoCsv,
  ZEquivalenciaGuardar,
  type ZEquivalenciasQuery,
  type CargaCatalogo,
  type CatalogoCsv,
  type CatalogoQuery,
  type ClaseCatalogo,
  type ClaseEquivalencia,
  type EntradaCatalogo,
  type EquivalenciaGuardar,
  type FilaEquivalencia,
  type PortalSincronizado,
  type ResumenCatalogo,
} from '@predio/contract/portales';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import { claveCiudad, ErrorPortal } from './adaptador.ts';
import * as repo from './catalogo.repo.ts';
import * as portalesRepo from './portales.repo.ts';
import { ADAPTADORES, credenciales } from './portales.service.ts';

// Per-portal catalogues and the company's equivalences (issue 34, docs/portales.md «Catálogos y
// equivalencias»): loaded from the portal's catalogue endpoint or a CSV, matched by name where that is
// unambiguous, and completed by hand on the portal's screen.

const MAX_FILAS_CSV = 50_000;
/** Searches for a search-based portal's barrios in one load (one call each, inside the request). */
export const MAX_BUSQUEDAS_BARRIO = 300;

/**
 * A feature catalogue plus the entry «No se envía a <portal>» (CODIGO_NO_SE_ENVIA): a característica the
 * portal has no feature for is mapped to it once, and is then left out instead of holding the property.
 */
function conNoSeEnvia(entradas: EntradaCatalogo[], nombre: string): EntradaCatalogo[] {
  return [
    { codigo: CODIGO_NO_SE_ENVIA, nombre: `No se envía a ${nombre}`, padre: '', detalle: 'Sin característica equivalente' },
    ...entradas.filter((e) => e.codigo !== CODIGO_NO_SE_ENVIA),
  ];
}

function catalogoDe(portal: PortalSincronizado) {
  const c = CATALOGO_PORTAL[portal];
  if (!c) throw noEncontrado(`El catálogo de ${ADAPTADORES[portal].nombre}`);
  return c;
}

/** Comparable form of a name: lower case, no accents, no punctuation, «d.c.» and spaces collapsed. */
export const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export async function resumen(o: { tx: Tx; portal: PortalSincronizado }): Promise<ResumenCatalogo> {
  const c = catalogoDe(o.portal);
  const hay = await repo.resumen(o.tx, o.portal);
  const sin_mapear = { tipo: 0, municipio: 0, barrio: 0, caracteristica: 0 } as Record<ClaseEquivalencia, number>;
  for (const clase of c.clases) sin_mapear[clase] = await repo.sinMapear(o.tx, o.portal, clase);
  return {
    clases: CLASES_CATALOGO.filter((k) => c.clases.some((x) => CATALOGO_DE_CLASE[x] === k)).map(
      (clase) => hay.find((h) => h.clase === clase) ?? { clase, entradas: 0, cargado_en: null, origen: null },
    ),
    sin_mapear,
    desde_portal: c.desdePortal,
  };
}

export async function buscar(o: { tx: Tx; portal: PortalSincronizado; query: CatalogoQuery }): Promise<EntradaCatalogo[]> {
  catalogoDe(o.portal);
  const q = o.query as Required<Pick<CatalogoQuery, 'clase'>> & { q: string; padre?: string };
  return repo.buscar(o.tx, { portal: o.portal, clase: q.clase, q: q.q ?? '', padre: q.padre || undefined });
}

export async function equivalencias(o: {
  tx: Tx;
  portal: PortalSincronizado;
  query: z.output<typeof ZEquivalenciasQuery>;
}): Promise<{ items: FilaEquivalencia[]; total: number }> {
  const c = catalogoDe(o.portal);
  const q = o.query;
  if (!c.clases.includes(q.clase))
    throw invalido('clase', `El campo Clase: ${ADAPTADORES[o.portal].nombre} no usa ${ETIQUETA_CLASE_EQUIVALENCIA[q.clase]}`);
  return repo.equivalencias(o.tx, {
    portal: o.portal,
    clase: q.clase,
    q: q.q,
    sinMapear: q.sin_mapear,
    page: q.page,
    pageSize: q.pageSize,
  });
}

export async function guardarEquivalencia(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  portal: PortalSincronizado;
  body: EquivalenciaGuardar;
}): Promise<FilaEquivalencia | { id_local: string; codigo: null }> {
  const c = catalogoDe(o.portal);
  const b = ZEquivalenciaGuardar.parse(o.body);
  const nombre = ADAPTADORES[o.portal].nombre;
  const etiqueta = ETIQUETA_CLASE_EQUIVALENCIA[b.clase];
  if (!c.clases.includes(b.clase)) throw invalido('clase', `El campo Clase: ${nombre} no usa ${etiqueta}`);
  if (!(await repo.existeLocal(o.tx, b.clase, b.id_local))) throw noEncontrado(`${etiqueta} ${b.id_local}`);
  let nombrePortal: string | null = null;
  if (b.codigo !== null) {
    const e = await repo.entrada(o.tx, { portal: o.portal, clase: CATALOGO_DE_CLASE[b.clase], codigo: b.codigo });
    if (!e) throw invalido('codigo', `El campo Código en el portal: ${b.codigo} no está en el catálogo de ${nombre}`);
    nombrePortal = e.nombre;
  }
  await repo.guardar(o.tx, { portal: o.portal, clase: b.clase, idLocal: b.id_local, codigo: b.codigo, usuario: o.user.usuario });
  // A municipio just mapped opens its barrios to matching by name within the portal's city.
  if (b.clase === 'municipio' && b.codigo !== null && c.clases.includes('barrio'))
    await emparejar(o.tx, o.portal, 'barrio', o.user.usuario);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'actualizar',
    entidad: 'portal_equivalencia',
    entidadId: `${o.portal}:${b.clase}:${b.id_local}`,
    cambios: { codigo: { antes: null, despues: b.codigo } },
    ip: o.ip,
  });
  return { id_local: b.id_local, codigo: b.codigo, nombre_portal: nombrePortal, nombre: '', detalle: '' };
}

/**
 * Fills the equivalences a name decides alone: one catalogue entry with the master's name (for a
 * municipio, the one in its department when the name repeats; for a barrio, within its municipio's city).
 * What stays ambiguous or unknown is left «sin mapear» for a person.
 */
async function emparejar(tx: Tx, portal: PortalSincronizado, clase: ClaseEquivalencia, usuario: string): Promise<number> {
  const catalogo = await repo.todas(tx, portal, CATALOGO_DE_CLASE[clase]);
  const porNombre = new Map<string, EntradaCatalogo[]>();
  for (const e of catalogo) {
    const k = normalizar(e.nombre);
    porNombre.set(k, [...(porNombre.get(k) ?? []), e]);
  }
  let n = 0;
  // A portal without a city catalogue keys its barrios by the city's name (barriosPorBusqueda).
  const porCiudad = !(CATALOGO_PORTAL[portal]?.clases ?? []).includes('municipio');
  for (const l of await repo.localesSinMapear(tx, portal, clase)) {
    let xs = porNombre.get(normalizar(l.nombre)) ?? [];
    if (clase === 'barrio' && porCiudad) xs = l.municipio ? xs.filter((e) => e.padre === claveCiudad(l.municipio!)) : [];
    else if (clase === 'barrio') xs = l.padre ? xs.filter((e) => e.padre === l.padre) : [];
    if (clase === 'municipio' && xs.length > 1) xs = xs.filter((e) => normalizar(e.detalle) === normalizar(l.detalle));
    if (xs.length !== 1) continue;
    await repo.guardar(tx, { portal, clase, idLocal: l.id_local, codigo: xs[0]!.codigo, usuario });
    n++;
  }
  return n;
}

async function auditarCarga(
  tx: Tx,
  o: { user: Principal; ip: string; portal: PortalSincronizado; origen: string; cuantas: object },
) {
  await registrarAuditoria(tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'actualizar',
    entidad: 'portal_catalogo',
    entidadId: o.portal,
    cambios: { catalogo: { antes: null, despues: { origen: o.origen, ...o.cuantas } } },
    ip: o.ip,
  });
}

/**
 * «Cargar desde <portal>»: types and cities from the portal's catalogue endpoints, then the barrios of
 * the cities the company's municipios map to (a portal lists them per city; Colombia has 1,100 cities).
 */
export async function cargarDesdePortal(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  cifrador: Cifrador;
  portal: PortalSincronizado;
}): Promise<CargaCatalogo & { emparejados: number }> {
  const c = catalogoDe(o.portal);
  const ad = ADAPTADORES[o.portal];
  const cfg = await portalesRepo.config(o.tx, o.portal);
  if (!c.desdePortal) throw invalido('portal', `${ad.nombre} no publica su catálogo: cárguelo desde un archivo CSV`);
  if (!cfg) throw new AppError(CODES.CONFLICTO, `${ad.nombre} no está configurado: guarde su configuración primero`);
  const secreto = o.cifrador.descifrar(cfg.credenciales) ?? '';
  const cliente = ad.cliente(credenciales({ tx: o.tx, cifrador: o.cifrador, portal: o.portal }, cfg, secreto));
  if (!cliente.leerCatalogo) throw invalido('portal', `${ad.nombre} no publica su catálogo: cárguelo desde un archivo CSV`);
  const cuantas: CargaCatalogo = { tipo: 0, ciudad: 0, barrio: 0, caracteristica: 0 };
  let emparejados = 0;
  try {
    if (c.clases.includes('tipo')) {
      const tipos = await cliente.leerCatalogo('tipo');
      await repo.reemplazar(o.tx, { portal: o.portal, clase: 'tipo', entradas: tipos, origen: 'portal' });
      cuantas.tipo = tipos.length;
      emparejados += await emparejar(o.tx, o.portal, 'tipo', o.user.usuario);
    }
    if (c.clases.includes('municipio')) {
      const ciudades = await cliente.leerCatalogo('ciudad');
      await repo.reemplazar(o.tx, { portal: o.portal, clase: 'ciudad', entradas: ciudades, origen: 'portal' });
      cuantas.ciudad = ciudades.length;
      emparejados += await emparejar(o.tx, o.portal, 'municipio', o.user.usuario);
    }
    if (c.clases.includes('caracteristica')) {
      const caracteristicas = conNoSeEnvia(await cliente.leerCatalogo('caracteristica'), ad.nombre);
      await repo.reemplazar(o.tx, { portal: o.portal, clase: 'caracteristica', entradas: caracteristicas, origen: 'portal' });
      cuantas.caracteristica = caracteristicas.length - 1;
      emparejados += await emparejar(o.tx, o.portal, 'caracteristica', o.user.usuario);
    }
    if (c.clases.includes('barrio') && c.barriosPorBusqueda) {
      // One search per barrio in use («Chapinero Bogotá, D.C.»), keeping the barrios of that city only.
      const vistos = new Map<string, EntradaCatalogo>();
      for (const b of await repo.barriosParaBuscar(o.tx, o.portal, MAX_BUSQUEDAS_BARRIO))
        for (const e of await cliente.leerCatalogo('barrio', `${b.nombre} ${b.municipio}`))
          if (e.padre === claveCiudad(b.municipio)) vistos.set(e.codigo, e);
      await repo.reemplazar(o.tx, { portal: o.portal, clase: 'barrio', entradas: [...vistos.values()], origen: 'portal' });
      cuantas.barrio = vistos.size;
      emparejados += await emparejar(o.tx, o.portal, 'barrio', o.user.usuario);
    } else if (c.clases.includes('barrio')) {
      const ciudades = new Map((await repo.todas(o.tx, o.portal, 'ciudad')).map((e) => [e.codigo, e.nombre]));
      for (const ciudad of await repo.ciudadesMapeadas(o.tx, o.portal)) {
        // The city's name beside each barrio tells two «El Prado» apart in the screen's search.
        const barrios = (await cliente.leerCatalogo('barrio', ciudad)).map((b) => ({
          ...b,
          detalle: b.detalle || (ciudades.get(ciudad) ?? ''),
        }));
        await repo.reemplazar(o.tx, { portal: o.portal, clase: 'barrio', entradas: barrios, origen: 'portal', padre: ciudad });
        cuantas.barrio += barrios.length;
      }
      emparejados += await emparejar(o.tx, o.portal, 'barrio', o.user.usuario);
    }
  } catch (e) {
    // The portal's refusal is the answer the person needs (credentials, 429, down), not a 500.
    if (e instanceof ErrorPortal) throw new AppError(CODES.CONFLICTO, `No se pudo cargar el catálogo: ${e.message}`);
    throw e;
  }
  await auditarCarga(o.tx, { user: o.user, ip: o.ip, portal: o.portal, origen: 'portal', cuantas: { ...cuantas, emparejados } });
  return { ...cuantas, emparejados };
}

/** One CSV line split on the file's separator, with double-quoted fields («"Bogotá, D.C."»). */
function campos(linea: string, sep: string): string[] {
  const out: string[] = [];
  let actual = '';
  let comillas = false;
  for (let i = 0; i < linea.length; i++) {
    const ch = linea[i]!;
    if (comillas) {
      if (ch === '"' && linea[i + 1] === '"') {
        actual += '"';
        i++;
      } else if (ch === '"') comillas = false;
      else actual += ch;
    } else if (ch === '"') comillas = true;
    else if (ch === sep) {
      out.push(actual);
      actual = '';
    } else actual += ch;
  }
  out.push(actual);
  return out.map((x) => x.trim());
}

/**
 * A catalogue class from a CSV: `codigo,nombre[,padre[,detalle]]` (or `;`), an optional header line.
 * `padre` is a city's department id or a barrio's city id. The whole file is refused, naming the line,
 * at the first bad row: a half-loaded catalogue would map properties to the wrong entries.
 */
export function leerCsv(contenido: string, clase: ClaseCatalogo): EntradaCatalogo[] {
  const lineas = contenido.replace(/^\uFEFF/, '').split(/\r?\n/);
  const sep = (lineas[0] ?? '').includes(';') ? ';' : ',';
  const out: EntradaCatalogo[] = [];
  const vistos = new Set<string>();
  lineas.forEach((linea, i) => {
    if (!linea.trim()) return;
    const [codigo = '', nombre = '', padre = '', detalle = ''] = campos(linea, sep);
    if (i === 0 && normalizar(codigo) === 'codigo') return;
    const n = i + 1;
    if (!codigo || !nombre) throw invalido('contenido', `El campo Archivo CSV, línea ${n}: faltan el código o el nombre`);
    if (codigo.length > 60 || nombre.length > 200 || padre.length > 60 || detalle.length > 200)
      throw invalido('contenido', `El campo Archivo CSV, línea ${n}: un valor es demasiado largo`);
    if (clase === 'barrio' && !padre)
      throw invalido(
        'contenido',
        `El campo Archivo CSV, línea ${n}: el barrio necesita el código de su ciudad (tercera columna)`,
      );
    if (vistos.has(codigo)) throw invalido('contenido', `El campo Archivo CSV, línea ${n}: el código ${codigo} está repetido`);
    vistos.add(codigo);
    out.push({ codigo, nombre, padre, detalle });
  });
  if (out.length === 0) throw invalido('contenido', 'El campo Archivo CSV no tiene filas');
  if (out.length > MAX_FILAS_CSV) throw invalido('contenido', `El campo Archivo CSV admite máximo ${MAX_FILAS_CSV} filas`);
  return out;
}

export async function cargarCsv(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  portal: PortalSincronizado;
  body: CatalogoCsv;
}): Promise<CargaCatalogo & { emparejados: number }> {
  const c = catalogoDe(o.portal);
  const b = ZCatalogoCsv.parse(o.body);
  const clases = c.clases.filter((x) => CATALOGO_DE_CLASE[x] === b.clase);
  if (clases.length === 0)
    throw invalido('clase', `El campo Clase: ${ADAPTADORES[o.portal].nombre} no usa un catálogo de ${b.clase}`);
  // A search-based portal keys barrios by their city's name (the CSV's third column), as its loader does.
  const entradas = leerCsv(b.contenido, b.clase).map((e) =>
    b.clase === 'barrio' && c.barriosPorBusqueda ? { ...e, padre: claveCiudad(e.padre) } : e,
  );
  const nombre = ADAPTADORES[o.portal].nombre;
  await repo.reemplazar(o.tx, {
    portal: o.portal,
    clase: b.clase,
    entradas: b.clase === 'caracteristica' ? conNoSeEnvia(entradas, nombre) : entradas,
    origen: 'csv',
  });
  const emparejados = await emparejar(o.tx, o.portal, clases[0]!, o.user.usuario);
  const cuantas: CargaCatalogo = { tipo: 0, ciudad: 0, barrio: 0, caracteristica: 0 };
  cuantas[b.clase] = entradas.length;
  await auditarCarga(o.tx, { user: o.user, ip: o.ip, portal: o.portal, origen: 'csv', cuantas: { ...cuantas, emparejados } });
  return { ...cuantas, emparejados };
}
