import { z } from 'zod';
import { cuandoValidos, esCorreo, fechaQuery, id, idQuery, listaQuery, texto } from './campos.ts';
import { GESTIONES, type Gestion } from './inmuebles.ts';
import { ZListQuery, zListQuery, zSort, type ListQuery } from './list.ts';
import './validation.ts';

// Solicitudes (issue 4 §2, menu /propiedades/solicitudes, idm 73): requests that arrive by the website,
// a portal, the phone, WhatsApp, e-mail or in person; each is numbered per company, assigned, followed
// through its estados with a history, and may become a cliente atendido (lead).

export const IDM_SOLICITUDES = 73;

export const CANALES = [
  { value: 'sitio_web', label: 'Sitio web' },
  { value: 'portal', label: 'Portal inmobiliario' },
  { value: 'telefono', label: 'Teléfono' },
  { value: 'presencial', label: 'Presencial' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'correo', label: 'Correo electrónico' },
] as const;
export const PORTALES_SOLICITUD = [
  { value: 'fincaraiz', label: 'Fincaraíz' },
  { value: 'metrocuadrado', label: 'Metrocuadrado' },
  { value: 'ciencuadras', label: 'Ciencuadras' },
  { value: 'mercadolibre', label: 'Mercado Libre' },
  { value: 'proppit', label: 'Proppit' },
  { value: 'wasi', label: 'Wasi' },
  { value: 'otro', label: 'Otro portal' },
] as const;
export const TIPOS_SOLICITUD = [
  { value: 'arrendar', label: 'Arrendar un inmueble' },
  { value: 'comprar', label: 'Comprar un inmueble' },
  { value: 'consignar', label: 'Consignar un inmueble' },
  { value: 'visita', label: 'Solicitar una visita' },
  { value: 'informacion', label: 'Información' },
  { value: 'mantenimiento', label: 'Mantenimiento o reparación' },
  { value: 'otro', label: 'Otro' },
] as const;
export const ESTADOS_SOLICITUD = [
  { value: 'nueva', label: 'Nueva' },
  { value: 'asignada', label: 'Asignada' },
  { value: 'en_tramite', label: 'En trámite' },
  { value: 'resuelta', label: 'Resuelta' },
  { value: 'descartada', label: 'Descartada' },
] as const;

export type Canal = (typeof CANALES)[number]['value'];
export type PortalSolicitud = (typeof PORTALES_SOLICITUD)[number]['value'];
export type TipoSolicitud = (typeof TIPOS_SOLICITUD)[number]['value'];
export type EstadoSolicitud = (typeof ESTADOS_SOLICITUD)[number]['value'];

const valores = <T extends readonly { value: string }[]>(xs: T) =>
  xs.map((x) => x.value) as [T[number]['value'], ...T[number]['value'][]];
export const CANAL_VALUES = valores(CANALES);
export const PORTAL_VALUES = valores(PORTALES_SOLICITUD);
export const TIPO_VALUES = valores(TIPOS_SOLICITUD);
export const ESTADO_VALUES = valores(ESTADOS_SOLICITUD);

const etiqueta =
  <T extends readonly { value: string; label: string }[]>(xs: T) =>
  (v: string | null | undefined) =>
    xs.find((x) => x.value === v)?.label ?? v ?? '';
export const etiquetaCanal = etiqueta(CANALES);
export const etiquetaPortal = etiqueta(PORTALES_SOLICITUD);
export const etiquetaTipo = etiqueta(TIPOS_SOLICITUD);
export const etiquetaEstado = etiqueta(ESTADOS_SOLICITUD);

/** How it came in, as a sentence says it ("Recibida por WhatsApp"). */
export const COMO_LLEGO: Record<Canal, string> = {
  sitio_web: 'por el sitio web',
  portal: 'por un portal inmobiliario',
  telefono: 'por teléfono',
  presencial: 'en persona',
  whatsapp: 'por WhatsApp',
  correo: 'por correo electrónico',
};

/** Closing a request needs a word on how (or why not). */
export const ESTADOS_CERRADOS: readonly EstadoSolicitud[] = ['resuelta', 'descartada'];
/** Someone must hold a request that is assigned or being handled. */
export const ESTADOS_CON_ASIGNADO: readonly EstadoSolicitud[] = ['asignada', 'en_tramite'];

