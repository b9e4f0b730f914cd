import { z } from 'zod';
import { ZNit } from './nit.ts';
import { MAX_INT } from './campos.ts';

/** Empty, or a value the schema accepts (its own message, not the union's generic one). */
function vacioO<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .string({ error: 'debe ser un texto' })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') return;
      const r = schema.safeParse(v);
      if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'no es válido' });
    })
    .transform((v) => (v === '' ? '' : (schema.parse(v) as string)));
}

export const ZEmpresa = z.object({
  id_Empresa: z.number().int(),
  nombre: z.string(),
  nit: z.string(),
  direccion: z.string(),
  telefonos: z.string(),
  email: z.string(),
  web: z.string(),
  logo: z.string().nullable(),
  defaultAgencia: z.number().int(),
  defaultAsesor: z.string().nullable(),
  defaultAuxiliar: z.string().nullable(),
  /** The public site's main colour (#RRGGBB). */
  colorSitio: z.string(),
});
export type Empresa = z.infer<typeof ZEmpresa>;

export const ZAgencia = z.object({
  id: z.number().int(),
  nombre: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  activo: z.boolean(),
});
export type Agencia = z.infer<typeof ZAgencia>;

export const ZInfoEmpresa = ZEmpresa.extend({
  usuariosActivos: z.number().int(),
  agencias: z.array(ZAgencia),
});
export type InfoEmpresa = z.infer<typeof ZInfoEmpresa>;

export const ZONAS_HORARIAS = ['America/Bogota', 'America/Panama', 'America/Lima', 'America/Mexico_City', 'America/New_York'];
export const MONEDAS = ['COP', 'USD'] as const;

const hora = z
  .string({ error: 'debe ser una hora' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'debe ser una hora de 00:00 a 23:59' });

