import { sql, type SQL } from 'drizzle-orm';
import { TIPOS_INMUEBLE } from '@predio/contract/inmuebles';
import { CARACTERISTICAS } from '@predio/contract/maestros/resources';
import {
  type ClaseCatalogo,
  type ClaseEquivalencia,
  type EntradaCatalogo,
  type FilaEquivalencia,
  type PortalSincronizado,
} from '@predio/contract/portales';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { contieneCadaPalabra } from '../../platform/busqueda.ts';
import type { Equivalencias } from './adaptador.ts';

// Per-portal catalogues and the company's equivalences (migration 0294_portal_catalogo.sql). Row-level
// security keeps each company's copy apart; nothing here filters by company.

const LOTE = 500;

/**
 * Replaces one class of the portal's catalogue (or, with `padre`, only the entries under it: the barrios
 * of one city) by `entradas`. Equivalences are kept: an id the new catalogue lacks shows as «no está en el
 * catálogo» on the screen and is named before sending.
 */
export async function reemplazar(
  tx: Tx,
  o: { portal: PortalSincronizado; clase: ClaseCatalogo; entradas: EntradaCatalogo[]; origen: 'portal' | 'csv'; padre?: string },
): Promise<void> {
  await tx.execute(
    sql`delete from portal_catalogo where portal = ${o.portal} and clase = ${o.clase}
        ${o.padre === undefined ? sql`` : sql`and padre = ${o.padre}`}`,
  );
  for (let i = 0; i < o.entradas.length; i += LOTE) {
    const filas = o.entradas
      .slice(i, i + LOTE)
      .map((e) => sql`(${o.portal}, ${o.clase}, ${e.codigo}, ${e.nombre}, ${e.padre}, ${e.detalle}, ${o.origen})`);
    await tx.execute(
      sql`insert into portal_catalogo (portal, clase, codigo, nombre, padre, detalle, origen) values ${sql.join(filas, sql`, `)}
          on conflict (id_empresa, portal, clase, codigo) do update
            set nombre = excluded.nombre, padre = excluded.padre, detalle = excluded.detalle, origen = excluded.origen,
                cargado_en = now()`,
    );
  }
}

export async function resumen(
  tx: Tx,
  portal: PortalSincronizado,
): Promise<{ clase: ClaseCatalogo; entradas: number; cargado_en: string | null; origen: 'portal' | 'csv' | null }[]> {
  const filas = await queryRows<{
    clase: ClaseCatalogo;
    entradas: number | string;
    cargado_en: Date | string | null;
    origen: string;
  }>(
    tx,
    sql`select clase, count(*) as entradas, max(cargado_en) as cargado_en,
               (array_agg(origen order by cargado_en desc))[1] as origen
        from portal_catalogo where portal = ${portal} group by clase`,
  );
  return filas.map((f) => ({
    clase: f.clase,
    entradas: Number(f.entradas),
    cargado_en: f.cargado_en ? new Date(f.cargado_en).toISOString() : null,
    origen: f.origen === 'portal' || f.origen === 'csv' ? f.origen : null,
  }));
}

/** The screen's Select: at most 50 entries matching every word of `q`, the closest names first. */
export async function buscar(
  tx: Tx,
  o: { portal: PortalSincronizado; clase: ClaseCatalogo; q: string; padre?: string },
): Promise<EntradaCatalogo[]> {
  const donde: SQL[] = [
    sql`portal = ${o.portal}`,
    sql`clase = ${o.clase}`,
    ...contieneCadaPalabra(sql`lower(predio_unaccent(nombre || ' ' || detalle || ' ' || codigo))`, o.q),
  ];
  if (o.padre) donde.push(sql`padre = ${o.padre}`);
  return queryRows<EntradaCatalogo>(
    tx,
    sql`select codigo, nombre, padre, detalle from portal_catalogo where ${sql.join(donde, sql` and `)}
        order by length(nombre), nombre, codigo limit 50`,
  );
}

export async function entrada(
  tx: Tx,
  o: { portal: PortalSincronizado; clase: ClaseCatalogo; codigo: string },
): Promise<EntradaCatalogo | null> {
  const [e] = await queryRows<EntradaCatalogo>(
    tx,
    sql`select codigo, nombre, padre, detalle from portal_catalogo
        where portal = ${o.portal} and clase = ${o.clase} and codigo = ${o.codigo}`,
  );
  return e ?? null;
}