/** The field labels the form shows and the messages name (also the export's headers). */
export const ETIQUETAS_SOLICITUD = {
  numero: 'Número',
  canal: 'Canal',
  portal: 'Portal',
  tipo: 'Tipo',
  estado: 'Estado',
  id_tercero: 'Tercero',
  contacto_nombre: 'Nombre del contacto',
  contacto_telefono: 'Teléfono del contacto',
  contacto_email: 'Correo del contacto',
  consecutivo_inmueble: 'Inmueble relacionado',
  id_asignado: 'Asignado a',
  fecha_recepcion: 'Fecha de recepción',
  mensaje: 'Mensaje',
  observacion: 'Observación',
  nota: 'Nota',
} as const;
const L = ETIQUETAS_SOLICITUD;

const TELEFONO = /^\+?[0-9][0-9 ()-]{5,19}$/;

const enumCampo = <T extends [string, ...string[]]>(label: string, xs: T, etiquetas: readonly { label: string }[]) =>
  z.enum(xs, { error: `El campo ${label} debe ser uno de: ${etiquetas.map((x) => x.label).join(', ')}` });

export const ZSolicitudCampos = z.object({
  canal: enumCampo(L.canal, CANAL_VALUES, CANALES),
  portal: enumCampo(L.portal, PORTAL_VALUES, PORTALES_SOLICITUD).nullable().default(null),
  tipo: enumCampo(L.tipo, TIPO_VALUES, TIPOS_SOLICITUD),
  id_tercero: id(L.id_tercero).nullable().default(null),
  contacto_nombre: texto(L.contacto_nombre, 120),
  contacto_telefono: texto(L.contacto_telefono, 20).refine((v) => v === '' || TELEFONO.test(v), {
    error: `El campo ${L.contacto_telefono} debe ser un teléfono (números, espacios, +, - y paréntesis; de 6 a 20)`,
  }),
  contacto_email: texto(L.contacto_email, 120)
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || esCorreo(v), {
      error: `El campo ${L.contacto_email} debe ser un correo electrónico válido`,
    }),
  consecutivo_inmueble: id(L.consecutivo_inmueble).nullable().default(null),
  /** When received; absent means now. ISO date-time with offset. */
  fecha_recepcion: z.iso
    .datetime({ offset: true, error: `El campo ${L.fecha_recepcion} debe ser una fecha y hora válidas` })
    .nullable()
    .default(null),
  mensaje: texto(L.mensaje, 5000).refine((v) => v !== '', { error: `El campo ${L.mensaje} es obligatorio` }),
});

type Issue = { path: string; message: string };

/** Cross-field rules of create and update; each issue names its field. */
export function reglasSolicitud(s: z.output<typeof ZSolicitudCampos>, ahora = Date.now()): Issue[] {
  const out: Issue[] = [];
  if (s.canal === 'portal' && !s.portal)
    out.push({ path: 'portal', message: `El campo ${L.portal} es obligatorio cuando el canal es un portal` });
  if (s.canal !== 'portal' && s.portal)
    out.push({ path: 'portal', message: `El campo ${L.portal} solo aplica cuando el canal es un portal` });
  if (s.id_tercero === null) {
    if (!s.contacto_nombre)
      out.push({ path: 'contacto_nombre', message: `Elija un ${L.id_tercero} o escriba el ${L.contacto_nombre}` });
    if (!s.contacto_telefono && !s.contacto_email)
      out.push({
        path: 'contacto_telefono',
        message: `Sin tercero, escriba el ${L.contacto_telefono} o el ${L.contacto_email} para poder responder`,
      });
  }
  // A few minutes of slack for clocks that disagree.
  if (s.fecha_recepcion && Date.parse(s.fecha_recepcion) > ahora + 5 * 60_000)
    out.push({ path: 'fecha_recepcion', message: `El campo ${L.fecha_recepcion} no puede ser futura` });
  return out;
}

