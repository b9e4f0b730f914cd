import { z } from 'zod';
import { esCorreo, esDia, idQuery, si } from './campos.ts';
import { ZListQuery, zListQuery, zSort, type ListaAcotada, type ListQuery } from './list.ts';
import { digitoVerificacion as digitoVerificacionDian } from './nit.ts';

export const ZNroIdParam = z.object({
  nro_id: z
    .string()
    .trim()
    .min(1, { error: 'es obligatorio' })
    .max(20, { error: 'admite máximo 20 caracteres' })
    .regex(/^[0-9A-Za-z-]+$/, { error: 'solo admite letras, números y guion' }),
});

/** The logged-in person shown in the shell (spec §3 objTerceroLog). */
export const ZTerceroLog = z.object({
  nro_id: z.string(),
  nombre: z.string(),
  foto: z.string().nullable(),
  email: z.string().nullable(),
  celular: z.string().nullable(),
});
export type TerceroLog = z.infer<typeof ZTerceroLog>;

export const ZTercero = z.object({
  nro_id: z.string(),
  tipo_dcto: z.number().int(),
  tipo_contribuyente: z.number().int(),
  nombre1: z.string(),
  nombre2: z.string(),
  apellido1: z.string(),
  apellido2: z.string(),
  razon_social: z.string(),
  nombre: z.string(),
  telefonos: z.string(),
  celular: z.string(),
  direccion: z.string(),
  codmunicipio: z.string().nullable(),
  email: z.string(),
  email_Corporativo: z.string(),
  celular_Corporativo: z.string(),
  correspondencia: z.string(),
  foto: z.string().nullable(),
  coloragenda: z.string(),
  activo: z.boolean(),
  propietario: z.boolean(),
  empleado: z.boolean(),
});
export type Tercero = z.infer<typeof ZTercero>;

export const ZSubirFotoData = z.object({ nombreArchivo: z.string() });

export const FOTO_MAX_BYTES = 10240 * 1024;
export const FOTO_MIN_PX = 200;
export const FOTO_TIPOS = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

// ---------------------------------------------------------------------------------------------
// Terceros module (idm 59): the form, the list and their rules, shared by the API and the web form.
// ---------------------------------------------------------------------------------------------

export const IDM_TERCEROS = 59;

/** Types of document, with DIAN's codes (Resolución 000042 de 2020, tabla 13.2.1). */
export const TIPOS_DCTO = [
  { value: 11, sigla: 'RC', label: 'Registro civil' },
  { value: 12, sigla: 'TI', label: 'Tarjeta de identidad' },
  { value: 13, sigla: 'CC', label: 'Cédula de ciudadanía' },
  { value: 21, sigla: 'TE', label: 'Tarjeta de extranjería' },
  { value: 22, sigla: 'CE', label: 'Cédula de extranjería' },
  { value: 31, sigla: 'NIT', label: 'NIT' },
  { value: 41, sigla: 'PA', label: 'Pasaporte' },
  { value: 42, sigla: 'DE', label: 'Documento de identificación extranjero' },
  { value: 47, sigla: 'PEP', label: 'Permiso especial de permanencia (PEP)' },
  { value: 48, sigla: 'PPT', label: 'Permiso por protección temporal (PPT)' },
] as const;
export type TipoDcto = (typeof TIPOS_DCTO)[number]['value'];
export const TIPO_DCTO_NIT = 31;
const CODIGOS_DCTO = TIPOS_DCTO.map((t) => t.value) as number[];
/** Colombian documents made only of digits (the others admit letters: passports, foreign ids). */
const DCTO_NUMERICO = new Set<number>([11, 12, 13, 31]);

/** DIAN's "tipo de persona": 1 jurídica (a company, with razón social), 2 natural (spec default). */
export const TIPOS_CONTRIBUYENTE = [
  { value: 1, label: 'Persona jurídica' },
  { value: 2, label: 'Persona natural' },
] as const;
export const PERSONA_JURIDICA = 1;

export const CORRESPONDENCIA = ['Enviar', 'No enviar', 'Recoger en la oficina'] as const;

/** Roles a tercero plays; each one a boolean column, filterable in the list. */
export const ROLES = [
  { key: 'propietario', label: 'Propietario' },
  { key: 'arrendatario', label: 'Arrendatario' },
  { key: 'cliente', label: 'Cliente' },
  { key: 'proveedor', label: 'Proveedor' },
  { key: 'empleado', label: 'Empleado' },
  { key: 'fiador', label: 'Fiador' },
] as const;
export type Rol = (typeof ROLES)[number]['key'];
const CLAVES_ROL = ROLES.map((r) => r.key) as [Rol, ...Rol[]];

