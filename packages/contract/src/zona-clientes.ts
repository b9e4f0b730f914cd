import { z } from 'zod';
import {
  esCorreo,
  fecha,
  id,
  idQuery,
  listaQuery,
  MAX_COP,
  opcion,
  si,
  texto,
  textoObligatorio,
  ZConsecutivoParam,
} from './campos.ts';
import { ZListQuery, zSort } from './list.ts';

// Zona clientes (issue 31): the client portal and the staff screens that feed it (spec §2 /zonaclientes).

export const IDM_CONFIGURAR_ZONA_CLIENTES = 499;
export const IDM_SOLICITUDES_MANTENIMIENTO = 10550;
/** Notice to staff when a client reports a problem (migration 0002). */
export const TIPO_CARTA_MANTENIMIENTO = 701;
/** An invitation link works once, for this long. */
export const INVITACION_HORAS = 72;
/** A link to choose a new password (forgotten): short-lived, as it is asked for by whoever knows the address. */
export const RECUPERAR_HORAS = 2;
/** The same answer whether or not the address has an account, so the form does not tell who is a client. */
export const MENSAJE_RECUPERAR =
  'Si ese correo tiene acceso a la zona clientes, le enviamos un enlace para crear una contraseña nueva.';
/** A login link («Ingresar con un enlace»): single use and short, as whoever knows the address can ask for it. */
export const ENLACE_INGRESO_MINUTOS = 15;
export const MENSAJE_ENLACE_INGRESO =
  'Si ese correo tiene acceso a la zona clientes, le enviamos un enlace para ingresar sin contraseña.';
/** A portal session lasts this long. */
export const SESION_PORTAL_DIAS = 30;
export const CLAVE_PORTAL_MIN = 10;

export const CATEGORIAS_MANTENIMIENTO = [
  'plomeria',
  'electrico',
  'cerrajeria',
  'electrodomesticos',
  'humedad',
  'pintura',
  'otro',
] as const;
export type CategoriaMantenimiento = (typeof CATEGORIAS_MANTENIMIENTO)[number];
export const ETIQUETAS_CATEGORIA: Record<CategoriaMantenimiento, string> = {
  plomeria: 'Plomería',
  electrico: 'Eléctrico',
  cerrajeria: 'Cerrajería',
  electrodomesticos: 'Electrodomésticos',
  humedad: 'Humedad',
  pintura: 'Pintura',
  otro: 'Otro',
};

export const URGENCIAS = ['baja', 'media', 'alta'] as const;
export type Urgencia = (typeof URGENCIAS)[number];
export const ETIQUETAS_URGENCIA: Record<Urgencia, string> = { baja: 'Baja', media: 'Media', alta: 'Alta' };

export const ESTADOS_MANTENIMIENTO = [
  'recibida',
  'en_revision',
  'aprobada',
  'en_ejecucion',
  'resuelta',
  'cerrada',
  'rechazada',
] as const;
export type EstadoMantenimiento = (typeof ESTADOS_MANTENIMIENTO)[number];
export const ETIQUETAS_ESTADO_MANTENIMIENTO: Record<EstadoMantenimiento, string> = {
  recibida: 'Recibida',
  en_revision: 'En revisión',
  aprobada: 'Aprobada por el propietario',
  en_ejecucion: 'En ejecución',
  resuelta: 'Resuelta',
  cerrada: 'Cerrada',
  rechazada: 'Rechazada',
};

const correo = (label: string) =>
  z
    .string({ error: `El campo ${label} es obligatorio` })
    .trim()
    .toLowerCase()
    .max(200, { error: `El campo ${label} admite máximo 200 caracteres` })
    .refine(esCorreo, { error: `El campo ${label} debe ser un correo válido` });

// ---- Configuration (499) ----

/**
 * The portal's sections a company can show or hide per kind of client. «Mis inmuebles» and «Mis datos
 * personales» (Ley 1581) are always shown, so they are not here.
 */
