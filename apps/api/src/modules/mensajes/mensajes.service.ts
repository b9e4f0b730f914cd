import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import { contextosDe, expresionCampo, type GrupoCampos, type TipoPlantilla } from '@predio/contract/documentos';
import {
  CONTEXTOS_NOTIFICACION,
  ZPlantillaMensajeGuardar,
  type ConfigMensajes,
  type EjemploNotificacion,
  type MensajeLleno,
  type MensajePrueba,
  type PlantillaMensaje,
  type PlantillaMensajeGuardar,
  type PlantillaMensajeResumen,
} from '@predio/contract/mensajes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { cargarDatos } from '../../platform/documentos/contextos.ts';
import { datosDeEjemplo, revisar, type Datos } from '../../platform/documentos/motor.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import {
  configMensajes,
  datosNotificacion,
  llenarPlantilla,
  plantillaDefecto,
  type Plantilla,
} from '../../platform/mensajes/plantillas.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as repo from './mensajes.repo.ts';

// Configurar mensajes (idm 10555): the company's message templates, sender name and signatures.

type Lectura = { tx: Tx };
type Escritura = { tx: Tx; user: Principal; ip: string };

const GRUPO_LIBRE = 'Mensajes libres';

type Clave = { tipo: 'notificacion'; tipoCarta: number } | { tipo: 'libre'; id: number };
function leerClave(clave: string): Clave {
  const [tipo, n] = clave.split('-') as ['notificacion' | 'libre', string];
  return tipo === 'notificacion' ? { tipo, tipoCarta: Number(n) } : { tipo, id: Number(n) };
}

function dto(f: repo.FilaPlantilla, grupo: string, nombre = f.nombre): PlantillaMensaje {
  return {
    clave: f.tipo_carta !== null ? `notificacion-${f.tipo_carta}` : `libre-${f.id}`,
    id: f.id,
    tipo_carta: f.tipo_carta,
    nombre,
    grupo,
    tipo: f.tipo,
    asunto: f.asunto,
    html: f.html,
    texto: f.texto,
    sms: f.sms,
    whatsapp_plantilla: f.whatsapp_plantilla,
    whatsapp_parametros: f.whatsapp_parametros,
    personalizada: true,
    actualizado: f.actualizado,
    actualizado_por: f.actualizado_por,
  };
}

const defecto = (t: repo.TipoNotificacion): PlantillaMensaje => ({
  ...plantillaDefecto(),
  clave: `notificacion-${t.tipo_carta}`,
  id: null,
  tipo_carta: t.tipo_carta,
  nombre: t.titulo,
  grupo: t.modulo_label,
  tipo: 'ninguno',
  personalizada: false,
  actualizado: null,
  actualizado_por: '',
});

const resumen = ({ html: _h, texto: _t, sms: _s, whatsapp_parametros: _w, ...r }: PlantillaMensaje): PlantillaMensajeResumen => r;

/** Every notification type (its template or the default) and then the free messages. */
export async function listar(o: Lectura): Promise<PlantillaMensajeResumen[]> {
  const [tipos, filas] = [await repo.tiposNotificacion(o.tx), await repo.todas(o.tx)];
  const porTipo = new Map(filas.filter((f) => f.tipo_carta !== null).map((f) => [f.tipo_carta!, f]));
  return [
    ...tipos.map((t) => {
      const f = porTipo.get(t.tipo_carta);
      return resumen(f ? dto(f, t.modulo_label, t.titulo) : defecto(t));
    }),
    ...filas.filter((f) => f.tipo_carta === null).map((f) => resumen(dto(f, GRUPO_LIBRE))),
  ];
}

export async function obtener(o: Lectura & { clave: string }): Promise<PlantillaMensaje> {
  const c = leerClave(o.clave);
  if (c.tipo === 'libre') {
    const f = await repo.libre(o.tx, c.id);
    if (!f) throw noEncontrado('La plantilla');
    return dto(f, GRUPO_LIBRE);
  }
  const t = await repo.tipoNotificacion(o.tx, c.tipoCarta);
  if (!t) throw noEncontrado(`El tipo de notificación ${c.tipoCarta}`);
  const f = await repo.deNotificacion(o.tx, c.tipoCarta);
  return f ? dto(f, t.modulo_label, t.titulo) : defecto(t);
}

const PARTES: [keyof Plantilla, string][] = [
  ['asunto', 'Asunto'],
  ['html', 'Cuerpo del correo'],
  ['texto', 'Texto sin formato'],
  ['sms', 'Texto del SMS'],
];

