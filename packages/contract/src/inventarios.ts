import { z } from 'zod';
import { entero, esCorreo, fechaQuery, fecha, id, idQuery, opcion, si, texto, textoObligatorio } from './campos.ts';
import { CLASES_CONTRATO, ESTADOS_CONTRATO, PROGRAMAS_CONTRATO } from './contratos.ts';
import { ESTADOS_DOCUMENTO_FIRMA, ESTADOS_FIRMANTE } from './firmas.ts';
import { ZRadicacion } from './gestion-documental.ts';
import { ZListQuery, zListQuery, zSort, type ListQuery } from './list.ts';
import './validation.ts';

// Inventarios (issue 30, menu /inventarios): templates (plantillas-inventarios, idm 10593) made of
// spaces and items, and the inventories of a property (administracion-inventarios, idm 496) taken on a
// phone, signed, printed, and compared at move-out (Ley 820 de 2003: no deposits, so the inventory is
// the evidence of any claim).

export const IDM_PLANTILLAS_INVENTARIO = 10593;
export const IDM_INVENTARIOS = 496;

export const TIPOS_ITEM = ['estado', 'lectura', 'llaves'] as const;
export type TipoItem = (typeof TIPOS_ITEM)[number];
export const ETIQUETAS_TIPO_ITEM: Record<TipoItem, string> = {
  estado: 'Estado (conforme / no conforme)',
  lectura: 'Lectura de medidor',
  llaves: 'Llaves y controles (cantidad)',
};

export const ESTADOS_ITEM = ['conforme', 'no_conforme', 'no_aplica'] as const;
export type EstadoItem = (typeof ESTADOS_ITEM)[number];
export const ETIQUETAS_ESTADO_ITEM: Record<EstadoItem, string> = {
  conforme: 'Conforme',
  no_conforme: 'No conforme',
  no_aplica: 'No aplica',
};

export const TIPOS_INVENTARIO = ['entrega', 'devolucion', 'periodico', 'captacion'] as const;
export type TipoInventario = (typeof TIPOS_INVENTARIO)[number];
export const ETIQUETAS_TIPO_INVENTARIO: Record<TipoInventario, string> = {
  entrega: 'Entrega al arrendatario',
  devolucion: 'Recepción / devolución',
  periodico: 'Periódico',
  captacion: 'Captación',
};

export const ESTADOS_INVENTARIO = ['borrador', 'cerrado'] as const;
export type EstadoInventario = (typeof ESTADOS_INVENTARIO)[number];
export const ETIQUETAS_ESTADO_INVENTARIO: Record<EstadoInventario, string> = {
  borrador: 'En curso',
  cerrado: 'Cerrado',
};

export const RESPONSABLES = ['arrendatario', 'propietario', 'desgaste'] as const;
export type Responsable = (typeof RESPONSABLES)[number];
export const ETIQUETAS_RESPONSABLE: Record<Responsable, string> = {
  arrendatario: 'Arrendatario',
  propietario: 'Propietario',
  desgaste: 'Desgaste normal',
};

export const ROLES_FIRMA = ['arrendatario', 'propietario', 'inmobiliaria'] as const;
export type RolFirma = (typeof ROLES_FIRMA)[number];
export const ETIQUETAS_ROL_FIRMA: Record<RolFirma, string> = {
  arrendatario: 'Arrendatario',
  propietario: 'Propietario',
  inmobiliaria: 'Inmobiliaria',
};
/** «Firma del arrendatario», «Firma de la inmobiliaria». */
export const DE_ROL_FIRMA: Record<RolFirma, string> = {
  arrendatario: 'del arrendatario',
  propietario: 'del propietario',
  inmobiliaria: 'de la inmobiliaria',
};
/** Who was present at the inventory: chosen from terceros, or typed when the person is not one. */
export const ROLES_PARTE = ['arrendatario', 'propietario', 'otro'] as const;
export type RolParte = (typeof ROLES_PARTE)[number];
export const ETIQUETAS_ROL_PARTE: Record<RolParte, string> = {
  arrendatario: 'Arrendatario',
  propietario: 'Propietario',
  otro: 'Otro asistente',
};

/** A closing needs the tenant and someone for the owner's side (the owner or the agency). */
export const FIRMAS_OBLIGATORIAS: readonly RolFirma[] = ['arrendatario'];

// ---------------------------------------------------------------- templates

