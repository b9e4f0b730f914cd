import { z } from 'zod';
import { cuandoValidos, entero, enteroQuery, fechaQuery, idQuery, id, ids, opcion, si } from './campos.ts';
import { hasIdm } from './menu.ts';
import { ZOrigenFiltro } from './pagina-web-encuestas.ts';

// Informes (issue 33, spec §2 /informes): every report is declared once in the API
// (modules/informes/informes.registro.ts) and answers the same shape; the web draws it with one page.

const PERIODO = ['desde', 'hasta', 'asesor'] as const;
const DIAS = ['dias', 'asesor'] as const;

/** The reports built on the framework: their path under /informes, title and menu idm. */
export const INFORMES = {
  citasporasesor: { titulo: 'Citas por asesor', idm: 490, periodo: true, filtros: PERIODO },
  visitas: { titulo: 'Visitas', idm: 10569, periodo: true, filtros: PERIODO },
  inmueblesnovisitados: { titulo: 'Inmuebles no visitados', idm: 10522, periodo: false, filtros: DIAS, diasPorDefecto: 30 },
  propiedadesporasesor: { titulo: 'Propiedades por asesor', idm: 10544, periodo: false, filtros: ['asesor', 'rol'] },
  propiedadesconsignadas: { titulo: 'Propiedades consignadas', idm: 10514, periodo: true, filtros: PERIODO },
  propiedadesretiradascausal: { titulo: 'Propiedades retiradas por causal', idm: 10515, periodo: true, filtros: PERIODO },
  solicitudes: {
    titulo: 'Informe de solicitudes',
    idm: 230,
    periodo: true,
    filtros: [...PERIODO, 'dias'],
    diasPorDefecto: 1,
    etiquetaDias: 'Días para responder',
  },
  clientesatendidos: { titulo: 'Clientes atendidos', idm: 10516, periodo: true, filtros: PERIODO },
  'seguimiento-asesores': { titulo: 'Seguimiento de asesores', idm: 10517, periodo: false, filtros: DIAS, diasPorDefecto: 7 },
  'verificar-disponibilidad': {
    titulo: 'Verificar disponibilidad',
    idm: 10551,
    periodo: false,
    filtros: DIAS,
    diasPorDefecto: 30,
    accion: { titulo: 'Confirmar disponibilidad', ruta: 'confirmar' },
  },
  'gestion-comercial': { titulo: 'Gestión comercial', idm: 10590, periodo: true, filtros: PERIODO },
  // The client-statistics filter of spec §3: which date the period applies to, and one client.
  clientesatendidosregistro: {
    titulo: 'Registro de clientes atendidos',
    idm: 10516,
    periodo: true,
    filtros: [...PERIODO, 'fecha', 'cliente'],
  },
  cruceclientesinmuebles: { titulo: 'Cruce de clientes e inmuebles', idm: 10517, periodo: false, filtros: ['asesor'] },
  encuestas: { titulo: 'Encuestas', idm: 10588, periodo: true, filtros: ['desde', 'hasta', 'encuesta', 'origen'] },
} as const satisfies Record<
  string,
  {
    titulo: string;
    idm: number;
    periodo: boolean;
    filtros: readonly ClaveFiltro[];
    diasPorDefecto?: number;
    /** What «dias» means in this report (the filter's label; «Días» otherwise). */
    etiquetaDias?: string;
    /** A button on each row: POST /informes/<clave>/<ruta> with the row's consecutivo. */
    accion?: { titulo: string; ruta: string };
  }
>;
export type ClaveInforme = keyof typeof INFORMES;
export const CLAVES_INFORME = Object.keys(INFORMES) as ClaveInforme[];

/**
 * Who sees every asesor's rows in the reports: the company's administrator (admemp), support, or whoever
 * was given Gestión comercial (10590), the report that compares all asesores. Anyone else who opens a
 * report with the asesor filter sees only their own rows (docs/informes.md lists which).
 */
export const IDM_GERENTE_INFORMES = 10590;
export const veTodosLosAsesores = (u: { admemp: boolean; soporte?: boolean; permisos: string }) =>
  u.admemp || u.soporte === true || hasIdm(u.permisos, IDM_GERENTE_INFORMES);

const ZClaveInforme = z.enum(CLAVES_INFORME as [ClaveInforme, ...ClaveInforme[]]);