const conReglas = <S extends z.ZodType<z.output<typeof ZSolicitudCampos>>>(s: S) =>
  s.superRefine(
    (v, ctx) => {
      for (const i of reglasSolicitud(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
    },
    cuandoValidos('canal', 'portal', 'id_tercero', 'contacto_nombre', 'contacto_telefono', 'contacto_email', 'fecha_recepcion'),
  );

/** POST /solicitudes: the data, and optionally who takes it (then it starts asignada). */
export const ZSolicitudForm = conReglas(ZSolicitudCampos.extend({ id_asignado: id(L.id_asignado).nullable().default(null) }));
export type SolicitudFormEntrada = z.input<typeof ZSolicitudForm>;
export type SolicitudForm = z.output<typeof ZSolicitudForm>;

/** PUT /solicitudes/:numero: the data (assignment and estado have their own calls) and the version read. */
export const ZSolicitudActualizar = conReglas(
  ZSolicitudCampos.extend({
    version: z
      .number({ error: 'El campo version es obligatorio (la versión de la solicitud que se editó)' })
      .int({ error: 'El campo version debe ser un número entero' })
      .positive({ error: 'El campo version debe ser mayor que cero' }),
  }),
);
export type SolicitudActualizar = z.output<typeof ZSolicitudActualizar>;

export const ZNumeroParam = z.object({ numero: idQuery('numero') });

const nota = (label: string, obligatoria: boolean) =>
  texto(label, 2000).refine((v) => !obligatoria || v !== '', { error: `El campo ${label} es obligatorio` });

export const ZCambioEstadoSolicitud = z
  .object({
    estado: enumCampo(L.estado, ESTADO_VALUES, ESTADOS_SOLICITUD),
    observacion: nota(L.observacion, false),
  })
  .superRefine((v, ctx) => {
    if (ESTADOS_CERRADOS.includes(v.estado) && !v.observacion)
      ctx.addIssue({
        code: 'custom',
        path: ['observacion'],
        message: `El campo ${L.observacion} es obligatorio para marcar la solicitud como ${etiquetaEstado(v.estado).toLowerCase()}`,
      });
  });
export type CambioEstadoSolicitud = z.output<typeof ZCambioEstadoSolicitud>;

export const ZAsignarSolicitud = z.object({ id_asignado: id(L.id_asignado), nota: nota(L.nota, false) });
export type AsignarSolicitud = z.output<typeof ZAsignarSolicitud>;

export const ZNotaSolicitud = z.object({ nota: nota(L.nota, true) });

// ----- a request becomes a lead (cliente atendido, idm 463) ---------------------------------------

export const ETIQUETAS_GESTION: Record<Gestion, string> = {
  arriendo: 'Arriendo',
  venta: 'Venta',
  arriendo_venta: 'Arriendo y venta',
};

/** What the lead seeks, when the request's tipo says it. */
export function gestionDeTipo(tipo: TipoSolicitud): Gestion | null {
  return tipo === 'arrendar' ? 'arriendo' : tipo === 'comprar' ? 'venta' : null;
}

/**
 * POST /solicitudes/:numero/convertir. The tercero is required (the request's, or this one); the
 * gestión comes from the tipo (arrendar, comprar), else from the related property, else from here.
 */
export const ZConvertirSolicitud = z.object({
  id_tercero: id(L.id_tercero).nullable().default(null),
  gestion: z
    .enum(GESTIONES, { error: `El campo Gestión debe ser uno de: ${Object.values(ETIQUETAS_GESTION).join(', ')}` })
    .nullable()
    .default(null),
});
export type ConvertirSolicitud = z.output<typeof ZConvertirSolicitud>;

// ----- list ------------------------------------------------------------------------------------

export const SORT_SOLICITUDES = ['numero', 'fecha_recepcion', 'estado', 'tipo', 'canal'] as const;

const filtrosSolicitudes = {
  estado: listaQuery('estado', z.enum(ESTADO_VALUES, { error: `estado debe ser uno de: ${ESTADO_VALUES.join(', ')}` }), 20),
  canal: listaQuery('canal', z.enum(CANAL_VALUES, { error: `canal debe ser uno de: ${CANAL_VALUES.join(', ')}` }), 20),
  portal: listaQuery('portal', z.enum(PORTAL_VALUES, { error: `portal debe ser uno de: ${PORTAL_VALUES.join(', ')}` }), 20),
  tipo: listaQuery('tipo', z.enum(TIPO_VALUES, { error: `tipo debe ser uno de: ${TIPO_VALUES.join(', ')}` }), 20),
  /** A user's id, or 'ninguno' for the unassigned. */
  asignado: z.union([z.literal('ninguno'), idQuery('asignado')], { error: "asignado debe ser un número o 'ninguno'" }).optional(),
  desde: fechaQuery('desde'),
  hasta: fechaQuery('hasta'),
  inmueble: idQuery('inmueble').optional(),
};

export type SolicitudesFiltro = {
  estado?: EstadoSolicitud[] | undefined;
  canal?: Canal[] | undefined;
  /** The portal of requests by canal «Portal inmobiliario». */
  portal?: PortalSolicitud[] | undefined;
  tipo?: TipoSolicitud[] | undefined;
  asignado?: number | 'ninguno' | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  /** The related property's consecutivo. */
  inmueble?: number | undefined;
};

const conRango = <S extends z.ZodType<{ desde?: string | undefined; hasta?: string | undefined }>>(s: S) =>
  s.superRefine((v, ctx) => {
    if (v.desde && v.hasta && v.hasta < v.desde)
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'hasta no puede ser anterior a desde' });
  });