export const ETIQUETAS_PLANTILLA = {
  nombre: 'Nombre',
  tipo_inmueble: 'Tipo de inmueble',
  descripcion: 'Descripción',
  activa: 'Activa',
  categorias: 'Espacios',
  repetible: 'Repetible',
  cantidad: 'Cantidad',
  items: 'Ítems',
  tipo: 'Tipo',
  ids: 'Orden',
} as const;
const LP = ETIQUETAS_PLANTILLA;

export const ZPlantillaForm = z.object({
  nombre: textoObligatorio(LP.nombre, 120),
  tipo_inmueble: texto(LP.tipo_inmueble, 40),
  descripcion: texto(LP.descripcion, 500),
  activa: si(LP.activa).default(true),
});
export type PlantillaForm = z.output<typeof ZPlantillaForm>;

export const ZCategoriaForm = z.object({
  nombre: textoObligatorio('Nombre del espacio', 80),
  repetible: si(LP.repetible).default(false),
});
export type CategoriaForm = z.output<typeof ZCategoriaForm>;

export const ZItemForm = z.object({
  nombre: textoObligatorio('Nombre del ítem', 120),
  tipo: opcion(LP.tipo, TIPOS_ITEM, ETIQUETAS_TIPO_ITEM).default('estado'),
});
export type ItemForm = z.output<typeof ZItemForm>;

export const ZOrdenForm = z.object({
  ids: z
    .array(id(LP.ids), { error: `El campo ${LP.ids} debe ser una lista` })
    .min(1, { error: `El campo ${LP.ids} está vacío` })
    .max(500),
});

/** The wizard: a name, then the spaces (how many of each), each with its items. */
export const ZPlantillaAsistente = ZPlantillaForm.extend({
  categorias: z
    .array(
      ZCategoriaForm.extend({
        cantidad: entero(LP.cantidad, 1, 10).default(1),
        items: z
          .array(ZItemForm, { error: `El campo ${LP.items} debe ser una lista` })
          .max(100)
          .default([]),
      }),
      { error: `El campo ${LP.categorias} debe ser una lista` },
    )
    .min(1, { error: `Elija al menos un espacio (${LP.categorias})` })
    .max(60, { error: `El campo ${LP.categorias} admite máximo 60 espacios` }),
});
export type PlantillaAsistente = z.output<typeof ZPlantillaAsistente>;

export const ZPlantilla = z.object({
  id: z.number(),
  nombre: z.string(),
  tipo_inmueble: z.string(),
  descripcion: z.string(),
  activa: z.boolean(),
  categorias: z.number(),
  items: z.number(),
});
export type Plantilla = z.infer<typeof ZPlantilla>;
export const ZCategoria = z.object({
  id: z.number(),
  id_plantilla: z.number(),
  nombre: z.string(),
  orden: z.number(),
  repetible: z.boolean(),
  items: z.number(),
});
export type Categoria = z.infer<typeof ZCategoria>;
export const ZItem = z.object({
  id: z.number(),
  id_categoria: z.number(),
  nombre: z.string(),
  orden: z.number(),
  tipo: z.enum(TIPOS_ITEM),
});
export type Item = z.infer<typeof ZItem>;
export const ZPlantillaConCategorias = z.object({ plantilla: ZPlantilla, categorias: z.array(ZCategoria) });
export type PlantillaConCategorias = z.infer<typeof ZPlantillaConCategorias>;
export const ZCategoriaConItems = z.object({
  plantilla: ZPlantilla.pick({ id: true, nombre: true }),
  categoria: ZCategoria,
  items: z.array(ZItem),
});
export type CategoriaConItems = z.infer<typeof ZCategoriaConItems>;

type Sugerida = {
  nombre: string;
  tipo_inmueble: string;
  descripcion: string;
  categorias: { nombre: string; repetible?: boolean; cantidad?: number; items: (string | [string, TipoItem])[] }[];
};

