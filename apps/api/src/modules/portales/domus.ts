import { z } from 'zod';
import { ETIQUETAS_INMUEBLE } from '@predio/contract/inmuebles';
import { AJUSTES_PORTAL } from '@predio/contract/portales';
import { normalTexto as normal } from '../../platform/texto.ts';
import {
  enArriendo,
  enVenta,
  ErrorPortal,
  llamar,
  type AdaptadorPortal,
  type EstadoEnPortal,
  type FichaPortal,
} from './adaptador.ts';

/*
 * Domus API 3.0 (apiv3get.domus.la/docs/3.0): every call carries the agency's token as the raw
 * `Authorization` header. A property is created with POST /properties (form fields; answers
 * {code, message, property: {idpro, codpro}}), changed with PUT /properties/{codpro} (form fields, never
 * the status) and its status with PUT /properties/status/{codpro} {status, description}. Domus never
 * deletes a property: taking it off means moving it to a withdrawn status. Cities are DANE codes; the
 * business (biz), property type and status are Domus's codes, read from its catalogues GET /general/biz,
 * /general/types and /general/status ({data: [{code, name}]}) and matched by name, so nothing here
 * guesses a code. The pages read do not document a photo upload, so photos are not sent (docs/portales.md).
 */

/** Our property types as Domus names them in /general/types. */
export const TIPOS_DOMUS: Record<string, string> = {
  apartamento: 'APARTAMENTO',
  apartaestudio: 'APARTAESTUDIO',
  casa: 'CASA',
  local: 'LOCAL',
  oficina: 'OFICINA',
  bodega: 'BODEGA',
  lote: 'LOTE',
  finca: 'FINCA',
  consultorio: 'CONSULTORIO',
  edificio: 'EDIFICIO',
  habitación: 'HABITACION',
  parqueadero: 'PARQUEADERO',
};
const NEGOCIO_DOMUS = { arriendo: 'ARRIENDO', venta: 'VENTA', arriendo_venta: 'ARRIENDO Y VENTA' } as const;
/** Statuses that take a property off, in order of preference, as /general/status names them. */
const ESTADOS_RETIRO = ['RETIRADO', 'NO DISPONIBLE', 'INACTIVO'];

const entero = z.number().int().nonnegative();
const monto = z.number().nonnegative();

/**
 * The property as Domus's create/update form takes it. `type` and `biz` hold Domus's catalogue names;
 * the client turns them into codes from the catalogue before sending.
 */
export const ZDomusInmueble = z.object({
  reference: z.string().min(1).max(30),
  city: z.string().regex(/^\d{5}$/, { error: 'Domus: la ciudad debe ser un código DANE de 5 dígitos' }),
  address: z.string().min(1, { error: 'Domus: falta la dirección' }).max(250),
  neighborhood: z.string().max(120).optional(),
  biz: z.enum(Object.values(NEGOCIO_DOMUS) as [string, ...string[]]),
  type: z.string().min(1),
  rent: monto.optional(),
  saleprice: monto.optional(),
  administration: monto.optional(),
  area_cons: monto.optional(),
  private_area: monto.optional(),
  area_lot: monto.optional(),
  bedrooms: entero,
  bathrooms: entero,
  parking: entero,
  stratum: z.number().int().min(0).max(6).optional(),
  floor: z.string().max(10).optional(),
  built_year: z.number().int().min(1800).max(2100).optional(),
  description: z.string().min(1, { error: 'Domus: falta la descripción' }).max(5000),
  latitude: z.string().optional(),
  longitude: z.string().optional(),
});
export type DomusInmueble = z.infer<typeof ZDomusInmueble>;

const L = ETIQUETAS_INMUEBLE;

function faltantes(f: FichaPortal): string[] {
  const out: string[] = [];
  if (!TIPOS_DOMUS[f.tipo]) out.push(`${L.tipo} (Domus no tiene «${f.tipo}»)`);
  if (!f.codigo_dane || !/^\d{5}$/.test(f.codigo_dane))
    out.push(`Código DANE del municipio ${f.municipio} (maestro de municipios)`);
  if (!f.direccion.trim()) out.push(L.direccion);
  if (enArriendo(f) && !f.canon) out.push(L.canon);
  if (enVenta(f) && !f.precio_venta) out.push(L.precio_venta);
  if (!f.descripcion.trim()) out.push(L.descripcion);
  return out;
}