/** GET /informes/tablero: the manager's month on Inicio, each figure from a report it links to. */
export const ZCifraTablero = z.object({
  clave: z.string(),
  titulo: z.string(),
  valor: z.number(),
  /** The same figure for the month before, when the report compares. */
  anterior: z.number().nullable(),
  dinero: z.boolean(),
  informe: ZClaveInforme,
});
export type CifraTablero = z.infer<typeof ZCifraTablero>;
export const ZTableroGerencia = z.object({
  desde: z.string(),
  hasta: z.string(),
  cifras: z.array(ZCifraTablero),
  /** This month's leads per medio publicitario, most first (the clientesatendidos report). */
  medios: z.array(z.object({ medio: z.string(), clientes: z.number() })),
});
export type TableroGerencia = z.infer<typeof ZTableroGerencia>;

/** POST /informes/verificar-disponibilidad/confirmar: the owner confirmed the property is still available. */
export const ZConfirmarDisponibilidad = z.strictObject({ consecutivo: id('consecutivo') });
export const ZConfirmacionDisponibilidad = z.object({ consecutivo: z.number(), fecha: z.string(), usuario: z.string() });
export type ConfirmacionDisponibilidad = z.infer<typeof ZConfirmacionDisponibilidad>;

/** GET /informes/clientesatendidosregistro/clientes?q: the client filter's options (N.º or name). */
export const ZBuscarClienteInforme = z.strictObject({
  q: z.string({ error: 'q debe ser texto' }).trim().max(100, { error: 'q admite como máximo 100 caracteres' }).optional(),
});
export const ZClienteInforme = z.object({ consecutivo: z.number(), nombre: z.string() });
export type ClienteInforme = z.infer<typeof ZClienteInforme>;

/** GET /informes/<clave>/asesores: the asesor filter's options. */
export const ZAsesorInforme = z.object({ id: z.number(), nombre: z.string() });

/** The longest period a report reads: longer ranges would scan years of agenda for one screen. */
export const MAX_ANIOS_INFORME = 5;

export const OPCIONES_FECHA_CLIENTE = ['ingreso', 'cierre'] as const;
export const ROLES_ASESOR = ['captador', 'comercial'] as const;
export type RolAsesor = (typeof ROLES_ASESOR)[number];
export type OpcionFechaCliente = (typeof OPCIONES_FECHA_CLIENTE)[number];

/** Every filter a report may take; each report declares which of these it accepts (others are refused). */
export const FILTROS_INFORME = {
  desde: fechaQuery('desde'),
  hasta: fechaQuery('hasta'),
  asesor: idQuery('asesor').optional(),
  dias: enteroQuery('dias', 1, 3650).optional(),
  /** Which date of a lead the period applies to (clientesatendidosregistro). */
  fecha: z.enum(OPCIONES_FECHA_CLIENTE, { error: 'fecha debe ser ingreso o cierre' }).optional(),
  /** Whose properties: the asesor who captured them or the one who sells or rents them (propiedadesporasesor). */
  rol: z.enum(ROLES_ASESOR, { error: 'rol debe ser captador o comercial' }).optional(),
  /** One lead, by its consecutivo (clientesatendidosregistro). */
  cliente: idQuery('cliente').optional(),
  /** One survey, and the origin of its links: manual, «Enviar» or a trigger (encuestas). */
  encuesta: idQuery('encuesta').optional(),
  origen: ZOrigenFiltro.optional(),
  formato: z.enum(['xlsx', 'pdf'], { error: 'formato debe ser xlsx o pdf' }).optional(),
  /** The export's «Agrupar por»: one of the report's text columns (checked against them when exporting). */
  agrupar: z
    .string({ error: 'agrupar debe ser texto' })
    .trim()
    .max(60, { error: 'agrupar admite como máximo 60 caracteres' })
    .optional(),
};
export type ClaveFiltro = Exclude<keyof typeof FILTROS_INFORME, 'formato' | 'agrupar'>;
export const ZFiltrosInforme = z.object({
  desde: z.string().optional(),
  hasta: z.string().optional(),
  asesor: z.number().optional(),
  dias: z.number().optional(),
  fecha: z.enum(OPCIONES_FECHA_CLIENTE).optional(),
  cliente: z.number().optional(),
  rol: z.enum(ROLES_ASESOR).optional(),
  encuesta: z.number().optional(),
  origen: ZOrigenFiltro.optional(),
});
export type FiltrosInforme = z.infer<typeof ZFiltrosInforme>;

