import { z } from 'zod';
import { id, opcion, si } from './campos.ts';
import './validation.ts';

// Subseries documentales automáticas (issue 28, /gestion-documental/subseries-documentales-automaticos,
// idm 10591): where the documents other modules produce are filed by themselves. One rule per origen: the
// área, serie, subserie and tipo documental of its radicado. Without an active rule an origen files as it
// did before (the área that receives mail, no serie).

export const IDM_SUBSERIES_AUTOMATICAS = 10591;

/** The origins wired to a hook today; each one calls radicacion-automatica with its key. */
export const ORIGENES_AUTOMATICOS = ['firma_documento', 'inventario', 'inventario_acta'] as const;
export type OrigenAutomatico = (typeof ORIGENES_AUTOMATICOS)[number];
export const ETIQUETAS_ORIGEN: Record<OrigenAutomatico, string> = {
  firma_documento: 'Documento firmado electrónicamente (incluye contratos firmados)',
  inventario: 'Inventario cerrado (PDF del inventario)',
  inventario_acta: 'Acta de restitución de un inventario de devolución',
};

export const ETIQUETAS_REGLA_AUTOMATICA = {
  origen: 'Origen',
  id_area: 'Área',
  id_serie: 'Serie',
  id_subserie: 'Subserie',
  id_tipo_documental: 'Tipo documental',
  activo: 'Activa',
} as const;
const L = ETIQUETAS_REGLA_AUTOMATICA;

export const ZReglaAutomaticaForm = z.object({
  origen: opcion(L.origen, ORIGENES_AUTOMATICOS, ETIQUETAS_ORIGEN),
  id_area: id(L.id_area),
  id_serie: id(L.id_serie).nullish(),
  id_subserie: id(L.id_subserie).nullish(),
  id_tipo_documental: id(L.id_tipo_documental).nullish(),
  activo: si(L.activo).default(true),
});
export type ReglaAutomaticaForm = z.output<typeof ZReglaAutomaticaForm>;
export type ReglaAutomaticaFormIn = z.input<typeof ZReglaAutomaticaForm>;

const ZRef = z.object({ id: z.number().int(), nombre: z.string(), codigo: z.string().nullable() });
export const ZReglaAutomatica = z.object({
  id: z.number().int(),
  origen: z.enum(ORIGENES_AUTOMATICOS),
  area: ZRef,
  serie: ZRef.nullable(),
  subserie: ZRef.nullable(),
  tipo_documental: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  activo: z.boolean(),
  /** Radicados filed by this rule, and the last one. */
  radicados: z.number().int(),
  ultimo: z.object({ id: z.number().int(), radicado: z.string() }).nullable(),
  actualizado_por: z.string(),
});
export type ReglaAutomatica = z.infer<typeof ZReglaAutomatica>;
export const ZReglasAutomaticas = z.object({
  reglas: z.array(ZReglaAutomatica),
  origenes: z.array(z.object({ clave: z.enum(ORIGENES_AUTOMATICOS), etiqueta: z.string() })),
});
