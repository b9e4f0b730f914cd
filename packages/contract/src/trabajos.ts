import { z } from 'zod';
import { ZIdNumerico } from './validation.ts';

// Background jobs (docs/jobs.md), shown under Logs del sistema to the company administrator.

export const ESTADOS_TRABAJO = ['pendiente', 'en_curso', 'terminado', 'fallido'] as const;
export type EstadoTrabajo = (typeof ESTADOS_TRABAJO)[number];
export const ESTADO_TRABAJO_LABEL: Record<EstadoTrabajo, string> = {
  pendiente: 'Pendiente',
  en_curso: 'En curso',
  terminado: 'Terminado',
  fallido: 'Fallido',
};

/** What each kind of job does, in the words of the screen; a kind not listed shows its code. */
export const TIPO_TRABAJO_LABEL: Record<string, string> = {
  'inmuebles.avisos-consignacion': 'Avisos de vencimiento de consignación (todas las empresas)',
  'inmuebles.avisos-consignacion-empresa': 'Avisos de vencimiento de consignación',
  'mantenimiento.vacuum': 'Mantenimiento de la base de datos',
  'archivos.limpiar-adjuntos': 'Limpieza de adjuntos de correos enviados',
  'archivos.borrar-sin-uso': 'Limpieza de fotos y logos sin uso',
  'trabajos.purgar': 'Limpieza de trabajos terminados',
  'agenda.recordatorio': 'Recordatorio de cita',
  'agenda.recordatorios-serie': 'Recordatorios de una serie de citas',
  'firmas.diario': 'Vencimientos y recordatorios de firmas (todas las empresas)',
  'firmas.diario-empresa': 'Vencimientos y recordatorios de firmas',
  'firmas.sellar': 'Sellado del PDF firmado por todos',
  'firmas.radicar': 'Radicación de un documento firmado en gestión documental',
  'mensajes.enviar': 'Envío de SMS o WhatsApp',
  'portales.sincronizar': 'Sincronización de un inmueble con un portal',
  'paginaweb.publicar': 'Publicación de noticia programada',
  'encuestas.automaticas': 'Encuestas automáticas (busca empresas)',
  'encuestas.automaticas-empresa': 'Encuestas automáticas de una empresa',
  'inventarios.radicar': 'Radicación de un inventario en gestión documental',
  'gestion-documental.extraer-texto': 'Lectura del texto de un PDF radicado (búsqueda)',
  'bandeja.sincronizar': 'Sincronización de una bandeja de correos',
  'bandeja.sincronizar-todas': 'Sincronización de las bandejas de correos (todas las empresas)',
  'informes.programados': 'Envíos programados de informes (todas las empresas)',
  'informes.enviar': 'Envío programado de un informe por correo',
};

export const ZTrabajosQuery = z.object({
  estado: z.enum(ESTADOS_TRABAJO, { error: `debe ser uno de: ${ESTADOS_TRABAJO.join(', ')}` }).optional(),
});
export type TrabajosQuery = z.infer<typeof ZTrabajosQuery>;

export const ZTrabajoParams = z.object({ id: ZIdNumerico });

export const ZTrabajo = z.object({
  id: z.number().int(),
  tipo: z.string(),
  /** null: a platform-wide job (only support sees it). */
  id_empresa: z.number().int().nullable(),
  estado: z.enum(ESTADOS_TRABAJO),
  intentos: z.number().int(),
  max_intentos: z.number().int(),
  ultimo_error: z.string().nullable(),
  creado_en: z.string(),
  ejecutar_en: z.string(),
  terminado_en: z.string().nullable(),
});
export type Trabajo = z.infer<typeof ZTrabajo>;