/** The query schema of a report that takes `filtros`: any other key is a 400 naming it. */
export function zFiltros(filtros: readonly ClaveFiltro[]) {
  const forma = Object.fromEntries(
    [...filtros, 'formato', 'agrupar'].map((k) => [k, FILTROS_INFORME[k as keyof typeof FILTROS_INFORME]]),
  ) as Record<string, z.ZodType>;
  return z.strictObject(forma, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `Filtro desconocido: ${iss.keys.join(', ')}. Este informe admite: ${filtros.join(', ') || 'ninguno'}`
        : undefined,
  });
}

export const TIPOS_COLUMNA = ['texto', 'entero', 'dinero', 'fecha', 'porcentaje'] as const;
export type TipoColumna = (typeof TIPOS_COLUMNA)[number];
export const ZColumnaInforme = z.object({
  clave: z.string(),
  titulo: z.string(),
  tipo: z.enum(TIPOS_COLUMNA),
  total: z.boolean().optional(),
});
export type ColumnaInforme = z.infer<typeof ZColumnaInforme>;
export const ZFilaInforme = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type FilaInforme = Record<string, string | number | null> & { enlace?: string | null };

/** The columns a report's table can be grouped by («Agrupar por»): its text columns. */
export const columnasAgrupables = (columnas: ColumnaInforme[]) => columnas.filter((c) => c.tipo === 'texto');

export type GrupoInforme = { valor: string; filas: FilaInforme[]; subtotales: Record<string, number> };

/**
 * A report's rows grouped by one of its text columns, groups in the order their first row comes (the
 * report's own order), each with the subtotals of the summed columns; null when `por` is no text column.
 * The screen and the exports group with this one function, so they show the same groups.
 */
export function agruparInforme(
  columnas: ColumnaInforme[],
  filas: FilaInforme[],
  por: string | null | undefined,
): GrupoInforme[] | null {
  if (!por || !columnasAgrupables(columnas).some((c) => c.clave === por)) return null;
  const grupos = new Map<string, FilaInforme[]>();
  for (const f of filas) {
    const v = f[por];
    const k = v === null || v === undefined || v === '' ? 'Sin dato' : String(v);
    const g = grupos.get(k);
    if (g) g.push(f);
    else grupos.set(k, [f]);
  }
  return [...grupos].map(([valor, hijas]) => {
    const subtotales: Record<string, number> = {};
    for (const c of columnas) if (c.total) subtotales[c.clave] = hijas.reduce((n, f) => n + Number(f[c.clave] ?? 0), 0);
    return { valor, filas: hijas, subtotales };
  });
}

/** A summary tile: the period's figure and, for reports with a period, the previous period's. */
export const ZIndicador = z.object({ clave: z.string(), titulo: z.string(), valor: z.number(), anterior: z.number().nullable() });
export type Indicador = z.infer<typeof ZIndicador>;

export const ZRespuestaInforme = z.object({
  informe: ZClaveInforme,
  titulo: z.string(),
  /** The filters applied, with the defaults filled in (a report with a period always has desde and hasta). */
  filtros: ZFiltrosInforme,
  /** The period before, as long as this one (null for reports without a period). */
  anterior: z.object({ desde: z.string(), hasta: z.string() }).nullable(),
  resumen: z.array(ZIndicador),
  /** The chart: one label per point and one or more named series. */
  serie: z.object({
    tipo: z.enum(['barras', 'linea']),
    etiquetas: z.array(z.string()),
    series: z.array(z.object({ nombre: z.string(), valores: z.array(z.number()) })),
  }),
  columnas: z.array(ZColumnaInforme),
  filas: z.array(ZFilaInforme),
  totales: z.record(z.string(), z.number()),
});
export type RespuestaInforme = Omit<z.infer<typeof ZRespuestaInforme>, 'filas'> & { filas: FilaInforme[] };

// «Programar envío» (docs/informes.md): a report e-mailed weekly or monthly to chosen users, as a PDF or
// an Excel file, over the previous complete week or month at send time.