const opcional = <T>(v: T | null | undefined) => (v === null || v === undefined || v === 0 ? undefined : v);

function mapear(f: FichaPortal): DomusInmueble {
  return {
    reference: String(f.consecutivo),
    city: f.codigo_dane ?? '',
    address: f.direccion.trim(),
    neighborhood: f.barrio ?? undefined,
    biz: NEGOCIO_DOMUS[f.gestion],
    type: TIPOS_DOMUS[f.tipo]!,
    rent: enArriendo(f) ? (f.canon ?? undefined) : undefined,
    saleprice: enVenta(f) ? (f.precio_venta ?? undefined) : undefined,
    administration: opcional(f.administracion),
    area_cons: opcional(f.area_construida),
    private_area: opcional(f.area_privada),
    area_lot: opcional(f.area_lote),
    bedrooms: f.habitaciones,
    bathrooms: f.banos,
    parking: f.parqueaderos,
    stratum: f.estrato ?? undefined,
    floor: f.piso === null ? undefined : String(f.piso),
    built_year: f.anio_construccion ?? undefined,
    description: f.descripcion.trim(),
    latitude: f.lat === null ? undefined : String(f.lat),
    longitude: f.lng === null ? undefined : String(f.lng),
  };
}

/** Domus may answer an error with HTTP 200 and its own `code`: treated as the HTTP status it names. */
function revisar(j: Record<string, unknown> | null): Record<string, unknown> {
  const code = typeof j?.code === 'number' ? j.code : 200;
  const m = typeof j?.message === 'string' ? j.message : 'error sin detalle';
  if (code === 401 || code === 403)
    throw new ErrorPortal(`Domus rechazó el token (${code}): ${m}. Revíselo en la pantalla de Domus`, false, undefined, code);
  if (code >= 500) throw new ErrorPortal(`Domus falló (${code}): ${m}: se reintentará`, true, undefined, code);
  if (code >= 400) throw new ErrorPortal(`Domus rechazó el inmueble (${code}): ${m}`, false, undefined, code);
  return j ?? {};
}

/** The property in a GET /properties/{codpro} answer: `data` (an object or a one-item list) or `property`. */
function propiedadDe(r: Record<string, unknown>): Record<string, unknown> | null {
  const d = r.data ?? r.property;
  const x = Array.isArray(d) ? d[0] : d;
  return x && typeof x === 'object' ? (x as Record<string, unknown>) : null;
}

/**
 * A Domus property's status as the reconciliation reads it: «Disponible» is on show; a withdrawn,
 * rented or sold status is off (naming it: someone changed it in Domus); any other is «Error» naming it.
 * `status` may come as a code, a name or {code, name}.
 */
export function estadoDomus(p: Record<string, unknown> | null, nombres: Map<number, string>): EstadoEnPortal {
  if (!p) return { estado: 'no_existe' };
  const st = p.status as unknown;
  const obj = st && typeof st === 'object' ? (st as { code?: unknown; name?: unknown }) : null;
  const codigo = Number(obj ? obj.code : st);
  const nombre =
    typeof obj?.name === 'string'
      ? obj.name
      : typeof st === 'string' && !/^\d+$/.test(st)
        ? st
        : (nombres.get(codigo) ?? `código ${String(obj ? obj.code : st)}`);
  const n = normal(nombre);
  if (n === normal('Disponible')) return { estado: 'publicado' };
  if ([...ESTADOS_RETIRO, 'ARRENDADO', 'VENDIDO'].some((e) => normal(e) === n))
    return { estado: 'despublicado', motivo: `Domus lo tiene en estado «${nombre}»` };
  return { estado: 'error', motivo: `Domus informó un estado que Predio no publica: «${nombre}»` };
}

