import { z } from 'zod';
import {
  cuandoValidos,
  enteroQuery,
  entero,
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

// Tareas (issue 26): /tareas/asignar-tareas and /tareas/tarea/:consecutivo (idm 10584), checklist
// templates at /tareas/listas-de-verificacion (idm 10586), the change log at /informes/mod-tarea (10584).

export const IDM_TAREAS = 10584;
export const IDM_LISTAS_VERIFICACION = 10586;
/** notificacion_tipo rows of migration 0002. */
export const TIPO_CARTA_TAREA_ASIGNADA = 401;
export const TIPO_CARTA_TAREA_VENCE = 402;
export const TIPO_CARTA_TAREA_COMENTARIO = 403;

export const ESTADOS_TAREA = ['pendiente', 'en_curso', 'en_espera', 'terminada', 'cancelada'] as const;
export type EstadoTarea = (typeof ESTADOS_TAREA)[number];
export const ETIQUETAS_ESTADO_TAREA: Record<EstadoTarea, string> = {
  pendiente: 'Pendiente',
  en_curso: 'En curso',
  en_espera: 'En espera',
  terminada: 'Terminada',
  cancelada: 'Cancelada',
};
/** A task in these estados is closed: not open, not overdue, not reminded. */
export const ESTADOS_CERRADOS_TAREA: readonly EstadoTarea[] = ['terminada', 'cancelada'];
export const esAbierta = (e: EstadoTarea) => !ESTADOS_CERRADOS_TAREA.includes(e);

export const RECURRENCIAS = ['semanal', 'mensual'] as const;
export type Recurrencia = (typeof RECURRENCIAS)[number];
export const ETIQUETAS_RECURRENCIA: Record<Recurrencia, string> = { semanal: 'Semanal', mensual: 'Mensual' };

export const ETIQUETAS_TAREA = {
  titulo: 'Título',
  descripcion: 'Descripción',
  id_categoria: 'Categoría',
  id_prioridad: 'Prioridad',
  responsables: 'Responsables',
  seguidores: 'Seguidores',
  vence_en: 'Vence',
  estado: 'Estado',
  consecutivo_inmueble: 'Inmueble',
  id_tercero: 'Tercero',
  id_cliente_atendido: 'Cliente atendido',
  numero_solicitud: 'Solicitud',
  id_cita: 'Cita',
  id_radicado: 'Documento',
  id_lista_verificacion: 'Lista de verificación',
  recurrencia: 'Repetir',
  items: 'Lista de chequeo',
  item: 'Ítem',
  comentario: 'Comentario',
} as const;
const L = ETIQUETAS_TAREA;

/** The description's HTML (its tags count): room for some 20.000 characters of text. */
export const MAX_DESCRIPCION = 50_000;

const instante = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: (iss) =>
      iss.input === undefined || iss.input === null || iss.input === ''
        ? `El campo ${label} es obligatorio`
        : `El campo ${label} debe ser una fecha y hora válidas`,
  });

const ZItemNuevo = z.object({
  texto: textoObligatorio(L.item, 300),
  obligatorio: si('Obligatorio').default(false),
});

export const ZTareaForm = z
  .object({
    titulo: textoObligatorio(L.titulo, 200),
    /** Rich text (HTML of the editor) or plain text; the server keeps an allow-listed HTML of it. */
    descripcion: texto(L.descripcion, MAX_DESCRIPCION),
    id_categoria: id(L.id_categoria).nullable().default(null),
    id_prioridad: id(L.id_prioridad).nullable().default(null),
    responsables: ids(L.responsables, 20).refine((xs) => xs.length > 0, { error: `El campo ${L.responsables} es obligatorio` }),
    seguidores: ids(L.seguidores, 50),
    /** Absent: the category's playbook may give one (business days). */
    vence_en: instante(L.vence_en).nullable().default(null),
    consecutivo_inmueble: id(L.consecutivo_inmueble).nullable().default(null),
    id_tercero: id(L.id_tercero).nullable().default(null),
    id_cliente_atendido: id(L.id_cliente_atendido).nullable().default(null),
    numero_solicitud: id(L.numero_solicitud).nullable().default(null),
    id_cita: id(L.id_cita).nullable().default(null),
    /** A radicado of gestión documental (its id). */
    id_radicado: id(L.id_radicado).nullable().default(null),
    /** A checklist template copied into the task (the category's, when absent). */
    id_lista_verificacion: id(L.id_lista_verificacion).nullable().default(null),
    items: z
      .array(ZItemNuevo, { error: `El campo ${L.items} debe ser una lista` })
      .max(100)
      .default([]),
    recurrencia: opcion(L.recurrencia, RECURRENCIAS, ETIQUETAS_RECURRENCIA).nullable().default(null),
    /** The user saw the «due date in the past» warning and saves anyway. */
    confirmar: z.boolean().default(false),
  })
  .superRefine(
    (v, ctx) => {
      if (v.recurrencia && !v.vence_en)
        ctx.addIssue({ code: 'custom', path: ['vence_en'], message: `Una tarea que se repite necesita el campo ${L.vence_en}` });
    },
    cuandoValidos('recurrencia', 'vence_en'),
  );
