import type { FieldDef, ResourceDef } from './resource.ts';

// Every master table of spec §2. The idm of each is the one of its menu route (tested against MENU).

const nombre = (maxLength = 80): FieldDef => ({
  key: 'nombre',
  label: 'Nombre',
  type: 'text',
  maxLength,
  required: true,
  search: true,
});
const descripcion: FieldDef = {
  key: 'descripcion',
  label: 'Descripción',
  type: 'text',
  maxLength: 500,
  multiline: true,
  search: true,
  list: false,
};
const color = (required = false): FieldDef => ({ key: 'color', label: 'Color', type: 'color', required });

/** A master that is just a unique name (and an optional description). */
function lista(
  o: Pick<ResourceDef, 'key' | 'table' | 'singular' | 'plural' | 'genero' | 'idm' | 'ruta'> & {
    extra?: FieldDef[];
    activo?: boolean;
  },
): ResourceDef {
  const { extra = [], activo = true, ...rest } = o;
  return {
    ...rest,
    fields: [nombre(), ...extra, descripcion],
    labelField: 'nombre',
    defaultSort: { field: 'nombre', order: 'asc' },
    unique: [['nombre']],
    activo,
  };
}

const MI = '/maestros/inmuebles';
const MC = '/maestros/clientes';
const MA = '/maestros/agenda';
const GD = '/gestion-documental/maestros';

export const MUNICIPIOS: ResourceDef = {
  key: 'municipios',
  table: 'municipios',
  singular: 'municipio',
  plural: 'municipios',
  genero: 'm',
  idm: 62,
  ruta: `${MI}/municipios`,
  fields: [
    {
      key: 'codigo_dane',
      label: 'Código DANE',
      type: 'text',
      maxLength: 5,
      required: true,
      search: true,
      pattern: { regex: '^[0-9]{5}$', mensaje: 'debe tener 5 dígitos', ejemplo: '05001' },
    },
    { key: 'departamento', label: 'Departamento', type: 'text', maxLength: 60, required: true, search: true, filter: true },
    { key: 'municipio', label: 'Municipio', type: 'text', maxLength: 80, required: true, search: true },
  ],
  labelField: 'municipio',
  detailField: 'departamento',
  defaultSort: { field: 'municipio', order: 'asc' },
  unique: [['codigo_dane']],
  activo: true,
  trigram: true,
};

export const BARRIOS: ResourceDef = {
  key: 'barrios',
  table: 'barrios',
  singular: 'barrio',
  plural: 'barrios',
  genero: 'm',
  idm: 63,
  ruta: `${MI}/barrios`,
  fields: [
    { key: 'id_municipio', label: 'Municipio', type: 'reference', ref: 'municipios', refLabel: 'municipio', required: true },
    nombre(),
    { key: 'estrato', label: 'Estrato', type: 'number', min: 1, max: 6, filter: true },
  ],
  labelField: 'nombre',
  defaultSort: { field: 'nombre', order: 'asc' },
  unique: [['id_municipio', 'nombre']],
  activo: true,
  parent: 'id_municipio',
  trigram: true,
};

export const SECTORES = lista({
  key: 'sectores',
  table: 'sectores',
  singular: 'sector',
  plural: 'sectores',
  genero: 'm',
  idm: 63,
  ruta: `${MI}/sectores`,
});

// Geographic zones never go out of use: no activo flag, a used zone just cannot be deleted.
export const ZONAS = lista({
  key: 'zonas',
  table: 'zonas',
  singular: 'zona',
  plural: 'zonas',
  genero: 'f',
  idm: 10571,
  ruta: `${MI}/zonas`,
  activo: false,
});

export const CAPTACION = lista({
  key: 'captacion',
  table: 'medios_captacion',
  singular: 'medio de captación',
  plural: 'medios de captación',
  genero: 'm',
  idm: 10571,
  ruta: `${MI}/captacion`,
});