export const domus: AdaptadorPortal<DomusInmueble> = {
  portal: 'domus',
  nombre: 'Domus',
  esquema: ZDomusInmueble,
  faltantes,
  mapear,
  cliente(c, signal) {
    const base = (c.url || AJUSTES_PORTAL.domus.url).replace(/\/+$/, '');
    const auth = { authorization: c.secreto };
    const catalogos = new Map<string, Map<string, number>>();
    /** Each catalogue's codes → names as Domus writes them (the reconciliation names a status). */
    const nombres = new Map<string, Map<number, string>>();

    const catalogo = async (ruta: string) => {
      let cat = catalogos.get(ruta);
      if (cat) return cat;
      const r = revisar(await llamar('Domus', `${base}${ruta}`, { method: 'GET', headers: auth }, signal));
      const filas = Array.isArray(r.data) ? (r.data as { code?: unknown; name?: unknown }[]) : [];
      cat = new Map(
        filas
          .filter((x) => typeof x.name === 'string' && (typeof x.code === 'number' || typeof x.code === 'string'))
          .map((x) => [normal(String(x.name)), Number(x.code)]),
      );
      catalogos.set(ruta, cat);
      nombres.set(ruta, new Map(filas.filter((x) => typeof x.name === 'string').map((x) => [Number(x.code), String(x.name)])));
      return cat;
    };
    const codigo = async (ruta: string, nombre: string, que: string) => {
      const n = (await catalogo(ruta)).get(normal(nombre));
      if (n === undefined) throw new ErrorPortal(`Domus no tiene «${nombre}» en su catálogo de ${que}`, false);
      return n;
    };
    const formulario = async (p: DomusInmueble) => {
      const campos: Record<string, string | number> = {
        ...Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)),
        biz: await codigo('/general/biz', p.biz, 'negocios'),
        type: await codigo('/general/types', p.type, 'tipos de inmueble'),
      } as Record<string, string | number>;
      return new URLSearchParams(Object.entries(campos).map(([k, v]): [string, string] => [k, String(v)]));
    };
    const enviar = async (metodo: string, ruta: string, cuerpo: URLSearchParams) =>
      revisar(await llamar('Domus', `${base}${ruta}`, { method: metodo, headers: auth, body: cuerpo }, signal));

    return {
      async autenticar() {
        catalogos.delete('/general/status');
        await catalogo('/general/status');
      },
      async publicar(p) {
        const r = await enviar('POST', '/properties', await formulario(p));
        const prop = (r.property ?? {}) as Record<string, unknown>;
        const cod = prop.codpro;
        if (typeof cod !== 'number' && typeof cod !== 'string')
          throw new ErrorPortal('Domus aceptó el inmueble pero no devolvió su codpro', false);
        return { idExterno: String(cod) };
      },
      async actualizar(id, p) {
        await enviar('PUT', `/properties/${encodeURIComponent(id)}`, await formulario(p));
      },
      // The nightly reconciliation: GET /properties/{codpro} (inferred, docs/portales.md) and its status
      // code read through /general/status, like every Domus code here.
      async leerEstado(id) {
        let r: Record<string, unknown>;
        try {
          r = revisar(
            await llamar('Domus', `${base}/properties/${encodeURIComponent(id)}`, { method: 'GET', headers: auth }, signal),
          );
        } catch (e) {
          if (e instanceof ErrorPortal && e.status === 404) return { estado: 'no_existe' };
          throw e;
        }
        await catalogo('/general/status');
        return estadoDomus(propiedadDe(r), nombres.get('/general/status') ?? new Map());
      },
      async despublicar(id) {
        const estados = await catalogo('/general/status');
        const nombre = ESTADOS_RETIRO.find((e) => estados.has(normal(e)));
        if (!nombre)
          throw new ErrorPortal(
            `Domus no tiene un estado de retiro (${ESTADOS_RETIRO.join(', ')}) en su catálogo: no se pudo retirar`,
            false,
          );
        const cuerpo = new URLSearchParams({ status: String(estados.get(normal(nombre))), description: 'Retirado desde Predio' });
        await enviar('PUT', `/properties/status/${encodeURIComponent(id)}`, cuerpo);
      },
    };
  },
};
