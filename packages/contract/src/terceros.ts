import { z } from 'zod';

export const ZNroIdParam = z.object({
  nro_id: z
    .string()
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(20, { error: 'admite máximo 20 caracteres' })
    .regex(/^[0-9A-Za-z-]+$/, { error: 'solo admite letras, números y guion' }),
});

/** The logged-in person shown in the shell (spec §3 objTerceroLog). */
export const ZTerceroLog = z.object({
  nro_id: z.string(),
  nombre: z.string(),
  foto: z.string().nullable(),
  email: z.string().nullable(),
  celular: z.string().nullable(),
});
export type TerceroLog = z.infer<typeof ZTerceroLog>;

export const ZTercero = z.object({
  nro_id: z.string(),
  tipo_dcto: z.number().int(),
  tipo_contribuyente: z.number().int(),
  nombre1: z.string(),
  nombre2: z.string(),
  apellido1: z.string(),
  apellido2: z.string(),
  razon_social: z.string(),
  nombre: z.string(),
  telefonos: z.string(),
  celular: z.string(),
  direccion: z.string(),
  codmunicipio: z.string().nullable(),
  email: z.string(),
  email_Corporativo: z.string(),
  celular_Corporativo: z.string(),
  correspondencia: z.string(),
  foto: z.string().nullable(),
  coloragenda: z.string(),
  activo: z.boolean(),
  propietario: z.boolean(),
  empleado: z.boolean(),
});
export type Tercero = z.infer<typeof ZTercero>;

export const ZSubirFotoData = z.object({ nombreArchivo: z.string() });

export const FOTO_MAX_BYTES = 10240 * 1024;
export const FOTO_MIN_PX = 200;
export const FOTO_TIPOS = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