/** Every part is checked with the engine before it is saved: a saved template always fills. */
function comprobar(p: Plantilla, tipo: TipoPlantilla, notificacion: boolean): void {
  const propios = notificacion ? CONTEXTOS_NOTIFICACION : undefined;
  const partes: [string, string, string][] = PARTES.map(([k, etiqueta]) => [
    k,
    etiqueta,
    k === 'html' ? p.html : (p[k] as string),
  ]);
  p.whatsapp_parametros.forEach((v, i) => partes.push([`whatsapp_parametros.${i}`, `Parámetro ${i + 1} de WhatsApp`, v]));
  for (const [campo, etiqueta, valor] of partes) {
    const [e] = revisar(valor, tipo, propios);
    if (e)
      throw new AppError(
        CODES.VALIDACION,
        `${etiqueta}: ${e.linea && campo === 'html' ? `línea ${e.linea}, ` : ''}${e.mensaje}.`,
        [{ campo, mensaje: e.mensaje }],
      );
  }
}

type Preparada = Plantilla & { nombre: string; tipo: TipoPlantilla };

function preparar(body: PlantillaMensajeGuardar, notificacion: boolean, nombre?: string): Preparada {
  const b = ZPlantillaMensajeGuardar.parse(body);
  const tipo = notificacion ? 'ninguno' : (b.tipo ?? 'ninguno');
  const p: Preparada = {
    nombre: nombre ?? b.nombre ?? '',
    tipo,
    asunto: b.asunto,
    html: sanearHtml(b.html),
    texto: b.texto,
    sms: b.sms,
    whatsapp_plantilla: b.whatsapp_plantilla,
    whatsapp_parametros: b.whatsapp_parametros,
  };
  if (!notificacion && !p.nombre) throw invalido('nombre', 'es obligatorio');
  comprobar(p, tipo, notificacion);
  return p;
}

const auditar = (o: Escritura, accion: string, clave: string, nombre: string) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: 'mensaje_plantilla',
    entidadId: clave,
    cambios: { nombre: { antes: null, despues: nombre } },
    ip: o.ip,
  });

async function escribiendo<T>(nombre: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO)
      throw new AppError(CODES.CONFLICTO, `Ya existe una plantilla llamada «${nombre}».`, [
        { campo: 'nombre', mensaje: 'ya existe' },
      ]);
    throw e;
  }
}

export async function guardar(o: Escritura & { clave: string; body: PlantillaMensajeGuardar }): Promise<PlantillaMensaje> {
  const c = leerClave(o.clave);
  if (c.tipo === 'notificacion') {
    const t = await repo.tipoNotificacion(o.tx, c.tipoCarta);
    if (!t) throw noEncontrado(`El tipo de notificación ${c.tipoCarta}`);
    await repo.guardarNotificacion(o.tx, c.tipoCarta, preparar(o.body, true, t.titulo), o.user.usuario);
    await auditar(o, 'actualizar', o.clave, t.titulo);
    return obtener(o);
  }
  const p = preparar(o.body, false);
  if (!(await escribiendo(p.nombre, () => repo.actualizarLibre(o.tx, c.id, p, o.user.usuario))))
    throw noEncontrado('La plantilla');
  await auditar(o, 'actualizar', o.clave, p.nombre);
  return obtener(o);
}

export async function crear(o: Escritura & { body: PlantillaMensajeGuardar }): Promise<PlantillaMensaje> {
  const p = preparar(o.body, false);
  const id = await escribiendo(p.nombre, () => repo.insertarLibre(o.tx, p, o.user.usuario));
  await auditar(o, 'crear', `libre-${id}`, p.nombre);
  return obtener({ tx: o.tx, clave: `libre-${id}` });
}

/** A notification's template goes back to the default; a free message is deleted. */
export async function eliminar(o: Escritura & { clave: string }): Promise<{ clave: string }> {
  const c = leerClave(o.clave);
  const ok =
    c.tipo === 'notificacion' ? await repo.eliminarNotificacion(o.tx, c.tipoCarta) : await repo.eliminarLibre(o.tx, c.id);
  if (!ok) throw noEncontrado(c.tipo === 'notificacion' ? 'La plantilla propia de ese tipo' : 'La plantilla');
  await auditar(o, c.tipo === 'notificacion' ? 'restablecer' : 'eliminar', o.clave, o.clave);
  return { clave: o.clave };
}

/** The fields a template may use, as chips: a notification's, or those of a free message's record. */
export function campos(q: { tipo_carta?: number | undefined; tipo?: TipoPlantilla | undefined }): GrupoCampos[] {
  const contextos =
    q.tipo_carta !== undefined ? [...contextosDe('ninguno'), ...CONTEXTOS_NOTIFICACION] : contextosDe(q.tipo ?? 'ninguno');
  return contextos.map((c) => ({
    clave: c.clave,
    etiqueta: c.etiqueta,
    pendiente: c.pendiente ?? false,
    campos: c.campos.map((f) => ({ ...f, expresion: expresionCampo(c.clave, f) })),
  }));
}

export const ejemplos = (o: Lectura & { tipoCarta: number }): Promise<EjemploNotificacion[]> => repo.ejemplos(o.tx, o.tipoCarta);