// The catalogue a property's features and a lead's requirements are chosen from (issue 4 §1).
export const CARACTERISTICAS = lista({
  key: 'caracteristicas',
  table: 'caracteristicas_inmueble',
  singular: 'característica',
  plural: 'características',
  genero: 'f',
  idm: 10571,
  ruta: `${MI}/caracteristicas`,
  extra: [
    {
      key: 'grupo',
      label: 'Grupo',
      type: 'enum',
      required: true,
      filter: true,
      options: [
        { value: 'interior', label: 'Interior' },
        { value: 'exterior', label: 'Exterior' },
        { value: 'zonas_comunes', label: 'Zonas comunes' },
        { value: 'sector', label: 'Sector' },
      ],
    },
  ],
});

export const CAUSALES = lista({
  key: 'causales',
  table: 'causales_retiro',
  singular: 'causal de retiro',
  plural: 'causales de retiro',
  genero: 'f',
  idm: 65,
  ruta: `${MI}/causales`,
  extra: [
    {
      key: 'negocio_inmobiliaria',
      label: 'Negocio de la inmobiliaria',
      type: 'boolean',
      default: false,
      filter: true,
      help: 'El inmueble salió por un negocio cerrado por la inmobiliaria (cuenta en los informes de gestión).',
    },
  ],
});

export const INMOBILIARIAS: ResourceDef = {
  key: 'inmobiliarias',
  table: 'inmobiliarias_aliadas',
  singular: 'inmobiliaria aliada',
  plural: 'inmobiliarias aliadas',
  genero: 'f',
  idm: 10549,
  ruta: `${MI}/inmobiliarias`,
  fields: [
    nombre(120),
    {
      key: 'nit',
      label: 'NIT',
      type: 'text',
      maxLength: 15,
      search: true,
      pattern: {
        regex: '^[0-9]{5,12}(-[0-9])?$',
        mensaje: 'debe ser un NIT (números y dígito de verificación, 900123456-8)',
        ejemplo: '900123456-8',
      },
    },
    { key: 'contacto', label: 'Contacto', type: 'text', maxLength: 120, search: true },
    { key: 'telefono', label: 'Teléfono', type: 'text', maxLength: 30, format: 'telefono' },
    { key: 'email', label: 'Correo electrónico', type: 'text', maxLength: 120, format: 'email', search: true },
    { key: 'comision', label: 'Comisión (%)', type: 'number', min: 0, max: 100, decimals: 2 },
    { key: 'fecha_convenio', label: 'Fecha del convenio', type: 'date', list: false },
  ],
  labelField: 'nombre',
  defaultSort: { field: 'nombre', order: 'asc' },
  unique: [['nombre'], ['nit']],
  activo: true,
};

export const MEDIOS_PUBLICITARIOS = lista({
  key: 'mediospublicitarios',
  table: 'medios_publicitarios',
  singular: 'medio publicitario',
  plural: 'medios publicitarios',
  genero: 'm',
  idm: 10531,
  ruta: `${MC}/mediospublicitarios`,
});

export const MEDIOS_AUT_MANEJO_DATOS = lista({
  key: 'mediosautmanejodatos',
  table: 'medios_aut_manejo_datos',
  singular: 'medio de autorización de datos',
  plural: 'medios de autorización de datos',
  genero: 'm',
  idm: 10589,
  ruta: `${MC}/mediosautmanejodatos`,
});

export const CATEGORIAS_AGENDA = lista({
  key: 'categoriasagenda',
  table: 'categorias_agenda',
  singular: 'categoría de agenda',
  plural: 'categorías de agenda',
  genero: 'f',
  idm: 10546,
  ruta: `${MA}/categoriasagenda`,
  extra: [color(true)],
});

export const RESULTADOS_AGENDA = lista({
  key: 'resultadosagenda',
  table: 'resultados_agenda',
  singular: 'resultado de agenda',
  plural: 'resultados de agenda',
  genero: 'm',
  idm: 10554,
  ruta: `${MA}/resultadosagenda`,
});

const codigo = (maxLength: number, ejemplo: string, required = true): FieldDef => ({
  key: 'codigo',
  label: 'Código',
  type: 'text',
  maxLength,
  required,
  search: true,
  pattern: { regex: '^[0-9A-Za-z.-]+$', mensaje: 'solo admite letras, números, punto y guion', ejemplo },
});