/** The check digit of a NIT written with digits only (up to 15); null when it is not such a number. */
export function digitoVerificacion(nit: string): number | null {
  return /^[0-9]{1,15}$/.test(nit) ? digitoVerificacionDian(nit) : null;
}

/**
 * A NIT is entered with its check digit, '900123456-8' (the DV is what catches a mistyped digit), and
 * stored without it: nro_id keeps the digits, so lookups, duplicates and users' links do not depend
 * on how it was typed. The item returns `dv` for display.
 */
export function separarNit(valor: string): { nit: string; dv: number | null } {
  const m = /^([0-9]{1,15})-([0-9])$/.exec(valor.replace(/[.\s]/g, ''));
  return m ? { nit: m[1]!, dv: Number(m[2]) } : { nit: valor.replace(/[.\s]/g, ''), dv: null };
}

/** "Nombre1 Nombre2 Apellido1 Apellido2", single spaces, for a natural person. */
export function componerNombre(p: { nombre1?: string; nombre2?: string; apellido1?: string; apellido2?: string }): string {
  return [p.nombre1, p.nombre2, p.apellido1, p.apellido2]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** spec §3: the 'sent from' phone and e-mail are the corporate value if present, otherwise the personal one. */
export const telefonoEnvio = (t: { celular_Corporativo: string; celular: string }) => t.celular_Corporativo || t.celular;
export const emailEnvio = (t: { email_Corporativo: string; email: string }) => t.email_Corporativo || t.email;

const TELEFONO = /^\+?[0-9][0-9 ()-]{5,19}$/;
const FECHA = /^(19|20|21)[0-9]{2}-[0-9]{2}-[0-9]{2}$/;
const esFecha = (s: string) => FECHA.test(s) && esDia(s);

const texto = (label: string, max: number) =>
  z
    .string({ error: `El campo ${label} debe ser texto` })
    .trim()
    .max(max, { error: `El campo ${label} admite máximo ${max} caracteres` })
    .refine((v) => !/\p{Cc}/u.test(v.replace(/[\t\n\r]/g, '')), { error: `El campo ${label} tiene caracteres no permitidos` })
    .default('');
const telefono = (label: string) =>
  texto(label, 20).refine((v) => v === '' || TELEFONO.test(v), {
    error: `El campo ${label} debe ser un teléfono (números, espacios, +, - y paréntesis; de 6 a 20)`,
  });
const correo = (label: string) =>
  texto(label, 120)
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || esCorreo(v), {
      error: `El campo ${label} debe ser un correo electrónico válido`,
    });
const fecha = (label: string) =>
  z
    .string({ error: `El campo ${label} debe ser una fecha` })
    .trim()
    .refine((v) => v === '' || esFecha(v), { error: `El campo ${label} debe ser una fecha válida (AAAA-MM-DD)` })
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));
const referencia = (label: string) =>
  z
    .number({ error: `El campo ${label} debe ser un registro existente` })
    .int({ error: `El campo ${label} debe ser un registro existente` })
    .positive({ error: `El campo ${label} debe ser un registro existente` })
    .max(2147483647, { error: `El campo ${label} debe ser un registro existente` })
    .nullable()
    .default(null);

