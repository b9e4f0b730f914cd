import { z } from 'zod';
import { enteroQuery, fechaQuery, idQuery, id } from './campos.ts';
import { hasIdm } from './menu.ts';

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
  encuestas: { titulo: 'Encuestas', idm: 10588, periodo: true, filtros: ['desde', 'hasta'] },
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

/** GET /informes/tablero: the manager's month on Inicio, each figure from a report it links to. */
export type CifraTablero = {
  clave: string;
  titulo: string;
  valor: number;
  /** The same figure for the month before, when the report compares. */
  anterior: number | null;
  dinero: boolean;
  informe: ClaveInforme;
};
export type TableroGerencia = {
  desde: string;
  hasta: string;
  cifras: CifraTablero[];
  /** This month's leads per medio publicitario, most first (the clientesatendidos report). */
  medios: { medio: string; clientes: number }[];
};

/** POST /informes/verificar-disponibilidad/confirmar: the owner confirmed the property is still available. */
export const ZConfirmarDisponibilidad = z.strictObject({ consecutivo: id('consecutivo') });
export type ConfirmacionDisponibilidad = { consecutivo: number; fecha: string; usuario: string };

/** GET /informes/clientesatendidosregistro/clientes?q: the client filter's options (N.º or name). */
export const ZBuscarClienteInforme = z.strictObject({
  q: z.string({ error: 'q debe ser texto' }).trim().max(100, { error: 'q admite como máximo 100 caracteres' }).optional(),
});
export type ClienteInforme = { consecutivo: number; nombre: string };

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
  formato: z.enum(['xlsx', 'pdf'], { error: 'formato debe ser xlsx o pdf' }).optional(),
};
export type ClaveFiltro = Exclude<keyof typeof FILTROS_INFORME, 'formato'>;
export type FiltrosInforme = {
  desde?: string;
  hasta?: string;
  asesor?: number;
  dias?: number;
  fecha?: OpcionFechaCliente;
  cliente?: number;
  rol?: RolAsesor;
};

/** The query schema of a report that takes `filtros`: any other key is a 400 naming it. */
export function zFiltros(filtros: readonly ClaveFiltro[]) {
  const forma = Object.fromEntries(
    [...filtros, 'formato'].map((k) => [k, FILTROS_INFORME[k as keyof typeof FILTROS_INFORME]]),
  ) as Record<string, z.ZodType>;
  return z.strictObject(forma, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `Filtro desconocido: ${iss.keys.join(', ')}. Este informe admite: ${filtros.join(', ') || 'ninguno'}`
        : undefined,
  });
}

export type TipoColumna = 'texto' | 'entero' | 'dinero' | 'fecha' | 'porcentaje';
export type ColumnaInforme = { clave: string; titulo: string; tipo: TipoColumna; total?: boolean };
export type FilaInforme = Record<string, string | number | null> & { enlace?: string | null };

/** A summary tile: the period's figure and, for reports with a period, the previous period's. */
export type Indicador = { clave: string; titulo: string; valor: number; anterior: number | null };

export type RespuestaInforme = {
  informe: ClaveInforme;
  titulo: string;
  /** The filters applied, with the defaults filled in (a report with a period always has desde and hasta). */
  filtros: FiltrosInforme;
  /** The period before, as long as this one (null for reports without a period). */
  anterior: { desde: string; hasta: string } | null;
  resumen: Indicador[];
  /** The chart: one label per point and one or more named series. */
  serie: { tipo: 'barras' | 'linea'; etiquetas: string[]; series: { nombre: string; valores: number[] }[] };
  columnas: ColumnaInforme[];
  filas: FilaInforme[];
  totales: Record<string, number>;
};