/** All entries of a class (to match by name after a load). */
export async function todas(tx: Tx, portal: PortalSincronizado, clase: ClaseCatalogo): Promise<EntradaCatalogo[]> {
  return queryRows<EntradaCatalogo>(
    tx,
    sql`select codigo, nombre, padre, detalle from portal_catalogo where portal = ${portal} and clase = ${clase}`,
  );
}

/**
 * The company's side of the mapping. Municipios and barrios are those its properties use (a company
 * holds every DANE municipio: mapping the 1,100 would be noise) plus those already mapped; tipos are all.
 */
function locales(portal: PortalSincronizado, clase: ClaseEquivalencia): SQL {
  if (clase === 'tipo')
    return sql`select t.tipo as id_local, t.tipo as nombre, '' as detalle
               from unnest(${sql.raw(`array[${TIPOS_INMUEBLE.map((t) => `'${t}'`).join(', ')}]`)}::text[]) as t (tipo)`;
  if (clase === 'municipio')
    return sql`select m.id::text as id_local, m.municipio as nombre, m.departamento as detalle
               from municipios m
               where m.id in (select id_municipio from inmueble)
                  or m.id::text in (select id_local from portal_equivalencia where portal = ${portal} and clase = 'municipio')`;
  if (clase === 'caracteristica')
    return sql`select c.id::text as id_local, c.nombre, ${grupoEtiqueta} as detalle
               from caracteristicas_inmueble c
               where c.activo
                  or c.id in (select id_caracteristica from inmueble_caracteristica)
                  or c.id::text in (select id_local from portal_equivalencia where portal = ${portal} and clase = 'caracteristica')`;
  return sql`select b.id::text as id_local, b.nombre, m.municipio || ' (' || m.departamento || ')' as detalle
             from barrios b join municipios m on m.id = b.id_municipio
             where b.id in (select id_barrio from inmueble where id_barrio is not null)
                or b.id::text in (select id_local from portal_equivalencia where portal = ${portal} and clase = 'barrio')`;
}

/** A característica's group as the masters' screen names it («Zonas comunes»), for the detalle beside it. */
const grupoEtiqueta: SQL = (() => {
  const campo = CARACTERISTICAS.fields.find((c) => c.key === 'grupo');
  const opciones = campo && 'options' in campo ? (campo.options as readonly { value: string; label: string }[]) : [];
  if (opciones.length === 0) return sql`c.grupo`;
  return sql`case c.grupo ${sql.join(
    opciones.map((o) => sql`when ${o.value} then ${o.label}`),
    sql` `,
  )} else c.grupo end`;
})();

const CATALOGO_DE: Record<ClaseEquivalencia, ClaseCatalogo> = {
  tipo: 'tipo',
  municipio: 'ciudad',
  barrio: 'barrio',
  caracteristica: 'caracteristica',
};

export async function equivalencias(
  tx: Tx,
  o: { portal: PortalSincronizado; clase: ClaseEquivalencia; q: string; sinMapear: boolean; page: number; pageSize: number },
): Promise<{ items: FilaEquivalencia[]; total: number }> {
  const donde: SQL[] = [sql`true`, ...contieneCadaPalabra(sql`lower(predio_unaccent(l.nombre || ' ' || l.detalle))`, o.q)];
  if (o.sinMapear) donde.push(sql`e.codigo is null`);
  const desde = sql`from (${locales(o.portal, o.clase)}) l
    left join portal_equivalencia e on e.portal = ${o.portal} and e.clase = ${o.clase} and e.id_local = l.id_local
    left join portal_catalogo c on c.portal = ${o.portal} and c.clase = ${CATALOGO_DE[o.clase]} and c.codigo = e.codigo
    where ${sql.join(donde, sql` and `)}`;
  const [n] = await queryRows<{ n: number | string }>(tx, sql`select count(*) as n ${desde}`);
  const items = await queryRows<FilaEquivalencia>(
    tx,
    sql`select l.id_local, l.nombre, l.detalle, e.codigo, c.nombre as nombre_portal${
      o.clase === 'barrio'
        ? sql`, (select em.codigo from barrios b join portal_equivalencia em on em.portal = ${o.portal}
                   and em.clase = 'municipio' and em.id_local = b.id_municipio::text
                 where b.id::text = l.id_local) as padre`
        : sql``
    } ${desde}
        order by (e.codigo is not null), lower(predio_unaccent(l.nombre)), l.id_local
        limit ${o.pageSize} offset ${(o.page - 1) * o.pageSize}`,
  );
  return { items, total: Number(n?.n ?? 0) };
}