/** The labels the form shows and the messages name (also the export's headers). */
export const ETIQUETAS = {
  tipo_contribuyente: 'Tipo de persona',
  tipo_dcto: 'Tipo de documento',
  nro_id: 'Número de identificación',
  nro_id_old: 'Identificación anterior',
  nombre1: 'Primer nombre',
  nombre2: 'Segundo nombre',
  apellido1: 'Primer apellido',
  apellido2: 'Segundo apellido',
  razon_social: 'Razón social',
  tipo: 'Tipo',
  cumpleanos: 'Fecha de nacimiento',
  cliente_VIP: 'Cliente VIP',
  activo: 'Activo',
  observaciones: 'Observaciones',
  telefonos: 'Teléfonos',
  telefono_res: 'Teléfono residencia',
  telefono_of: 'Teléfono oficina',
  indicativo_Celular: 'Indicativo del celular',
  celular: 'Celular',
  celular_Corporativo: 'Celular corporativo',
  email: 'Correo electrónico',
  email_Corporativo: 'Correo corporativo',
  direccion: 'Dirección',
  id_municipio: 'Municipio',
  id_barrio: 'Barrio',
  codPostal: 'Código postal',
  codPais: 'Código de país',
  aut_Manejo_Datos_Personales: 'Autoriza el tratamiento de datos personales',
  id_medio_aut_datos: 'Medio de la autorización',
  fecha_aut_datos: 'Fecha de la autorización',
  correspondencia: 'Correspondencia',
  encargado_correspondencia: 'Encargado de la correspondencia',
  ubicacion_carpeta: 'Ubicación de la carpeta',
  direccion_correspondencia: 'Dirección de correspondencia',
  municipio_correspondencia: 'Municipio de correspondencia',
  barrio_correspondencia: 'Barrio de correspondencia',
  urbanizacion_correspondencia: 'Urbanización de correspondencia',
  encargado_Nombre: 'Nombre del encargado',
  encargado_Telefono: 'Teléfono del encargado',
  encargado_Celular: 'Celular del encargado',
  encargado_Email: 'Correo del encargado',
  encargado_Obs: 'Observaciones del encargado',
  fecha_consig: 'Fecha de consignación',
  pjecomision: 'Porcentaje de comisión',
  generar_extracto: 'Generar extracto',
  tres_x_mil: 'Aplica 4 × mil',
  consolidar_facturacion: 'Consolidar facturación',
  auditoria: 'Auditoría',
  marca_de_control: 'Marca de control',
  coloragenda: 'Color en la agenda',
  desactivadoEnAgenda: 'Desactivado en la agenda',
  propietario: 'Propietario',
  arrendatario: 'Arrendatario',
  cliente: 'Cliente',
  proveedor: 'Proveedor',
  empleado: 'Empleado',
  fiador: 'Fiador',
} as const;
const L = ETIQUETAS;

