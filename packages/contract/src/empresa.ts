import { z } from 'zod';

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
});
export type Empresa = z.infer<typeof ZEmpresa>;

export const ZInfoEmpresa = ZEmpresa.extend({
  usuariosActivos: z.number().int(),
});
export type InfoEmpresa = z.infer<typeof ZInfoEmpresa>;

/** objConfigurar (spec §3). */
export const ZConfiguracion = z.object({
  carpeta_de_archivos_web: z.string(),
  https: z.boolean(),
});
export type Configuracion = z.infer<typeof ZConfiguracion>;

export const ZInicioResumen = z.object({
  citasHoy: z.number().int(),
  tareasAbiertas: z.number().int(),
  inmueblesDisponibles: z.number().int(),
});
export type InicioResumen = z.infer<typeof ZInicioResumen>;
