import { z } from 'zod';

export const ZNotificacionConfig = z.object({
  tipo_Carta: z.number().int(),
  titulo: z.string(),
  descripcion: z.string(),
  in_App: z.boolean({ error: 'debe ser verdadero o falso' }),
  email: z.boolean({ error: 'debe ser verdadero o falso' }),
  sms: z.boolean({ error: 'debe ser verdadero o falso' }),
  whatsapp: z.boolean({ error: 'debe ser verdadero o falso' }),
});
export type NotificacionConfig = z.infer<typeof ZNotificacionConfig>;

export const ZModuloNotificaciones = z.object({
  label: z.string(),
  notificaciones: z.array(ZNotificacionConfig),
});
export type ModuloNotificaciones = z.infer<typeof ZModuloNotificaciones>;

/** POST notificaciones/Grabar_config: body is the module list (spec §7). */
export const ZGrabarConfigBody = z.array(ZModuloNotificaciones).max(50);

/** An in-app notification shown in the drawer. */
export const ZNotificacion = z.object({
  id: z.number().int(),
  tipo_Carta: z.number().int().nullable(),
  titulo: z.string(),
  cuerpo: z.string(),
  enlace: z.string().nullable(),
  creada_en: z.string(),
  leida: z.boolean(),
});
export type Notificacion = z.infer<typeof ZNotificacion>;

/**
 * /api/ws: the first message a browser sends once the socket opens, with its session token. The token
 * never goes in the URL, which proxies and the server log record.
 */
export const ZWsAutenticar = z.object({ tipo: z.literal('autenticar'), token: z.string().min(1).max(4096) });
export type WsAutenticar = z.infer<typeof ZWsAutenticar>;

/** /api/ws closes with this code when the session is not valid or ends: reconnecting would not help. */
export const WS_SESION_TERMINADA = 4401;

export const ZNotificacionIdParam = z.object({
  id: z.coerce.number({ error: 'debe ser un número' }).int().positive({ error: 'debe ser mayor que cero' }),
});

/** Messages of the configuration screen (spec §8), verbatim. */
export const MENSAJES_NOTIFICACIONES = {
  guardadoOk: 'La configuración se guardó correctamente',
  guardadoOkTitulo: 'Muy bien 👍',
  errorCarga: 'Error 😖',
  errorGuardando: 'Error Guardando 😖',
  sinConexion: 'No hay conexion con el API',
  errorConexion: 'Error de conexión 😖',
} as const;