/** Every field the form edits, field by field (the web validates single inputs with these). */
export const ZTerceroCampos = z.object({
  // Identificación
  tipo_contribuyente: z
    .union([z.literal(1), z.literal(2)], {
      error: `El campo ${L.tipo_contribuyente} debe ser Persona natural o Persona jurídica`,
    })
    .default(2),
  tipo_dcto: z
    .number({ error: `El campo ${L.tipo_dcto} es obligatorio` })
    .refine((v) => CODIGOS_DCTO.includes(v), {
      error: `El campo ${L.tipo_dcto} debe ser uno de: ${TIPOS_DCTO.map((t) => t.sigla).join(', ')}`,
    })
    .default(13),
  nro_id: z
    .string({ error: `El campo ${L.nro_id} es obligatorio` })
    .trim()
    .min(1, { error: `El campo ${L.nro_id} es obligatorio` })
    .max(20, { error: `El campo ${L.nro_id} admite máximo 20 caracteres` })
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[0-9A-Z][0-9A-Z.-]*$/.test(v), {
      error: `El campo ${L.nro_id} solo admite letras, números, puntos y guion`,
    }),
  nro_id_old: texto(L.nro_id_old, 20),
  nombre1: texto(L.nombre1, 40),
  nombre2: texto(L.nombre2, 40),
  apellido1: texto(L.apellido1, 40),
  apellido2: texto(L.apellido2, 40),
  razon_social: texto(L.razon_social, 160),
  tipo: texto(L.tipo, 40),
  cumpleanos: fecha(L.cumpleanos),
  cliente_VIP: si(L.cliente_VIP).default(false),
  activo: si(L.activo).default(true),
  observaciones: texto(L.observaciones, 2000),
  propietario: si(L.propietario).default(true),
  arrendatario: si(L.arrendatario).default(false),
  cliente: si(L.cliente).default(false),
  proveedor: si(L.proveedor).default(false),
  empleado: si(L.empleado).default(false),
  fiador: si(L.fiador).default(false),
  // Contacto
  telefonos: texto(L.telefonos, 60),
  telefono_res: telefono(L.telefono_res),
  telefono_of: telefono(L.telefono_of),
  indicativo_Celular: texto(L.indicativo_Celular, 5).refine((v) => v === '' || /^\+?[0-9]{1,4}$/.test(v), {
    error: `El campo ${L.indicativo_Celular} debe ser como +57`,
  }),
  celular: telefono(L.celular),
  celular_Corporativo: telefono(L.celular_Corporativo),
  email: correo(L.email),
  email_Corporativo: correo(L.email_Corporativo),
  direccion: texto(L.direccion, 160),
  id_municipio: referencia(L.id_municipio),
  id_barrio: referencia(L.id_barrio),
  codPostal: texto(L.codPostal, 10).refine((v) => v === '' || /^[0-9]{6}$/.test(v), {
    error: `El campo ${L.codPostal} debe tener 6 dígitos`,
  }),
  codPais: texto(L.codPais, 3),
  aut_Manejo_Datos_Personales: si(L.aut_Manejo_Datos_Personales).default(false),
  id_medio_aut_datos: referencia(L.id_medio_aut_datos),
  fecha_aut_datos: fecha(L.fecha_aut_datos),
  // Correspondencia
  correspondencia: z
    .enum(CORRESPONDENCIA, { error: `El campo ${L.correspondencia} debe ser una de: ${CORRESPONDENCIA.join(', ')}` })
    .default('Enviar'),
  encargado_correspondencia: texto(L.encargado_correspondencia, 120),
  ubicacion_carpeta: texto(L.ubicacion_carpeta, 60),
  direccion_correspondencia: texto(L.direccion_correspondencia, 160),
  municipio_correspondencia: texto(L.municipio_correspondencia, 80),
  barrio_correspondencia: texto(L.barrio_correspondencia, 80),
  urbanizacion_correspondencia: texto(L.urbanizacion_correspondencia, 80),
  // Encargado
  encargado_Nombre: texto(L.encargado_Nombre, 120),
  encargado_Telefono: telefono(L.encargado_Telefono),
  encargado_Celular: telefono(L.encargado_Celular),
  encargado_Email: correo(L.encargado_Email),
  encargado_Obs: texto(L.encargado_Obs, 500),
  // Facturación
  fecha_consig: fecha(L.fecha_consig),
  pjecomision: z
    .number({ error: `El campo ${L.pjecomision} debe ser un número` })
    .min(0, { error: `El campo ${L.pjecomision} debe estar entre 0 y 100` })
    .max(100, { error: `El campo ${L.pjecomision} debe estar entre 0 y 100` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: `El campo ${L.pjecomision} admite máximo 2 decimales`,
    })
    .nullable()
    .default(null),
  generar_extracto: si(L.generar_extracto).default(false),
  tres_x_mil: si(L.tres_x_mil).default(false),
  consolidar_facturacion: si(L.consolidar_facturacion).default(false),
  auditoria: si(L.auditoria).default(false),
  marca_de_control: si(L.marca_de_control).default(false),
  // Agenda
  coloragenda: texto(L.coloragenda, 7)
    .refine((v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v), { error: `El campo ${L.coloragenda} debe ser un color #RRGGBB` })
    .transform((v) => v.toLowerCase()),
  desactivadoEnAgenda: si(L.desactivadoEnAgenda).default(false),
});
export type TerceroCampos = z.output<typeof ZTerceroCampos>;
export type TerceroCamposEntrada = z.input<typeof ZTerceroCampos>;
export type CampoTercero = keyof TerceroCampos;

type Issue = { path: string; message: string };

/** Cross-field rules, shared by create and update; each issue names the field it belongs to. */
export function reglasTercero(t: TerceroCampos): Issue[] {
  const out: Issue[] = [];
  const juridica = t.tipo_contribuyente === PERSONA_JURIDICA;
  if (juridica) {
    if (t.tipo_dcto !== TIPO_DCTO_NIT) out.push({ path: 'tipo_dcto', message: `Una persona jurídica se identifica con NIT` });
    if (!t.razon_social)
      out.push({ path: 'razon_social', message: `El campo ${L.razon_social} es obligatorio para una persona jurídica` });
  } else {
    if (!t.nombre1) out.push({ path: 'nombre1', message: `El campo ${L.nombre1} es obligatorio` });
    if (!t.apellido1) out.push({ path: 'apellido1', message: `El campo ${L.apellido1} es obligatorio` });
  }
  if (t.tipo_dcto === TIPO_DCTO_NIT) {
    const { nit, dv } = separarNit(t.nro_id);
    const esperado = digitoVerificacion(nit);
    if (esperado === null)
      out.push({
        path: 'nro_id',
        message: `El campo ${L.nro_id} de un NIT debe tener solo dígitos y el dígito de verificación, como 900123456-8`,
      });
    else if (dv === null)
      out.push({
        path: 'nro_id',
        message: `El campo ${L.nro_id} de un NIT debe incluir el dígito de verificación: ${nit}-${esperado}`,
      });
    else if (dv !== esperado)
      out.push({ path: 'nro_id', message: `El dígito de verificación del NIT ${nit} es ${esperado}, no ${dv}` });
  } else if (DCTO_NUMERICO.has(t.tipo_dcto) && !/^[0-9]{3,15}$/.test(t.nro_id.replace(/\./g, ''))) {
    out.push({ path: 'nro_id', message: `El campo ${L.nro_id} de este tipo de documento debe tener solo dígitos (de 3 a 15)` });
  }
  if (t.id_barrio !== null && t.id_municipio === null)
    out.push({ path: 'id_municipio', message: `Elija el ${L.id_municipio} del barrio` });
  // Ley 1581: a consent is recorded with how and when it was given.
  if (t.aut_Manejo_Datos_Personales) {
    if (t.id_medio_aut_datos === null)
      out.push({
        path: 'id_medio_aut_datos',
        message: `El campo ${L.id_medio_aut_datos} es obligatorio cuando hay autorización`,
      });
    if (t.fecha_aut_datos === null)
      out.push({ path: 'fecha_aut_datos', message: `El campo ${L.fecha_aut_datos} es obligatorio cuando hay autorización` });
  } else if (t.id_medio_aut_datos !== null || t.fecha_aut_datos !== null) {
    out.push({
      path: 'aut_Manejo_Datos_Personales',
      message: `Marque ${L.aut_Manejo_Datos_Personales} o quite el medio y la fecha`,
    });
  }
  return out;
}