export type TareaFormEntrada = z.input<typeof ZTareaForm>;
export type TareaForm = z.output<typeof ZTareaForm>;

const idsSinDefecto = (label: string, max: number) =>
  z
    .array(id(label), { error: `El campo ${label} debe ser una lista` })
    .max(max, { error: `El campo ${label} admite máximo ${max} valores` })
    .transform((xs) => [...new Set(xs)].sort((a, b) => a - b));

/** PATCH /tareas/:consecutivo: only what changes (the kanban sends estado). */
export const ZTareaCambios = z.object({
  titulo: textoObligatorio(L.titulo, 200).optional(),
  descripcion: z
    .string({ error: `El campo ${L.descripcion} debe ser texto` })
    .trim()
    .max(MAX_DESCRIPCION, { error: `El campo ${L.descripcion} admite máximo 50.000 caracteres` })
    .optional(),
  id_categoria: id(L.id_categoria).nullable().optional(),
  id_prioridad: id(L.id_prioridad).nullable().optional(),
  responsables: idsSinDefecto(L.responsables, 20)
    .refine((xs) => xs.length > 0, { error: `El campo ${L.responsables} es obligatorio` })
    .optional(),
  seguidores: idsSinDefecto(L.seguidores, 50).optional(),
  vence_en: instante(L.vence_en).nullable().optional(),
  estado: opcion(L.estado, ESTADOS_TAREA, ETIQUETAS_ESTADO_TAREA).optional(),
  recurrencia: opcion(L.recurrencia, RECURRENCIAS, ETIQUETAS_RECURRENCIA).nullable().optional(),
  confirmar: z.boolean().default(false),
  version: z.number().int().positive().optional(),
});
export type TareaCambios = z.output<typeof ZTareaCambios>;

export const ZItemCambio = z.object({ hecho: si('Hecho') });
export const ZItemAgregar = ZItemNuevo;
export const ZComentarioForm = z.object({
  texto: textoObligatorio(L.comentario, 5000),
  /** Users @mentioned (the web picks them; the server checks they are of the company). */
  menciones: ids('Menciones', 20),
});
export type ComentarioForm = z.output<typeof ZComentarioForm>;

export const ZConsecutivoTarea = z.object({ consecutivo: idQuery('consecutivo') });
export const ZItemParam = z.object({ consecutivo: idQuery('consecutivo'), idItem: idQuery('idItem') });

export const VISTAS_TAREAS = ['mias', 'asignadas', 'todas'] as const;
export type VistaTareas = (typeof VISTAS_TAREAS)[number];
export const ETIQUETAS_VISTA_TAREAS: Record<VistaTareas, string> = {
  mias: 'Mis tareas',
  asignadas: 'Asignadas por mí',
  todas: 'Todas',
};
export const ORDEN_TAREAS = ['consecutivo', 'vence_en', 'titulo', 'estado', 'creado_en'] as const;

