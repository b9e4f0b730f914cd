import { z } from 'zod';
import { fechaQuery as fecha } from './campos.ts';
import { zListQuery, type ListQuery } from './list.ts';

// The audit log (logs-sistema, idm 31): who changed what, when, with the fields before and after.

export const ZAuditoria = z.object({
  id: z.number().int(),
  fecha: z.string(),
  id_usuario: z.number().int().nullable(),
  usuario: z.string(),
  accion: z.string(),
  entidad: z.string(),
  entidad_id: z.string().nullable(),
  cambios: z.unknown(),
  ip: z.string(),
});
export type Auditoria = z.infer<typeof ZAuditoria>;

const texto = z
  .string()
  .trim()
  .max(100, { error: 'admite máximo 100 caracteres' })
  .optional()
  .transform((v) => v || undefined);

export const AUDITORIA_SORT = ['fecha', 'usuario', 'entidad', 'accion'] as const;
const filtros = {
  usuario: texto,
  entidad: texto,
  accion: texto,
  entidad_id: texto,
  desde: fecha('desde'),
  hasta: fecha('hasta'),
};
export type AuditoriaFiltros = {
  usuario?: string | undefined;
  entidad?: string | undefined;
  accion?: string | undefined;
  entidad_id?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
};
export const ZAuditoriaQuery = zListQuery({ sort: AUDITORIA_SORT, filters: filtros }) as z.ZodType<ListQuery & AuditoriaFiltros>;
export type AuditoriaQuery = z.output<typeof ZAuditoriaQuery>;

export const ZAuditoriaExportarQuery = zListQuery({
  sort: AUDITORIA_SORT,
  filters: { ...filtros, formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx') },
}) as z.ZodType<ListQuery & AuditoriaFiltros & { formato: 'csv' | 'xlsx' }>;

export const AUDITORIA_EXPORT_MAX = 50_000;

/** Spanish labels for the actions the API writes. */
export const ACCIONES: Record<string, string> = {
  login: 'Inicio de sesión',
  login_fallido: 'Inicio de sesión fallido',
  login_soporte: 'Inicio de sesión del soporte',
  logout: 'Cierre de sesión',
  crear: 'Creación',
  actualizar: 'Modificación',
  eliminar: 'Eliminación',
  desactivar: 'Desactivación',
  activar: 'Activación',
  restablecer_clave: 'Contraseña restablecida',
  cambiar_clave: 'Cambio de contraseña propia',
  importar: 'Importación',
  fusionar: 'Fusión de terceros',
  'cambiar estado': 'Cambio de estado',
  'romper bloqueo': 'Bloqueo de edición liberado',
  reasignar: 'Reasignación de asesor',
  geolocalizar: 'Ubicación en el mapa',
};
