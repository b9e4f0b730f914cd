import { z } from 'zod';
import { MAX_INT } from './campos.ts';
import { CLAVES_COMUNES } from './claves-comunes.ts';
import { SUPPORT_USER } from './constants.ts';
import { zListQuery, type ListQuery } from './list.ts';
import { ZIdNumerico } from './validation.ts';

export const ZLoginBody = z.object({
  idEmpresa: ZIdNumerico,
  // spec §5: the username is trimmed before sending; the server trims too.
  usuario: z
    .string({ error: 'es obligatorio' })
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(60, { error: 'admite máximo 60 caracteres' }),
  clave: z
    .string({ error: 'es obligatoria' })
    .min(1, { error: 'es obligatoria' })
    .max(200, { error: 'admite máximo 200 caracteres' }),
});
export type LoginBody = z.infer<typeof ZLoginBody>;

/** JWT claims (spec §3). */
export const ZTokenClaims = z.object({
  idUsuario: z.number().int(),
  idempresa: z.number().int(),
  admemp: z.boolean(),
  nro_id: z.string(),
  agencia: z.number().int(),
  permisos: z.string(),
  nombre_usuario: z.string(),
});
export type TokenClaims = z.infer<typeof ZTokenClaims>;

export const ZLoginData = z.object({ token: z.string() });

export const ZGetUsuarioData = z.object({
  sesion: z.boolean(),
  tipoVistaInmueblesBuscador: z.number().int(),
  /** The permisos the server holds now: the browser applies them on the next page load. */
  permisos: z.string().optional(),
});
export type GetUsuarioData = z.infer<typeof ZGetUsuarioData>;

export const ZDeviceInfo = z.object({
  browser: z.string().max(100).optional().default(''),
  version: z.string().max(100).optional().default(''),
  os: z.string().max(100).optional().default(''),
  platform: z.string().max(100).optional().default(''),
  userAgent: z.string().max(1000).optional().default(''),
});
export const ZGrabarSesionBody = z.object({
  firebaseId: z.string().max(4096).nullable().optional(),
  deviceInfo: ZDeviceInfo,
});
export type GrabarSesionBody = z.infer<typeof ZGrabarSesionBody>;

export const ZIdUsuarioParam = z.object({
  idUsuario: z.coerce
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .min(0, { error: 'no puede ser negativo' })
    .max(MAX_INT, { error: 'es demasiado grande' }),
});

export const ZPermisosData = z.object({ permisos: z.string(), ids: z.array(z.number().int()) });
export type PermisosData = z.infer<typeof ZPermisosData>;

export const ZBitacoraData = z.object({ exito: z.boolean(), data: z.string() });

// ---- Administration of users (idm 37) ----

export const CLAVE_MIN = 8;

/** The password policy: at least 8 characters and not one of the common ones (case and accents aside). */
export function problemaClave(clave: string): string | null {
  if (clave.length < CLAVE_MIN) return `debe tener al menos ${CLAVE_MIN} caracteres`;
  if (esClaveComun(clave)) return 'es demasiado común y fácil de adivinar: elija otra';
  return null;
}

let comunes: Set<string> | null = null;
export function esClaveComun(clave: string): boolean {
  comunes ??= new Set(CLAVES_COMUNES.map(normalClave));
  return comunes.has(normalClave(clave));
}
const normalClave = (s: string) => s.trim().toLowerCase();

export const ZClaveNueva = z
  .string({ error: 'es obligatoria' })
  .max(200, { error: 'admite máximo 200 caracteres' })
  .superRefine((v, ctx) => {
    const p = problemaClave(v);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });

/** 'All', or menu ids separated by commas; normalised to 'All' or sorted unique ids ('3,37,59'). */
export const ZPermisos = z
  .string({ error: 'debe ser un texto' })
  .trim()
  .max(4000, { error: 'es demasiado largo' })
  .superRefine((v, ctx) => {
    if (v === '' || v.toLowerCase() === 'all') return;
    if (!v.split(',').every((p) => /^\s*\d{1,9}\s*$/.test(p)))
      ctx.addIssue({ code: 'custom', message: "debe ser 'All' o números de menú separados por coma" });
  })
  .transform((v) => {
    if (v.toLowerCase() === 'all') return 'All';
    if (v === '') return '';
    return [...new Set(v.split(',').map((p) => Number(p.trim())))].sort((a, b) => a - b).join(',');
  });

const ZUsuarioNombre = z
  .string({ error: 'es obligatorio' })
  .trim()
  .min(3, { error: 'debe tener al menos 3 caracteres' })
  .max(60, { error: 'admite máximo 60 caracteres' })
  .regex(/^[A-Za-z0-9._@-]+$/, { error: 'solo admite letras sin tilde, números y . _ @ -' })
  .refine((v) => v.toUpperCase() !== SUPPORT_USER, { error: 'está reservado' });