export const SECCIONES_PORTAL = [
  'promocion',
  'cotizaciones',
  'novedades',
  'contratos',
  'inventarios',
  'firmados',
  'documentos',
  'mantenimiento',
] as const;
export type SeccionPortal = (typeof SECCIONES_PORTAL)[number];
export const ETIQUETAS_SECCION_PORTAL: Record<SeccionPortal, string> = {
  promocion: 'Promoción de sus inmuebles',
  cotizaciones: 'Cotizaciones',
  novedades: 'Novedades',
  contratos: 'Contratos',
  inventarios: 'Inventarios',
  firmados: 'Documentos firmados',
  documentos: 'Documentos',
  mantenimiento: 'Solicitudes de mantenimiento',
};
export const TIPOS_CLIENTE_PORTAL = ['propietarios', 'arrendatarios', 'codeudores'] as const;
export type TipoClientePortal = (typeof TIPOS_CLIENTE_PORTAL)[number];
export const ETIQUETAS_TIPO_CLIENTE: Record<TipoClientePortal, string> = {
  propietarios: 'Propietarios',
  arrendatarios: 'Arrendatarios',
  codeudores: 'Codeudores',
};
/** What a new company shows: owners see their properties' promotion and quotes; tenants and co-signers do not. */
export const SECCIONES_INICIALES: Record<TipoClientePortal, SeccionPortal[]> = {
  propietarios: ['promocion', 'cotizaciones', 'novedades', 'contratos', 'inventarios', 'firmados', 'documentos', 'mantenimiento'],
  arrendatarios: ['novedades', 'contratos', 'inventarios', 'firmados', 'documentos', 'mantenimiento'],
  codeudores: ['novedades', 'contratos', 'firmados', 'documentos'],
};
const ZSeccionesTipo = (tipo: string) =>
  z
    .array(z.enum(SECCIONES_PORTAL, { error: `El campo Secciones de ${tipo} tiene una sección que no existe` }), {
      error: `El campo Secciones de ${tipo} debe ser una lista`,
    })
    .max(SECCIONES_PORTAL.length)
    .transform((l) => SECCIONES_PORTAL.filter((x) => l.includes(x)));
export const ZSeccionesPortal = z.object(
  {
    propietarios: ZSeccionesTipo('propietarios'),
    arrendatarios: ZSeccionesTipo('arrendatarios'),
    codeudores: ZSeccionesTipo('codeudores'),
  },
  { error: 'El campo Secciones es obligatorio' },
);
export type SeccionesPortal = z.output<typeof ZSeccionesPortal>;

export const ZConfigZonaClientes = z.object({
  activo: si('Zona clientes activa'),
  titulo: textoObligatorio('Título', 120),
  bienvenida: texto('Texto de bienvenida', 2000),
  politica: texto('Política de tratamiento de datos', 20000),
  secciones: ZSeccionesPortal.default(SECCIONES_INICIALES),
  avisar_cliente: si('Avisar al cliente por correo').default(true),
  /** Who receives new maintenance requests; empty: every active user with Solicitudes de mantenimiento. */
  receptores: z
    .array(id('Reciben las solicitudes'), { error: 'El campo Reciben las solicitudes debe ser una lista de usuarios' })
    .max(50, { error: 'El campo Reciben las solicitudes admite máximo 50 usuarios' })
    .default([])
    .transform((l) => [...new Set(l)]),
});
export type ConfigZonaClientesForm = z.output<typeof ZConfigZonaClientes>;
export const ZConfigZonaClientesGuardada = z.object({
  activo: z.boolean(),
  titulo: z.string(),
  bienvenida: z.string(),
  politica: z.string(),
  secciones: z.object({
    propietarios: z.array(z.enum(SECCIONES_PORTAL)),
    arrendatarios: z.array(z.enum(SECCIONES_PORTAL)),
    codeudores: z.array(z.enum(SECCIONES_PORTAL)),
  }),
  avisar_cliente: z.boolean(),
  receptores: z.array(z.number()),
  version_politica: z.number(),
});
export type ConfigZonaClientes = z.infer<typeof ZConfigZonaClientesGuardada>;
/** What Configurar shows: the configuration and the users who may receive requests. */
export const ZConfigZonaClientesPantalla = ZConfigZonaClientesGuardada.extend({
  atienden: z.array(z.object({ id: z.number(), nombre: z.string() })),
});
export type ConfigZonaClientesPantalla = z.infer<typeof ZConfigZonaClientesPantalla>;

export const ZInvitacionForm = z.object({
  id_tercero: id('Tercero'),
  email: correo('Correo'),
  /** The consecutivo of the property the tercero rents (there is no contracts module yet to say it). */
  inmueble_arrendado: id('Inmueble arrendado').nullable().default(null),
});
export type InvitacionForm = z.input<typeof ZInvitacionForm>;

