import { createHash } from 'node:crypto';
import {
  ETIQUETAS_GESTION,
  ETIQUETAS_INMUEBLE,
  ETIQUETAS_TIPO,
  type Gestion,
  type TipoInmueble,
} from '@predio/contract/inmuebles';
import type { CampoFeed, FormatoFeed } from '@predio/contract/portales';
import { enArriendo, enVenta, type FichaPortal } from './adaptador.ts';
import { urlFotoPublica } from '../../platform/http/url-publica.ts';

// The feed a portal without an integration API reads (issue 34): pure functions from the properties and
// the company's mapping to the XML or JSON text. No database here, so the golden files test all of it.

export type FichaFeed = FichaPortal & { modificado_en: string | null };

export type Mapeo = {
  formato: FormatoFeed;
  campos: { campo: CampoFeed; nombre: string }[];
  tipos: Partial<Record<TipoInmueble, string>>;
};

/** Where the public pieces live: the site's page of a property and its photos. */
export type Enlaces = { base: string; idEmpresa: number };

const AREA_SUFICIENTE: Partial<Record<TipoInmueble, (f: FichaPortal) => boolean>> = {
  lote: (f) => (f.area_lote ?? 0) > 0,
  finca: (f) => (f.area_lote ?? 0) > 0 || (f.area_construida ?? 0) > 0,
  parqueadero: () => true,
};

/**
 * What a listing needs on any portal, named as the property's form names it: its price for its
 * gestión, a description, a photo and an area. A property that lacks one stays out of the feed.
 */
export function faltantesFeed(f: FichaPortal): string[] {
  const faltan: string[] = [];
  if (enArriendo(f) && !(f.canon && f.canon > 0)) faltan.push(ETIQUETAS_INMUEBLE.canon);
  if (enVenta(f) && !(f.precio_venta && f.precio_venta > 0)) faltan.push(ETIQUETAS_INMUEBLE.precio_venta);
  if (!f.descripcion.trim()) faltan.push(ETIQUETAS_INMUEBLE.descripcion);
  if (f.fotos.length === 0) faltan.push('Fotos (al menos una)');
  const area = AREA_SUFICIENTE[f.tipo as TipoInmueble] ?? ((x: FichaPortal) => (x.area_construida ?? x.area_privada ?? 0) > 0);
  if (!area(f)) faltan.push(f.tipo === 'lote' ? ETIQUETAS_INMUEBLE.area_lote : ETIQUETAS_INMUEBLE.area_construida);
  return faltan;
}

type Valor = string | number | string[] | null;

function valor(campo: CampoFeed, f: FichaFeed, m: Mapeo, e: Enlaces): Valor {
  const tipo = m.tipos[f.tipo as TipoInmueble]?.trim() || ETIQUETAS_TIPO[f.tipo as TipoInmueble] || f.tipo;
  const gestion = ETIQUETAS_GESTION[f.gestion as Gestion] ?? f.gestion;
  switch (campo) {
    case 'referencia':
      return String(f.consecutivo);
    case 'titulo':
      return `${ETIQUETAS_TIPO[f.tipo as TipoInmueble] ?? f.tipo} en ${gestion.toLowerCase()} en ${f.barrio ? `${f.barrio}, ` : ''}${f.municipio}`;
    case 'tipo':
      return tipo;
    case 'gestion':
      return gestion;
    case 'fotos':
      return f.fotos.map((id) => urlFotoPublica(e.base, e.idEmpresa, id));
    case 'url':
      return `${e.base}/sitio/${e.idEmpresa}/inmuebles/${f.consecutivo}`;
    case 'actualizado_en':
      return f.modificado_en;
    default:
      return f[campo];
  }
}

/** One property as the portal's mapping names it; empty values are left out rather than sent blank. */
export function item(f: FichaFeed, m: Mapeo, e: Enlaces): [string, Exclude<Valor, null>][] {
  const out: [string, Exclude<Valor, null>][] = [];
  for (const { campo, nombre } of m.campos) {
    const v = valor(campo, f, m, e);
    if (v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out.push([nombre, v]);
  }
  return out;
}

// Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/FFFF): dropped.
const NO_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapar = (s: string) =>
  s
    .replace(NO_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export type Feed = { contenido: string; contentType: string; etag: string };

/**
 * The whole feed. XML: <inmuebles> with one <inmueble> per property and a list field as repeated
 * children (<fotos><foto>…</foto></fotos>); JSON: {inmobiliaria, generado_en, inmuebles: [...]}. The
 * ETag hashes everything but the generation time, so a portal that reads again sees «sin cambios».
 */
export function generarFeed(o: {
  fichas: FichaFeed[];
  mapeo: Mapeo;
  enlaces: Enlaces;
  inmobiliaria: string;
  generadoEn: Date;
}): Feed {
  const items = o.fichas.map((f) => item(f, o.mapeo, o.enlaces));
  const etag = `"${createHash('sha256')
    .update(JSON.stringify([o.mapeo.formato, o.inmobiliaria, items]))
    .digest('base64url')
    .slice(0, 32)}"`;
  const generado = o.generadoEn.toISOString();
  if (o.mapeo.formato === 'json') {
    const inmuebles = items.map((campos) => Object.fromEntries(campos));
    return {
      contenido: JSON.stringify(
        { inmobiliaria: o.inmobiliaria, generado_en: generado, total: inmuebles.length, inmuebles },
        null,
        1,
      ),
      contentType: 'application/json; charset=utf-8',
      etag,
    };
  }
  const partes = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<inmuebles inmobiliaria="${escapar(o.inmobiliaria)}" generado_en="${generado}" total="${items.length}">`,
  ];
  for (const campos of items) {
    partes.push(' <inmueble>');
    for (const [nombre, v] of campos) {
      if (Array.isArray(v)) {
        const hijo = nombre.endsWith('s') && nombre.length > 1 ? nombre.slice(0, -1) : 'item';
        partes.push(`  <${nombre}>${v.map((x) => `<${hijo}>${escapar(x)}</${hijo}>`).join('')}</${nombre}>`);
      } else partes.push(`  <${nombre}>${escapar(String(v))}</${nombre}>`);
    }
    partes.push(' </inmueble>');
  }
  partes.push('</inmuebles>');
  return { contenido: `${partes.join('\n')}\n`, contentType: 'application/xml; charset=utf-8', etag };
}