const ZFiltrosTareas = z.object({
  vista: z.enum(VISTAS_TAREAS, { error: "vista debe ser 'mias', 'asignadas' o 'todas'" }).default('mias'),
  q: z
    .string()
    .trim()
    .max(200, { error: 'la búsqueda admite máximo 200 caracteres' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  responsable: idQuery('responsable').optional(),
  categoria: idQuery('categoria').optional(),
  prioridad: idQuery('prioridad').optional(),
  estado: listaQuery('estado', z.enum(ESTADOS_TAREA, { error: 'estado no es un estado de tarea' }), 5),
  /** abiertas (default) / todas: closed ones are only listed when asked for. */
  abiertas: z.enum(['si', 'no'], { error: "abiertas debe ser 'si' o 'no'" }).default('si'),
  vence_desde: fechaQuery('vence_desde'),
  vence_hasta: fechaQuery('vence_hasta'),
  vencidas: z.enum(['si'], { error: "vencidas debe ser 'si'" }).optional(),
  consecutivo_inmueble: idQuery('consecutivo_inmueble').optional(),
  id_tercero: idQuery('id_tercero').optional(),
  id_cliente_atendido: idQuery('id_cliente_atendido').optional(),
  numero_solicitud: idQuery('numero_solicitud').optional(),
  id_cita: idQuery('id_cita').optional(),
  id_radicado: idQuery('id_radicado').optional(),
});
export const ZTareasQuery = ZFiltrosTareas.extend({
  page: enteroQuery('page', 1, 1_000_000).default(1),
  pageSize: enteroQuery('pageSize', 1, 500).default(20),
  sort: z.enum(ORDEN_TAREAS, { error: `sort debe ser uno de: ${ORDEN_TAREAS.join(', ')}` }).optional(),
  order: z.enum(['asc', 'desc'], { error: "order debe ser 'asc' o 'desc'" }).optional(),
});
export type TareasQuery = z.output<typeof ZTareasQuery>;
export const ZTareasExportarQuery = ZFiltrosTareas.extend({
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
});
export type TareasExportarQuery = z.output<typeof ZTareasExportarQuery>;
export const TAREAS_MAX_EXPORT = 50_000;

export const ZPersona = z.object({ id: z.number(), nombre: z.string() });
export type Persona = z.infer<typeof ZPersona>;
export const ZMaestro = ZPersona.extend({ color: z.string().nullable() });
export type Maestro = z.infer<typeof ZMaestro>;

export const ZItemTarea = z.object({
  id: z.number(),
  orden: z.number(),
  texto: z.string(),
  obligatorio: z.boolean(),
  hecho: z.boolean(),
  hecho_por: z.string().nullable(),
  hecho_en: z.string().nullable(),
});
export type ItemTarea = z.infer<typeof ZItemTarea>;

/** A row of the list and a card of the kanban. */
export const ZTareaResumen = z.object({
  id: z.number(),
  consecutivo: z.number(),
  titulo: z.string(),
  estado: z.enum(ESTADOS_TAREA),
  vence_en: z.string().nullable(),
  vencida: z.boolean(),
  categoria: ZMaestro.nullable(),
  prioridad: ZMaestro.nullable(),
  responsables: z.array(ZPersona),
  solicitante: ZPersona.nullable(),
  items_total: z.number(),
  items_hechos: z.number(),
  inmueble: z.object({ consecutivo: z.number(), direccion: z.string() }).nullable(),
  creado_en: z.string(),
});
export type TareaResumen = z.infer<typeof ZTareaResumen>;

export const ZComentarioTarea = z.object({
  id: z.number(),
  usuario: z.string(),
  id_usuario: z.number().nullable(),
  texto: z.string(),
  menciones: z.array(z.number()),
  creado_en: z.string(),
});
export type ComentarioTarea = z.infer<typeof ZComentarioTarea>;
export const ZCambioTarea = z.object({
  id: z.number(),
  fecha: z.string(),
  usuario: z.string(),
  accion: z.string(),
  campo: z.string(),
  antes: z.string(),
  despues: z.string(),
});
export type CambioTarea = z.infer<typeof ZCambioTarea>;

export const ZTarea = ZTareaResumen.extend({
  /** Allow-listed HTML; a description saved before it was rich may still be plain text (pareceHtml). */
  descripcion: z.string(),
  seguidores: z.array(ZPersona),
  id_tercero: z.number().nullable(),
  tercero: ZPersona.nullable(),
  id_cliente_atendido: z.number().nullable(),
  numero_solicitud: z.number().nullable(),
  id_cita: z.number().nullable(),
  id_radicado: z.number().nullable(),
  /** The linked radicado (documento), as its page names it. */
  radicado: z.object({ id: z.number(), radicado: z.string(), asunto: z.string() }).nullable(),
  recurrencia: z.enum(RECURRENCIAS).nullable(),
  items: z.array(ZItemTarea),
  comentarios: z.array(ZComentarioTarea),
  historial: z.array(ZCambioTarea),
  version: z.number(),
  /** What the caller may do: edit the task (responsable, requester, follower or supervisor). */
  puede_editar: z.boolean(),
});
export type Tarea = z.infer<typeof ZTarea>;

export const ZOpcionesTareas = z.object({
  usuarios: z.array(ZPersona),
  categorias: z.array(
    ZMaestro.extend({ id_lista_verificacion: z.number().nullable(), dias_habiles_vence: z.number().nullable() }),
  ),
  prioridades: z.array(ZMaestro),
  listas: z.array(ZPersona),
  /** The caller may see every task of the company (view «Todas»). */
  ve_todas: z.boolean(),
});
export type OpcionesTareas = z.infer<typeof ZOpcionesTareas>;

/** The envelope's data of a 409 that needs confirmation (a due date in the past). */
export type AvisoTarea = { vence_en_pasado: true };

// ----- Listas de verificación (idm 10586) ---------------------------------------------------------

export const ZListaVerificacionForm = z.object({
  nombre: textoObligatorio('Nombre', 120),
  descripcion: texto('Descripción', 1000),
  activo: si('Activo').default(true),
  items: z
    .array(ZItemNuevo, { error: 'El campo Ítems debe ser una lista' })
    .min(1, { error: 'La lista necesita al menos un ítem' })
    .max(100, { error: 'El campo Ítems admite máximo 100 valores' }),
});
export type ListaVerificacionForm = z.output<typeof ZListaVerificacionForm>;
export type ListaVerificacionFormEntrada = z.input<typeof ZListaVerificacionForm>;
export const ZListaVerificacion = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  activo: z.boolean(),
  items: z.array(z.object({ id: z.number(), orden: z.number(), texto: z.string(), obligatorio: z.boolean() })),
});
export type ListaVerificacion = z.infer<typeof ZListaVerificacion>;
export const ZIdParam = z.object({ id: idQuery('id') });

