import { z } from 'zod';
import { idQuery } from './campos.ts';
import './validation.ts';

// Files of any record (platform/archivos, docs/archivos.md): /api/archivos/:tipo/:dueno[/:id].

const ZTipo = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, { error: 'tipo debe ser un tipo de registro (inmueble, tercero…)' });
/** The owner as users know it (a property's consecutivo, a tercero's document number). */
const ZDueno = z
  .string()
  .trim()
  .min(1, { error: 'dueno no puede estar vacío' })
  .max(80, { error: 'dueno admite máximo 80 caracteres' })
  .regex(/^[A-Za-z0-9._-]+$/, { error: 'dueno solo admite letras, números, punto, guion y guion bajo' });
const ZCategoria = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}$/, { error: 'categoria solo admite minúsculas, números, guion y guion bajo' });

export const ZDuenoParam = z.object({ tipo: ZTipo, dueno: ZDueno });
export const ZArchivoParam = ZDuenoParam.extend({ id: idQuery('id') });
/** GET/POST …?categoria=documento: the category listed or uploaded to (each owner type says which it has). */
export const ZCategoriaQuery = z.object({ categoria: ZCategoria.optional() });

export const ZArchivoRegistro = z.object({
  id: z.number(),
  categoria: z.string(),
  orden: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  content_type: z.string(),
  bytes: z.number(),
  sha256: z.string().nullable(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type ArchivoRegistro = z.infer<typeof ZArchivoRegistro>;

/** The company's stored files in total, and its limit (null: none). */
export const ZUsoArchivos = z.object({ bytes: z.number(), archivos: z.number(), limite_bytes: z.number().nullable() });
export type UsoArchivos = z.infer<typeof ZUsoArchivos>;

/** «12,5 MB»: sizes for people (es-CO decimal comma). */
export function tamanoLegible(bytes: number): string {
  const unidades = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < unidades.length - 1) {
    v /= 1024;
    i++;
  }
  const texto = i === 0 ? String(v) : v.toLocaleString('es-CO', { maximumFractionDigits: v < 10 ? 1 : 0 });
  return `${texto} ${unidades[i]}`;
}
