import { z } from 'zod';
import { ETIQUETAS_INMUEBLE } from '@predio/contract/inmuebles';
import { AJUSTES_PORTAL } from '@predio/contract/portales';
import {
  enArriendo,
  enVenta,
  ErrorPortal,
  llamar,
  type AdaptadorPortal,
  type AjustesPortal,
  type EstadoEnPortal,
  type FichaPortal,
  sinEquivalencia,
} from './adaptador.ts';

/*
 * Metrocuadrado, «PTEC Core» API. Verified from its integrators' SDK description (homlity/sdk-metrocuadrado,
 * written on the official documentation): every call carries the integrator's API key; the catalogues need
 * only the key; everything else needs a token obtained with the agency's username, password and
 * identification; 19 endpoints over authentication, catalogues, agents, branches, properties and
 * transactions. The paths and field names below are Predio's reading of that contract and are to be
 * confirmed with a real key before going live (each is one line here and one in the fake):
 *   POST /auth/login {username, password, identification} → {token, expiresIn (s)}   header x-api-key
 *   POST /properties → {id}; PUT /properties/{id}; PATCH /properties/{id}/status {status};
 *   GET /properties/{id} → {id, status, statusReason}; POST /properties/{id}/images (multipart image, position)
 *   the property's offers travel as `transactions` (ARRIENDO / VENTA with their price).
 */

/** Metrocuadrado's property type for ours; one without a type cannot be published there. */
export const TIPOS_METROCUADRADO: Record<string, string> = {
  apartamento: 'APARTAMENTO',
  apartaestudio: 'APARTAESTUDIO',
  casa: 'CASA',
  local: 'LOCAL',
  oficina: 'OFICINA',
  consultorio: 'CONSULTORIO',
  bodega: 'BODEGA',
  lote: 'LOTE',
  finca: 'FINCA',
  edificio: 'EDIFICIO',
};

/** The portal's status of a listing → ours (the reconciliation). */
export const ESTADOS_METROCUADRADO = ['PUBLISHED', 'PENDING', 'INACTIVE', 'REJECTED', 'EXPIRED'] as const;

const area = z.number().positive().optional();
const ZTransaccion = z.object({
  type: z.enum(['ARRIENDO', 'VENTA']),
  price: z.number().int().positive({ error: 'Metrocuadrado: el precio debe ser mayor que cero' }),
});

/** The property as Predio sends it to PTEC Core (see the contract above). */
export const ZMetrocuadradoInmueble = z.object({
  externalCode: z.string().min(1).max(40),
  identification: z.string().min(1, { error: 'Metrocuadrado: falta la identificación de la inmobiliaria' }),
  propertyType: z.enum(Object.values(TIPOS_METROCUADRADO) as [string, ...string[]]),
  transactions: z.array(ZTransaccion).min(1),
  adminFee: z.number().int().nonnegative().optional(),
  location: z.object({
    department: z.string().min(1),
    city: z.string().min(1),
    daneCode: z
      .string()
      .regex(/^\d{5}$/)
      .optional(),
    neighborhood: z.string().min(1).optional(),
    /** Metrocuadrado's catalogue ids, from the company's equivalences (docs/portales.md). */
    cityId: z.string().min(1).optional(),
    neighborhoodId: z.string().min(1).optional(),
    address: z.string().min(1),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
  }),
  stratum: z.number().int().min(1).max(6),
  builtArea: area,
  privateArea: area,
  lotArea: area,
  bedrooms: z.number().int().nonnegative(),
  bathrooms: z.number().int().nonnegative(),
  parkingLots: z.number().int().nonnegative(),
  floor: z.number().int().optional(),
  constructionYear: z.number().int().min(1500).max(2100).optional(),
  title: z.string().min(1).max(120),
  description: z.string().min(1),
});
export type MetrocuadradoInmueble = z.infer<typeof ZMetrocuadradoInmueble>;

const L = ETIQUETAS_INMUEBLE;
const A = AJUSTES_PORTAL.metrocuadrado;
const construida = (f: FichaPortal) => f.area_construida ?? f.area_privada;

function faltantes(f: FichaPortal, a: AjustesPortal): string[] {
  const out: string[] = [];
  const tipo = TIPOS_METROCUADRADO[f.tipo];
  if (!tipo) out.push(`${L.tipo} (Metrocuadrado no tiene «${f.tipo}»)`);
  if (enArriendo(f) && !f.canon) out.push(L.canon);
  if (enVenta(f) && !f.precio_venta) out.push(L.precio_venta);
  if (tipo === 'LOTE' || tipo === 'FINCA') {
    if (!f.area_lote) out.push(L.area_lote);
  } else if (tipo && !construida(f)) out.push(`${L.area_construida} o ${L.area_privada}`);
  // Metrocuadrado's search filters by stratum: a listing without one is refused.
  if (!f.estrato) out.push(L.estrato);
  if (!f.direccion.trim()) out.push(L.direccion);
  if (!f.descripcion.trim()) out.push(L.descripcion);
  if (!a.usuario) out.push(`${A.usuario!.etiqueta} (configuración del portal)`);
  if (!a.cuenta) out.push(`${A.cuenta!.etiqueta} (configuración del portal)`);
  // Once the company loaded Metrocuadrado's cities (barrios), each property's must have its equivalence.
  const eq = f.equivalencias;
  if (eq?.conCatalogo.ciudad && !eq.ciudad) out.push(sinEquivalencia('Municipio', 'Metrocuadrado', f.municipio));
  if (f.barrio && eq?.barriosDeCiudad && !eq.barrio) out.push(sinEquivalencia('Barrio', 'Metrocuadrado', f.barrio));
  return out;
}