/** A category's playbook (guion): the checklist and due offset (business days) new tasks of it start with. */
export const ETIQUETAS_GUION = {
  id_lista_verificacion: 'Lista de verificación por defecto',
  dias_habiles_vence: 'Vence en (días hábiles)',
} as const;
export const ZPlaybookForm = z.object({
  id_lista_verificacion: id(ETIQUETAS_GUION.id_lista_verificacion).nullable(),
  dias_habiles_vence: entero(ETIQUETAS_GUION.dias_habiles_vence, 0, 365).nullable(),
});
export type PlaybookForm = z.output<typeof ZPlaybookForm>;
export type PlaybookFormEntrada = z.input<typeof ZPlaybookForm>;
/** GET /tareas-categorias/:id/playbook. */
export const ZGuionCategoria = z.object({
  id_lista_verificacion: z.number().nullable(),
  dias_habiles_vence: z.number().nullable(),
  id_categoria: z.number(),
  nombre: z.string(),
});
export type GuionCategoria = z.infer<typeof ZGuionCategoria>;

// ----- Modificaciones de tareas (/informes/mod-tarea, idm 10584) -----------------------------------

const ZFiltrosModTarea = z.object({
  desde: fechaQuery('desde'),
  hasta: fechaQuery('hasta'),
  consecutivo: idQuery('consecutivo').optional(),
  usuario: z.string().trim().max(60, { error: 'usuario admite máximo 60 caracteres' }).optional(),
  campo: z.string().trim().max(40, { error: 'campo admite máximo 40 caracteres' }).optional(),
});
export const ZModTareaQuery = ZFiltrosModTarea.extend({
  page: enteroQuery('page', 1, 1_000_000).default(1),
  pageSize: enteroQuery('pageSize', 1, 200).default(20),
});
export type ModTareaQuery = z.output<typeof ZModTareaQuery>;
export const ZModTareaExportarQuery = ZFiltrosModTarea.extend({
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
});
export type ModTareaExportarQuery = z.output<typeof ZModTareaExportarQuery>;
export const ZModTarea = ZCambioTarea.extend({ consecutivo: z.number(), titulo: z.string() });
export type ModTarea = z.infer<typeof ZModTarea>;

export const etiquetaCampoTarea = (campo: string): string => (L as Record<string, string>)[campo] ?? campo;