/** The values a preview or test is filled with: a real notification or record when one is named, else samples. */
async function datosDe(o: {
  tx: Tx;
  user: Principal;
  clave: Clave;
  tipo: TipoPlantilla;
  registro: string | undefined;
}): Promise<Datos> {
  if (o.clave.tipo === 'notificacion') {
    if (o.registro) {
      if (!/^\d{1,12}$/.test(o.registro)) throw invalido('registro', 'debe ser el número de una notificación de este tipo');
      const n = await repo.notificacionPorId(o.tx, o.clave.tipoCarta, Number(o.registro));
      if (!n) throw noEncontrado(`La notificación ${o.registro}`);
      return datosNotificacion(o.tx, {
        idUsuario: n.id_usuario,
        tipoCarta: o.clave.tipoCarta,
        titulo: n.titulo,
        cuerpo: n.cuerpo,
        enlace: n.enlace,
        fecha: n.fecha,
      });
    }
    const real = await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: 'ninguno', registro: '' });
    return { ...datosDeEjemplo('ninguno', CONTEXTOS_NOTIFICACION), empresa: real.empresa! };
  }
  if (o.registro && o.tipo !== 'ninguno')
    return cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: o.tipo, registro: o.registro });
  return {
    ...datosDeEjemplo(o.tipo),
    ...(await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: 'ninguno', registro: '' })),
  };
}

/** The signature a message carries: a free message the sender's own (else the company's); a notice the company's. */
async function firmaPara(tx: Tx, user: Principal, notificacion: boolean): Promise<string> {
  const { firma } = await configMensajes(tx);
  if (notificacion) return firma;
  return (await repo.firmaDe(tx, user.idUsuario)) || firma;
}

export async function vistaPrevia(o: { tx: Tx; user: Principal; clave: string; body: MensajePrueba }): Promise<MensajeLleno> {
  const c = leerClave(o.clave);
  const notificacion = c.tipo === 'notificacion';
  const p = preparar(
    { ...o.body, nombre: o.body.nombre || 'Vista previa' },
    notificacion,
    notificacion ? 'Vista previa' : undefined,
  );
  const datos = await datosDe({ tx: o.tx, user: o.user, clave: c, tipo: p.tipo, registro: o.body.registro?.trim() || undefined });
  return llenarPlantilla(p, { tipo: p.tipo, datos, notificacion, firma: await firmaPara(o.tx, o.user, notificacion) });
}

/** «Enviar prueba»: the preview, e-mailed to the user who asks, through the outbox like any message. */
export async function prueba(
  o: Scope & { user: Principal; mailer: Despertador; clave: string; body: MensajePrueba },
): Promise<{ para: string; asunto: string }> {
  const [yo] = await queryRows<{ email: string | null }>(
    o.tx,
    sql`select coalesce(nullif(t.email_corporativo, ''), nullif(t.email, '')) as email
        from usuarios u left join terceros t on t.id_empresa = u.id_empresa and t.nro_id = u.nro_id where u.id = ${o.user.idUsuario}`,
  );
  if (!yo?.email)
    throw new AppError(
      CODES.VALIDACION,
      'Su usuario no tiene correo electrónico: regístrelo en Mi perfil para recibir la prueba.',
    );
  const m = await vistaPrevia(o);
  const asunto = `[Prueba] ${m.asunto}`;
  const c = leerClave(o.clave);
  await encolarCorreo(o, {
    para: yo.email,
    asunto,
    texto: m.texto,
    html: m.html,
    origen: 'prueba',
    idUsuario: o.user.idUsuario,
    tipoCarta: c.tipo === 'notificacion' ? c.tipoCarta : null,
    plantilla: o.clave,
  });
  return { para: yo.email, asunto };
}

export const leerConfig = (o: Lectura): Promise<ConfigMensajes> => repo.leerConfig(o.tx);

export async function guardarConfig(o: Escritura & { body: ConfigMensajes }): Promise<ConfigMensajes> {
  await repo.guardarConfig(o.tx, o.body);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'actualizar',
    entidad: 'mensaje_config',
    entidadId: String(o.user.idEmpresa),
    cambios: { remitente_nombre: { antes: null, despues: o.body.remitente_nombre } },
    ip: o.ip,
  });
  return repo.leerConfig(o.tx);
}

export const miFirma = async (o: { tx: Tx; user: Principal }) => ({ firma: await repo.firmaDe(o.tx, o.user.idUsuario) });

export async function guardarMiFirma(o: { tx: Tx; user: Principal; firma: string }) {
  await repo.guardarFirma(o.tx, o.user.idUsuario, o.firma);
  return { firma: o.firma };
}

/** A user's own signature, for the Bandeja's replies. */
export { firmaDe } from './mensajes.repo.ts';