const ZNroIdOpcional = z
  .string()
  .trim()
  .max(20, { error: 'admite máximo 20 caracteres' })
  .regex(/^[0-9A-Za-z-]*$/, { error: 'solo admite letras, números y guion' })
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

const camposUsuario = {
  nombre: z.string().trim().max(120, { error: 'admite máximo 120 caracteres' }),
  nro_id: ZNroIdOpcional,
  agencia: z.coerce.number({ error: 'debe ser un número' }).int({ error: 'debe ser un número entero' }).min(0, {
    error: 'no puede ser negativo',
  }),
  admemp: z.boolean({ error: 'debe ser sí o no' }),
  permisos: ZPermisos,
  permisos_especiales: ZPermisos,
  permisos_por_usuario: ZPermisos,
};

export const ZUsuarioCrear = z.object({
  usuario: ZUsuarioNombre,
  clave: ZClaveNueva,
  nombre: camposUsuario.nombre.default(''),
  nro_id: camposUsuario.nro_id,
  agencia: camposUsuario.agencia.default(0),
  admemp: camposUsuario.admemp.default(false),
  permisos: camposUsuario.permisos.default(''),
  permisos_especiales: camposUsuario.permisos_especiales.default(''),
  permisos_por_usuario: camposUsuario.permisos_por_usuario.default(''),
});
export type UsuarioCrear = z.output<typeof ZUsuarioCrear>;
export type UsuarioCrearInput = z.input<typeof ZUsuarioCrear>;

/** Every field optional: what is sent changes. The password has its own endpoint. */
export const ZUsuarioActualizar = z
  .object({ usuario: ZUsuarioNombre, ...camposUsuario })
  .partial()
  .strict();
export type UsuarioActualizar = z.output<typeof ZUsuarioActualizar>;

export const ZUsuario = z.object({
  id: z.number().int(),
  usuario: z.string(),
  nombre: z.string(),
  nro_id: z.string().nullable(),
  agencia: z.number().int(),
  admemp: z.boolean(),
  activo: z.boolean(),
  permisos: z.string(),
  permisos_especiales: z.string(),
  permisos_por_usuario: z.string(),
  creado_en: z.string(),
  ultimo_ingreso: z.string().nullable(),
  /** Why the caller may not edit, disable, enable or reset the password of this user; null when they may. */
  restriccion: z.string().nullable(),
});
export type Usuario = z.infer<typeof ZUsuario>;

const ZBoolQuery = z
  .enum(['true', 'false'], { error: "debe ser 'true' o 'false'" })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const USUARIOS_SORT = ['usuario', 'nombre', 'creado_en', 'ultimo_ingreso'] as const;
export const ZUsuariosQuery = zListQuery({ sort: USUARIOS_SORT, filters: { activo: ZBoolQuery } }) as z.ZodType<
  ListQuery & { activo?: boolean | undefined }
>;
export type UsuariosQuery = z.output<typeof ZUsuariosQuery>;

/** The most rows one export holds; a company has far fewer users. */
export const USUARIOS_EXPORT_MAX = 10_000;

/** GET /usuarios/exportar: the list's filters and sort (no page), plus the format. */
export const ZUsuariosExportarQuery = zListQuery({
  sort: USUARIOS_SORT,
  filters: { activo: ZBoolQuery, formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('csv') },
}) as z.ZodType<ListQuery & { activo?: boolean | undefined; formato: 'csv' | 'xlsx' }>;
export type UsuariosExportarQuery = z.output<typeof ZUsuariosExportarQuery>;

export const ZIdParam = z.object({
  id: z.coerce
    .number({ error: 'debe ser un número' })
    .int({ error: 'debe ser un número entero' })
    .positive({ error: 'debe ser mayor que cero' })
    .max(2147483647, { error: 'es demasiado grande' }),
});

export const ZRestablecerClave = z.object({ clave: ZClaveNueva });
export type RestablecerClave = z.output<typeof ZRestablecerClave>;

export const ZCambiarClave = z
  .object({
    actual: z.string({ error: 'es obligatoria' }).min(1, { error: 'es obligatoria' }).max(200),
    nueva: ZClaveNueva,
  })
  .refine((v) => v.actual !== v.nueva, { error: 'debe ser distinta de la actual', path: ['nueva'] });
export type CambiarClave = z.output<typeof ZCambiarClave>;

/** An empleado tercero offered when linking a user to a person. */
export const ZEmpleadoOpcion = z.object({ nro_id: z.string(), nombre: z.string() });
export type EmpleadoOpcion = z.infer<typeof ZEmpleadoOpcion>;
export const ZEmpleadosQuery = z.object({ q: z.string().trim().max(100).optional() });
