import { z } from 'zod';
import {
  cuandoValidos,
  entero,
  enteroQuery,
  fechaQuery,
  id,
  idQuery,
  ids,
  listaQuery,
  opcion,
  si,
  texto,
  textoObligatorio,
} from './campos.ts';
import './validation.ts';
import { reglasRepeticion, ZRepeticion } from './agenda-repeticion.ts';

// Agenda (issue 25, menu /archivo/agenda, idm 489): citas and visits of the agency's asesores. The
// change log of citas is /archivo/utilidades/modificaciones-agenda (idm 19).

export const IDM_AGENDA = 489;
export const IDM_MODIFICACIONES_AGENDA = 19;
/** notificacion_tipo rows of migration 0002. */
export const TIPO_CARTA_CITA_NUEVA = 101;
export const TIPO_CARTA_CITA_RECORDATORIO = 102;
export const TIPO_CARTA_CITA_CAMBIO = 103;
export const MINUTOS_RECORDATORIO_DEFECTO = 60;

export const ESTADOS_CITA = ['programada', 'confirmada', 'realizada', 'cancelada', 'no_asistio'] as const;
export type EstadoCita = (typeof ESTADOS_CITA)[number];
export const ETIQUETAS_ESTADO_CITA: Record<EstadoCita, string> = {
  programada: 'Programada',
  confirmada: 'Confirmada',
  realizada: 'Realizada',
  cancelada: 'Cancelada',
  no_asistio: 'No asistió',
};
/** A cita in these estados no longer happens: it neither conflicts nor is reminded. */
export const ESTADOS_CERRADOS_CITA: readonly EstadoCita[] = ['cancelada', 'no_asistio'];

export const ETIQUETAS_CITA = {
  titulo: 'Título',
  id_categoria: 'Categoría',
  inicio: 'Inicio',
  fin: 'Fin',
  todo_el_dia: 'Todo el día',
  asesores: 'Asesores',
  participantes: 'Participantes',
  consecutivo_inmueble: 'Inmueble',
  id_cliente_atendido: 'Cliente atendido',
  id_solicitud: 'Solicitud',
  lugar: 'Lugar',
  notas: 'Notas',
  estado: 'Estado',
  id_resultado: 'Resultado',
  comentario_resultado: 'Comentario del resultado',
  interes: 'Interés del cliente',
  repetir: 'Repetir',
} as const;
const L = ETIQUETAS_CITA;

/** What a change to an occurrence of a series reaches: this one alone, or the whole series. */
export const ALCANCES_CITA = ['esta', 'serie'] as const;
export type AlcanceCita = (typeof ALCANCES_CITA)[number];

/** The longest a single cita may last (a week): bounds the calendar's range scan too. */
export const DURACION_MAXIMA_MS = 7 * 86_400_000;
/** The widest range the calendar may ask for at once (a month view with its spill-over, or a list). */
export const RANGO_MAXIMO_DIAS = 92;

const instante = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? `El campo ${label} es obligatorio`
        : `El campo ${label} debe ser una fecha y hora válidas`,
  });

export const ZCitaCampos = z.object({
  titulo: textoObligatorio(L.titulo, 200),
  id_categoria: id(L.id_categoria).nullable().default(null),
  inicio: instante(L.inicio),
  fin: instante(L.fin),
  todo_el_dia: si(L.todo_el_dia).default(false),
  asesores: ids(L.asesores, 20).refine((xs) => xs.length > 0, { error: `El campo ${L.asesores} es obligatorio` }),
  participantes: ids(L.participantes, 50),
  consecutivo_inmueble: id(L.consecutivo_inmueble).nullable().default(null),
  id_cliente_atendido: id(L.id_cliente_atendido).nullable().default(null),
  id_solicitud: id(L.id_solicitud).nullable().default(null),
  lugar: texto(L.lugar, 300),
  notas: texto(L.notas, 5000),
  estado: opcion(L.estado, ESTADOS_CITA, ETIQUETAS_ESTADO_CITA).default('programada'),
  id_resultado: id(L.id_resultado).nullable().default(null),
  comentario_resultado: texto(L.comentario_resultado, 2000),
  interes: entero(L.interes, 1, 5).nullable().default(null),
  /** A series: one cita per occurrence of the rule (agenda-repeticion.ts). */
  repetir: ZRepeticion.nullable().default(null),
  /** The user saw the conflict warnings and saves anyway. */
  confirmar: z.boolean().default(false),
});

type Issue = { path: string; message: string };