export const AREAS_EMPRESA: ResourceDef = {
  key: 'areas-de-la-empresa',
  table: 'areas_empresa',
  singular: 'área de la empresa',
  plural: 'áreas de la empresa',
  genero: 'f',
  idm: 10575,
  ruta: `${GD}/areas-de-la-empresa`,
  fields: [codigo(10, '100', false), nombre(), descripcion],
  labelField: 'nombre',
  defaultSort: { field: 'codigo', order: 'asc' },
  unique: [['codigo'], ['nombre']],
  activo: true,
};

export const SERIES_DOCUMENTALES: ResourceDef = {
  key: 'series-documentales',
  table: 'series_documentales',
  singular: 'serie documental',
  plural: 'series documentales',
  genero: 'f',
  idm: 10576,
  ruta: `${GD}/series-documentales`,
  fields: [codigo(10, '01'), nombre(120), descripcion],
  labelField: 'nombre',
  detailField: 'codigo',
  defaultSort: { field: 'codigo', order: 'asc' },
  unique: [['codigo'], ['nombre']],
  activo: true,
};

// Tabla de Retención Documental (Acuerdo 004 de 2019, AGN): retention in each archive and final disposition.
export const SUBSERIES_DOCUMENTALES: ResourceDef = {
  key: 'subseries-documentales',
  table: 'subseries_documentales',
  singular: 'subserie documental',
  plural: 'subseries documentales',
  genero: 'f',
  idm: 10577,
  ruta: `${GD}/subseries-documentales`,
  fields: [
    { key: 'id_serie', label: 'Serie', type: 'reference', ref: 'series-documentales', refLabel: 'nombre', required: true },
    codigo(10, '01.01'),
    nombre(120),
    { key: 'anios_gestion', label: 'Años en archivo de gestión', type: 'number', min: 0, max: 100, required: true },
    { key: 'anios_central', label: 'Años en archivo central', type: 'number', min: 0, max: 100, required: true },
    {
      key: 'disposicion_final',
      label: 'Disposición final',
      type: 'enum',
      filter: true,
      options: [
        { value: 'CT', label: 'Conservación total' },
        { value: 'E', label: 'Eliminación' },
        { value: 'S', label: 'Selección' },
        { value: 'D', label: 'Microfilmación/digitalización' },
      ],
    },
    {
      key: 'soporte',
      label: 'Soporte',
      type: 'enum',
      options: [
        { value: 'papel', label: 'Papel' },
        { value: 'electronico', label: 'Electrónico' },
        { value: 'ambos', label: 'Papel y electrónico' },
      ],
    },
    { key: 'procedimiento', label: 'Procedimiento', type: 'text', maxLength: 2000, multiline: true, list: false },
  ],
  labelField: 'nombre',
  detailField: 'codigo',
  defaultSort: { field: 'codigo', order: 'asc' },
  unique: [
    ['id_serie', 'codigo'],
    ['id_serie', 'nombre'],
  ],
  activo: true,
  parent: 'id_serie',
};

export const TIPOS_DOCUMENTALES = lista({
  key: 'tipos-documentales',
  table: 'tipos_documentales',
  singular: 'tipo documental',
  plural: 'tipos documentales',
  genero: 'm',
  idm: 10596,
  ruta: `${GD}/tipos-documentales`,
  // The response deadline a radicado de entrada of this tipo gets (configuracion, idm 10574).
  extra: [{ key: 'dias_respuesta', label: 'Días hábiles de respuesta', type: 'number', min: 1, max: 365 }],
});

export const ESTADOS_GESTION_DOCUMENTAL = lista({
  key: 'estado-gestion-documental',
  table: 'estados_gestion_documental',
  singular: 'estado de gestión documental',
  plural: 'estados de gestión documental',
  genero: 'm',
  idm: 10602,
  ruta: `${GD}/estado-gestion-documental`,
  extra: [color()],
});

