import { sql } from 'drizzle-orm';
import type { TipoPlantilla } from '@predio/contract/documentos';
import { CONTEXTOS_NOTIFICACION, infoSms, type MensajeLleno } from '@predio/contract/mensajes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { empresaDocumento } from '../documentos/contextos.ts';
import { llenar, type Datos } from '../documentos/motor.ts';
import { sanearHtml } from '../documentos/sanear.ts';

/*
 * The company's message templates (Configurar mensajes, idm 10555) as the senders use them: a
 * notification type's template, or its default when the company kept it; filled with the liquid engine
 * of platform/documentos, so a template is checked by the same rules when saved and when sent.
 */

export type Plantilla = {
  asunto: string;
  html: string;
  texto: string;
  sms: string;
  whatsapp_plantilla: string;
  whatsapp_parametros: string[];
};

// Fields as the editor writes them (chips), so the default opens in Configurar mensajes as it would be typed.
const campo = (c: string) => `<span data-campo="${c}" class="campo">{{ ${c} }}</span>`;
const HTML_DEFECTO = [
  `<p>Hola, ${campo('destinatario.nombre')}:</p>`,
  `<p><strong>${campo('notificacion.titulo')}</strong></p>`,
  `<p>${campo('notificacion.cuerpo')}</p>`,
  `{% if notificacion.enlace %}<p>Ábralo en Predio: ${campo('notificacion.enlace')}</p>{% endif %}`,
  `<p>Recibe este correo porque tiene activo el aviso «${campo('notificacion.tipo')}» en Mis notificaciones, donde puede elegir qué avisos le llegan por correo.</p>`,
].join('');

const TEXTO_DEFECTO = [
  'Hola, {{ destinatario.nombre }}:',
  '',
  '{{ notificacion.titulo }}',
  '{{ notificacion.cuerpo }}',
  '{% if notificacion.enlace %}Ábralo en Predio: {{ notificacion.enlace }}{% endif %}',
  '',
  '— {{ empresa.nombre }}',
  'Puede elegir qué avisos recibe por correo en Mis notificaciones.',
].join('\n');

/** The template a notification type has before the company changes it: good Spanish on day one. */
export function plantillaDefecto(): Plantilla {
  return {
    asunto: '{{ notificacion.titulo }}',
    html: HTML_DEFECTO,
    texto: TEXTO_DEFECTO,
    // The SMS carries the company's name (Ley 2300: the sender must be identifiable).
    sms: '{{ empresa.nombre }}: {{ notificacion.titulo }}',
    whatsapp_plantilla: '',
    whatsapp_parametros: ['{{ destinatario.nombre }}', '{{ notificacion.titulo }}'],
  };
}

type Fila = Plantilla & { id: number };

/** The company's own template for a notification type, or null when it uses the default. */
export async function plantillaPropia(tx: Tx, tipoCarta: number): Promise<Fila | null> {
  const [f] = await queryRows<Fila>(
    tx,
    sql`select id, asunto, html, texto, sms, whatsapp_plantilla, whatsapp_parametros
        from mensaje_plantilla where tipo_carta = ${tipoCarta}`,
  );
  return f ?? null;
}

