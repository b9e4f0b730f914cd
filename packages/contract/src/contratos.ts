import { z } from 'zod';
import { decimal, entero, fecha, id, ids, opcion, texto, textoObligatorio, idQuery } from './campos.ts';
import type { ContextoDef, GrupoCampos, TipoCampo } from './documentos.ts';
import { MAX_PLANTILLA } from './documentos.ts';
import { zListQuery } from './list.ts';

/*
 * Contract templates (plantillas-contratos, idm 10599) and contracts (contratos, idm 76; contratos-coem,
 * idm 10600) of firmas electrónicas (issue 29). A template is versioned HTML with merge fields; a contract
 * is made from a property, its parties and a template, and is signed through firmas (idm 10582).
 */

export const IDM_PLANTILLAS_CONTRATOS = 10599;
export const IDM_CONTRATOS = 76;
export const IDM_CONTRATOS_COEM = 10600;

/**
 * The register a template or contract belongs to: `contratos` (leases and other contracts, idm 76) or
 * `coem` (the agency's mandate/consignment contracts with owners, idm 10600). It is the `{programa}` of
 * editar-plantilla-contratos/{contrato}/{programa}.
 */
export const PROGRAMAS_CONTRATO = ['contratos', 'coem'] as const;
export type ProgramaContrato = (typeof PROGRAMAS_CONTRATO)[number];
export const ETIQUETAS_PROGRAMA: Record<ProgramaContrato, string> = {
  contratos: 'Contratos',
  coem: 'Contratos COEM (mandato/consignación)',
};
export const IDM_DE_PROGRAMA: Record<ProgramaContrato, number> = { contratos: IDM_CONTRATOS, coem: IDM_CONTRATOS_COEM };

export const CLASES_CONTRATO = [
  'arrendamiento_vivienda',
  'arrendamiento_comercial',
  'mandato',
  'codeudor',
  'acta_entrega',
  'autorizacion_datos',
  'otro',
] as const;
export type ClaseContrato = (typeof CLASES_CONTRATO)[number];
export const ETIQUETAS_CLASE: Record<ClaseContrato, string> = {
  arrendamiento_vivienda: 'Arrendamiento de vivienda (Ley 820 de 2003)',
  arrendamiento_comercial: 'Arrendamiento de local comercial',
  mandato: 'Mandato/consignación con el propietario',
  codeudor: 'Codeudor / deudor solidario',
  acta_entrega: 'Acta de entrega',
  autorizacion_datos: 'Autorización de tratamiento de datos',
  otro: 'Otro',
};
/** Classes that lease the property: signing one moves it to arrendado. */
export const CLASES_ARRENDAMIENTO: readonly ClaseContrato[] = ['arrendamiento_vivienda', 'arrendamiento_comercial'];
/** The classes each register holds. */
export const CLASES_DE_PROGRAMA: Record<ProgramaContrato, readonly ClaseContrato[]> = {
  contratos: ['arrendamiento_vivienda', 'arrendamiento_comercial', 'codeudor', 'acta_entrega', 'autorizacion_datos', 'otro'],
  coem: ['mandato'],
};
export const programaDeClase = (c: ClaseContrato): ProgramaContrato => (c === 'mandato' ? 'coem' : 'contratos');

export const ESTADOS_CONTRATO = ['borrador', 'enviado', 'firmado', 'vigente', 'terminado'] as const;
export type EstadoContrato = (typeof ESTADOS_CONTRATO)[number];
export const ETIQUETAS_ESTADO_CONTRATO: Record<EstadoContrato, string> = {
  borrador: 'Borrador',
  enviado: 'Enviado a firma',
  firmado: 'Firmado',
  vigente: 'Vigente',
  terminado: 'Terminado',
};
/** The changes a person makes by hand; «enviado» and «firmado» come from the signing. */
export const CAMBIOS_MANUALES: Record<EstadoContrato, readonly EstadoContrato[]> = {
  borrador: ['terminado'],
  enviado: [],
  firmado: ['vigente', 'terminado'],
  vigente: ['terminado'],
  terminado: [],
};