export const ZIdClientePortalParam = z.object({ id: idQuery('id') });
/** Turns a client's access off (their sessions close) or on again. */
export const ZActivoClientePortal = z.object({ activo: si('Activo') });

export const ZClientePortalFila = z.object({
  id: z.number(),
  id_tercero: z.number(),
  nombre: z.string(),
  email: z.string(),
  activo: z.boolean(),
  estado: z.enum(['invitado', 'activo', 'inactivo']),
  ultimo_ingreso: z.string().nullable(),
  autorizo_en: z.string().nullable(),
});
export type ClientePortalFila = z.infer<typeof ZClientePortalFila>;

// ---- Portal (public and client endpoints) ----

export const ZEmpresaPortalParam = z.object({ idEmpresa: idQuery('idEmpresa') });

export const ZPortalInfo = z.object({
  id_empresa: z.number(),
  empresa: z.string(),
  titulo: z.string(),
  bienvenida: z.string(),
  /** The company's logo for the login page (`/api/portal/:empresa/logo`), or null when it has none. */
  logo: z.string().nullable(),
});
export type PortalInfo = z.infer<typeof ZPortalInfo>;

export const ZPortalLogin = z.object({
  email: correo('Correo'),
  clave: z
    .string({ error: 'El campo Contraseña es obligatorio' })
    .min(1, { error: 'El campo Contraseña es obligatorio' })
    .max(200),
});

export const ZPortalRecuperar = z.object({ email: correo('Correo') });
/** Redeems a login link: the secret of its fragment (#t=…). */
export const ZPortalEntrar = z.object({
  token: z.string({ error: 'El enlace de ingreso no es válido' }).regex(/^[A-Za-z0-9_-]{20,100}$/, {
    error: 'El enlace de ingreso no es válido',
  }),
});

export const ZPortalActivar = z.object({
  token: z.string({ error: 'El enlace de invitación no es válido' }).regex(/^[A-Za-z0-9_-]{20,100}$/, {
    error: 'El enlace de invitación no es válido',
  }),
  clave: z
    .string({ error: 'El campo Contraseña es obligatorio' })
    .min(CLAVE_PORTAL_MIN, { error: `El campo Contraseña debe tener al menos ${CLAVE_PORTAL_MIN} caracteres` })
    .max(200, { error: 'El campo Contraseña admite máximo 200 caracteres' }),
});

export const ZPortalYo = z.object({
  nombre: z.string(),
  email: z.string(),
  empresa: z.string(),
  titulo: z.string(),
  bienvenida: z.string(),
  politica: z.string(),
  version_politica: z.number(),
  /** False until the client accepts the current policy (Ley 1581). */
  autorizo: z.boolean(),
  /** The sections this client sees: those the company shows to any kind of client they are. */
  secciones: z.array(z.enum(SECCIONES_PORTAL)),
});
export type PortalYo = z.infer<typeof ZPortalYo>;

export const ZAutorizacion = z.object({ acepto: z.literal(true, { error: 'Debe aceptar la política para continuar' }) });

export const ZInmueblePortal = z.object({
  id: z.number(),
  consecutivo: z.number(),
  direccion: z.string(),
  tipo: z.string(),
  estado: z.string(),
  municipio: z.string(),
  rol: z.enum(['propietario', 'arrendatario']),
});
export type InmueblePortal = z.infer<typeof ZInmueblePortal>;

export const ZMantenimientoForm = z.object({
  id_inmueble: id('Inmueble'),
  categoria: opcion('Categoría', CATEGORIAS_MANTENIMIENTO, ETIQUETAS_CATEGORIA),
  descripcion: textoObligatorio('Descripción', 4000),
  urgencia: opcion('Urgencia', URGENCIAS, ETIQUETAS_URGENCIA),
  permiso_ingreso: si('Permiso para ingresar'),
  disponibilidad: texto('Disponibilidad', 500),
});
export type MantenimientoForm = z.input<typeof ZMantenimientoForm>;

export const ZEventoMantenimiento = z.object({
  id: z.number(),
  tipo: z.enum(['creada', 'estado', 'asignacion', 'comentario', 'cotizacion']),
  estado: z.enum(ESTADOS_MANTENIMIENTO).nullable(),
  texto: z.string(),
  visible_cliente: z.boolean(),
  autor: z.string(),
  creado_en: z.string(),
});
export type EventoMantenimiento = z.infer<typeof ZEventoMantenimiento>;