// liquidjs escapes values for HTML; a subject, a plain text and an SMS are not HTML.
const DESESCAPAR: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#34;': '"', '&quot;': '"', '&#39;': "'" };
const desescapar = (s: string) => s.replace(/&(amp|lt|gt|#34|quot|#39);/g, (e) => DESESCAPAR[e]!);

/** A template for text (subject, plain text, SMS): filled, unescaped, with the block breaks trimmed. */
async function llenarTexto(t: string, tipo: TipoPlantilla, datos: Datos, propios: boolean): Promise<string> {
  if (t.trim() === '') return '';
  const r = await llenar(t, tipo, datos, propios ? CONTEXTOS_NOTIFICACION : undefined);
  return desescapar(r)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escaparHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A signature is plain text; in HTML each line is kept. */
export const firmaHtml = (firma: string) =>
  firma.trim() ? `<p>${firma.trim().split(/\r?\n/).map(escaparHtml).join('<br>')}</p>` : '';

/** HTML to text, for a message whose template has no plain-text part. */
export function htmlATexto(html: string): string {
  return desescapar(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|h[1-6]|li|tr|div)>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' '),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Fills every part of a template. `propios`: a notification's template (destinatario, notificacion);
 * otherwise a free message of `tipo`. Throws the engine's Spanish 400 for a wrong template.
 */
export async function llenarPlantilla(
  p: Plantilla,
  o: { tipo: TipoPlantilla; datos: Datos; notificacion: boolean; firma?: string },
): Promise<MensajeLleno> {
  const propios = o.notificacion ? CONTEXTOS_NOTIFICACION : undefined;
  const html = sanearHtml(await llenar(sanearHtml(p.html), o.tipo, o.datos, propios)) + firmaHtml(o.firma ?? '');
  const texto =
    (p.texto.trim() ? await llenarTexto(p.texto, o.tipo, o.datos, o.notificacion) : htmlATexto(html)) +
    (o.firma?.trim() ? `\n\n-- \n${o.firma.trim()}` : '');
  const sms = await llenarTexto(p.sms, o.tipo, o.datos, o.notificacion);
  const whatsapp_parametros = [];
  for (const x of p.whatsapp_parametros) whatsapp_parametros.push(await llenarTexto(x, o.tipo, o.datos, o.notificacion));
  return {
    asunto: (await llenarTexto(p.asunto, o.tipo, o.datos, o.notificacion)).replace(/\s+/g, ' '),
    html,
    texto,
    sms,
    whatsapp_parametros,
    sms_info: infoSms(sms),
  };
}

/** The company's sender name and signature; the name defaults to the company's. */
export async function configMensajes(tx: Tx): Promise<{ remitente_nombre: string; firma: string }> {
  const [f] = await queryRows<{ remitente_nombre: string; firma: string }>(
    tx,
    sql`select coalesce(nullif(mc.remitente_nombre, ''), e.nombre) as remitente_nombre, coalesce(mc.firma, '') as firma
        from empresa e left join mensaje_config mc on mc.id_empresa = e.id_empresa limit 1`,
  );
  return f ?? { remitente_nombre: '', firma: '' };
}

export type Notificado = {
  idUsuario: number;
  tipoCarta: number;
  titulo: string;
  cuerpo: string;
  /** Absolute (PUBLIC_URL + path) or null. */
  enlace: string | null;
  fecha?: string;
};

/** What a notification's template is filled with: the company, the person notified and the notice. */
export async function datosNotificacion(tx: Tx, n: Notificado): Promise<Datos> {
  const { logo: _logo, ...empresa } = await empresaDocumento(tx);
  const [d] = await queryRows<{ nombre: string; email: string; celular: string; tipo: string }>(
    tx,
    sql`select coalesce(nullif(t.nombre, ''), nullif(u.nombre, ''), u.usuario, '') as nombre,
               coalesce(nullif(t.email_corporativo, ''), nullif(t.email, ''), '') as email,
               coalesce(t.celular, '') as celular,
               (select titulo from notificacion_tipo where tipo_carta = ${n.tipoCarta}) as tipo
        from usuarios u left join terceros t on t.id_empresa = u.id_empresa and t.nro_id = u.nro_id
        where u.id = ${n.idUsuario}`,
  );
  return {
    empresa,
    destinatario: { nombre: d?.nombre ?? '', email: d?.email ?? '', celular: d?.celular ?? '' },
    notificacion: {
      titulo: n.titulo,
      cuerpo: n.cuerpo,
      enlace: n.enlace,
      tipo: d?.tipo ?? '',
      fecha: n.fecha ?? new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()),
    },
  };
}

/**
 * A notification's message from the company's template. A template that cannot be filled (saved before
 * a rule changed, a loop that runs too long) does not stop the notice: the default goes instead.
 */
export async function mensajeDeNotificacion(
  tx: Tx,
  n: Notificado,
): Promise<MensajeLleno & { plantilla: string; whatsapp_plantilla: string }> {
  const propia = await plantillaPropia(tx, n.tipoCarta);
  const datos = await datosNotificacion(tx, n);
  const { firma } = await configMensajes(tx);
  if (propia) {
    try {
      return {
        ...(await llenarPlantilla(propia, { tipo: 'ninguno', datos, notificacion: true, firma })),
        plantilla: `notificacion-${n.tipoCarta}`,
        whatsapp_plantilla: propia.whatsapp_plantilla,
      };
    } catch {
      // fall through to the default
    }
  }
  return {
    ...(await llenarPlantilla(plantillaDefecto(), { tipo: 'ninguno', datos, notificacion: true, firma })),
    plantilla: 'defecto',
    whatsapp_plantilla: '',
  };
}