const ACABADOS = [
  'Paredes',
  'Pisos',
  'Techo',
  'Puertas',
  'Chapas y manijas',
  'Ventanas y vidrios',
  'Tomas e interruptores',
  'Lámparas',
];
const COCINA = [...ACABADOS, 'Mesón', 'Gabinetes', 'Lavaplatos y grifería', 'Estufa', 'Horno', 'Campana extractora'];
const BANO = [...ACABADOS, 'Sanitario', 'Lavamanos', 'Ducha y grifería', 'División de baño', 'Espejo', 'Incrustaciones'];
const ALCOBA = [...ACABADOS, 'Clóset'];
const ROPAS = ['Paredes', 'Pisos', 'Lavadero', 'Grifería', 'Conexión de lavadora', 'Calentador'];
const MEDIDORES: Sugerida['categorias'][number] = {
  nombre: 'Medidores',
  items: [
    ['Contador de agua', 'lectura'],
    ['Contador de energía', 'lectura'],
    ['Contador de gas', 'lectura'],
  ],
};
const LLAVES: Sugerida['categorias'][number] = {
  nombre: 'Llaves y controles',
  items: [
    ['Llaves de la puerta principal', 'llaves'],
    ['Control del parqueadero', 'llaves'],
    ['Tarjetas o llaveros de acceso', 'llaves'],
  ],
};

/** The templates a company starts with (and the wizard's catalogue of spaces). */
export const PLANTILLAS_SUGERIDAS: Sugerida[] = [
  {
    nombre: 'Apartamento',
    tipo_inmueble: 'apartamento',
    descripcion: 'Apartamento de vivienda: espacios habituales en Colombia.',
    categorias: [
      { nombre: 'Sala', items: ACABADOS },
      { nombre: 'Comedor', items: ACABADOS },
      { nombre: 'Cocina', items: COCINA },
      { nombre: 'Alcoba', repetible: true, cantidad: 2, items: ALCOBA },
      { nombre: 'Baño', repetible: true, cantidad: 2, items: BANO },
      { nombre: 'Zona de ropas', items: ROPAS },
      { nombre: 'Balcón', items: ['Pisos', 'Barandas', 'Puerta ventana'] },
      MEDIDORES,
      LLAVES,
    ],
  },
  {
    nombre: 'Casa',
    tipo_inmueble: 'casa',
    descripcion: 'Casa de vivienda con exteriores.',
    categorias: [
      { nombre: 'Fachada y exteriores', items: ['Fachada', 'Puerta principal', 'Rejas', 'Techos y canales', 'Citófono'] },
      { nombre: 'Sala', items: ACABADOS },
      { nombre: 'Comedor', items: ACABADOS },
      { nombre: 'Cocina', items: COCINA },
      { nombre: 'Alcoba', repetible: true, cantidad: 3, items: ALCOBA },
      { nombre: 'Baño', repetible: true, cantidad: 2, items: BANO },
      { nombre: 'Zona de ropas', items: ROPAS },
      { nombre: 'Patio', items: ['Pisos', 'Muros', 'Desagües', 'Zonas verdes'] },
      { nombre: 'Garaje', items: ['Piso', 'Puerta del garaje'] },
      MEDIDORES,
      LLAVES,
    ],
  },
  {
    nombre: 'Local comercial',
    tipo_inmueble: 'local',
    descripcion: 'Local con vitrina y baño.',
    categorias: [
      { nombre: 'Fachada y vitrina', items: ['Vitrina', 'Cortina metálica', 'Aviso', 'Puerta'] },
      { nombre: 'Área comercial', items: ACABADOS },
      { nombre: 'Baño', repetible: true, items: BANO },
      { nombre: 'Bodega', items: ['Paredes', 'Pisos', 'Estantería'] },
      MEDIDORES,
      LLAVES,
    ],
  },
  {
    nombre: 'Oficina',
    tipo_inmueble: 'oficina',
    descripcion: 'Oficina en edificio.',
    categorias: [
      { nombre: 'Recepción', items: ACABADOS },
      { nombre: 'Oficina', repetible: true, cantidad: 2, items: [...ACABADOS, 'Cableado y puntos de red'] },
      { nombre: 'Sala de juntas', items: ACABADOS },
      { nombre: 'Cocineta', items: ['Mesón', 'Lavaplatos y grifería', 'Gabinetes'] },
      { nombre: 'Baño', repetible: true, items: BANO },
      { nombre: 'Aire acondicionado', items: ['Equipos', 'Controles'] },
      MEDIDORES,
      LLAVES,
    ],
  },
];