export const ZFotoMantenimiento = z.object({ id: z.number(), nombre: z.string(), content_type: z.string() });
export type FotoMantenimiento = z.infer<typeof ZFotoMantenimiento>;

/** Who pays a request's repair. */
export const PAGADORES = ['propietario', 'arrendatario', 'inmobiliaria'] as const;
export type Pagador = (typeof PAGADORES)[number];
export const ETIQUETAS_PAGADOR: Record<Pagador, string> = {
  propietario: 'El propietario',
  arrendatario: 'El arrendatario',
  inmobiliaria: 'La inmobiliaria',
};

export const ZSolicitudMantenimiento = z.object({
  id: z.number(),
  consecutivo: z.number(),
  id_inmueble: z.number(),
  inmueble: z.string(),
  categoria: z.enum(CATEGORIAS_MANTENIMIENTO),
  descripcion: z.string(),
  urgencia: z.enum(URGENCIAS),
  permiso_ingreso: z.boolean(),
  disponibilidad: z.string(),
  estado: z.enum(ESTADOS_MANTENIMIENTO),
  id_asignado: z.number().nullable(),
  asignado: z.string().nullable(),
  cliente: z.string(),
  creado_en: z.string(),
  /** The repair's cost in whole pesos; in the portal, only for the client who pays it. */
  costo: z.number().nullable(),
  paga: z.enum(PAGADORES).nullable(),
  id_proveedor: z.number().nullable(),
  proveedor: z.string().nullable(),
});
export type SolicitudMantenimiento = z.infer<typeof ZSolicitudMantenimiento>;
export const ZSolicitudMantenimientoDetalle = ZSolicitudMantenimiento.extend({
  eventos: z.array(ZEventoMantenimiento),
  fotos: z.array(ZFotoMantenimiento),
});
export type SolicitudMantenimientoDetalle = z.infer<typeof ZSolicitudMantenimientoDetalle>;

// ---- Staff (10550) ----

export const SORT_MANTENIMIENTO = ['consecutivo', 'creado_en', 'estado', 'urgencia'] as const;

export const ZFiltrosMantenimiento = z.object({
  q: ZListQuery.shape.q,
  estado: listaQuery(
    'estado',
    z.enum(ESTADOS_MANTENIMIENTO, { error: `estado debe ser uno de: ${ESTADOS_MANTENIMIENTO.join(', ')}` }),
    7,
  ),
  urgencia: z.enum(URGENCIAS, { error: `urgencia debe ser una de: ${URGENCIAS.join(', ')}` }).optional(),
  asignado: idQuery('asignado').optional(),
});
export const ZMantenimientoQuery = ZListQuery.extend({ sort: zSort(SORT_MANTENIMIENTO), ...ZFiltrosMantenimiento.shape });
export type MantenimientoQuery = z.output<typeof ZMantenimientoQuery>;

export const ZMantenimientoCambios = z
  .object({
    estado: opcion('Estado', ESTADOS_MANTENIMIENTO, ETIQUETAS_ESTADO_MANTENIMIENTO).optional(),
    id_asignado: id('Asignado a').nullable().optional(),
    nota: texto('Nota para el cliente', 2000),
  })
  .refine((b) => b.estado !== undefined || b.id_asignado !== undefined, {
    error: 'Indique el nuevo Estado o a quién se asigna',
    path: ['estado'],
  });
export type MantenimientoCambios = z.input<typeof ZMantenimientoCambios>;

/** Staff record the repair's cost, who pays it and the supplier; null clears each. */
export const ZCostoMantenimiento = z
  .object({
    costo: z
      .number({ error: 'El campo Costo debe ser un número' })
      .int({ error: 'El campo Costo debe ser un valor entero en pesos' })
      .min(0, { error: 'El campo Costo no puede ser negativo' })
      .max(MAX_COP, { error: 'El campo Costo es demasiado grande' })
      .nullable(),
    paga: opcion('Quién paga', PAGADORES, ETIQUETAS_PAGADOR).nullable(),
    id_proveedor: id('Proveedor').nullable(),
  })
  .refine((b) => b.costo === null || b.paga !== null, {
    error: 'El campo Quién paga es obligatorio cuando hay un costo',
    path: ['paga'],
  });
