import type { EstadoPublicacion } from '@predio/contract/portales';

/** The tag colour of a property's state on a portal, the same on every portal's screen. */
export const COLOR_ESTADO_PUBLICACION: Record<EstadoPublicacion, string> = {
  pendiente: 'default',
  enviado: 'processing',
  en_proceso: 'processing',
  publicado: 'success',
  error: 'error',
  despublicado: 'warning',
};
