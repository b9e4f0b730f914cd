import { z } from 'zod';
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
    .min(0, { error: 'no puede ser negativo' }),
});

export const ZPermisosData = z.object({ permisos: z.string(), ids: z.array(z.number().int()) });
export type PermisosData = z.infer<typeof ZPermisosData>;

export const ZBitacoraData = z.object({ exito: z.boolean(), data: z.string() });