export type CostoMantenimiento = z.input<typeof ZCostoMantenimiento>;

export const ZMantenimientoComentario = z.object({
  texto: textoObligatorio('Comentario', 4000),
  visible_cliente: si('Visible para el cliente'),
});
export type MantenimientoComentario = z.input<typeof ZMantenimientoComentario>;

export const ZConsecutivoMantenimiento = ZConsecutivoParam;
export const ZFotoParam = z.object({ consecutivo: idQuery('consecutivo'), id: idQuery('id') });

// ---- Información zona clientes (idm 201): announcements in the portal ----

export const IDM_INFORMACION_ZONA_CLIENTES = 201;
export const PARA_ANUNCIO = ['todos', 'propietarios', 'arrendatarios'] as const;
export type ParaAnuncio = (typeof PARA_ANUNCIO)[number];
export const ETIQUETAS_PARA_ANUNCIO: Record<ParaAnuncio, string> = {
  todos: 'Todos los clientes',
  propietarios: 'Propietarios',
  arrendatarios: 'Arrendatarios',
};

export const ZAnuncioForm = z
  .object({
    titulo: textoObligatorio('Título', 150),
    /** Rich text (HTML), allow-listed by the server before it is stored. */
    contenido: texto('Contenido', 50_000),
    para: opcion('Para', PARA_ANUNCIO, ETIQUETAS_PARA_ANUNCIO).default('todos'),
    publicado: si('Publicado').default(false),
    desde: fecha('Desde').nullable().default(null),
    hasta: fecha('Hasta').nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.desde && v.hasta && v.hasta < v.desde)
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'El campo Hasta no puede ser anterior a Desde' });
  });
export type AnuncioForm = z.input<typeof ZAnuncioForm>;
export const ZAnunciosQuery = ZListQuery;
export const ZIdAnuncioParam = z.object({ id: idQuery('id') });

export const ZAnuncio = z.object({
  id: z.number(),
  titulo: z.string(),
  contenido: z.string(),
  para: z.enum(PARA_ANUNCIO),
  publicado: z.boolean(),
  desde: z.string().nullable(),
  hasta: z.string().nullable(),
  creado_por: z.string(),
  creado_en: z.string(),
  modificado_por: z.string().nullable(),
  modificado_en: z.string().nullable(),
});
export type Anuncio = z.infer<typeof ZAnuncio>;
/** What a client reads in the portal: `fecha` is the day it shows from (its «Desde», else its creation). */
export const ZAnuncioPortal = ZAnuncio.pick({ id: true, titulo: true, contenido: true }).extend({ fecha: z.string() });
export type AnuncioPortal = z.infer<typeof ZAnuncioPortal>;

// ---- Categorías de documentos (idm 10525): documents shared with clients, and their uploads ----

export const IDM_CATEGORIAS_DOCUMENTOS_CLIENTES = 10525;
/** Notice to staff when a client uploads a document (migration 0002). */
export const TIPO_CARTA_DOCUMENTO_CLIENTE = 702;
/** PDF, JPG, PNG or DOCX, read from the bytes; this size at most. */
export const DOCUMENTO_CLIENTE_MAX_MB = 20;
export const ACCEPT_DOCUMENTO_CLIENTE = '.pdf,.jpg,.jpeg,.png,.docx';

/** Who sees a category's documents (the master's «Visible para»). */
export const VISIBLE_PARA = ['todos', 'propietarios', 'arrendatarios', 'codeudores'] as const;
export type VisiblePara = (typeof VISIBLE_PARA)[number];
export const ETIQUETAS_VISIBLE_PARA: Record<VisiblePara, string> = {
  todos: 'Todos los clientes',
  propietarios: 'Propietarios',
  arrendatarios: 'Arrendatarios',
  codeudores: 'Codeudores',
};
export type RolCliente = 'propietario' | 'arrendatario' | 'codeudor';

const idCampo = (label: string) =>
  z.coerce
    .number({ error: `El campo ${label} debe ser un registro existente` })
    .int({ error: `El campo ${label} debe ser un registro existente` })
    .positive({ error: `El campo ${label} debe ser un registro existente` })
    .max(2_147_483_647, { error: `El campo ${label} debe ser un registro existente` });