/** GET /solicitudes: the list contract plus the filters (fecha range over the fecha de recepción, Bogotá time). */
export const ZSolicitudesQuery = conRango(
  zListQuery({ sort: SORT_SOLICITUDES, filters: filtrosSolicitudes }) as unknown as z.ZodType<ListQuery & SolicitudesFiltro>,
) as unknown as z.ZodType<ListQuery & SolicitudesFiltro>;
export type SolicitudesQuery = z.output<typeof ZSolicitudesQuery>;

export const ZSolicitudesExportarQuery = conRango(
  ZListQuery.omit({ page: true, pageSize: true }).extend({
    sort: zSort(SORT_SOLICITUDES),
    ...filtrosSolicitudes,
    formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
  }),
) as unknown as z.ZodType<Omit<ListQuery, 'page' | 'pageSize'> & SolicitudesFiltro & { formato: 'csv' | 'xlsx' }>;
export type SolicitudesExportarQuery = z.output<typeof ZSolicitudesExportarQuery>;

export const ZTercerosSolicitudQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: 'la búsqueda admite máximo 100 caracteres' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});

// ----- answers ---------------------------------------------------------------------------------

export const ZTerceroSolicitud = z.object({
  id: z.number(),
  nro_id: z.string(),
  nombre: z.string(),
  celular: z.string(),
  email: z.string(),
});
export type TerceroSolicitud = z.infer<typeof ZTerceroSolicitud>;
export const ZUsuarioAsignable = z.object({ id: z.number(), nombre: z.string(), usuario: z.string() });
export type UsuarioAsignable = z.infer<typeof ZUsuarioAsignable>;

export const ZSolicitudResumen = z.object({
  numero: z.number(),
  canal: z.enum(CANAL_VALUES),
  portal: z.enum(PORTAL_VALUES).nullable(),
  tipo: z.enum(TIPO_VALUES),
  estado: z.enum(ESTADO_VALUES),
  fecha_recepcion: z.string(),
  tercero: ZTerceroSolicitud.nullable(),
  contacto_nombre: z.string(),
  contacto_telefono: z.string(),
  contacto_email: z.string(),
  inmueble: z.object({ consecutivo: z.number(), direccion: z.string() }).nullable(),
  asignado: z.object({ id: z.number(), nombre: z.string() }).nullable(),
  /** The first 200 characters. */
  mensaje: z.string(),
  /** The lead it became, if any. */
  cliente_atendido: z.object({ id: z.number(), consecutivo: z.number() }).nullable(),
});
export type SolicitudResumen = z.infer<typeof ZSolicitudResumen>;

export const TIPOS_HISTORIAL = ['creacion', 'edicion', 'asignacion', 'estado', 'nota', 'conversion'] as const;
export type TipoHistorial = (typeof TIPOS_HISTORIAL)[number];

export const ZHistorialSolicitud = z.object({
  id: z.number(),
  tipo: z.enum(TIPOS_HISTORIAL),
  estado_anterior: z.enum(ESTADO_VALUES).nullable(),
  estado_nuevo: z.enum(ESTADO_VALUES).nullable(),
  asignado_anterior: z.string().nullable(),
  asignado_nuevo: z.string().nullable(),
  nota: z.string(),
  usuario: z.string(),
  fecha: z.string(),
});
export type HistorialSolicitud = z.infer<typeof ZHistorialSolicitud>;