/** Rules between fields, for create and update alike; each names its field. */
export function reglasCita(c: Pick<z.output<typeof ZCitaCampos>, 'inicio' | 'fin' | 'estado' | 'id_resultado'>): Issue[] {
  const out: Issue[] = [];
  const ini = Date.parse(c.inicio);
  const fin = Date.parse(c.fin);
  if (fin <= ini) out.push({ path: 'fin', message: `El campo ${L.fin} debe ser posterior al ${L.inicio}` });
  else if (fin - ini > DURACION_MAXIMA_MS) out.push({ path: 'fin', message: `Una cita dura como máximo 7 días` });
  if (c.id_resultado !== null && c.estado !== 'realizada' && c.estado !== 'no_asistio')
    out.push({
      path: 'id_resultado',
      message: `El campo ${L.id_resultado} solo aplica a una cita realizada o a la que el cliente no asistió`,
    });
  return out;
}

export const ZCitaForm = ZCitaCampos.superRefine(
  (v, ctx) => {
    for (const i of reglasCita(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  },
  cuandoValidos('inicio', 'fin', 'estado', 'id_resultado'),
).superRefine(
  (v, ctx) => {
    if (v.repetir)
      for (const i of reglasRepeticion(new Date(v.inicio), v.repetir))
        ctx.addIssue({ code: 'custom', path: i.path.split('.'), message: i.message });
  },
  cuandoValidos('inicio', 'repetir'),
);
export type CitaFormEntrada = z.input<typeof ZCitaForm>;
export type CitaForm = z.output<typeof ZCitaForm>;

/**
 * PATCH /citas/:id: only what changes (dragging sends inicio and fin; marking done sends estado and
 * result). The rules are checked on the merged cita by the server.
 */
// Zod 4 applies a field's default even when the field is optional: a PATCH without `lugar` would
// blank it. The PATCH fields are therefore built without defaults.
const textoSinDefecto = (label: string, max: number) =>
  z
    .string({ error: `El campo ${label} debe ser texto` })
    .trim()
    .max(max, { error: `El campo ${label} admite máximo ${max} caracteres` });
const idsSinDefecto = (label: string, max: number) =>
  z
    .array(id(label), { error: `El campo ${label} debe ser una lista` })
    .max(max, { error: `El campo ${label} admite máximo ${max} valores` })
    .transform((xs) => [...new Set(xs)].sort((a, b) => a - b));

export const ZCitaCambios = z.object({
  titulo: textoObligatorio(L.titulo, 200).optional(),
  id_categoria: id(L.id_categoria).nullable().optional(),
  inicio: instante(L.inicio).optional(),
  fin: instante(L.fin).optional(),
  todo_el_dia: si(L.todo_el_dia).optional(),
  asesores: idsSinDefecto(L.asesores, 20)
    .refine((xs) => xs.length > 0, { error: `El campo ${L.asesores} es obligatorio` })
    .optional(),
  participantes: idsSinDefecto(L.participantes, 50).optional(),
  consecutivo_inmueble: id(L.consecutivo_inmueble).nullable().optional(),
  id_cliente_atendido: id(L.id_cliente_atendido).nullable().optional(),
  id_solicitud: id(L.id_solicitud).nullable().optional(),
  lugar: textoSinDefecto(L.lugar, 300).optional(),
  notas: textoSinDefecto(L.notas, 5000).optional(),
  estado: opcion(L.estado, ESTADOS_CITA, ETIQUETAS_ESTADO_CITA).optional(),
  id_resultado: id(L.id_resultado).nullable().optional(),
  comentario_resultado: textoSinDefecto(L.comentario_resultado, 2000).optional(),
  interes: entero(L.interes, 1, 5).nullable().optional(),
  confirmar: z.boolean().default(false),
  /** The version edited; absent, last write wins (a drag on a fresh calendar). */
  version: z.number().int().positive().optional(),
  /** A new rule for the series (null: it stops repeating); only with alcance «serie» or on a single cita. */
  repetir: ZRepeticion.nullable().optional(),
  /** An occurrence of a series: change «esta» alone or «serie», every open occurrence. */
  alcance: z.enum(ALCANCES_CITA, { error: "alcance debe ser 'esta' o 'serie'" }).default('esta'),
});
export type CitaCambios = z.output<typeof ZCitaCambios>;
export type CitaCambiosEntrada = z.input<typeof ZCitaCambios>;

export const ZIdParam = z.object({ id: idQuery('id') });
/** DELETE /citas/:id?alcance=serie: every open occurrence of its series (closed ones stay as history). */
export const ZBorrarCitaQuery = z.object({
  alcance: z.enum(ALCANCES_CITA, { error: "alcance debe ser 'esta' o 'serie'" }).default('esta'),
});

const instanteQuery = (campo: string) =>
  z.iso.datetime({ offset: true, error: `${campo} debe ser una fecha y hora ISO con zona (2026-11-26T00:00:00-05:00)` });

/** GET /citas: what overlaps [desde, hasta), of these asesores and categories (none: all). */
export const ZCitasQuery = z
  .object({
    desde: instanteQuery('desde'),
    hasta: instanteQuery('hasta'),
    asesores: listaQuery('asesores', idQuery('asesores')),
    categorias: listaQuery('categorias', idQuery('categorias')),
    consecutivo_inmueble: idQuery('consecutivo_inmueble').optional(),
    id_cliente_atendido: idQuery('id_cliente_atendido').optional(),
  })
  .superRefine((q, ctx) => {
    const d = Date.parse(q.desde);
    const h = Date.parse(q.hasta);
    if (h <= d) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'hasta debe ser posterior a desde' });
    else if (h - d > RANGO_MAXIMO_DIAS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: `el rango admite máximo ${RANGO_MAXIMO_DIAS} días` });
  });