const vacioComoNada = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ZCategoriaDocumentoCliente = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
  visible_para: z.enum(VISIBLE_PARA),
  cliente_puede_subir: z.boolean(),
  activo: z.boolean(),
  documentos: z.number(),
});
export type CategoriaDocumentoCliente = z.infer<typeof ZCategoriaDocumentoCliente>;

export const ZSubidaCategoria = z.object({ cliente_puede_subir: si('El cliente puede subir') });

/**
 * Sharing a document (a multipart upload whose data rides in the query): with one client (a tercero),
 * or with every client of a property (its consecutivo), or both (that client, about that property).
 */
export const ZCompartirDocumento = z
  .object({
    id_categoria: idCampo('Categoría'),
    titulo: textoObligatorio('Título', 160),
    id_tercero: z.preprocess(vacioComoNada, idCampo('Cliente').optional()),
    inmueble: z.preprocess(vacioComoNada, idCampo('Inmueble').optional()),
  })
  .refine((v) => v.id_tercero !== undefined || v.inmueble !== undefined, {
    error: 'Indique el Cliente o el Inmueble con quien se comparte',
    path: ['id_tercero'],
  });
export type CompartirDocumento = z.output<typeof ZCompartirDocumento>;

export const ORIGENES_DOCUMENTO = ['inmobiliaria', 'cliente'] as const;
export const SORT_DOCUMENTOS_CLIENTES = ['creado_en', 'titulo', 'categoria'] as const;
export const ZDocumentosClientesQuery = ZListQuery.extend({
  sort: zSort(SORT_DOCUMENTOS_CLIENTES),
  id_categoria: idQuery('id_categoria').optional(),
  origen: z.enum(ORIGENES_DOCUMENTO, { error: 'origen debe ser inmobiliaria o cliente' }).optional(),
});
export type DocumentosClientesQuery = z.output<typeof ZDocumentosClientesQuery>;

export const ZArchivoDocumentoCliente = z.object({
  id: z.number(),
  nombre: z.string(),
  content_type: z.string(),
  bytes: z.number(),
});
export type ArchivoDocumentoCliente = z.infer<typeof ZArchivoDocumentoCliente>;

export const ZDocumentoCliente = z.object({
  id: z.number(),
  titulo: z.string(),
  id_categoria: z.number(),
  categoria: z.string(),
  visible_para: z.enum(VISIBLE_PARA),
  id_tercero: z.number().nullable(),
  tercero: z.string().nullable(),
  id_inmueble: z.number().nullable(),
  inmueble_consecutivo: z.number().nullable(),
  inmueble: z.string().nullable(),
  subido_por_cliente: z.boolean(),
  creado_por: z.string(),
  creado_en: z.string(),
  archivo: ZArchivoDocumentoCliente,
});
export type DocumentoCliente = z.infer<typeof ZDocumentoCliente>;

export const ZOpcionesDocumentosClientes = z.object({
  categorias: z.array(ZCategoriaDocumentoCliente),
  /** Terceros with a portal account, the usual recipients. */
  clientes: z.array(z.object({ id_tercero: z.number(), nombre: z.string(), email: z.string() })),
});
export type OpcionesDocumentosClientes = z.infer<typeof ZOpcionesDocumentosClientes>;

export const ZIdDocumentoParam = z.object({ id: idQuery('id') });

/** A client's upload in the portal (multipart, data in the query). */
export const ZSubirDocumentoPortal = z.object({
  id_categoria: idCampo('Categoría'),
  titulo: textoObligatorio('Título', 160),
  id_inmueble: z.preprocess(vacioComoNada, idCampo('Inmueble').optional()),
});
export type SubirDocumentoPortal = z.output<typeof ZSubirDocumentoPortal>;

export const ZDocumentoPortal = z.object({
  id: z.number(),
  titulo: z.string(),
  id_categoria: z.number(),
  categoria: z.string(),
  inmueble: z.string().nullable(),
  subido_por_cliente: z.boolean(),
  creado_en: z.string(),
  archivo: ZArchivoDocumentoCliente,
});
export type DocumentoPortal = z.infer<typeof ZDocumentoPortal>;
export const ZDocumentosPortal = z.object({
  /** The categories this client may see, in order, and whether they may upload into each. */
  categorias: z.array(
    z.object({ id: z.number(), nombre: z.string(), descripcion: z.string().nullable(), puede_subir: z.boolean() }),
  ),
  documentos: z.array(ZDocumentoPortal),
});
export type DocumentosPortal = z.infer<typeof ZDocumentosPortal>;