function mapear(f: FichaPortal, a: AjustesPortal): MetrocuadradoInmueble {
  const tipo = TIPOS_METROCUADRADO[f.tipo]!;
  const transacciones: MetrocuadradoInmueble['transactions'] = [];
  if (enArriendo(f)) transacciones.push({ type: 'ARRIENDO', price: Math.round(f.canon ?? 0) });
  if (enVenta(f)) transacciones.push({ type: 'VENTA', price: Math.round(f.precio_venta ?? 0) });
  const nombreTipo = f.tipo.charAt(0).toUpperCase() + f.tipo.slice(1);
  const operacion = f.gestion === 'venta' ? 'venta' : f.gestion === 'arriendo' ? 'arriendo' : 'arriendo y venta';
  const lote = tipo === 'LOTE' || tipo === 'FINCA';
  return {
    externalCode: String(f.consecutivo),
    identification: a.cuenta,
    propertyType: tipo,
    transactions: transacciones,
    ...(f.administracion ? { adminFee: Math.round(f.administracion) } : {}),
    location: {
      department: f.departamento,
      city: f.municipio,
      ...(f.codigo_dane && /^\d{5}$/.test(f.codigo_dane) ? { daneCode: f.codigo_dane } : {}),
      ...(f.barrio ? { neighborhood: f.barrio } : {}),
      ...(f.equivalencias?.ciudad ? { cityId: f.equivalencias.ciudad.codigo } : {}),
      ...(f.equivalencias?.barrio ? { neighborhoodId: f.equivalencias.barrio } : {}),
      address: f.direccion.trim(),
      ...(f.lat !== null && f.lng !== null ? { latitude: f.lat, longitude: f.lng } : {}),
    },
    stratum: f.estrato!,
    ...(!lote && f.area_construida ? { builtArea: f.area_construida } : {}),
    ...(!lote && f.area_privada ? { privateArea: f.area_privada } : {}),
    ...(f.area_lote ? { lotArea: f.area_lote } : {}),
    bedrooms: f.habitaciones,
    bathrooms: f.banos,
    parkingLots: f.parqueaderos,
    ...(f.piso !== null ? { floor: f.piso } : {}),
    ...(f.anio_construccion && f.anio_construccion >= 1500 ? { constructionYear: f.anio_construccion } : {}),
    title: `${nombreTipo} en ${operacion}${f.barrio ? `, ${f.barrio}` : ''} - ${f.municipio}`.slice(0, 120),
    description: f.descripcion.trim(),
  };
}

/** The token is renewed this long before Metrocuadrado says it expires. */
const MARGEN_TOKEN_MS = 60_000;

/** Metrocuadrado's reasons (statusReason) come in Spanish already; a missing one gets a sentence of ours. */
export function estadoDe(cuerpo: Record<string, unknown> | null): EstadoEnPortal {
  const status = typeof cuerpo?.status === 'string' ? cuerpo.status.toUpperCase() : '';
  const razon = typeof cuerpo?.statusReason === 'string' && cuerpo.statusReason.trim() ? cuerpo.statusReason.trim() : '';
  switch (status) {
    case 'PUBLISHED':
      return { estado: 'publicado' };
    case 'PENDING':
      return { estado: 'pendiente' };
    case 'REJECTED':
      return { estado: 'error', motivo: `Metrocuadrado rechazó el inmueble: ${razon || 'sin motivo indicado'}` };
    case 'EXPIRED':
      return { estado: 'despublicado', motivo: `Metrocuadrado lo retiró: ${razon || 'la publicación venció'}` };
    case 'INACTIVE':
      return { estado: 'despublicado', motivo: razon ? `Metrocuadrado lo retiró: ${razon}` : undefined };
    default:
      return { estado: 'error', motivo: `Metrocuadrado informó un estado desconocido «${status || 'vacío'}»` };
  }
}