export type CitasQuery = z.output<typeof ZCitasQuery>;

export const FORMATOS_EXPORTAR_CITAS = ['xlsx', 'csv', 'ics'] as const;
/** GET /citas/exportar: the calendar's range and filters, as a spreadsheet or an .ics file. */
export const ZCitasExportarQuery = ZCitasQuery.and(
  z.object({
    formato: z.enum(FORMATOS_EXPORTAR_CITAS, { error: "formato debe ser 'xlsx', 'csv' o 'ics'" }).default('xlsx'),
  }),
);
export type CitasExportarQuery = z.output<typeof ZCitasExportarQuery>;

export const ZPersona = z.object({ id: z.number(), nombre: z.string() });
export type Persona = z.infer<typeof ZPersona>;
export const ZParticipanteCita = ZPersona.extend({ telefono: z.string(), email: z.string() });
export type ParticipanteCita = z.infer<typeof ZParticipanteCita>;

/** POST /citas/:id/invitar: a short note for the participants; the answer names who got it and who has no e-mail. */
export const ZInvitarCita = z.object({
  mensaje: z
    .string({ error: 'Mensaje debe ser un texto' })
    .trim()
    .max(1000, { error: 'Mensaje admite máximo 1000 caracteres' })
    .default(''),
});
export const ZInvitacionCita = z.object({ enviados: z.array(z.string()), sin_correo: z.array(z.string()) });
export type InvitacionCita = z.infer<typeof ZInvitacionCita>;

export const ZSerieCita = z.object({
  id: z.number(),
  repeticion: ZRepeticion,
  descripcion: z.string(),
  excepcion: z.boolean(),
});
export type SerieCita = z.infer<typeof ZSerieCita>;

const ZEstadoCita = z.enum(ESTADOS_CITA);

export const ZCita = z.object({
  id: z.number(),
  titulo: z.string(),
  categoria: ZPersona.extend({ color: z.string() }).nullable(),
  inicio: z.string(),
  fin: z.string(),
  todo_el_dia: z.boolean(),
  asesores: z.array(ZPersona),
  participantes: z.array(ZParticipanteCita),
  inmueble: z.object({ consecutivo: z.number(), direccion: z.string() }).nullable(),
  id_cliente_atendido: z.number().nullable(),
  id_solicitud: z.number().nullable(),
  lugar: z.string(),
  notas: z.string(),
  estado: ZEstadoCita,
  resultado: ZPersona.nullable(),
  comentario_resultado: z.string(),
  interes: z.number().nullable(),
  version: z.number(),
  /** The series it is an occurrence of: its rule, and whether this one was changed on its own. */
  serie: ZSerieCita.nullable(),
});
export type Cita = z.infer<typeof ZCita>;

/**
 * What the calendar draws of a cita (GET /citas): names and colours come from /citas/opciones and the
 * form reads the whole cita (GET /citas/:id), so a busy agency's week stays small on the wire.
 */
export const ZCitaCalendario = z.object({
  id: z.number(),
  titulo: z.string(),
  inicio: z.string(),
  fin: z.string(),
  todo_el_dia: z.boolean(),
  estado: ZEstadoCita,
  version: z.number(),
  id_categoria: z.number().nullable(),
  asesores: z.array(z.number()),
  /** The series it belongs to (the calendar marks it and asks «solo esta o toda la serie»). */
  id_serie: z.number().nullable(),
});
export type CitaCalendario = z.infer<typeof ZCitaCalendario>;