export const INCREMENTOS = ['ipc', 'ipc_mas', 'fijo', 'ninguno'] as const;
export type Incremento = (typeof INCREMENTOS)[number];
export const ETIQUETAS_INCREMENTO: Record<Incremento, string> = {
  ipc: 'IPC del año anterior',
  ipc_mas: 'IPC más puntos',
  fijo: 'Porcentaje fijo',
  ninguno: 'Sin incremento',
};
export function textoIncremento(i: Incremento, puntos: number): string {
  const p = String(puntos).replace('.', ',');
  if (i === 'ipc') return 'el IPC del año calendario anterior, sin exceder el límite del artículo 20 de la Ley 820 de 2003';
  if (i === 'ipc_mas') return `el IPC del año calendario anterior más ${p} puntos`;
  if (i === 'fijo') return `un ${p} % anual`;
  return 'sin incremento pactado';
}

export const ROLES_PARTE = ['propietario', 'arrendatario', 'codeudor'] as const;
export type RolParte = (typeof ROLES_PARTE)[number];
export const ETIQUETAS_ROL: Record<RolParte, string> = {
  propietario: 'Propietario',
  arrendatario: 'Arrendatario',
  codeudor: 'Codeudor',
};

// ---- merge fields of a contract template (on top of empresa, usuario, documento and inmueble)

const c = (clave: string, etiqueta: string, tipo: TipoCampo, ejemplo: string | number) => ({ clave, etiqueta, tipo, ejemplo });
const persona = (clave: string, etiqueta: string, ejemplo: string): ContextoDef => ({
  clave,
  etiqueta,
  registro: true,
  campos: [
    c('nombre', 'Nombre', 'texto', ejemplo),
    c('nro_id', 'Número de identificación', 'texto', '43123456'),
    c('direccion', 'Dirección', 'texto', 'Calle 10 # 43-20'),
    c('celular', 'Celular', 'texto', '315 222 3344'),
    c('email', 'Correo electrónico', 'texto', 'correo@ejemplo.co'),
  ],
});

export const CONTEXTOS_CONTRATO: readonly ContextoDef[] = [
  {
    clave: 'contrato',
    etiqueta: 'Contrato',
    registro: true,
    campos: [
      c('numero', 'Número del contrato', 'texto', 'CT-0042'),
      c('clase', 'Clase de contrato', 'texto', 'Arrendamiento de vivienda (Ley 820 de 2003)'),
      c('canon', 'Canon pactado', 'dinero', 2500000),
      c('fecha_inicio', 'Fecha de inicio', 'fecha', '2026-12-01'),
      c('fecha_fin', 'Fecha de terminación', 'fecha', '2027-11-30'),
      c('duracion_meses', 'Duración (meses)', 'numero', 12),
      c('dia_pago', 'Día de pago', 'numero', 5),
      c('incremento', 'Incremento anual', 'texto', 'el IPC del año calendario anterior'),
      c('clausulas', 'Cláusulas adicionales', 'texto', 'El arrendatario podrá tener una mascota pequeña.'),
      c('ciudad', 'Ciudad del contrato', 'texto', 'Medellín'),
    ],
  },
  {
    clave: 'partes',
    etiqueta: 'Partes',
    registro: true,
    campos: [
      c(
        'propietarios',
        'Propietarios con su participación',
        'texto',
        'José Ñáñez Gómez, C.C. 71234567 (60 %); Luz Mery Ríos, C.C. 43222111 (40 %)',
      ),
      c('codeudores', 'Codeudores', 'texto', 'Carlos Restrepo, C.C. 98765432'),
      c('firmantes', 'Todas las partes', 'texto', 'José Ñáñez Gómez, Luz Mery Ríos, Ana Lucía Muñoz y Carlos Restrepo'),
    ],
  },
  persona('propietario', 'Propietario principal', 'José Ñáñez Gómez'),
  persona('arrendatario', 'Arrendatario', 'Ana Lucía Muñoz'),
];