/** A suggested template as the wizard posts it. */
export function asistenteDeSugerida(s: Sugerida): PlantillaAsistente {
  return {
    nombre: s.nombre,
    tipo_inmueble: s.tipo_inmueble,
    descripcion: s.descripcion,
    activa: true,
    categorias: s.categorias.map((c) => ({
      nombre: c.nombre,
      repetible: c.repetible ?? false,
      cantidad: c.cantidad ?? 1,
      items: c.items.map((i) => (typeof i === 'string' ? { nombre: i, tipo: 'estado' } : { nombre: i[0], tipo: i[1] })),
    })),
  };
}

// ---------------------------------------------------------------- inventories

export const ETIQUETAS_INVENTARIO = {
  consecutivo_inmueble: 'Inmueble',
  tipo: 'Tipo de inventario',
  fecha: 'Fecha',
  id_plantilla: 'Plantilla',
  observaciones: 'Observaciones',
  estado: 'Estado',
  comentario: 'Comentario',
  cantidad: 'Cantidad',
  lectura: 'Lectura',
  costo: 'Costo',
  responsable: 'Quién paga',
  rol: 'Firma de',
  nombre: 'Nombre de quien firma',
  documento: 'Documento',
  imagen: 'Firma',
  email: 'Correo',
  copiar_de: 'Espacio',
  rol_parte: 'Asiste como',
  id_tercero: 'Tercero',
  nombre_parte: 'Nombre',
  version: 'Versión',
  id_contrato: 'Contrato',
} as const;
const LI = ETIQUETAS_INVENTARIO;

export const ZInventarioForm = z.object({
  consecutivo_inmueble: id(LI.consecutivo_inmueble),
  tipo: opcion(LI.tipo, TIPOS_INVENTARIO, ETIQUETAS_TIPO_INVENTARIO),
  fecha: fecha(LI.fecha),
  /** Required except for a devolución, which copies the property's last closed entrega. */
  id_plantilla: id(LI.id_plantilla).nullable().default(null),
  observaciones: texto(LI.observaciones, 2000),
  /** One of the property's contracts (contratos or COEM); its parties become the inventory's. */
  id_contrato: id(LI.id_contrato).nullable().default(null),
});
export type InventarioForm = z.output<typeof ZInventarioForm>;

/** Text a partial change may leave out: absent stays absent (texto() would default it to ''). */
const textoOpcional = (label: string, max: number) =>
  z
    .string({ error: `El campo ${label} debe ser texto` })
    .trim()
    .max(max, { error: `El campo ${label} admite máximo ${max.toLocaleString('es-CO')} caracteres` })
    .optional();

export const ZInventarioCambios = z.object({
  fecha: fecha(LI.fecha).optional(),
  observaciones: textoOpcional(LI.observaciones, 2000),
  /** null unlinks it. */
  id_contrato: id(LI.id_contrato).nullable().optional(),
});
export type InventarioCambios = z.output<typeof ZInventarioCambios>;

/** Sending the inventory to be signed at a distance (firmas electrónicas) by the parties with an e-mail. */
export const ZFirmaRemotaForm = z.object({
  mensaje: texto('Mensaje', 2000),
  vence_dias: entero('Vence en (días)', 1, 90).default(15),
});
export type FirmaRemotaForm = z.output<typeof ZFirmaRemotaForm>;

/** One item's answer; every field optional so a phone can send what changed, as often as it likes. */
export const ZDetalleCambios = z.object({
  estado: opcion(LI.estado, ESTADOS_ITEM, ETIQUETAS_ESTADO_ITEM).nullable().optional(),
  comentario: textoOpcional(LI.comentario, 2000),
  cantidad: entero(LI.cantidad, 0, 1000).nullable().optional(),
  lectura: textoOpcional(LI.lectura, 40),
  costo: entero(LI.costo, 0, 999_999_999_999).nullable().optional(),
  responsable: opcion(LI.responsable, RESPONSABLES, ETIQUETAS_RESPONSABLE).nullable().optional(),
});
export type DetalleCambios = z.output<typeof ZDetalleCambios>;

export const ZEspacioNuevo = z.object({ copiar_de: id(LI.copiar_de) });