// ---- Quotes of a maintenance request, approved or rejected by the property's owner in the portal ----

export const ESTADOS_COTIZACION = ['pendiente', 'aprobada', 'rechazada', 'anulada'] as const;
export type EstadoCotizacion = (typeof ESTADOS_COTIZACION)[number];
export const ETIQUETAS_ESTADO_COTIZACION: Record<EstadoCotizacion, string> = {
  pendiente: 'Pendiente del propietario',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
  anulada: 'Anulada',
};
/** A quote's PDF: at most this size, read by its bytes. */
export const COTIZACION_PDF_MAX_MB = 10;

export const ZCotizacionForm = z.object({
  /** In whole pesos (COP). */
  valor: z
    .number({ error: 'El campo Valor debe ser un número' })
    .int({ error: 'El campo Valor debe ser un valor entero en pesos' })
    .min(1, { error: 'El campo Valor debe ser mayor que cero' })
    .max(MAX_COP, { error: 'El campo Valor es demasiado grande' }),
  id_proveedor: id('Proveedor'),
  descripcion: textoObligatorio('Descripción', 4000),
});
export type CotizacionForm = z.input<typeof ZCotizacionForm>;

export const ZCotizacionParam = z.object({ consecutivo: idQuery('consecutivo'), id: idQuery('id') });
export const ZIdCotizacionParam = z.object({ id: idQuery('id') });

export const ZDecisionCotizacion = z
  .object({
    decision: z.enum(['aprobada', 'rechazada'], { error: 'El campo Decisión debe ser aprobada o rechazada' }),
    comentario: texto('Comentario', 2000),
  })
  .refine((v) => v.decision === 'aprobada' || v.comentario.trim() !== '', {
    error: 'El campo Comentario es obligatorio al rechazar: cuente a la inmobiliaria por qué',
    path: ['comentario'],
  });
export type DecisionCotizacion = z.input<typeof ZDecisionCotizacion>;

export const ZCotizacionMantenimiento = z.object({
  id: z.number(),
  valor: z.number(),
  id_proveedor: z.number(),
  proveedor: z.string(),
  descripcion: z.string(),
  estado: z.enum(ESTADOS_COTIZACION),
  comentario: z.string(),
  /** Who decided: the owner's name, or null while pending or when staff voided it. */
  decidido_por: z.string().nullable(),
  decidido_en: z.string().nullable(),
  creado_por: z.string(),
  creado_en: z.string(),
  /** Whether a PDF is attached (file of owner type cotizacion_mantenimiento). */
  pdf: z.object({ id: z.number(), nombre: z.string() }).nullable(),
});
export type CotizacionMantenimiento = z.infer<typeof ZCotizacionMantenimiento>;

/** What staff see of a request: its steps, photos and quotes. */
export const ZSolicitudMantenimientoGestion = ZSolicitudMantenimientoDetalle.extend({
  cotizaciones: z.array(ZCotizacionMantenimiento),
  /** Owners of the property with a portal account, who can decide a quote (none: tell the staff). */
  propietarios_portal: z.number(),
});
export type SolicitudMantenimientoGestion = z.infer<typeof ZSolicitudMantenimientoGestion>;

/** A quote as the property's owner sees it in the portal, with the request it is for. */
export const ZCotizacionPortal = ZCotizacionMantenimiento.omit({
  id_proveedor: true,
  creado_por: true,
  decidido_por: true,
}).extend({
  consecutivo: z.number(),
  inmueble: z.string(),
  categoria: z.enum(CATEGORIAS_MANTENIMIENTO),
  solicitud: z.string(),
});
export type CotizacionPortal = z.infer<typeof ZCotizacionPortal>;

// ---- Habeas data (Ley 1581 de 2012): a client's requests about their personal data ----

export const TIPOS_HABEAS_DATA = ['consulta', 'actualizacion', 'supresion', 'revocatoria'] as const;
export type TipoHabeasData = (typeof TIPOS_HABEAS_DATA)[number];
export const ETIQUETAS_TIPO_HABEAS_DATA: Record<TipoHabeasData, string> = {
  consulta: 'Consultar mis datos',
  actualizacion: 'Actualizar o corregir mis datos',
  supresion: 'Suprimir (borrar) mis datos',
  revocatoria: 'Revocar mi autorización',
};
/**
 * Business days the company has to answer (Ley 1581 de 2012): a consulta in 10 (art. 14), a reclamo
 * (update, rectification, deletion, revocation) in 15 (art. 15), counted from the day after it arrives.
 */