/** What a cita created from a lead, a solicitud or a tercero starts with (GET /citas/vinculo/:tipo/:id). */
export const ZVinculoCita = z.object({
  /** «Cliente atendido 12», «Solicitud 7», the tercero's name: what the form says the cita is about. */
  etiqueta: z.string(),
  id_cliente_atendido: z.number().nullable(),
  id_solicitud: z.number().nullable(),
  /** The record's tercero, proposed as the cita's participant. */
  participante: ZParticipanteCita.nullable(),
});
export type VinculoCita = z.infer<typeof ZVinculoCita>;

/** Another cita of the same asesor at that time (a warning: saving again with confirmar goes ahead). */
export type ConflictoCita = { id: number; titulo: string; inicio: string; fin: string; asesor: string };
/** The envelope's data of a 409 when a save needs confirmation. */
export type AvisosCita = {
  conflictos: ConflictoCita[];
  /** The Colombian holiday it falls on. */
  festivo: string | null;
  /** «El sábado la oficina atiende …»: why the cita falls outside the company's office hours, or null. */
  fueraDeHorario: string | null;
};

export type HorarioOficina = { dias: number[]; desde: string; hasta: string; zona: string };

const DIAS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados', 'domingos'];

/** ISO weekday (1 = lunes) and «HH:mm» of an instant in a time zone. */
function local(d: Date, zona: string): { dia: number; hora: string; fecha: string } {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zona,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const dia = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(partes.weekday!) + 1;
  return { dia, hora: `${partes.hour}:${partes.minute}`, fecha: `${partes.year}-${partes.month}-${partes.day}` };
}

/**
 * Why a cita falls outside the office hours, or null when it fits. An all-day cita only needs an open day;
 * one that ends on a later day than it starts is judged by its start day and both hours.
 */
export function fueraDeHorario(inicio: Date, fin: Date, todoElDia: boolean, h: HorarioOficina): string | null {
  const a = local(inicio, h.zona);
  const b = local(fin, h.zona);
  const horario = `de ${h.desde} a ${h.hasta}`;
  if (!h.dias.includes(a.dia)) return `La oficina no atiende los ${DIAS[a.dia - 1]}.`;
  if (todoElDia) return null;
  if (a.hora < h.desde || (b.fecha === a.fecha ? b.hora > h.hasta : true))
    return `La cita queda fuera del horario de la oficina (${horario}).`;
  return null;
}

/** An asesor the calendar can show: an active user; colour and visibility from their tercero. */
export const ZAsesorAgenda = ZPersona.extend({ color: z.string(), desactivado: z.boolean() });
export type AsesorAgenda = z.infer<typeof ZAsesorAgenda>;
export const ZOpcionesAgenda = z.object({
  asesores: z.array(ZAsesorAgenda),
  categorias: z.array(ZPersona.extend({ color: z.string() })),
  resultados: z.array(ZPersona),
});
export type OpcionesAgenda = z.infer<typeof ZOpcionesAgenda>;

// ----- Modificaciones de agenda (idm 19): the field-level change log of citas -----------------------

export const MODIFICACIONES_AGENDA_MAX_EXPORT = 50_000;

const ZFiltrosModificacionesAgenda = z.object({
  page: enteroQuery('page', 1, 1_000_000).default(1),
  pageSize: enteroQuery('pageSize', 1, 200).default(20),
  desde: fechaQuery('desde'),
  hasta: fechaQuery('hasta'),
  id_cita: idQuery('id_cita').optional(),
  asesor: idQuery('asesor').optional(),
});
export const ZModificacionesAgendaQuery = ZFiltrosModificacionesAgenda;
export type ModificacionesAgendaQuery = z.output<typeof ZModificacionesAgendaQuery>;
export const ZModificacionesAgendaExportarQuery = ZFiltrosModificacionesAgenda.extend({
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
});

/** One changed field of one write: antes/despues as a person reads them (names, dates in Bogotá). */
export const ZModificacionAgenda = z.object({
  clave: z.string(),
  fecha: z.string(),
  usuario: z.string(),
  accion: z.string(),
  id_cita: z.number(),
  titulo: z.string(),
  campo: z.string(),
  antes: z.string(),
  despues: z.string(),
});
export type ModificacionAgenda = z.infer<typeof ZModificacionAgenda>;

export const ETIQUETAS_ACCION_CITA: Record<string, string> = {
  crear: 'Creación',
  modificar: 'Modificación',
  eliminar: 'Eliminación',
};
export const etiquetaCampoCita = (campo: string): string =>
  (ETIQUETAS_CITA as Record<string, string>)[campo] ??
  ({ id_inmueble: L.consecutivo_inmueble } as Record<string, string>)[campo] ??
  campo;