/** A PNG drawn on the device, as a data: URL (a signature is a few kB; 400 kB is plenty). */
export const ZFirmaForm = z.object({
  nombre: textoObligatorio(LI.nombre, 120),
  documento: texto(LI.documento, 30),
  /** Where the PDF goes once the inventory is closed (optional). */
  email: texto(LI.email, 120).refine((v) => v === '' || esCorreo(v), { error: `El campo ${LI.email} no es un correo válido` }),
  imagen: z
    .string({ error: `El campo ${LI.imagen} es obligatorio` })
    .max(400_000, { error: `El campo ${LI.imagen} es demasiado grande` })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: `El campo ${LI.imagen} debe ser un dibujo PNG` }),
});
export type FirmaForm = z.output<typeof ZFirmaForm>;

/** A party: a tercero (its name, document and e-mail are copied from it), or a name typed by hand. */
export const ZParteForm = z
  .object({
    rol: opcion(LI.rol_parte, ROLES_PARTE, ETIQUETAS_ROL_PARTE),
    id_tercero: id(LI.id_tercero).nullable().default(null),
    nombre: texto(LI.nombre_parte, 120),
    documento: texto(LI.documento, 30),
    email: texto(LI.email, 120).refine((v) => v === '' || esCorreo(v), { error: `El campo ${LI.email} no es un correo válido` }),
  })
  .superRefine((v, ctx) => {
    if (v.id_tercero === null && !v.nombre)
      ctx.addIssue({
        code: 'custom',
        path: ['nombre'],
        message: `El campo ${LI.nombre_parte} es obligatorio cuando la persona no se elige de los terceros`,
      });
  });
export type ParteForm = z.output<typeof ZParteForm>;

export const ZIdParam = z.object({ id: idQuery('id') });
export const ZContratosInventarioQuery = z.object({ consecutivo_inmueble: idQuery(LI.consecutivo_inmueble) });
export const ZParteParam = z.object({ id: idQuery('id'), parte: idQuery('parte') });
export const ZTercerosInventarioQuery = z.object({
  q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).optional(),
  id: idQuery('id').optional(),
});
export const ZDetalleParam = z.object({ id: idQuery('id'), detalle: idQuery('detalle') });
export const ZFirmaParam = z.object({
  id: idQuery('id'),
  rol: z.enum(ROLES_FIRMA, { error: `rol debe ser uno de: ${ROLES_FIRMA.join(', ')}` }),
});

export const SORT_INVENTARIOS = ['consecutivo', 'fecha', 'tipo', 'estado', 'inmueble'] as const;
const filtrosInventarios = {
  consecutivo_inmueble: idQuery('consecutivo_inmueble').optional(),
  tipo: z.enum(TIPOS_INVENTARIO, { error: `tipo debe ser uno de: ${TIPOS_INVENTARIO.join(', ')}` }).optional(),
  estado: z.enum(ESTADOS_INVENTARIO, { error: `estado debe ser uno de: ${ESTADOS_INVENTARIO.join(', ')}` }).optional(),
  desde: fechaQuery('desde'),
  hasta: fechaQuery('hasta'),
  usuario: idQuery('usuario').optional(),
};
export type InventariosFiltro = {
  consecutivo_inmueble?: number | undefined;
  tipo?: TipoInventario | undefined;
  estado?: EstadoInventario | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  usuario?: number | undefined;
};
export const ZInventariosQuery = zListQuery({ sort: SORT_INVENTARIOS, filters: filtrosInventarios }) as unknown as z.ZodType<
  ListQuery & InventariosFiltro
>;
export type InventariosQuery = z.output<typeof ZInventariosQuery>;
export const ZInventariosExportarQuery = ZListQuery.omit({ page: true, pageSize: true }).extend({
  sort: zSort(SORT_INVENTARIOS),
  ...filtrosInventarios,
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
}) as unknown as z.ZodType<Omit<ListQuery, 'page' | 'pageSize'> & InventariosFiltro & { formato: 'csv' | 'xlsx' }>;
export type InventariosExportarQuery = z.output<typeof ZInventariosExportarQuery>;

export const ZInventarioFila = z.object({
  id: z.number(),
  consecutivo: z.number(),
  tipo: z.enum(TIPOS_INVENTARIO),
  estado: z.enum(ESTADOS_INVENTARIO),
  fecha: z.string(),
  plantilla: z.string(),
  tomado_por: z.string(),
  inmueble: z.object({ consecutivo: z.number(), direccion: z.string() }),
  avance: z.object({ hechos: z.number(), total: z.number() }),
  cerrado_en: z.string().nullable(),
});
export type InventarioFila = z.infer<typeof ZInventarioFila>;