export const FRECUENCIAS_ENVIO = ['semanal', 'mensual'] as const;
export type FrecuenciaEnvio = (typeof FRECUENCIAS_ENVIO)[number];
export const FRECUENCIA_ENVIO_LABEL: Record<FrecuenciaEnvio, string> = { semanal: 'Semanal', mensual: 'Mensual' };
export const FORMATOS_ENVIO = ['pdf', 'xlsx'] as const;
export type FormatoEnvio = (typeof FORMATOS_ENVIO)[number];
export const FORMATO_ENVIO_LABEL: Record<FormatoEnvio, string> = { pdf: 'PDF', xlsx: 'Excel' };
/** Día of a weekly schedule: 1 is Monday (ISO), 7 Sunday. */
export const DIAS_SEMANA = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;
/** A monthly schedule's day stops at 28, which every month has. */
export const MAX_DIA_MES_ENVIO = 28;
export const MAX_DESTINATARIOS_ENVIO = 50;

/** The background jobs: the hourly look for due schedules, and one send of one schedule. */
export const TRABAJO_INFORMES_PROGRAMADOS = 'informes.programados';
export const TRABAJO_INFORME_ENVIAR = 'informes.enviar';

/** POST /informes/<clave>/programaciones, PUT …/:id. `asesor` and `dias` only where the report takes them. */
export const ZProgramacionForm = z
  .strictObject({
    frecuencia: opcion('Frecuencia', FRECUENCIAS_ENVIO, FRECUENCIA_ENVIO_LABEL),
    dia: entero('Día', 1, MAX_DIA_MES_ENVIO),
    hora: entero('Hora', 0, 23),
    formato: opcion('Formato', FORMATOS_ENVIO, FORMATO_ENVIO_LABEL),
    asesor: id('Asesor').nullable().default(null),
    dias: entero('Días', 1, 3650).nullable().default(null),
    destinatarios: ids('Destinatarios', MAX_DESTINATARIOS_ENVIO).refine((xs) => xs.length > 0, {
      error: 'El campo Destinatarios es obligatorio: elija al menos un usuario',
    }),
    activo: si('Activo').default(true),
  })
  .superRefine(
    (v, ctx) => {
      if (v.frecuencia === 'semanal' && v.dia > 7)
        ctx.addIssue({
          code: 'custom',
          path: ['dia'],
          message: 'El campo Día debe ser de 1 (lunes) a 7 (domingo) en un envío semanal',
        });
    },
    cuandoValidos('frecuencia', 'dia'),
  );
export type ProgramacionForm = z.infer<typeof ZProgramacionForm>;

/** PATCH …/:id/activo: pause or resume without touching the rest. */
export const ZProgramacionActivo = z.strictObject({ activo: si('Activo') });
export const ZProgramacionParams = z.object({ id: idQuery('id') });

export const ZProgramacionInforme = z.object({
  frecuencia: z.enum(FRECUENCIAS_ENVIO),
  dia: z.number(),
  hora: z.number(),
  formato: z.enum(FORMATOS_ENVIO),
  asesor: z.number().nullable(),
  dias: z.number().nullable(),
  destinatarios: z.array(z.number()),
  activo: z.boolean(),
  id: z.number(),
  clave: ZClaveInforme,
  id_creador: z.number(),
  creado_por: z.string(),
  creado_en: z.string(),
  ultimo_envio: z.string().nullable(),
  proximo_envio: z.string().nullable(),
  /** Why the last send failed (it is retried by the jobs runner). */
  ultimo_error: z.string().nullable(),
  /** What the last send left out (a recipient without e-mail or no longer active). */
  ultimo_aviso: z.string().nullable(),
});
export type ProgramacionInforme = z.infer<typeof ZProgramacionInforme>;

/** GET /informes/<clave>/destinatarios: the company's active users, and whether mail can reach them. */
export const ZDestinatarioInforme = z.object({ id: z.number(), nombre: z.string(), correo: z.boolean() });
export type DestinatarioInforme = z.infer<typeof ZDestinatarioInforme>;

/** POST …/:id/enviar: the send job enqueued. */
export const ZEnvioInformeEncolado = z.object({
  trabajo: z.number().nullable(),
  desde: z.string().nullable(),
  hasta: z.string().nullable(),
});
export type EnvioInformeEncolado = z.infer<typeof ZEnvioInformeEncolado>;