export const metrocuadrado: AdaptadorPortal<MetrocuadradoInmueble> = {
  portal: 'metrocuadrado',
  nombre: 'Metrocuadrado',
  esquema: ZMetrocuadradoInmueble,
  faltantes,
  mapear,
  cliente(c, signal) {
    const base = (c.url || A.url).replace(/\/+$/, '');
    const claveApi = c.claveApi ?? '';
    let token: { valor: string; vence: number } | null = null;

    const conClave = (init: RequestInit): RequestInit => ({
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-api-key': claveApi },
    });
    /** 403 is the API key (the gateway's answer); 401 on login is the username, password or identification. */
    const credencialMala = (e: unknown, alEntrar: boolean) => {
      if (!(e instanceof ErrorPortal)) return e;
      if (e.status === 403)
        return new ErrorPortal(
          'Metrocuadrado rechazó la Clave de la API (x-api-key) (403): revísela en la pantalla de Metrocuadrado',
          false,
          undefined,
          403,
        );
      if (alEntrar && (e.status === 401 || e.status === 400))
        return new ErrorPortal(
          `Metrocuadrado rechazó el usuario, la contraseña o la identificación (${e.status}): revíselos en la pantalla de Metrocuadrado`,
          false,
          undefined,
          e.status,
        );
      return e;
    };

    const obtenerToken = async () => {
      if (!claveApi)
        throw new ErrorPortal(
          'Falta la Clave de la API (x-api-key) de Metrocuadrado: escríbala en la pantalla del portal',
          false,
        );
      if (token && token.vence - MARGEN_TOKEN_MS > Date.now()) return token.valor;
      let r: Record<string, unknown> | null;
      try {
        r = await llamar(
          'Metrocuadrado',
          `${base}/auth/login`,
          conClave({
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: c.usuario, password: c.secreto, identification: c.cuenta }),
          }),
          signal,
        );
      } catch (e) {
        throw credencialMala(e, true);
      }
      if (typeof r?.token !== 'string' || !r.token)
        throw new ErrorPortal('Metrocuadrado no devolvió un token: se reintentará', true);
      const vida = typeof r.expiresIn === 'number' && r.expiresIn > 0 ? r.expiresIn * 1000 : 5 * 60_000;
      token = { valor: r.token, vence: Date.now() + vida };
      return token.valor;
    };

    /** One authorised call; a 401 means the token died early: one new token, once. */
    const conToken = async (url: string, init: RequestInit) => {
      const intentar = async () =>
        llamar(
          'Metrocuadrado',
          url,
          conClave({
            ...init,
            headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${await obtenerToken()}` },
          }),
          signal,
        );
      try {
        return await intentar();
      } catch (e) {
        if (!(e instanceof ErrorPortal) || e.status !== 401) throw credencialMala(e, false);
        token = null;
        try {
          return await intentar();
        } catch (e2) {
          throw credencialMala(e2, false);
        }
      }
    };
    const json = (metodo: string, cuerpo: unknown): RequestInit => ({
      method: metodo,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cuerpo),
    });
    const inmueble = (id: string) => `${base}/properties/${encodeURIComponent(id)}`;

    return {
      async autenticar() {
        token = null;
        await obtenerToken();
      },
      async publicar(p) {
        const r = await conToken(`${base}/properties`, json('POST', p));
        const id = r?.id;
        if ((typeof id !== 'string' && typeof id !== 'number') || id === '')
          throw new ErrorPortal('Metrocuadrado no devolvió el id del inmueble: use Actualizar', false);
        return { idExterno: String(id) };
      },
      async actualizar(id, p) {
        await conToken(inmueble(id), json('PUT', p));
      },
      async despublicar(id) {
        try {
          await conToken(`${inmueble(id)}/status`, json('PATCH', { status: 'INACTIVE' }));
        } catch (e) {
          // Unknown to Metrocuadrado: it is not on show, which is what was asked.
          if (e instanceof ErrorPortal && e.status === 404) return;
          throw e;
        }
      },
      async subirFoto(id, foto) {
        const datos = new FormData();
        datos.set('position', String(foto.posicion));
        datos.set('image', new Blob([new Uint8Array(foto.contenido)], { type: 'image/jpeg' }), foto.nombre);
        await conToken(`${inmueble(id)}/images`, { method: 'POST', body: datos });
      },
      // Catalogues (the API key only): GET /catalogs/cities, /catalogs/neighborhoods?cityId= (inferred
      // like the rest of PTEC Core's paths). Types are Predio's fixed list (TIPOS_METROCUADRADO).
      async leerCatalogo(clase, padre) {
        const lista = async (ruta: string) => {
          try {
            const r = await llamar('Metrocuadrado', `${base}${ruta}`, conClave({ method: 'GET' }), signal);
            return (Array.isArray(r) ? r : []) as Record<string, unknown>[];
          } catch (e) {
            throw credencialMala(e, false);
          }
        };
        const texto = (v: unknown) => (v === null || v === undefined ? '' : String(v));
        if (clase === 'ciudad')
          return (await lista('/catalogs/cities')).map((x) => ({
            codigo: texto(x.id),
            nombre: texto(x.name),
            padre: texto(x.departmentId),
            detalle: texto(x.departmentName),
          }));
        if (clase === 'barrio' && padre)
          return (await lista(`/catalogs/neighborhoods?cityId=${encodeURIComponent(padre)}`)).map((x) => ({
            codigo: texto(x.id),
            nombre: texto(x.name),
            padre,
            detalle: '',
          }));
        return [];
      },
      async leerEstado(id) {
        try {
          return estadoDe(await conToken(inmueble(id), { method: 'GET' }));
        } catch (e) {
          if (e instanceof ErrorPortal && e.status === 404) return { estado: 'no_existe' };
          throw e;
        }
      },
    };
  },
};
