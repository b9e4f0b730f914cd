import { createHash } from 'node:crypto';
import { ETIQUETAS_GESTION, ETIQUETAS_TIPO, type Gestion, type TipoInmueble } from '@predio/contract/inmuebles';
import type { EmpresaSitio, InmueblePublico } from './publico.service.ts';

// The property feed of Página web: every available property of a company in one fixed, documented
// format (docs/pagina-web.md «Property feed»), XML or JSON, for portals that have no API and pull a file.
// Pure functions from what the public API already reads: nothing here can reach an internal field.

export type FormatoFeed = 'xml' | 'json';

type Valor = string | number | boolean | string[];

/** One property: fixed names, empty values left out rather than sent blank. */
export function itemFeed(i: InmueblePublico, base: string, idEmpresa: number): [string, Valor][] {
  const tipo = ETIQUETAS_TIPO[i.tipo as TipoInmueble] ?? i.tipo;
  const gestion = ETIQUETAS_GESTION[i.gestion as Gestion] ?? i.gestion;
  const lugar = [i.barrio, i.municipio].filter(Boolean).join(', ');
  const campos: [string, Valor | null | undefined][] = [
    ['codigo', String(i.consecutivo)],
    ['url', `${base}/sitio/${idEmpresa}/inmuebles/${i.consecutivo}`],
    ['titulo', `${tipo} en ${gestion.toLowerCase()}${lugar ? ` en ${lugar}` : ''}`],
    ['tipo', i.tipo],
    ['gestion', i.gestion],
    ['moneda', 'COP'],
    ['canon', i.canon],
    ['precio_venta', i.precio_venta],
    ['administracion', i.administracion],
    ['departamento', i.departamento],
    ['municipio', i.municipio],
    ['barrio', i.barrio],
    // The rounded point of the public API (about 220 m), never the property's own.
    ['latitud', i.ubicacion?.lat],
    ['longitud', i.ubicacion?.lng],
    ['estrato', i.estrato],
    ['area_construida', i.area_construida],
    ['area_privada', i.area_privada],
    ['habitaciones', i.habitaciones],
    ['banos', i.banos],
    ['parqueaderos', i.parqueaderos],
    ['piso', i.piso],
    ['ascensor', i.ascensor],
    ['descripcion', i.descripcion],
    ['caracteristicas', i.caracteristicas],
    ['fotos', i.fotos.map((f) => `${base}${f.grande}`)],
  ];
  return campos.filter((c): c is [string, Valor] => {
    const v = c[1];
    return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
  });
}

// Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/FFFF): dropped.
const NO_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const escaparXml = (s: string) =>
  s
    .replace(NO_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The children of a list: <fotos><foto>, <caracteristicas><caracteristica>. */
const HIJO: Record<string, string> = { fotos: 'foto', caracteristicas: 'caracteristica' };

export type Feed = { contenido: string; contentType: string; etag: string };

/**
 * The whole feed: XML `<inmuebles inmobiliaria=… total=…>` with one `<inmueble>` per property, or JSON
 * `{inmobiliaria, total, inmuebles}`. No generation time in it, so the ETag (a hash of the text) changes
 * only when what is published changes, and a portal that reads again gets 304.
 */
/** Which page of the feed this is: the company's total, this page, the page size, the pages, the next one's address. */
export type PaginadoFeed = { total: number; pagina: number; por_pagina: number; paginas: number; siguiente: string | null };

export function generarFeed(o: {
  formato: FormatoFeed;
  empresa: EmpresaSitio;
  inmuebles: InmueblePublico[];
  base: string;
  paginado?: PaginadoFeed;
}): Feed {
  const p: PaginadoFeed = o.paginado ?? {
    total: o.inmuebles.length,
    pagina: 1,
    por_pagina: Math.max(1, o.inmuebles.length),
    paginas: 1,
    siguiente: null,
  };
  const items = o.inmuebles.map((i) => itemFeed(i, o.base, o.empresa.id_empresa));
  const inmobiliaria = {
    nombre: o.empresa.nombre || 'Inmobiliaria',
    telefonos: o.empresa.telefonos,
    email: o.empresa.email,
    sitio: `${o.base}/sitio/${o.empresa.id_empresa}`,
  };
  let contenido: string;
  let contentType: string;
  if (o.formato === 'json') {
    contenido = JSON.stringify({
      inmobiliaria,
      total: p.total,
      pagina: p.pagina,
      por_pagina: p.por_pagina,
      paginas: p.paginas,
      siguiente: p.siguiente,
      inmuebles: items.map((c) => Object.fromEntries(c)),
    });
    contentType = 'application/json; charset=utf-8';
  } else {
    const attr = Object.entries(inmobiliaria)
      .map(([k, v]) => `${k === 'nombre' ? 'inmobiliaria' : k}="${escaparXml(v)}"`)
      .join(' ');
    const paginado = `total="${p.total}" pagina="${p.pagina}" por_pagina="${p.por_pagina}" paginas="${p.paginas}"${
      p.siguiente ? ` siguiente="${escaparXml(p.siguiente)}"` : ''
    }`;
    const partes = ['<?xml version="1.0" encoding="UTF-8"?>', `<inmuebles ${attr} ${paginado}>`];
    for (const campos of items) {
      partes.push(' <inmueble>');
      for (const [nombre, v] of campos) {
        if (Array.isArray(v)) {
          const hijo = HIJO[nombre] ?? 'item';
          partes.push(`  <${nombre}>${v.map((x) => `<${hijo}>${escaparXml(x)}</${hijo}>`).join('')}</${nombre}>`);
        } else partes.push(`  <${nombre}>${escaparXml(String(v))}</${nombre}>`);
      }
      partes.push(' </inmueble>');
    }
    partes.push('</inmuebles>');
    contenido = `${partes.join('\n')}\n`;
    contentType = 'application/xml; charset=utf-8';
  }
  const etag = `"${createHash('sha1').update(contenido).digest('base64url')}"`;
  return { contenido, contentType, etag };
}