export const TAREAS_CATEGORIAS = lista({
  key: 'tareas-categorias',
  table: 'tareas_categorias',
  singular: 'categoría de tareas',
  plural: 'categorías de tareas',
  genero: 'f',
  idm: 10586,
  ruta: '/tareas/tareas-categorias',
  extra: [color()],
});

// A fixed scale (Baja…Urgente): priorities are reordered or renamed, not retired.
export const TAREAS_PRIORIDADES: ResourceDef = {
  key: 'tareas-prioridades',
  table: 'tareas_prioridades',
  singular: 'prioridad de tareas',
  plural: 'prioridades de tareas',
  genero: 'f',
  idm: 10586,
  ruta: '/tareas/tareas-prioridades',
  fields: [{ key: 'orden', label: 'Orden', type: 'number', min: 1, max: 99, required: true }, nombre(40), color(true)],
  labelField: 'nombre',
  defaultSort: { field: 'orden', order: 'asc' },
  unique: [['nombre'], ['orden']],
  activo: false,
};

export const TIPOS_DOCUMENTOS_A_FIRMAR = lista({
  key: 'tipos-documentos-a-firmar',
  table: 'tipos_documentos_firmar',
  singular: 'tipo de documento a firmar',
  plural: 'tipos de documentos a firmar',
  genero: 'm',
  idm: 10592,
  ruta: '/firmas-electronicas/tipos-documentos-a-firmar',
});

// The shelves of the client portal (zona clientes): each document the agency shares with a client goes
// under one, and a category says which clients see it at all.
export const CATEGORIAS_DOCUMENTOS_CLIENTES = lista({
  key: 'categoriasdocumentosclientes',
  table: 'categorias_documentos_clientes',
  singular: 'categoría de documentos',
  plural: 'categorías de documentos',
  genero: 'f',
  idm: 10525,
  ruta: '/zonaclientes/categoriasdocumentosclientes',
  extra: [
    {
      key: 'visible_para',
      label: 'Visible para',
      type: 'enum',
      required: true,
      filter: true,
      options: [
        { value: 'todos', label: 'Todos los clientes' },
        { value: 'propietarios', label: 'Propietarios' },
        { value: 'arrendatarios', label: 'Arrendatarios' },
        { value: 'codeudores', label: 'Codeudores' },
      ],
    },
  ],
});

export const RECURSOS: readonly ResourceDef[] = [
  MUNICIPIOS,
  BARRIOS,
  SECTORES,
  ZONAS,
  CAPTACION,
  CAUSALES,
  CARACTERISTICAS,
  INMOBILIARIAS,
  MEDIOS_PUBLICITARIOS,
  MEDIOS_AUT_MANEJO_DATOS,
  CATEGORIAS_AGENDA,
  RESULTADOS_AGENDA,
  AREAS_EMPRESA,
  SERIES_DOCUMENTALES,
  SUBSERIES_DOCUMENTALES,
  TIPOS_DOCUMENTALES,
  ESTADOS_GESTION_DOCUMENTAL,
  TAREAS_CATEGORIAS,
  TAREAS_PRIORIDADES,
  TIPOS_DOCUMENTOS_A_FIRMAR,
  CATEGORIAS_DOCUMENTOS_CLIENTES,
];

const POR_KEY = new Map(RECURSOS.map((d) => [d.key, d]));
const POR_RUTA = new Map(RECURSOS.map((d) => [d.ruta, d]));

export function recurso(key: string): ResourceDef {
  const d = POR_KEY.get(key);
  if (!d) throw new Error(`No existe el recurso maestro ${key}`);
  return d;
}

/** The resource a menu route shows (the web's generic list page resolves itself with it). */
export const recursoDeRuta = (fullPath: string): ResourceDef | undefined => POR_RUTA.get(fullPath);

/** Resources with a reference to `key`: what may use one of its rows. */
export const hijosDe = (key: string) =>
  RECURSOS.flatMap((d) => d.fields.filter((f) => f.type === 'reference' && f.ref === key).map((f) => ({ def: d, field: f })));