// ---- templates

export const ZPlantillaContratoForm = z.object({
  nombre: textoObligatorio('Nombre', 120),
  clase: opcion('Clase de contrato', CLASES_CONTRATO, ETIQUETAS_CLASE),
  id_tipo_documento: id('Tipo de documento'),
  contenido: z
    .string({ error: 'El campo Contenido debe ser texto' })
    .max(MAX_PLANTILLA, { error: 'El campo Contenido es demasiado grande (máximo 1,5 MB)' })
    .refine((s) => s.trim() !== '', { error: 'El campo Contenido es obligatorio' }),
  nota: texto('Nota de la versión', 300),
  activa: z.boolean({ error: 'El campo Activa debe ser Sí o No' }).default(true),
});
export type PlantillaContratoForm = z.output<typeof ZPlantillaContratoForm>;

export const ZPlantillasContratoQuery = z.object({
  q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).default(''),
  programa: z.enum(PROGRAMAS_CONTRATO, { error: 'programa debe ser contratos o coem' }).optional(),
});
export const ZVersionParam = z.object({ id: idQuery('id'), version: idQuery('version') });

export const ZPlantillaContratoResumen = z.object({
  id: z.number(),
  nombre: z.string(),
  clase: z.enum(CLASES_CONTRATO),
  programa: z.enum(PROGRAMAS_CONTRATO),
  id_tipo_documento: z.number(),
  tipo_documento: z.string(),
  version: z.number(),
  activa: z.boolean(),
  actualizado: z.string(),
  actualizado_por: z.string(),
});
export type PlantillaContratoResumen = z.infer<typeof ZPlantillaContratoResumen>;
export const ZVersionPlantilla = z.object({
  version: z.number(),
  nota: z.string(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type VersionPlantilla = z.infer<typeof ZVersionPlantilla>;
export const ZPlantillaContrato = ZPlantillaContratoResumen.extend({
  contenido: z.string(),
  versiones: z.array(ZVersionPlantilla),
});
export type PlantillaContrato = z.infer<typeof ZPlantillaContrato>;
export type CamposContrato = GrupoCampos[];

export const ZVistaPreviaContrato = z.object({
  contenido: z
    .string({ error: 'El campo Contenido debe ser texto' })
    .max(MAX_PLANTILLA, { error: 'El campo Contenido es demasiado grande' }),
});

// ---- contracts

export const ZContratoForm = z
  .object({
    clase: opcion('Clase de contrato', CLASES_CONTRATO, ETIQUETAS_CLASE),
    id_plantilla: id('Plantilla'),
    inmueble: id('Inmueble'),
    id_arrendatario: id('Arrendatario').nullable().default(null),
    codeudores: ids('Codeudores', 5),
    canon: decimal('Canon', 999_999_999_999),
    fecha_inicio: fecha('Fecha de inicio'),
    duracion_meses: entero('Duración (meses)', 1, 240),
    dia_pago: entero('Día de pago', 1, 31),
    incremento: opcion('Incremento', INCREMENTOS, ETIQUETAS_INCREMENTO).default('ipc'),
    incremento_puntos: decimal('Puntos de incremento', 100).default(0),
    deposito: decimal('Depósito', 999_999_999_999).default(0),
    clausulas: texto('Cláusulas adicionales', 5000),
  })
  .superRefine((v, ctx) => {
    const arriendo = CLASES_ARRENDAMIENTO.includes(v.clase);
    if (arriendo && v.id_arrendatario === null)
      ctx.addIssue({
        code: 'custom',
        path: ['id_arrendatario'],
        message: 'El campo Arrendatario es obligatorio en un arrendamiento',
      });
    if (v.clase === 'arrendamiento_vivienda' && v.deposito > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['deposito'],
        message:
          'El campo Depósito no se permite: la Ley 820 de 2003 (art. 16) prohíbe exigir depósitos en dinero u otra clase de garantías reales en el arrendamiento de vivienda urbana',
      });
    if (v.id_arrendatario !== null && v.codeudores.includes(v.id_arrendatario))
      ctx.addIssue({ code: 'custom', path: ['codeudores'], message: 'El campo Codeudores no puede incluir al arrendatario' });
    if (v.canon <= 0 && arriendo)
      ctx.addIssue({ code: 'custom', path: ['canon'], message: 'El campo Canon debe ser mayor que cero' });
  });
export type ContratoForm = z.output<typeof ZContratoForm>;
export type ContratoFormEntrada = z.input<typeof ZContratoForm>;

export const CONTRATOS_SORT = ['numero', 'creado_en', 'fecha_inicio', 'canon', 'estado'] as const;
export const ZContratosQuery = zListQuery({
  sort: CONTRATOS_SORT,
  filters: {
    estado: z.enum(ESTADOS_CONTRATO, { error: `estado debe ser uno de: ${ESTADOS_CONTRATO.join(', ')}` }).optional(),
    clase: z.enum(CLASES_CONTRATO, { error: `clase debe ser uno de: ${CLASES_CONTRATO.join(', ')}` }).optional(),
  },
});

export const ZCambioEstadoContrato = z.object({
  estado: opcion('Estado', ESTADOS_CONTRATO, ETIQUETAS_ESTADO_CONTRATO),
  observacion: texto('Observación', 500),
});
export const ZEnviarContrato = z.object({
  mensaje: texto('Mensaje para los firmantes', 1000),
  vence_dias: entero('Días para firmar', 1, 90).default(15),
});
export const ZOpcionesQuery = z.object({
  q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).default(''),
  id: idQuery('id').optional(),
});

export const ZParteContrato = z.object({
  id_tercero: z.number(),
  rol: z.enum(ROLES_PARTE),
  nombre: z.string(),
  nro_id: z.string(),
  email: z.string(),
  porcentaje: z.number().nullable(),
});
export type ParteContrato = z.infer<typeof ZParteContrato>;
export const ZHistorialContrato = z.object({
  desde: z.enum(ESTADOS_CONTRATO).nullable(),
  hasta: z.enum(ESTADOS_CONTRATO),
  observacion: z.string(),
  usuario: z.string(),
  creado_en: z.string(),
});
export type HistorialContrato = z.infer<typeof ZHistorialContrato>;
export const ZContratoResumen = z.object({
  id: z.number(),
  numero: z.string(),
  programa: z.enum(PROGRAMAS_CONTRATO),
  clase: z.enum(CLASES_CONTRATO),
  estado: z.enum(ESTADOS_CONTRATO),
  inmueble: z.number(),
  direccion: z.string(),
  arrendatario: z.string().nullable(),
  propietarios: z.string(),
  canon: z.number(),
  fecha_inicio: z.string(),
  duracion_meses: z.number(),
  creado_en: z.string(),
});
export type ContratoResumen = z.infer<typeof ZContratoResumen>;
export const ZContrato = ZContratoResumen.extend({
  id_plantilla: z.number(),
  plantilla: z.string(),
  version_plantilla: z.number(),
  id_arrendatario: z.number().nullable(),
  codeudores: z.array(z.number()),
  dia_pago: z.number(),
  incremento: z.enum(INCREMENTOS),
  incremento_puntos: z.number(),
  clausulas: z.string(),
  fecha_fin: z.string(),
  estado_inmueble: z.string(),
  partes: z.array(ZParteContrato),
  historial: z.array(ZHistorialContrato),
  id_firma_documento: z.number().nullable(),
  estado_firma: z.string().nullable(),
  creado_por: z.string(),
});
export type Contrato = z.infer<typeof ZContrato>;
export const ZOpcionContrato = z.object({ id: z.number(), label: z.string(), detalle: z.string().optional() });
export type OpcionContrato = z.infer<typeof ZOpcionContrato>;
export const ZIdContratoParam = z.object({ id: idQuery('id') });
