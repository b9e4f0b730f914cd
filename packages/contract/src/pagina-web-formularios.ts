import { z } from 'zod';
import { cuandoValidos, esCorreo, esDia, opcion, si, texto, textoObligatorio } from './campos.ts';
import { zListQuery } from './list.ts';
import { GESTIONES, type Gestion } from './inmuebles.ts';
import { TIPO_VALUES, TIPOS_SOLICITUD, type TipoSolicitud } from './solicitudes.ts';

// Página web > Formularios (idm 10536, issue 32): forms the staff build, the public site shows, and whose
// submissions become solicitudes of the form's type. The visitor's name and the Ley 1581 consent are
// part of every form; the staff choose the rest.

export const IDM_FORMULARIOS = 10536;

export const TIPOS_CAMPO = [
  'texto',
  'correo',
  'telefono',
  'numero',
  'seleccion',
  'casilla',
  'fecha',
  'parrafo',
  'archivo',
] as const;
export type TipoCampo = (typeof TIPOS_CAMPO)[number];
export const ETIQUETAS_TIPO_CAMPO: Record<TipoCampo, string> = {
  texto: 'Texto',
  correo: 'Correo electrónico',
  telefono: 'Teléfono',
  numero: 'Número',
  seleccion: 'Lista de opciones',
  casilla: 'Casilla (sí/no)',
  fecha: 'Fecha',
  parrafo: 'Texto largo',
  archivo: 'Archivo (PDF, JPG o PNG)',
};

/** A form's file field: one file, told by its bytes, of at most 5 MB. */
export const ARCHIVO_MAX_BYTES = 5 * 1024 * 1024;
export const ARCHIVO_TIPOS = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const ETIQUETAS_TIPO_SOLICITUD = Object.fromEntries(TIPOS_SOLICITUD.map((t) => [t.value, t.label])) as Record<
  TipoSolicitud,
  string
>;

/** The consent every form carries, verbatim on the site and in the solicitud's history. */
export const TEXTO_CONSENTIMIENTO =
  'Autorizo el tratamiento de mis datos personales (Ley 1581 de 2012) para que me contacten sobre esta solicitud.';
export const MAX_CAMPOS = 30;

/** What each submission becomes: a solicitud, or a cliente atendido of a tercero found by e-mail or phone. */
export const DESTINOS_FORMULARIO = ['solicitud', 'cliente_atendido'] as const;
export type DestinoFormulario = (typeof DESTINOS_FORMULARIO)[number];
export const ETIQUETAS_DESTINO: Record<DestinoFormulario, string> = {
  solicitud: 'Una solicitud',
  cliente_atendido: 'Un cliente atendido',
};
/** The lead's «Busca», as Clientes atendidos says it. */
export const ETIQUETAS_GESTION_FORMULARIO: Record<Gestion, string> = {
  arriendo: 'Arrendar',
  venta: 'Comprar',
  arriendo_venta: 'Arrendar o comprar',
};

export const ZCampoFormulario = z.object({
  etiqueta: textoObligatorio('Etiqueta del campo', 80),
  tipo: opcion('Tipo de campo', TIPOS_CAMPO, ETIQUETAS_TIPO_CAMPO),
  obligatorio: si('Obligatorio').default(false),
  opciones: z
    .array(texto('Opciones', 80), { error: 'El campo Opciones debe ser una lista' })
    .max(30, { error: 'El campo Opciones admite máximo 30 valores' })
    .default([])
    .transform((xs) => [...new Set(xs.filter((x) => x !== ''))]),
});
export type CampoFormularioForm = z.output<typeof ZCampoFormulario>;
/** A field as stored: its key is its place («c1», «c2»…), what the public form posts it under. */
export const ZCampoGuardado = z.object({
  etiqueta: z.string(),
  tipo: z.enum(TIPOS_CAMPO),
  obligatorio: z.boolean(),
  opciones: z.array(z.string()),
  campo: z.string(),
});
export type CampoFormulario = CampoFormularioForm & { campo: string };

