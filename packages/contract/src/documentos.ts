import { z } from 'zod';

/*
 * Documents from templates (issue 23 §4): the merge fields a user may put in a template, defined once.
 * The API fills them from a record of the company (platform/documentos/contextos.ts); the editor shows
 * them as chips, with their Spanish label; the preview without a record uses the sample values.
 */

/** How a field's value is written: `fecha` and `dinero` take the filters of the same name. */
export type TipoCampo = 'texto' | 'numero' | 'dinero' | 'fecha';

export type CampoDef = { clave: string; etiqueta: string; tipo: TipoCampo; ejemplo: string | number };
export type ContextoDef = {
  clave: string;
  etiqueta: string;
  /** Filled from a record the user picks (inmueble, tercero…); the others come with every document. */
  registro: boolean;
  /** Shown in the catalogue, not yet loadable (its module does not exist yet). */
  pendiente?: boolean;
  campos: CampoDef[];
};

const c = (clave: string, etiqueta: string, tipo: TipoCampo, ejemplo: string | number): CampoDef => ({
  clave,
  etiqueta,
  tipo,
  ejemplo,
});

export const CONTEXTOS: readonly ContextoDef[] = [
  {
    clave: 'empresa',
    etiqueta: 'Empresa',
    registro: false,
    campos: [
      c('nombre', 'Nombre de la empresa', 'texto', 'Inmobiliaria Los Andes S.A.S.'),
      c('nit', 'NIT', 'texto', '900.123.456-7'),
      c('direccion', 'Dirección', 'texto', 'Carrera 43A # 1-50, Medellín'),
      c('telefonos', 'Teléfonos', 'texto', '604 444 5566'),
      c('email', 'Correo electrónico', 'texto', 'contacto@losandes.co'),
      c('web', 'Sitio web', 'texto', 'www.losandes.co'),
    ],
  },
  {
    clave: 'usuario',
    etiqueta: 'Usuario que genera',
    registro: false,
    campos: [
      c('nombre', 'Nombre', 'texto', 'María Fernanda Peña'),
      c('usuario', 'Usuario', 'texto', 'mpena'),
      c('email', 'Correo electrónico', 'texto', 'mpena@losandes.co'),
      c('celular', 'Celular', 'texto', '300 123 4567'),
    ],
  },
  {
    clave: 'documento',
    etiqueta: 'Documento',
    registro: false,
    campos: [c('fecha', 'Fecha de hoy', 'fecha', '2026-11-26')],
  },
  {
    clave: 'tercero',
    etiqueta: 'Tercero',
    registro: true,
    campos: [
      c('nombre', 'Nombre', 'texto', 'José Ñáñez Gómez'),
      c('nro_id', 'Número de identificación', 'texto', '71234567'),
      c('direccion', 'Dirección', 'texto', 'Calle 10 # 43-20'),
      c('municipio', 'Municipio', 'texto', 'Medellín'),
      c('telefonos', 'Teléfonos', 'texto', '604 321 0000'),
      c('celular', 'Celular', 'texto', '310 987 6543'),
      c('email', 'Correo electrónico', 'texto', 'jose.nanez@correo.co'),
    ],
  },
  {
    clave: 'inmueble',
    etiqueta: 'Inmueble',
    registro: true,
    campos: [
      c('consecutivo', 'Número del inmueble', 'numero', 1024),
      c('tipo', 'Tipo', 'texto', 'Apartamento'),
      c('gestion', 'Gestión', 'texto', 'Arriendo'),
      c('direccion', 'Dirección', 'texto', 'Calle 10 # 43-20 Apto 501'),
      c('barrio', 'Barrio', 'texto', 'El Poblado'),
      c('municipio', 'Municipio', 'texto', 'Medellín'),
      c('estrato', 'Estrato', 'numero', 5),
      c('canon', 'Canon de arrendamiento', 'dinero', 2500000),
      c('precio_venta', 'Precio de venta', 'dinero', 450000000),
      c('administracion', 'Administración', 'dinero', 350000),
      c('area_construida', 'Área construida (m²)', 'numero', 72.5),
      c('habitaciones', 'Habitaciones', 'numero', 3),
      c('banos', 'Baños', 'numero', 2),
      c('descripcion', 'Descripción', 'texto', 'Apartamento con balcón y vista a la ciudad.'),
    ],
  },
  {
    clave: 'cliente',
    etiqueta: 'Cliente atendido',
    registro: true,
    campos: [
      c('consecutivo', 'Número del cliente', 'numero', 311),
      c('nombre', 'Nombre', 'texto', 'Ana Lucía Muñoz'),
      c('nro_id', 'Número de identificación', 'texto', '43123456'),
      c('celular', 'Celular', 'texto', '315 222 3344'),
      c('email', 'Correo electrónico', 'texto', 'ana.munoz@correo.co'),
      c('fecha_ingreso', 'Fecha de ingreso', 'fecha', '2026-11-02'),
      c('gestion', 'Busca', 'texto', 'Arriendo'),
      c('asesor', 'Asesor', 'texto', 'Carlos Restrepo'),
    ],
  },
  {
    clave: 'contrato',
    etiqueta: 'Contrato',
    registro: true,
    pendiente: true,
    campos: [
      c('numero', 'Número del contrato', 'texto', 'CA-2026-0042'),
      c('fecha_inicio', 'Fecha de inicio', 'fecha', '2026-12-01'),
      c('canon', 'Canon pactado', 'dinero', 2500000),
    ],
  },
];

