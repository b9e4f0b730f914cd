import { z } from 'zod';
import { id, texto } from './campos.ts';
import './validation.ts';

// Gestión documental (issue 28): the estados a radicado moves through and the allowed transitions between
// them (Estados de gestión documental, idm 10602), and each radicado's change of estado with its history.

export const IDM_ESTADOS_GD = 10602;
/** The estado that annuls a radicado (found by name, as seeded): its number stays, with a written reason. */
export const NOMBRE_ESTADO_ANULADO = 'Anulado';
export const esAnulado = (nombre: string | null | undefined) =>
  (nombre ?? '').normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase() === 'anulado';

export const ETIQUETAS_TRANSICION = {
  id_estado_origen: 'Desde',
  id_estado_destino: 'Hacia',
} as const;

/** A transition; no origen means «desde cualquier estado» (and from a radicado without estado). */
export const ZTransicionForm = z.object({
  id_estado_origen: id(ETIQUETAS_TRANSICION.id_estado_origen).nullable().default(null),
  id_estado_destino: id(ETIQUETAS_TRANSICION.id_estado_destino),
});
export type TransicionForm = z.output<typeof ZTransicionForm>;
export type TransicionFormIn = z.input<typeof ZTransicionForm>;

export const ZEstadoRef = z.object({ id: z.number().int(), nombre: z.string(), color: z.string().nullable() });
export type EstadoRef = z.infer<typeof ZEstadoRef>;
export const ZTransicion = z.object({
  id: z.number().int(),
  origen: ZEstadoRef.nullable(),
  destino: ZEstadoRef,
  creado_por: z.string(),
  creado_en: z.string(),
});
export type Transicion = z.infer<typeof ZTransicion>;
export const ZTransiciones = z.object({
  transiciones: z.array(ZTransicion),
  estados: z.array(ZEstadoRef.extend({ activo: z.boolean() })),
});
export type Transiciones = z.infer<typeof ZTransiciones>;

export const ETIQUETAS_CAMBIO_ESTADO = { id_estado: 'Nuevo estado', nota: 'Nota' } as const;
export const ZCambioEstado = z.object({
  id_estado: id(ETIQUETAS_CAMBIO_ESTADO.id_estado),
  nota: texto(ETIQUETAS_CAMBIO_ESTADO.nota, 1000),
});
export type CambioEstado = z.output<typeof ZCambioEstado>;
export type CambioEstadoIn = z.input<typeof ZCambioEstado>;

export const ZHistorialEstado = z.object({
  id: z.number().int(),
  anterior: ZEstadoRef.nullable(),
  estado: ZEstadoRef,
  nota: z.string(),
  usuario: z.string(),
  creado_en: z.string(),
});
export type HistorialEstado = z.infer<typeof ZHistorialEstado>;
/** A radicado's estado history, newest first, and where it may go from here. */
export const ZEstadosRadicado = z.object({ historial: z.array(ZHistorialEstado), siguientes: z.array(ZEstadoRef) });
export type EstadosRadicado = z.infer<typeof ZEstadosRadicado>;