const ZEstadoItem = z.enum(ESTADOS_ITEM);
const ZResponsable = z.enum(RESPONSABLES);

export const ZDetalle = z.object({
  id: z.number(),
  nombre: z.string(),
  orden: z.number(),
  tipo: z.enum(TIPOS_ITEM),
  estado: ZEstadoItem.nullable(),
  comentario: z.string(),
  cantidad: z.number().nullable(),
  lectura: z.string(),
  costo: z.number().nullable(),
  responsable: ZResponsable.nullable(),
  id_origen: z.number().nullable(),
  fotos: z.number(),
});
export type Detalle = z.infer<typeof ZDetalle>;
export const ZEspacio = z.object({
  id: z.number(),
  nombre: z.string(),
  orden: z.number(),
  repetible: z.boolean(),
  detalles: z.array(ZDetalle),
});
export type Espacio = z.infer<typeof ZEspacio>;
export const ZFirma = z.object({
  rol: z.enum(ROLES_FIRMA),
  nombre: z.string(),
  documento: z.string(),
  email: z.string(),
  firmado_en: z.string(),
  imagen: z.string(),
});
export type Firma = z.infer<typeof ZFirma>;
export const ZParte = z.object({
  id: z.number(),
  rol: z.enum(ROLES_PARTE),
  id_tercero: z.number().nullable(),
  nombre: z.string(),
  documento: z.string(),
  email: z.string(),
});
export type Parte = z.infer<typeof ZParte>;
/** A tercero offered for a party (GET /api/inventarios/terceros). */
export const ZTerceroInventario = z.object({ id: z.number(), nombre: z.string(), nro_id: z.string(), email: z.string() });
export type TerceroInventario = z.infer<typeof ZTerceroInventario>;
/** A contract an inventory may name (the property's, of either register). */
export const ZContratoInventario = z.object({
  id: z.number(),
  numero: z.string(),
  programa: z.enum(PROGRAMAS_CONTRATO),
  clase: z.enum(CLASES_CONTRATO),
  estado: z.enum(ESTADOS_CONTRATO),
  arrendatario: z.string().nullable(),
  propietarios: z.string(),
});
export type ContratoInventario = z.infer<typeof ZContratoInventario>;
/** A radicado of gestión documental an inventory's PDF was filed as. */
export const ZRadicadoInventario = z.object({ id: z.number(), radicado: z.string() });
export type RadicadoInventario = z.infer<typeof ZRadicadoInventario>;

/** The inventory's document in firmas electrónicas: while `enviado`, the inventory is read-only. */
export const ZFirmaRemota = z.object({
  id_documento: z.number(),
  estado: z.enum(ESTADOS_DOCUMENTO_FIRMA),
  vence_en: z.string().nullable(),
  firmantes: z.array(
    z.object({
      nombre: z.string(),
      email: z.string(),
      estado: z.enum(ESTADOS_FIRMANTE),
      motivo_rechazo: z.string().nullable(),
    }),
  ),
});
export type FirmaRemota = z.infer<typeof ZFirmaRemota>;

export const ZInventario = ZInventarioFila.extend({
  observaciones: z.string(),
  id_origen: z.number().nullable(),
  origen: z.object({ id: z.number(), consecutivo: z.number() }).nullable(),
  pdf_sha256: z.string().nullable(),
  id_archivo_pdf: z.number().nullable(),
  version: z.number(),
  espacios: z.array(ZEspacio),
  firmas: z.array(ZFirma),
  partes: z.array(ZParte),
  /** The contract it belongs to, when one was named. */
  contrato: ZContratoInventario.nullable(),
  radicado: ZRadicadoInventario.nullable(),
  radicado_acta: ZRadicadoInventario.nullable(),
  /** Null while the inventory is open. */
  radicacion: ZRadicacion.nullable(),
  /** The last time it was sent to be signed at a distance (firmas electrónicas), or null. */
  firma_remota: ZFirmaRemota.nullable(),
});
export type Inventario = z.infer<typeof ZInventario>;

/** Closed, or out for signature at a distance: nothing in it may change. */
export const inventarioBloqueado = (v: Pick<Inventario, 'estado' | 'firma_remota'>): boolean =>
  v.estado === 'cerrado' || v.firma_remota?.estado === 'enviado';