export const contextoDef = (clave: string): ContextoDef | undefined => CONTEXTOS.find((x) => x.clave === clave);

/** The record a template is filled from; `ninguno`: a template with only the company, user and date. */
export const TIPOS_PLANTILLA = ['ninguno', 'inmueble', 'tercero', 'cliente'] as const;
export type TipoPlantilla = (typeof TIPOS_PLANTILLA)[number];
export const ETIQUETAS_TIPO_PLANTILLA: Record<TipoPlantilla, string> = {
  ninguno: 'General (sin registro)',
  inmueble: 'Inmueble',
  tercero: 'Tercero',
  cliente: 'Cliente atendido',
};

/** The contexts a template of this type may use. */
export function contextosDe(tipo: TipoPlantilla): ContextoDef[] {
  return CONTEXTOS.filter((x) => !x.registro || x.clave === tipo);
}

/** The text a field chip stands for: `{{ inmueble.canon | moneda }}`; money and dates get their filter. */
export function expresionCampo(contexto: string, campo: CampoDef): string {
  const filtro = campo.tipo === 'dinero' ? ' | moneda' : campo.tipo === 'fecha' ? ' | fecha' : '';
  return `{{ ${contexto}.${campo.clave}${filtro} }}`;
}

/** What `GET /documentos/campos` answers: the editor's list of insertable fields, by group. */
export const ZGrupoCampos = z.object({
  clave: z.string(),
  etiqueta: z.string(),
  pendiente: z.boolean(),
  campos: z.array(
    z.object({
      clave: z.string(),
      etiqueta: z.string(),
      tipo: z.enum(['texto', 'numero', 'dinero', 'fecha']),
      ejemplo: z.union([z.string(), z.number()]),
      expresion: z.string(),
    }),
  ),
});
export type GrupoCampos = z.infer<typeof ZGrupoCampos>;

/** Templates are HTML from the editor; 1.5 MB leaves room for two small embedded images, and stays under the API's 2 MiB body limit. */
export const MAX_PLANTILLA = 1_500_000;

export const ZPlantillaGuardar = z.object({
  nombre: z.string({ error: 'debe ser un texto' }).trim().min(1, 'es obligatorio').max(120, 'admite hasta 120 caracteres'),
  tipo: z.enum(TIPOS_PLANTILLA, { error: 'debe ser general, inmueble, tercero o cliente atendido' }),
  contenido: z.string({ error: 'debe ser un texto' }).max(MAX_PLANTILLA, 'es demasiado grande (máximo 1,5 MB)'),
});
export type PlantillaGuardar = z.infer<typeof ZPlantillaGuardar>;

export const ZPlantillaResumen = z.object({
  id: z.number(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_PLANTILLA),
  actualizado: z.string(),
  actualizado_por: z.string(),
});
export type PlantillaResumen = z.infer<typeof ZPlantillaResumen>;
export const ZPlantilla = ZPlantillaResumen.extend({ contenido: z.string() });
export type Plantilla = z.infer<typeof ZPlantilla>;

/** Checking a template without saving it: every problem found, each with its line when it has one. */
export const ZRevisarPlantilla = z.object({
  tipo: z.enum(TIPOS_PLANTILLA, { error: 'debe ser general, inmueble, tercero o cliente atendido' }),
  contenido: z.string({ error: 'debe ser un texto' }).max(MAX_PLANTILLA, 'es demasiado grande (máximo 1,5 MB)'),
});
export const ZProblemaPlantilla = z.object({ linea: z.number().nullable(), mensaje: z.string() });
export type ProblemaPlantilla = z.infer<typeof ZProblemaPlantilla>;

/** Preview: a template (saved or being edited) against a record of the company, or sample values. */
export const ZVistaPrevia = z.object({
  tipo: z.enum(TIPOS_PLANTILLA, { error: 'debe ser general, inmueble, tercero o cliente atendido' }),
  contenido: z.string({ error: 'debe ser un texto' }).max(MAX_PLANTILLA, 'es demasiado grande (máximo 1,5 MB)'),
  /** The record: an inmueble's or cliente's number, a tercero's document number; absent: sample values. */
  registro: z.string({ error: 'debe ser un texto' }).trim().max(30, 'admite hasta 30 caracteres').optional(),
  titulo: z.string().trim().max(120, 'admite hasta 120 caracteres').optional(),
});
export type VistaPrevia = z.infer<typeof ZVistaPrevia>;