export const ZFormularioForm = z
  .object({
    nombre: textoObligatorio('Nombre', 120),
    descripcion: texto('Descripción', 1000),
    tipo_solicitud: opcion('Tipo de solicitud', TIPO_VALUES, ETIQUETAS_TIPO_SOLICITUD).default('informacion'),
    destino: opcion('Cada envío crea', DESTINOS_FORMULARIO, ETIQUETAS_DESTINO).default('solicitud'),
    gestion_cliente: opcion('Busca', GESTIONES, ETIQUETAS_GESTION_FORMULARIO).default('arriendo'),
    mensaje_gracias: texto('Mensaje de agradecimiento', 500),
    activo: si('Publicado').default(true),
    campos: z
      .array(ZCampoFormulario, { error: 'El campo Campos debe ser una lista' })
      .min(1, { error: 'El campo Campos necesita al menos un campo' })
      .max(MAX_CAMPOS, { error: `El campo Campos admite máximo ${MAX_CAMPOS} campos` }),
  })
  .superRefine((v, ctx) => {
    // An array body passes «when» (an array is an object) without the fields the rule reads.
    if (!Array.isArray(v.campos)) return;
    const vistas = new Set<string>();
    v.campos.forEach((c, i) => {
      const k = c.etiqueta.toLowerCase();
      if (vistas.has(k) || k === 'nombre')
        ctx.addIssue({
          code: 'custom',
          path: ['campos', i, 'etiqueta'],
          message: `El campo Etiqueta del campo «${c.etiqueta}» está repetida (el Nombre ya está en todo formulario)`,
        });
      vistas.add(k);
      if (c.tipo === 'seleccion' && c.opciones.length < 2)
        ctx.addIssue({
          code: 'custom',
          path: ['campos', i, 'opciones'],
          message: `El campo Opciones de «${c.etiqueta}» necesita al menos dos opciones`,
        });
    });
    // The public submission carries one file at most (platform/archivos reads a single file part).
    const archivos = v.campos.map((c, i) => ({ c, i })).filter(({ c }) => c.tipo === 'archivo');
    for (const { c, i } of archivos.slice(1))
      ctx.addIssue({
        code: 'custom',
        path: ['campos', i, 'tipo'],
        message: `El campo Tipo de campo de «${c.etiqueta}»: un formulario admite un solo campo de archivo`,
      });
    // A solicitud is answered by phone or e-mail: a form without either would bring requests no one can answer.
    if (!v.campos.some((c) => c.tipo === 'correo' || c.tipo === 'telefono'))
      ctx.addIssue({
        code: 'custom',
        path: ['campos'],
        message: 'El campo Campos necesita un campo de Correo electrónico o de Teléfono para responder al visitante',
      });
  }, cuandoValidos('campos'));
export type FormularioForm = z.output<typeof ZFormularioForm>;
export type FormularioFormEntrada = z.input<typeof ZFormularioForm>;

export const FORMULARIOS_SORT = ['nombre', 'creado_en', 'envios'] as const;
export const ZFormulariosQuery = zListQuery({ sort: FORMULARIOS_SORT, filters: {} });

