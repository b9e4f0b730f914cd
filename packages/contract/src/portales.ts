import { z } from 'zod';
import { ETIQUETAS_PORTAL } from './inmuebles.ts';
import { idQuery } from './campos.ts';

// Portal synchronisers (issue 34, menu Inmuebles › Portales). One synchroniser, one adapter per portal;
// today Wasi (idm 10606). A portal key is also a key of the property's «Publicar en» flags (PORTALES).

export const PORTALES_SINCRONIZADOS = ['wasi'] as const;
export type PortalSincronizado = (typeof PORTALES_SINCRONIZADOS)[number];
export const IDM_PORTAL: Record<PortalSincronizado, number> = { wasi: 10606 };
export const ETIQUETA_PORTAL_SINCRONIZADO: Record<PortalSincronizado, string> = { wasi: ETIQUETAS_PORTAL.wasi };

/** pendiente → enviado → publicado | error → despublicado. */
export const ESTADOS_PUBLICACION = ['pendiente', 'enviado', 'publicado', 'error', 'despublicado'] as const;
export type EstadoPublicacion = (typeof ESTADOS_PUBLICACION)[number];
export const ETIQUETAS_ESTADO_PUBLICACION: Record<EstadoPublicacion, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  publicado: 'Publicado',
  error: 'Error',
  despublicado: 'Despublicado',
};

export const ZPortalParam = z.object({
  portal: z.enum(PORTALES_SINCRONIZADOS, { error: `portal debe ser uno de: ${PORTALES_SINCRONIZADOS.join(', ')}` }),
});
export const ZPortalInmuebleParam = ZPortalParam.extend({ consecutivo: idQuery('consecutivo') });

const url = z
  .string({ error: 'El campo Dirección de la API debe ser texto' })
  .trim()
  .max(500, 'El campo Dirección de la API admite máximo 500 caracteres')
  .regex(/^https?:\/\/\S+$/, 'El campo Dirección de la API debe ser una dirección http(s)://');
const idCatalogo = (label: string) =>
  z
    .number({ error: `El campo ${label} debe ser un número` })
    .int({ error: `El campo ${label} debe ser un número entero` })
    .positive({ error: `El campo ${label} debe ser mayor que cero` })
    .max(2_147_483_647, { error: `El campo ${label} es demasiado grande` })
    .nullable()
    .default(null);

/**
 * A portal's settings. The token is write-only: stored encrypted, never answered; empty keeps the saved
 * one. Wasi: `usuario` is id_company; the region and city are Wasi's ids (its catalogue) for the
 * company's properties until a per-municipio mapping exists.
 */
export const ZPortalConfigGuardar = z.object({
  activo: z.boolean({ error: 'El campo Activo debe ser Sí o No' }).default(true),
  url: url.optional(),
  usuario: z
    .string({ error: 'El campo Identificador de la empresa debe ser texto' })
    .trim()
    .max(60, 'El campo Identificador de la empresa admite máximo 60 caracteres')
    .default(''),
  id_region: idCatalogo('Departamento en el portal'),
  id_ciudad: idCatalogo('Ciudad en el portal'),
  secreto: z
    .string({ error: 'El campo Token debe ser texto' })
    .max(2_000, 'El campo Token admite máximo 2.000 caracteres')
    .default(''),
});
export type PortalConfigGuardar = z.input<typeof ZPortalConfigGuardar>;
export type PortalConfig = Omit<z.output<typeof ZPortalConfigGuardar>, 'secreto'> & {
  portal: PortalSincronizado;
  configurado: boolean;
  /** A token is saved (its value is never answered). */
  con_secreto: boolean;
};

export type PublicacionPortal = {
  consecutivo: number;
  direccion: string;
  estado_inmueble: string;
  /** The property's «Publicar en» flag for this portal. */
  marcado: boolean;
  estado: EstadoPublicacion | null;
  id_externo: string | null;
  ultimo_error: string | null;
  actualizado_en: string | null;
};

export type HistorialPortal = { accion: string; resultado: string; detalle: string; usuario: string | null; creado_en: string };

export const ACCIONES_PORTAL = ['publicar', 'actualizar', 'despublicar'] as const;
export type AccionPortal = (typeof ACCIONES_PORTAL)[number];
export const ZAccionPortalParam = ZPortalInmuebleParam.extend({
  accion: z.enum(ACCIONES_PORTAL, { error: 'accion debe ser publicar, actualizar o despublicar' }),
});