export const ZSolicitudDetalle = ZSolicitudResumen.extend({
  /** The last closing observation (resuelta or descartada). */
  observacion: z.string(),
  version: z.number(),
  creado_por: z.string(),
  creado_en: z.string(),
  modificado_por: z.string().nullable(),
  modificado_en: z.string().nullable(),
  historial: z.array(ZHistorialSolicitud),
});
export type SolicitudDetalle = z.infer<typeof ZSolicitudDetalle>;

/** The name to show for a request: the tercero's, else the contact's. */
export const nombreSolicitante = (s: Pick<SolicitudResumen, 'tercero' | 'contacto_nombre'>) =>
  s.tercero?.nombre || s.contacto_nombre || '(sin nombre)';

// ----- the agency's website form ------------------------------------------------------------------

/** GET/PUT /empresa/formulario-web (Compañía, idm 3): whether the website form is on, and its key. */
/** confirmar: a visitor who left an e-mail is told by e-mail that the request arrived. */
export const ZFormularioWeb = z.object({ activo: z.boolean(), clave: z.string().nullable(), confirmar: z.boolean() });
export type FormularioWeb = z.infer<typeof ZFormularioWeb>;
/**
 * activar: true turns the form on with a new key (also to change a leaked one); false turns it off.
 * confirmar: the confirmation e-mail to the visitor, on or off (the key stays).
 */
export const ZFormularioWebCambio = z
  .object({
    activar: z.boolean({ error: 'El campo activar debe ser Sí o No' }).optional(),
    confirmar: z.boolean({ error: 'El campo Confirmar por correo debe ser Sí o No' }).optional(),
  })
  .refine((v) => v.activar !== undefined || v.confirmar !== undefined, { error: 'Indique activar o confirmar' });
export type FormularioWebCambio = z.output<typeof ZFormularioWebCambio>;

/** The web form asks for at most this many requests per connection and hour. */
export const SOLICITUDES_WEB_POR_IP_HORA = 5;

/**
 * POST /api/publico/solicitudes: what a visitor writes in the agency's website form. `clave` names the
 * company; `sitio` is a field people never see (left empty): a robot that fills it is thanked and ignored.
 * Colombian habeas data (Ley 1581 de 2012): the visitor must authorise the use of their data.
 */
export const ZSolicitudWeb = z
  .object({
    clave: z
      .string({ error: 'Falta la clave del formulario' })
      .trim()
      .min(1, { error: 'Falta la clave del formulario' })
      .max(100, { error: 'La clave del formulario no es válida' }),
    nombre: texto('Nombre', 120).refine((v) => v !== '', { error: 'El campo Nombre es obligatorio' }),
    telefono: texto('Teléfono', 20).refine((v) => v === '' || TELEFONO.test(v), {
      error: 'El campo Teléfono debe ser un teléfono (números, espacios, +, - y paréntesis; de 6 a 20)',
    }),
    email: texto('Correo electrónico', 120)
      .transform((v) => v.toLowerCase())
      .refine((v) => v === '' || esCorreo(v), {
        error: 'El campo Correo electrónico debe ser un correo electrónico válido',
      }),
    mensaje: texto('Mensaje', 2000).refine((v) => v !== '', { error: 'El campo Mensaje es obligatorio' }),
    tipo: z.enum(TIPO_VALUES, { error: `El campo Tipo debe ser uno de: ${TIPO_VALUES.join(', ')}` }).default('informacion'),
    inmueble: z
      .number({ error: 'El campo Inmueble debe ser un número' })
      .int({ error: 'El campo Inmueble debe ser un número entero' })
      .positive({ error: 'El campo Inmueble debe ser un número entero' })
      .max(2_147_483_647, { error: 'El campo Inmueble no es válido' })
      .nullable()
      .default(null),
    autoriza_datos: z.literal(true, {
      error: 'Debe autorizar el tratamiento de sus datos personales para enviar la solicitud',
    }),
    sitio: z.string().max(200).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.telefono && !v.email)
      ctx.addIssue({
        code: 'custom',
        path: ['telefono'],
        message: 'Escriba un teléfono o un correo electrónico para responderle',
      });
  });
export type SolicitudWeb = z.output<typeof ZSolicitudWeb>;