export const ZFormulario = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  tipo_solicitud: z.enum(TIPO_VALUES as [TipoSolicitud, ...TipoSolicitud[]]),
  destino: z.enum(DESTINOS_FORMULARIO),
  gestion_cliente: z.enum(GESTIONES),
  mensaje_gracias: z.string(),
  activo: z.boolean(),
  campos: z.array(ZCampoGuardado),
  envios: z.number(),
  ultimo_envio: z.string().nullable(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type Formulario = Omit<z.infer<typeof ZFormulario>, 'campos'> & { campos: CampoFormulario[] };

export const ENVIOS_SORT = ['creado_en'] as const;
export const ZEnviosQuery = zListQuery({ sort: ENVIOS_SORT, filters: {} });
export const ZEnviosExportarQuery = z.object({
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
});

export const ZRespuestaEnvio = z.object({ etiqueta: z.string(), tipo: z.enum(TIPOS_CAMPO), valor: z.string() });
export type RespuestaEnvio = z.infer<typeof ZRespuestaEnvio>;
export const ZEnvioFormulario = z.object({
  id: z.number(),
  nombre: z.string(),
  respuestas: z.array(ZRespuestaEnvio),
  numero_solicitud: z.number().nullable(),
  /** The file of the form's file field, read at /api/archivos/formulario_envio/<envío>/<id>. */
  archivo: z.object({ id: z.number(), nombre: z.string(), content_type: z.string() }).nullable(),
  /** The cliente atendido it became, when the form creates them and a tercero matched. */
  consecutivo_cliente: z.number().nullable(),
  /** Why it became what it became, when that is not obvious (no tercero matched the e-mail or phone). */
  nota: z.string(),
  creado_en: z.string(),
});
export type EnvioFormulario = z.infer<typeof ZEnvioFormulario>;

// ----- the public side

/** What a visitor sends: the name, the answers by the field's key, and the consent. */
export const ZEnvioFormularioPublico = z.object({
  nombre: textoObligatorio('Nombre', 120),
  respuestas: z
    .record(
      z.string().max(10, { error: 'respuestas tiene un campo que no es del formulario' }),
      z.union([z.string().max(5000, { error: 'Una respuesta admite máximo 5.000 caracteres' }), z.number(), z.boolean()], {
        error: 'Cada respuesta debe ser texto, número o sí/no',
      }),
      { error: 'El campo respuestas debe ser un objeto' },
    )
    .default({})
    .refine((r) => Object.keys(r).length <= MAX_CAMPOS, { error: 'respuestas tiene demasiados campos' }),
  autoriza_datos: z.literal(true, {
    error: 'Debe autorizar el tratamiento de sus datos personales para enviar el formulario',
  }),
  // The honeypot: people never see it; a robot fills it.
  sitio: z.string().max(200).default(''),
});
export type EnvioFormularioPublico = z.output<typeof ZEnvioFormularioPublico>;

const TELEFONO = /^\+?[0-9][0-9 ()-]{5,19}$/;
const MAX_RESPUESTA: Record<TipoCampo, number> = {
  texto: 200,
  correo: 120,
  telefono: 20,
  numero: 30,
  seleccion: 80,
  casilla: 5,
  fecha: 10,
  parrafo: 2000,
  archivo: 200,
};

/**
 * The answers checked against the form's fields, each message naming the field by its label. Shared by
 * the JSON API and the public site's HTML form (whose values all arrive as text).
 */
export function validarRespuestas(
  campos: readonly CampoFormulario[],
  respuestas: Record<string, unknown>,
): { valores: (RespuestaEnvio & { campo: string })[]; errores: Record<string, string> } {
  const valores: (RespuestaEnvio & { campo: string })[] = [];
  const errores: Record<string, string> = {};
  for (const c of campos) {
    const crudo = respuestas[c.campo];
    let v = crudo === undefined || crudo === null ? '' : String(crudo).trim();
    const nombre = `El campo ${c.etiqueta}`;
    if (c.tipo === 'casilla') {
      const marcada = v === 'true' || v === 'on' || v === 'si';
      if (c.obligatorio && !marcada) errores[c.campo] = `${nombre} debe estar marcado`;
      valores.push({ campo: c.campo, etiqueta: c.etiqueta, tipo: c.tipo, valor: marcada ? 'Sí' : 'No' });
      continue;
    }
    if (v === '') {
      if (c.obligatorio) errores[c.campo] = `${nombre} es obligatorio`;
      valores.push({ campo: c.campo, etiqueta: c.etiqueta, tipo: c.tipo, valor: '' });
      continue;
    }
    if (v.length > MAX_RESPUESTA[c.tipo]) errores[c.campo] = `${nombre} admite máximo ${MAX_RESPUESTA[c.tipo]} caracteres`;
    else if (c.tipo === 'correo') {
      v = v.toLowerCase();
      if (!esCorreo(v)) errores[c.campo] = `${nombre} debe ser un correo electrónico válido`;
    } else if (c.tipo === 'telefono' && !TELEFONO.test(v))
      errores[c.campo] = `${nombre} debe ser un teléfono (números, espacios, +, - y paréntesis; de 6 a 20)`;
    else if (c.tipo === 'numero' && !/^-?\d+([.,]\d+)?$/.test(v)) errores[c.campo] = `${nombre} debe ser un número`;
    else if (c.tipo === 'fecha' && !esDia(v)) errores[c.campo] = `${nombre} debe ser una fecha válida (AAAA-MM-DD)`;
    else if (c.tipo === 'seleccion' && !c.opciones.includes(v))
      errores[c.campo] = `${nombre} debe ser una de: ${c.opciones.join(', ')}`;
    valores.push({ campo: c.campo, etiqueta: c.etiqueta, tipo: c.tipo, valor: v });
  }
  // A solicitud is answered by phone or e-mail: the visitor must leave one of them.
  const contacto = campos.filter((c) => c.tipo === 'correo' || c.tipo === 'telefono');
  if (contacto.length && !contacto.some((c) => valores.find((x) => x.campo === c.campo)?.valor)) {
    const primero = contacto[0]!;
    errores[primero.campo] ??= 'Escriba un teléfono o un correo electrónico para responderle';
  }
  return { valores, errores };
}

/** A form as the public sees it: no author, no counts, no company. */
export const ZFormularioPublico = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  campos: z.array(ZCampoGuardado),
  consentimiento: z.string(),
});
export type FormularioPublico = Omit<z.infer<typeof ZFormularioPublico>, 'campos'> & { campos: CampoFormulario[] };
