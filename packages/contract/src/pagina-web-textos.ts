import { z } from 'zod';
import { si, texto } from './campos.ts';

// Página web > Sesión de texto (idm 10565, issue 32): the site's text blocks, written with the rich-text
// editor; the server sanitises them and the public site shows the published ones.

export const IDM_SESION_TEXTO = 10565;

export const SECCIONES_TEXTO = ['quienes_somos', 'politicas', 'contacto', 'pie'] as const;
export type SeccionTexto = (typeof SECCIONES_TEXTO)[number];
export const ETIQUETAS_SECCION_TEXTO: Record<SeccionTexto, string> = {
  quienes_somos: 'Quiénes somos',
  politicas: 'Políticas',
  contacto: 'Contacto',
  pie: 'Pie de página',
};
/** The site's address of each section with a page of its own (the footer shows on every page). */
export const RUTA_SECCION_TEXTO: Record<Exclude<SeccionTexto, 'pie'>, string> = {
  quienes_somos: 'quienes-somos',
  politicas: 'politicas',
  contacto: 'contacto',
};

export const ZSeccionTextoParam = z.object({
  seccion: z.enum(SECCIONES_TEXTO, { error: `seccion debe ser una de: ${SECCIONES_TEXTO.join(', ')}` }),
});

export const ZTextoSitioForm = z.object({
  titulo: texto('Título', 160),
  // Sanitised by the server before it is stored; the length is of the HTML as sent.
  contenido: texto('Contenido', 100_000),
  publicado: si('Publicado').default(true),
});
export type TextoSitioForm = z.output<typeof ZTextoSitioForm>;

export const ZTextoSitio = z.object({
  seccion: z.enum(SECCIONES_TEXTO),
  titulo: z.string(),
  contenido: z.string(),
  publicado: z.boolean(),
  modificado_por: z.string().nullable(),
  modificado_en: z.string().nullable(),
});
export type TextoSitio = z.infer<typeof ZTextoSitio>;
export const ZTextoSitioPublico = z.object({ seccion: z.enum(SECCIONES_TEXTO), titulo: z.string(), contenido: z.string() });
export type TextoSitioPublico = z.infer<typeof ZTextoSitioPublico>;