export const DIAS_SEMANA = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** Settings later modules read; each has a default so a company that never saved them works. */
export const ZAjustes = z.object({
  diasVigenciaConsignacion: z.coerce
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(1, { error: 'debe ser al menos 1' })
    .max(3650, { error: 'debe ser como máximo 3650' })
    .default(90),
  minutosBloqueoEdicion: z.coerce
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(1, { error: 'debe ser al menos 1' })
    .max(1440, { error: 'debe ser como máximo 1440' })
    .default(30),
  urlMosaicoMapa: z
    .string()
    .trim()
    .max(300, { error: 'admite máximo 300 caracteres' })
    .regex(/^https:\/\/\S*\{z\}\S*\{x\}\S*\{y\}\S*$/, {
      error: 'debe ser una dirección https con {z}, {x} y {y}, por ejemplo https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    })
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Credit shown on the map, as the tile provider asks (plain text). */
  atribucionMapa: z
    .string({ error: 'debe ser un texto' })
    .trim()
    .max(200, { error: 'admite máximo 200 caracteres' })
    .default('© colaboradores de OpenStreetMap'),
  zonaHoraria: z
    .string()
    .trim()
    .refine((v) => ZONAS_HORARIAS.includes(v), { error: 'no es una zona horaria admitida' })
    .default('America/Bogota'),
  moneda: z.enum(MONEDAS, { error: `debe ser una de: ${MONEDAS.join(', ')}` }).default('COP'),
  correoRemitente: vacioO(z.email({ error: 'no es un correo válido' })).default(''),
  nombreRemitente: z.string().trim().max(100, { error: 'admite máximo 100 caracteres' }).default(''),
  /** Office hours: a cita outside them asks before saving (issue 25). Days are ISO, 1 = lunes … 7 = domingo. */
  horarioDias: z
    .array(z.number({ error: 'debe ser un día de la semana' }).int().min(1).max(7), { error: 'debe ser una lista de días' })
    .max(7, { error: 'admite máximo 7 días' })
    .default([1, 2, 3, 4, 5, 6]),
  horarioDesde: hora.default('08:00'),
  horarioHasta: hora.default('18:00'),
});
export type Ajustes = z.output<typeof ZAjustes>;

/** Stored settings read leniently: a value that no longer validates falls back to its default. */
export function ajustesDe(guardado: unknown): Ajustes {
  const base = ZAjustes.parse({});
  if (typeof guardado !== 'object' || guardado === null) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(guardado)) {
    if (!(k in base)) continue;
    const r = ZAjustes.shape[k as keyof Ajustes].safeParse(v);
    if (r.success) out[k] = r.data;
  }
  return out as Ajustes;
}

/** objConfigurar (spec §3). */
export const ZConfiguracion = z.object({
  carpeta_de_archivos_web: z.string(),
  https: z.boolean(),
  ajustes: ZAjustes,
});
export type Configuracion = z.infer<typeof ZConfiguracion>;

/**
 * GET /inicio/resumen: the home counters. null: the user may not see that module, or it is not built
 * yet (the web says «Módulo en construcción» when the user has its permission). The «mis» counters are
 * the user's own work: properties where they are asesor, leads they attend.
 */
export const ZInicioResumen = z.object({
  inmueblesDisponibles: z.number().int().nullable(),
  consignacionesPorVencer: z.number().int().nullable(),
  clientesAbiertos: z.number().int().nullable(),
  solicitudesNuevas: z.number().int().nullable(),
  citasHoy: z.number().int().nullable(),
  tareasAbiertas: z.number().int().nullable(),
});
export type InicioResumen = z.infer<typeof ZInicioResumen>;

// ---- Administration of the company (idm 3) and configuration (idm 55) ----

const texto = (max: number) =>
  z
    .string({ error: 'debe ser un texto' })
    .trim()
    .max(max, { error: `admite máximo ${max} caracteres` });

export const ZEmpresaActualizar = z.object({
  nombre: texto(120).min(1, { error: 'es obligatorio' }),
  /** Absent: unchanged (older clients do not send it). */
  colorSitio: z
    .string({ error: 'debe ser un texto' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'debe ser un color #RRGGBB' })
    .transform((v) => v.toLowerCase())
    .optional(),
  /** Empty while the company has no NIT yet; otherwise número-DV with the right check digit. */
  nit: vacioO(ZNit).default(''),
  direccion: texto(200).default(''),
  telefonos: texto(100).default(''),
  email: vacioO(z.email({ error: 'no es un correo válido' })).default(''),
  web: vacioO(z.url({ protocol: /^https?$/, error: 'debe ser una dirección web que empiece por http:// o https://' })).default(
    '',
  ),
  defaultAgencia: z.coerce
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(0, { error: 'no puede ser negativo' })
    .max(MAX_INT, { error: 'debe ser una agencia existente' })
    .default(0),
  defaultAsesor: z
    .string()
    .trim()
    .max(60)
    .nullable()
    .default(null)
    .transform((v) => v || null),
  defaultAuxiliar: z
    .string()
    .trim()
    .max(60)
    .nullable()
    .default(null)
    .transform((v) => v || null),
});
export type EmpresaActualizar = z.output<typeof ZEmpresaActualizar>;
export type EmpresaActualizarInput = z.input<typeof ZEmpresaActualizar>;

export const ZAgenciaGuardar = z.object({
  nombre: texto(100).min(1, { error: 'es obligatorio' }),
  direccion: texto(200).default(''),
  telefono: texto(60).default(''),
  activo: z.boolean({ error: 'debe ser sí o no' }).default(true),
});
export type AgenciaGuardar = z.output<typeof ZAgenciaGuardar>;

/** A user offered as default asesor or auxiliar. */
export const ZUsuarioOpcion = z.object({ usuario: z.string(), nombre: z.string() });
export type UsuarioOpcion = z.infer<typeof ZUsuarioOpcion>;

export const ZLogoSubido = z.object({ nombreArchivo: z.string() });
export const LOGO_MIN_PX = { width: 100, height: 40 } as const;
export const logoUrl = (logo: string | null | undefined) => (logo ? `/api/empresa/logo/${encodeURIComponent(logo)}` : null);

export const ZConfiguracionActualizar = z.object({
  carpeta_de_archivos_web: texto(200)
    .regex(/^[A-Za-z0-9._/-]*$/, { error: 'solo admite letras sin tilde, números y . _ / -' })
    .default(''),
  https: z.boolean({ error: 'debe ser sí o no' }).default(true),
  ajustes: ZAjustes.default(ZAjustes.parse({})).refine((a) => a.horarioDesde < a.horarioHasta, {
    error: 'debe ser posterior a la hora de apertura',
    path: ['horarioHasta'],
  }),
});
export type ConfiguracionActualizar = z.output<typeof ZConfiguracionActualizar>;

// ---- The public API of Página web: its key and the origins allowed to read it (CORS) ----

/** How many origins a company may allow; a site and its variants (www, staging) fit easily. */
export const MAX_ORIGENES_CORS = 20;

/**
 * An origin as a browser sends it: `https://host[:port]`, or `http://localhost[:port]` (also 127.0.0.1)
 * for a developer's machine. Plain http elsewhere is refused: the site would leak its visitors' searches.
 */
const ORIGEN =
  /^(https:\/\/(?=.{1,253}(:|$))([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|http:\/\/(localhost|127\.0\.0\.1))(:\d{1,5})?$/;

export const ZOrigenCors = z
  .string({ error: 'El campo Orígenes permitidos debe ser una lista de textos' })
  .trim()
  .transform((v) => v.toLowerCase().replace(/\/+$/, ''))
  .refine((v) => ORIGEN.test(v) && Number(v.split(':')[2] ?? '1') <= 65535, {
    error: (i) =>
      `El campo Orígenes permitidos: «${String(i.input).slice(0, 80)}» no es un origen válido (use https://dominio[:puerto] o http://localhost[:puerto], sin ruta)`,
  });

/** A host name of at least two labels, the last one letters (no IP, no port, no scheme, no path). */
const DOMINIO = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The company's own domain for its public site; empty means none. */
export const ZDominioPropio = z
  .string({ error: 'El campo Dominio propio debe ser un texto' })
  .trim()
  .transform((v) => v.toLowerCase().replace(/\.$/, ''))
  .refine((v) => v === '' || DOMINIO.test(v), {
    error: (i) =>
      `El campo Dominio propio: «${String(i.input).slice(0, 80)}» no es un nombre de dominio válido (p. ej. www.suinmobiliaria.com, sin https:// ni ruta)`,
  })
  .transform((v) => v || null);

/**
 * PUT /api/empresa/api-publica. clave: «generar» makes a new key (the old one stops working at once),
 * «quitar» leaves the company without one; origenes replaces the list (duplicates dropped); dominio is
 * the site's own domain (null or empty: none).
 */
export const ZApiPublicaCambio = z
  .object({
    clave: z.enum(['generar', 'quitar'], { error: 'El campo Clave debe ser generar o quitar' }).optional(),
    origenes: z
      .array(ZOrigenCors, { error: 'El campo Orígenes permitidos debe ser una lista de textos' })
      .max(MAX_ORIGENES_CORS, { error: `El campo Orígenes permitidos admite máximo ${MAX_ORIGENES_CORS} orígenes` })
      .transform((v) => [...new Set(v)])
      .optional(),
    dominio: ZDominioPropio.nullable().optional(),
  })
  .refine((v) => v.clave !== undefined || v.origenes !== undefined || v.dominio !== undefined, {
    error: 'Indique la clave, los orígenes permitidos o el dominio propio',
  });
export type ApiPublicaCambio = z.output<typeof ZApiPublicaCambio>;
export const ZApiPublica = z.object({
  clave: z.string().nullable(),
  origenes: z.array(z.string()),
  dominio: z.string().nullable(),
});
export type ApiPublica = z.infer<typeof ZApiPublica>;