/** A closed inventory as the client portal lists it (zona clientes). */
export const ZInventarioPortal = z.object({
  id: z.number(),
  consecutivo: z.number(),
  tipo: z.enum(TIPOS_INVENTARIO),
  fecha: z.string(),
  inmueble: z.object({ consecutivo: z.number(), direccion: z.string() }),
  cerrado_en: z.string(),
  acta: z.boolean(),
});
export type InventarioPortal = z.infer<typeof ZInventarioPortal>;

/** A devolución's item beside its entrega's: what changed, its cost and who pays. */
const ZLadoComparacion = z.object({
  estado: ZEstadoItem.nullable(),
  comentario: z.string(),
  cantidad: z.number().nullable(),
  lectura: z.string(),
  fotos: z.array(z.number()),
});
export const ZFilaComparacion = z.object({
  espacio: z.string(),
  id_detalle: z.number(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_ITEM),
  antes: ZLadoComparacion.extend({ id: z.number() }).nullable(),
  despues: ZLadoComparacion,
  diferente: z.boolean(),
  costo: z.number().nullable(),
  responsable: ZResponsable.nullable(),
});
export type FilaComparacion = z.infer<typeof ZFilaComparacion>;
export const ZComparacion = z.object({
  entrega: z.object({ id: z.number(), consecutivo: z.number(), fecha: z.string() }).nullable(),
  filas: z.array(ZFilaComparacion),
  totales: z.object({ arrendatario: z.number(), propietario: z.number(), desgaste: z.number() }),
});
export type Comparacion = z.infer<typeof ZComparacion>;

export const ZOpcionesInventario = z.object({
  plantillas: z.array(z.object({ id: z.number(), nombre: z.string(), tipo_inmueble: z.string() })),
  usuarios: z.array(z.object({ id: z.number(), nombre: z.string() })),
});
export type OpcionesInventario = z.infer<typeof ZOpcionesInventario>;

/**
 * Who signs at a distance: the parties present with an e-mail, each address once. Only an
 * arrendatario or propietario stands for that role's signature; anyone else signs as a witness.
 */
export function firmantesRemotos(v: Pick<Inventario, 'partes'>): Parte[] {
  const vistos = new Set<string>();
  return v.partes.filter((p) => {
    const e = p.email.trim().toLowerCase();
    if (!e || vistos.has(e)) return false;
    vistos.add(e);
    return true;
  });
}

/** What keeps the inventory from going out to be signed: its answers, and the signatures nobody would give. */
export function faltantesFirmaRemota(v: Pick<Inventario, 'espacios' | 'firmas' | 'partes'>): string[] {
  const remotos = firmantesRemotos(v);
  if (!remotos.length) return ['Ninguna de las partes presentes tiene correo: agregue el correo de quienes firmarán'];
  const firmas: Firma[] = [
    ...v.firmas,
    ...remotos.flatMap((p) =>
      p.rol === 'otro'
        ? []
        : [{ rol: p.rol, nombre: p.nombre, documento: p.documento, email: p.email, firmado_en: '', imagen: '' }],
    ),
  ];
  return faltantesInventario({ espacios: v.espacios, firmas });
}

/** Rules of one item's answer the server and the phone both check. */
export function problemaDetalle(d: { tipo: TipoItem; estado: EstadoItem | null; comentario: string }): string | null {
  if (d.estado === 'no_conforme' && !d.comentario.trim())
    return 'Escriba un comentario: es obligatorio cuando el ítem está No conforme';
  return null;
}

/** What keeps an inventory from closing, each in words the agent can act on (server and phone agree). */
export function faltantesInventario(v: Pick<Inventario, 'espacios' | 'firmas'>): string[] {
  const out: string[] = [];
  for (const r of FIRMAS_OBLIGATORIAS) if (!v.firmas.some((f) => f.rol === r)) out.push(`Falta la firma ${DE_ROL_FIRMA[r]}`);
  if (!v.firmas.some((f) => f.rol === 'propietario' || f.rol === 'inmobiliaria'))
    out.push('Falta la firma del propietario o de la inmobiliaria');
  for (const s of v.espacios)
    for (const d of s.detalles) {
      if (d.tipo === 'estado' && !d.estado) out.push(`${s.nombre}: «${d.nombre}» no tiene estado`);
      const p = problemaDetalle(d);
      if (p) out.push(`${s.nombre}: «${d.nombre}»: ${p.toLowerCase()}`);
    }
  return out;
}