/** What is stored: nro_id without a NIT's DV and nombre composed (persons) or the razón social (companies). */
function normalizar<T extends TerceroCampos>(t: T): T & { nombre: string } {
  const juridica = t.tipo_contribuyente === PERSONA_JURIDICA;
  const nroId =
    t.tipo_dcto === TIPO_DCTO_NIT
      ? separarNit(t.nro_id).nit
      : DCTO_NUMERICO.has(t.tipo_dcto)
        ? t.nro_id.replace(/\./g, '')
        : t.nro_id;
  return {
    ...t,
    nro_id: nroId,
    // A company has no person's name parts; a person has no razón social.
    ...(juridica ? { nombre1: '', nombre2: '', apellido1: '', apellido2: '' } : { razon_social: '' }),
    nombre: juridica ? t.razon_social : componerNombre(t),
  };
}

const conReglas = <S extends z.ZodType<TerceroCampos>>(s: S) =>
  s.superRefine((t, ctx) => {
    for (const i of reglasTercero(t)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  });

/** Body of POST /terceros. */
export const ZTerceroForm = conReglas(ZTerceroCampos).transform(normalizar);
export type TerceroFormEntrada = z.input<typeof ZTerceroForm>;
export type TerceroForm = z.output<typeof ZTerceroForm>;

/** Body of PUT /terceros/:id: the whole form plus the version it was read at (optimistic concurrency). */
export const ZTerceroActualizar = conReglas(
  ZTerceroCampos.extend({
    version: z
      .number({ error: 'El campo version es obligatorio (la versión del tercero que se editó)' })
      .int({ error: 'El campo version debe ser un número entero' })
      .positive({ error: 'El campo version debe ser mayor que cero' }),
  }),
).transform(normalizar);
export type TerceroActualizar = z.output<typeof ZTerceroActualizar>;

export const ZTerceroIdParam = z.object({ id: idQuery('id') });

const booleanoQuery = (campo: string) =>
  z.preprocess(
    (v) =>
      v === 'true' || v === '1' || v === 'si'
        ? true
        : v === 'false' || v === '0' || v === 'no'
          ? false
          : v === ''
            ? undefined
            : v,
    z.boolean({ error: `${campo} debe ser true o false` }).optional(),
  );

export const SORT_TERCEROS = ['nro_id', 'nombre', 'celular', 'email', 'municipio', 'fecha_Modificacion'] as const;

const filtrosTerceros = {
  rol: z.enum(CLAVES_ROL, { error: `rol debe ser uno de: ${CLAVES_ROL.join(', ')}` }).optional(),
  activo: booleanoQuery('activo'),
  sinAutorizacionDatos: booleanoQuery('sinAutorizacionDatos'),
};

/** GET /terceros: the list contract plus role, activo and consent filters. */
export const ZTercerosQuery = zListQuery({ sort: SORT_TERCEROS, filters: filtrosTerceros }) as unknown as z.ZodType<
  ListQuery & { rol?: Rol | undefined; activo?: boolean | undefined; sinAutorizacionDatos?: boolean | undefined }
>;
export type TercerosQuery = z.output<typeof ZTercerosQuery>;

export const ZTercerosExportarQuery = ZListQuery.omit({ page: true, pageSize: true }).extend({
  sort: zSort(SORT_TERCEROS),
  ...filtrosTerceros,
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('csv'),
}) as unknown as z.ZodType<Omit<TercerosQuery, 'page' | 'pageSize'> & { formato: 'csv' | 'xlsx' }>;

/** GET /terceros/duplicados: what the form checks while typing (excluir: the tercero being edited). */
export const ZDuplicadosQuery = z.object({
  nro_id: z.string().trim().max(20, { error: 'nro_id admite máximo 20 caracteres' }).optional(),
  email: z.string().trim().max(120, { error: 'email admite máximo 120 caracteres' }).optional(),
  celular: z.string().trim().max(20, { error: 'celular admite máximo 20 caracteres' }).optional(),
  excluir: z.coerce.number({ error: 'excluir debe ser un número' }).int().positive().max(2147483647).optional(),
});
export type DuplicadosQuery = z.output<typeof ZDuplicadosQuery>;

export const ZActivoBody = z.object({ activo: z.boolean({ error: 'El campo activo debe ser true o false' }) });

export const ZFusionarBody = z
  .object({
    conservar: ZTerceroIdParam.shape.id,
    eliminar: ZTerceroIdParam.shape.id,
  })
  .refine((b) => b.conservar !== b.eliminar, {
    path: ['eliminar'],
    error: 'eliminar debe ser un tercero distinto del que se conserva',
  });

/** A possible duplicate: which field matched, a message for a person, and the other tercero. */
export const ZAdvertencia = z.object({
  campo: z.enum(['nro_id', 'email', 'celular']),
  mensaje: z.string(),
  id: z.number().int(),
  nro_id: z.string(),
  nombre: z.string(),
});
export type Advertencia = z.infer<typeof ZAdvertencia>;

const rolesShape = Object.fromEntries(CLAVES_ROL.map((k) => [k, z.boolean()])) as Record<Rol, z.ZodBoolean>;

/** A row of the list. */
export const ZTerceroResumen = z.object({
  id: z.number().int(),
  nro_id: z.string(),
  dv: z.number().int().nullable(),
  tipo_dcto: z.number().int(),
  tipo_contribuyente: z.number().int(),
  nombre: z.string(),
  celular: z.string(),
  telefonos: z.string(),
  email: z.string(),
  municipio: z.string(),
  foto: z.string().nullable(),
  activo: z.boolean(),
  ...rolesShape,
  /** Ley 1581: no consent recorded, so messages must not be sent without checking (flag it). */
  sinAutorizacionDatos: z.boolean(),
  telefonoEnvio: z.string(),
  emailEnvio: z.string(),
  version: z.number().int(),
});
export type TerceroResumen = z.infer<typeof ZTerceroResumen>;

/** GET /terceros: its count stops at TOPE_CONTEO (list.ts). */
export type TercerosLista = ListaAcotada<TerceroResumen>;

/** One tercero: every form field plus what the server keeps. */
export const ZTerceroDetalle = ZTerceroCampos.extend({
  id: z.number().int(),
  nombre: z.string(),
  dv: z.number().int().nullable(),
  codmunicipio: z.string().nullable(),
  municipio: z.string(),
  departamento: z.string().nullable(),
  barrio: z.string(),
  medio_aut_datos: z.string().nullable(),
  foto: z.string().nullable(),
  usuario_inicial: z.string(),
  usuario_Modifico: z.string(),
  fecha_Modificacion: z.string().nullable(),
  creadoEn: z.string(),
  version: z.number().int(),
  sinAutorizacionDatos: z.boolean(),
  telefonoEnvio: z.string(),
  emailEnvio: z.string(),
});
export type TerceroDetalle = z.infer<typeof ZTerceroDetalle>;

/** Answer of create and update: the tercero and the possible duplicates found (saved anyway). */
export const ZTerceroGuardado = z.object({ tercero: ZTerceroDetalle, advertencias: z.array(ZAdvertencia) });
export type TerceroGuardado = z.infer<typeof ZTerceroGuardado>;
export const ZFusionResultado = z.object({
  tercero: ZTerceroDetalle,
  movidos: z.array(z.object({ tabla: z.string(), columna: z.string(), filas: z.number() })),
});
export type FusionResultado = z.infer<typeof ZFusionResultado>;