export const DIAS_HABILES_HABEAS_DATA: Record<TipoHabeasData, number> = {
  consulta: 10,
  actualizacion: 15,
  supresion: 15,
  revocatoria: 15,
};

export const ZHabeasDataForm = z.object({
  tipo: opcion('Tipo de solicitud', TIPOS_HABEAS_DATA, ETIQUETAS_TIPO_HABEAS_DATA),
  descripcion: textoObligatorio('Descripción', 4000),
});
export type HabeasDataForm = z.input<typeof ZHabeasDataForm>;

export const ZRespuestaHabeasData = z.object({ respuesta: textoObligatorio('Respuesta', 8000) });
export type RespuestaHabeasData = z.input<typeof ZRespuestaHabeasData>;
export const ZIdHabeasDataParam = z.object({ id: idQuery('id') });

export const ZSolicitudHabeasData = z.object({
  id: z.number(),
  tipo: z.enum(TIPOS_HABEAS_DATA),
  descripcion: z.string(),
  estado: z.enum(['recibida', 'respondida']),
  /** AAAA-MM-DD: the last business day to answer. */
  vence_el: z.string(),
  respuesta: z.string().nullable(),
  respondido_en: z.string().nullable(),
  creado_en: z.string(),
});
export type SolicitudHabeasData = z.infer<typeof ZSolicitudHabeasData>;
/** What staff see: the client too, and who answered. */
export const ZSolicitudHabeasDataStaff = ZSolicitudHabeasData.extend({
  cliente: z.string(),
  email: z.string(),
  respondido_por: z.string().nullable(),
  id_cliente: z.number(),
});
export type SolicitudHabeasDataStaff = z.infer<typeof ZSolicitudHabeasDataStaff>;

// ---- The owner's view: where their property is published and the visits it had ----

/** A portal (or the website) the property is marked to be published on, and how that stands. */
export const ZPublicacionPropietario = z.object({
  portal: z.string(),
  nombre: z.string(),
  /** publicado; en_proceso (sent, or waiting its turn); no_visible (withdrawn, or the property is not offered). */
  estado: z.enum(['publicado', 'en_proceso', 'no_visible']),
});
export type PublicacionPropietario = z.infer<typeof ZPublicacionPropietario>;
export const ETIQUETAS_PUBLICACION_PROPIETARIO: Record<PublicacionPropietario['estado'], string> = {
  publicado: 'Publicado',
  en_proceso: 'En proceso',
  no_visible: 'No visible',
};
/** A visit to the property: when and how it went, never who came (their personal data are theirs). */
export const ZVisitaPropietario = z.object({
  inicio: z.string(),
  estado: z.enum(['programada', 'confirmada', 'realizada', 'no_asistio']),
  /** The visitor's interest, 1 (none) to 5 (ready to close), once it took place. */
  interes: z.number().nullable(),
});
export type VisitaPropietario = z.infer<typeof ZVisitaPropietario>;
export const ZInmueblePropietario = z.object({
  id: z.number(),
  consecutivo: z.number(),
  direccion: z.string(),
  estado: z.string(),
  publicaciones: z.array(ZPublicacionPropietario),
  visitas: z.array(ZVisitaPropietario),
  /** Distinct people who visited or are to visit: a count, without names. */
  interesados: z.number(),
});
export type InmueblePropietario = z.infer<typeof ZInmueblePropietario>;

// ---- Contracts in the portal: those the client is a party of ----

export const ZContratoPortal = z.object({
  id: z.number(),
  numero: z.string(),
  clase: z.string(),
  estado: z.string(),
  direccion: z.string(),
  fecha_inicio: z.string(),
  fecha_fin: z.string(),
  canon: z.number(),
  /** The client's role in it (propietario, arrendatario or codeudor). */
  rol: z.string(),
  /** The parties by name and role: what the contract itself says, nothing more. */
  partes: z.array(z.object({ nombre: z.string(), rol: z.string() })),
  /** True when everyone signed and its sealed PDF can be downloaded. */
  firmado: z.boolean(),
});
export type ContratoPortal = z.infer<typeof ZContratoPortal>;