/** How many of the company's masters in use have no equivalence, per class. */
export async function sinMapear(tx: Tx, portal: PortalSincronizado, clase: ClaseEquivalencia): Promise<number> {
  const [n] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from (${locales(portal, clase)}) l
        where not exists (select 1 from portal_equivalencia e
                          where e.portal = ${portal} and e.clase = ${clase} and e.id_local = l.id_local)`,
  );
  return Number(n?.n ?? 0);
}

/** The company's masters in use without equivalence, to match by name after a load. */
export async function localesSinMapear(
  tx: Tx,
  portal: PortalSincronizado,
  clase: ClaseEquivalencia,
): Promise<{ id_local: string; nombre: string; detalle: string; padre: string | null; municipio: string | null }[]> {
  // A barrio's «padre» is its municipio's equivalence (the portal's city): barrios are matched within it.
  // Portals without a city catalogue match a barrio by its municipio's name instead (`municipio`).
  const padre =
    clase === 'barrio'
      ? sql`(select e.codigo from barrios b join portal_equivalencia e on e.portal = ${portal} and e.clase = 'municipio'
               and e.id_local = b.id_municipio::text where b.id::text = l.id_local)`
      : sql`null`;
  const municipio =
    clase === 'barrio'
      ? sql`(select m.municipio from barrios b join municipios m on m.id = b.id_municipio where b.id::text = l.id_local)`
      : sql`null`;
  return queryRows(
    tx,
    sql`select l.id_local, l.nombre, l.detalle, ${padre} as padre, ${municipio} as municipio from (${locales(portal, clase)}) l
        where not exists (select 1 from portal_equivalencia e
                          where e.portal = ${portal} and e.clase = ${clase} and e.id_local = l.id_local)`,
  );
}

/** The portal's cities the company's municipios are mapped to (whose barrios are worth loading). */
export async function ciudadesMapeadas(tx: Tx, portal: PortalSincronizado): Promise<string[]> {
  const filas = await queryRows<{ codigo: string }>(
    tx,
    sql`select distinct codigo from portal_equivalencia where portal = ${portal} and clase = 'municipio' order by codigo`,
  );
  return filas.map((f) => f.codigo);
}

/**
 * The barrios a search-based portal is asked for (`barriosPorBusqueda`): those the company's properties
 * use and those already mapped (a reload must find their entries again), with their municipio's name.
 * At most `limite`, one search each.
 */
export async function barriosParaBuscar(
  tx: Tx,
  portal: PortalSincronizado,
  limite: number,
): Promise<{ id_local: string; nombre: string; municipio: string }[]> {
  return queryRows(
    tx,
    sql`select b.id::text as id_local, b.nombre, m.municipio from barrios b join municipios m on m.id = b.id_municipio
        where b.id in (select id_barrio from inmueble where id_barrio is not null)
           or b.id::text in (select id_local from portal_equivalencia where portal = ${portal} and clase = 'barrio')
        order by b.nombre, b.id limit ${limite}`,
  );
}

export async function existeLocal(tx: Tx, clase: ClaseEquivalencia, idLocal: string): Promise<boolean> {
  if (clase === 'tipo') return (TIPOS_INMUEBLE as readonly string[]).includes(idLocal);
  if (!/^\d{1,9}$/.test(idLocal)) return false;
  const tabla = clase === 'municipio' ? sql`municipios` : clase === 'barrio' ? sql`barrios` : sql`caracteristicas_inmueble`;
  const filas = await queryRows(tx, sql`select 1 from ${tabla} where id = ${Number(idLocal)}`);
  return filas.length > 0;
}

export async function guardar(
  tx: Tx,
  o: { portal: PortalSincronizado; clase: ClaseEquivalencia; idLocal: string; codigo: string | null; usuario: string },
): Promise<void> {
  if (o.codigo === null) {
    await tx.execute(
      sql`delete from portal_equivalencia where portal = ${o.portal} and clase = ${o.clase} and id_local = ${o.idLocal}`,
    );
    return;
  }
  await tx.execute(
    sql`insert into portal_equivalencia (portal, clase, id_local, codigo, modificado_por)
        values (${o.portal}, ${o.clase}, ${o.idLocal}, ${o.codigo}, ${o.usuario})
        on conflict (id_empresa, portal, clase, id_local) do update
          set codigo = excluded.codigo, modificado_por = excluded.modificado_por, modificado_en = now()`,
  );
}

/** What the adapter needs for one property: its equivalences, and which catalogue classes are loaded. */
export async function paraInmueble(
  tx: Tx,
  o: { portal: PortalSincronizado; tipo: string; idMunicipio: number; idBarrio: number | null; idInmueble?: number },
): Promise<Equivalencias> {
  const [f] = await queryRows<{
    tipos: boolean;
    ciudades: boolean;
    barrios: boolean;
    caracteristicas: boolean;
    tipo: string | null;
    ciudad: string | null;
    ciudad_padre: string | null;
    barrio: string | null;
    barrios_de_ciudad: boolean;
  }>(
    tx,
    sql`with eq as (select clase, id_local, codigo from portal_equivalencia where portal = ${o.portal}),
             ciudad as (select e.codigo, c.padre from eq e
                        join portal_catalogo c on c.portal = ${o.portal} and c.clase = 'ciudad' and c.codigo = e.codigo
                        where e.clase = 'municipio' and e.id_local = ${String(o.idMunicipio)})
        select exists (select 1 from portal_catalogo where portal = ${o.portal} and clase = 'tipo') as tipos,
               exists (select 1 from portal_catalogo where portal = ${o.portal} and clase = 'ciudad') as ciudades,
               exists (select 1 from portal_catalogo where portal = ${o.portal} and clase = 'barrio') as barrios,
               exists (select 1 from portal_catalogo where portal = ${o.portal} and clase = 'caracteristica') as caracteristicas,
               (select e.codigo from eq e join portal_catalogo c on c.portal = ${o.portal} and c.clase = 'tipo' and c.codigo = e.codigo
                 where e.clase = 'tipo' and e.id_local = ${o.tipo}) as tipo,
               (select codigo from ciudad) as ciudad,
               (select padre from ciudad) as ciudad_padre,
               (select e.codigo from eq e join portal_catalogo c on c.portal = ${o.portal} and c.clase = 'barrio' and c.codigo = e.codigo
                 where e.clase = 'barrio' and e.id_local = ${String(o.idBarrio ?? '')}) as barrio,
               exists (select 1 from portal_catalogo c where c.portal = ${o.portal} and c.clase = 'barrio'
                        and c.padre = (select codigo from ciudad)) as barrios_de_ciudad`,
  );
  // The property's features, each with the portal's feature it maps to (only if still in the catalogue).
  const caracteristicas =
    o.idInmueble === undefined
      ? []
      : await queryRows<{ nombre: string; codigo: string | null; detalle: string | null }>(
          tx,
          sql`select c.nombre, k.codigo, k.detalle from inmueble_caracteristica ic
              join caracteristicas_inmueble c on c.id = ic.id_caracteristica
              left join portal_equivalencia e on e.portal = ${o.portal} and e.clase = 'caracteristica' and e.id_local = c.id::text
              left join portal_catalogo k on k.portal = ${o.portal} and k.clase = 'caracteristica' and k.codigo = e.codigo
              where ic.id_inmueble = ${o.idInmueble}
              order by c.nombre, c.id`,
        );
  return {
    conCatalogo: {
      tipo: Boolean(f?.tipos),
      ciudad: Boolean(f?.ciudades),
      barrio: Boolean(f?.barrios),
      caracteristica: Boolean(f?.caracteristicas),
    },
    tipo: f?.tipo ?? null,
    ciudad: f?.ciudad ? { codigo: f.ciudad, padre: f.ciudad_padre ?? '' } : null,
    barrio: f?.barrio ?? null,
    barriosDeCiudad: Boolean(f?.barrios_de_ciudad),
    caracteristicas,
  };
}
