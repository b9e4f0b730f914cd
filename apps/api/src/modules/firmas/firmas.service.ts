import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { infoSms } from '@predio/contract/mensajes';
import {
  ETIQUETAS_CANAL_FIRMA,
  ETIQUETAS_ESTADO_DOCUMENTO,
  MAX_CODIGOS,
  MAX_INTENTOS_CODIGO,
  TIPO_CARTA_DOCUMENTO_FIRMADO,
  TIPO_CARTA_FIRMA_RECHAZADA,
  ETIQUETAS_CAMPO_FIRMA,
  type CampoFirma,
  type CanalFirma,
  type CanalesFirma,
  type CamposFirmaForm,
  type DocumentoFirma,
  type DocumentoFirmadoPortal,
  type DocumentoFirmaResumen,
  type EstadoDocumentoFirma,
  type EstadoFirmante,
  type EventoFirma,
  type Firmante,
  type PaginaFirma,
  type SolicitudFirma,
  type TipoCampoFirma,
} from '@predio/contract/firmas';
import { CODES } from '@predio/contract/codes';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import * as archivosRepo from '../../platform/archivos/archivos.repo.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import { minutosBloqueo, registrarFallo, type ThrottleConfig } from '../../platform/auth/throttle.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import { empresaDocumento } from '../../platform/documentos/contextos.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import { type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { canalActivo, encolarMensaje, normalizarTelefono } from '../../platform/mensajes/salida.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { inTenant, type Scope } from '../../platform/tenant.ts';
import { estadoRadicacion, radicarDocumento } from '../gestion-documental/radicacion-automatica.service.ts';
import { certificadoEmpresa } from './firmas-certificado.service.ts';
import { imagenPagina, tamanosPaginas } from './firmas-paginas.ts';
import { sellar, sha256, validarPdf } from './firmas-pdf.ts';
import { pedirSelloTiempo } from './sello-tiempo.ts';

export const TIPO_DUENO_FIRMA = 'firma_documento';
export const ENTIDAD_FIRMAS = 'firmas';
/** SMS and WhatsApp rows of the outbox are tied to the signer, so the detail shows each one's last state. */
export const ENTIDAD_FIRMANTE = 'firma_firmante';
/**
 * WhatsApp only carries approved templates outside the 24-hour window: the company has these two
 * approved in its WhatsApp Business account (docs/firmas.md gives their text).
 */
export const WHATSAPP_ENLACE_FIRMA = 'predio_firma_enlace';
export const WHATSAPP_CODIGO_FIRMA = 'predio_firma_codigo';
const MINUTO = 60_000;
/** A code lives 10 minutes; a new one may be asked for after 30 seconds. */
const VIDA_CODIGO_MS = 10 * MINUTO;
const ESPERA_CODIGO_MS = 30_000;
/** After the code, the signer has 30 minutes to read and sign before proving who they are again. */
const VIDA_VERIFICACION_MS = 30 * MINUTO;

const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const conflicto = (m: string) => new AppError(CODES.CONFLICTO, m);

type Staff = Scope & { user: Principal; ip: string };
type ConCorreo = { hub: Hub; mailer: Despertador; storage: Storage; cifrador: Cifrador };

// ---------- staff side (idm 10582) ----------

/** The channels the company can send links and codes on: e-mail always, SMS/WhatsApp with a provider. */
export async function canales(tx: Tx): Promise<CanalesFirma> {
  return { correo: true, sms: await canalActivo(tx, 'sms'), whatsapp: await canalActivo(tx, 'whatsapp') };
}

type NuevoFirmante = { nombre: string; documento: string; email: string; canal?: CanalFirma; celular?: string };

/**
 * A signer who receives by SMS or WhatsApp needs a mobile (normalised to E.164, +57 by default) and the
 * company a provider for that channel; e-mail is never used in their place without saying so.
 */
async function destinoFirmante(tx: Tx, f: NuevoFirmante, n: number): Promise<{ canal: CanalFirma; celular: string }> {
  const canal = f.canal ?? 'correo';
  const crudo = (f.celular ?? '').trim();
  const celular = crudo ? normalizarTelefono(crudo) : '';
  const nombreCanal = ETIQUETAS_CANAL_FIRMA[canal];
  if (celular === null)
    throw new AppError(CODES.VALIDACION, `Celular del firmante ${n}: «${crudo}» no es un número de celular válido.`, [
      { campo: `firmantes.${n - 1}.celular`, mensaje: 'Celular inválido' },
    ]);
  if (canal === 'correo') return { canal, celular };
  if (!celular)
    throw new AppError(CODES.VALIDACION, `Celular del firmante ${n}: es obligatorio para enviar por ${nombreCanal}.`, [
      { campo: `firmantes.${n - 1}.celular`, mensaje: 'Obligatorio' },
    ]);
  if (!(await canalActivo(tx, canal)))
    throw new AppError(
      CODES.VALIDACION,
      `Canal del firmante ${n}: no hay proveedor de ${nombreCanal} activo; configúrelo en Correos › Configurar mensajes o elija Correo.`,
      [{ campo: `firmantes.${n - 1}.canal`, mensaje: `Sin proveedor de ${nombreCanal}` }],
    );
  return { canal, celular };
}

export async function crear(
  o: Staff & {
    body: {
      titulo: string;
      mensaje: string;
      vence_dias: number;
      secuencial: boolean;
      recordar_dias: number;
      firmantes: NuevoFirmante[];
    };
  },
): Promise<{ id: number }> {
  const destinos: { canal: CanalFirma; celular: string }[] = [];
  for (const [i, f] of o.body.firmantes.entries()) destinos.push(await destinoFirmante(o.tx, f, i + 1));
  const [d] = await queryRows<{ id: number }>(
    o.tx,
    sql`insert into firma_documento (titulo, mensaje, vence_dias, secuencial, recordar_dias, id_usuario, creado_por)
        values (${o.body.titulo}, ${o.body.mensaje}, ${o.body.vence_dias}, ${o.body.secuencial}, ${o.body.recordar_dias},
                ${o.user.idUsuario}, ${o.user.usuario}) returning id`,
  );
  const id = d!.id;
  for (const [i, f] of o.body.firmantes.entries())
    await o.tx.execute(
      sql`insert into firma_firmante (id_documento, orden, nombre, documento, email, canal, celular)
          values (${id}, ${i + 1}, ${f.nombre}, ${f.documento}, ${f.email.toLowerCase()}, ${destinos[i]!.canal}, ${destinos[i]!.celular})`,
    );
  await evento(o.tx, { id, tipo: 'creado', detalle: `Creado por ${o.user.usuario}`, ip: o.ip });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario,
    usuario: o.user.usuario,
    accion: 'crear',
    entidad: ENTIDAD_FIRMAS,
    entidadId: String(id),
    cambios: {
      titulo: o.body.titulo,
      firmantes: o.body.firmantes.length,
      secuencial: o.body.secuencial,
      canales: destinos.map((x) => x.canal),
    },
    ip: o.ip,
  });
  return { id };
}

type FilaDoc = {
  id: number;
  titulo: string;
  mensaje: string;
  estado: EstadoDocumentoFirma;
  vence_dias: number;
  vence_en: Date | string | null;
  secuencial: boolean;
  recordar_dias: number;
  base_enlace: string | null;
  nombre_archivo: string | null;
  sha256_original: string | null;
  clave_firmado: string | null;
  sha256_firmado: string | null;
  id_usuario: number | null;
  creado_por: string;
  creado_en: Date | string;
  completado_en: Date | string | null;
  id_radicado: number | null;
  paginas: PaginaFirma[] | null;
};

async function filaDoc(tx: Tx, id: number, bloquear = false): Promise<FilaDoc> {
  const [d] = await queryRows<FilaDoc>(
    tx,
    bloquear
      ? sql`select * from firma_documento where id = ${id} for update`
      : sql`select * from firma_documento where id = ${id}`,
  );
  if (!d) throw noEncontrado(`El documento ${id}`);
  return d;
}

export async function listar(o: { tx: Tx; query: { q: string; page: number; pageSize: number } }) {
  const filtro = o.query.q ? sql`where d.titulo ilike ${`%${o.query.q.replace(/[\\%_]/g, '\\$&')}%`}` : sql``;
  const filas = await queryRows<
    Omit<DocumentoFirmaResumen, 'creado_en' | 'vence_en'> & {
      creado_en: Date | string;
      vence_en: Date | string | null;
      total: number;
    }
  >(
    o.tx,
    sql`select d.id, d.titulo, d.estado, d.creado_por, d.creado_en, d.vence_en,
               (select count(*)::int from firma_firmante f where f.id_documento = d.id) as firmantes,
               (select count(*)::int from firma_firmante f where f.id_documento = d.id and f.estado = 'firmado') as firmados,
               count(*) over ()::int as total
        from firma_documento d ${filtro}
        order by d.creado_en desc, d.id desc
        limit ${o.query.pageSize} offset ${(o.query.page - 1) * o.query.pageSize}`,
  );
  return {
    items: filas.map(({ total: _t, ...f }) => ({ ...f, creado_en: iso(f.creado_en)!, vence_en: iso(f.vence_en) })),
    total: filas[0]?.total ?? 0,
  };
}

export async function obtener(o: { tx: Tx; id: number; storage?: Storage }): Promise<DocumentoFirma> {
  const d = await filaDoc(o.tx, o.id);
  // A draft whose PDF does not open shows no pages (sending it says why); the detail still shows.
  const paginas = o.storage ? await paginasDoc(o.tx, o.storage, d).catch(() => []) : (d.paginas ?? []);
  const firmantes = await queryRows<
    Omit<Firmante, 'firmado_en' | 'codigo_verificado_en' | 'invitado_en' | 'mensaje'> & {
      firmado_en: Date | string | null;
      codigo_verificado_en: Date | string | null;
      invitado_en: Date | string | null;
      mensaje_estado: string | null;
      mensaje_error: string | null;
      mensaje_en: Date | string | null;
      mensaje_programado: Date | string | null;
    }
  >(
    o.tx,
    sql`select f.id, f.orden, f.nombre, f.documento, f.email, f.estado, f.firmado_en, f.motivo_rechazo, f.ip, f.user_agent,
               f.codigo_verificado_en, f.sha256_visto, f.invitado_en, f.recordatorios, f.canal, f.celular,
               f.codigo_canal, f.codigo_destino,
               m.estado as mensaje_estado, m.ultimo_error as mensaje_error, m.creado_en as mensaje_en,
               m.programado_para as mensaje_programado
        from firma_firmante f
        left join lateral (select case when x.estado = 'enviando' then 'en_cola' else x.estado end as estado,
                                  x.ultimo_error, x.creado_en, x.programado_para
                           from mensaje_salida x
                           where x.entidad = ${ENTIDAD_FIRMANTE} and x.entidad_id = f.id::text
                           order by x.id desc limit 1) m on true
        where f.id_documento = ${o.id} order by f.orden`,
  );
  const eventos = await queryRows<Omit<EventoFirma, 'creado_en'> & { creado_en: Date | string }>(
    o.tx,
    sql`select e.tipo, e.detalle, f.nombre as firmante, e.ip, e.creado_en
        from firma_evento e left join firma_firmante f on f.id = e.id_firmante
        where e.id_documento = ${o.id} order by e.id`,
  );
  return {
    id: d.id,
    titulo: d.titulo,
    mensaje: d.mensaje,
    secuencial: d.secuencial,
    recordar_dias: d.recordar_dias,
    estado: d.estado,
    creado_por: d.creado_por,
    creado_en: iso(d.creado_en)!,
    vence_en: iso(d.vence_en),
    completado_en: iso(d.completado_en),
    nombre_archivo: d.nombre_archivo,
    sha256_original: d.sha256_original,
    sha256_firmado: d.sha256_firmado,
    firmantes: firmantes.length,
    firmados: firmantes.filter((f) => f.estado === 'firmado').length,
    detalle: firmantes.map(({ mensaje_estado, mensaje_error, mensaje_en, mensaje_programado, ...f }) => ({
      ...f,
      mensaje:
        mensaje_estado === null
          ? null
          : {
              estado: mensaje_estado as NonNullable<Firmante['mensaje']>['estado'],
              error: mensaje_error,
              creado_en: iso(mensaje_en)!,
              programado_para: iso(mensaje_programado)!,
            },
      firmado_en: iso(f.firmado_en),
      codigo_verificado_en: iso(f.codigo_verificado_en),
      invitado_en: iso(f.invitado_en),
    })),
    eventos: eventos.map((e) => ({ ...e, creado_en: iso(e.creado_en)! })),
    radicado: d.id_radicado === null ? null : await radicadoDe(o.tx, d.id_radicado),
    radicacion:
      d.id_radicado !== null
        ? { estado: 'radicado', error: null }
        : d.estado === 'firmado'
          ? await estadoRadicacion(o.tx, claveRadicar(d.id))
          : null,
    campos: await camposDe(o.tx, o.id),
    paginas,
    sellado:
      d.estado === 'firmado' && !d.clave_firmado
        ? ((await estadoRadicacion(o.tx, claveSellar(d.id))) ?? { estado: 'pendiente', error: null })
        : null,
  };
}

// ---------- fields placed on the pages, per signer ----------

/** The original's page sizes, read from the PDF the first time and kept on the document. */
async function paginasDoc(tx: Tx, storage: Storage, d: FilaDoc): Promise<PaginaFirma[]> {
  if (d.paginas) return d.paginas;
  const f = await original(tx, d.id);
  const buf = f ? await storage.get(f.clave) : null;
  if (!buf) return [];
  await validarPdf(buf);
  const paginas = await tamanosPaginas(buf);
  await tx.execute(sql`update firma_documento set paginas = ${JSON.stringify(paginas)}::jsonb where id = ${d.id}`);
  return paginas;
}

type FilaCampo = Omit<CampoFirma, 'firmante'> & { firmante: number; id_firmante: number };
async function camposDe(tx: Tx, idDocumento: number, idFirmante?: number): Promise<CampoFirma[]> {
  const filas = await queryRows<FilaCampo>(
    tx,
    sql`select c.id, f.orden as firmante, c.id_firmante, c.tipo, c.pagina, c.x, c.y, c.ancho, c.alto, c.obligatorio, c.valor
        from firma_campo c join firma_firmante f on f.id = c.id_firmante
        where c.id_documento = ${idDocumento} ${idFirmante !== undefined ? sql`and c.id_firmante = ${idFirmante}` : sql``}
        order by c.pagina, c.y, c.x, c.id`,
  );
  return filas.map(({ id_firmante: _f, ...c }) => c);
}

/** «Campo 2 (Firma, página 1)»: how a message names a field the sender placed. */
const nombreCampo = (i: number, c: { tipo: TipoCampoFirma; pagina: number }) =>
  `Campo ${i + 1} (${ETIQUETAS_CAMPO_FIRMA[c.tipo]}, página ${c.pagina})`;
const invalidoCampo = (nombre: string, mensaje: string) =>
  new AppError(CODES.VALIDACION, `${nombre}: ${mensaje}`, [{ campo: 'campos', mensaje }]);

/**
 * Replaces the draft's placed fields. Each must lie inside an existing page and belong to one of the
 * document's signers; what was sent is what is signed, so only a draft's fields change.
 */
export async function guardarCampos(
  o: Staff & { storage: Storage; id: number; body: { campos: Required<CamposFirmaForm>['campos'] } },
): Promise<DocumentoFirma> {
  const d = await filaDoc(o.tx, o.id, true);
  if (d.estado !== 'borrador') throw conflicto(`El documento ${o.id} ya se envió a firmar: sus campos no se pueden cambiar.`);
  const paginas = await paginasDoc(o.tx, o.storage, d);
  if (paginas.length === 0 && o.body.campos.length > 0)
    throw new AppError(CODES.VALIDACION, 'Archivo PDF: adjunte el PDF antes de ubicar los campos.', [
      { campo: 'archivo', mensaje: 'Adjunte el PDF' },
    ]);
  const firmantes = await queryRows<{ id: number; orden: number }>(
    o.tx,
    sql`select id, orden from firma_firmante where id_documento = ${o.id} order by orden`,
  );
  const porOrden = new Map(firmantes.map((f) => [f.orden, f.id]));
  const EPS = 1e-6;
  for (const [i, c] of o.body.campos.entries()) {
    const nombre = nombreCampo(i, { tipo: c.tipo, pagina: c.pagina });
    if (!porOrden.has(c.firmante))
      throw invalidoCampo(nombre, `el firmante ${c.firmante} no está en el documento (tiene ${firmantes.length}).`);
    if (c.pagina > paginas.length)
      throw invalidoCampo(nombre, `la página ${c.pagina} no existe (el PDF tiene ${paginas.length}).`);
    if (c.ancho <= 0 || c.alto <= 0 || c.x + c.ancho > 1 + EPS || c.y + c.alto > 1 + EPS)
      throw invalidoCampo(nombre, 'queda fuera de la página; muévalo o achíquelo para que quepa.');
  }
  await o.tx.execute(sql`delete from firma_campo where id_documento = ${o.id}`);
  for (const c of o.body.campos)
    await o.tx.execute(
      sql`insert into firma_campo (id_documento, id_firmante, tipo, pagina, x, y, ancho, alto, obligatorio)
          values (${o.id}, ${porOrden.get(c.firmante)!}, ${c.tipo}, ${c.pagina}, ${c.x}, ${c.y},
                  ${Math.min(c.ancho, 1 - c.x)}, ${Math.min(c.alto, 1 - c.y)}, ${c.obligatorio ?? true})`,
    );
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario,
    usuario: o.user.usuario,
    accion: 'ubicar-campos',
    entidad: ENTIDAD_FIRMAS,
    entidadId: String(o.id),
    cambios: { campos: o.body.campos.length },
    ip: o.ip,
  });
  return obtener(o);
}

/** One page of the document as a picture, for the placement screen. */
export async function paginaDocumento(o: { tx: Tx; storage: Storage; id: number; pagina: number }): Promise<Archivo> {
  const d = await filaDoc(o.tx, o.id);
  return paginaComoArchivo(o.tx, o.storage, d, o.pagina);
}

async function paginaComoArchivo(tx: Tx, storage: Storage, d: FilaDoc, pagina: number): Promise<Archivo> {
  const f = await original(tx, d.id);
  const buf = f ? await storage.get(f.clave) : null;
  if (!buf) throw noEncontrado('El PDF del documento');
  const paginas = await paginasDoc(tx, storage, d);
  if (pagina > paginas.length)
    throw new AppError(CODES.VALIDACION, `Página: la página ${pagina} no existe (el PDF tiene ${paginas.length}).`, [
      { campo: 'pagina', mensaje: 'No existe' },
    ]);
  return { nombre: `pagina-${pagina}.png`, contentType: 'image/png', contenido: await imagenPagina(buf, pagina) };
}

async function radicadoDe(tx: Tx, id: number) {
  const [r] = await queryRows<{ id: number; radicado: string }>(tx, sql`select id, radicado from radicado where id = ${id}`);
  return r ?? null;
}

// ---------- zona clientes: what a portal client sees ----------

/**
 * The signed documents the client signed: a signer is the client when their document number is the
 * tercero's, or their e-mail is the tercero's. Ley 820 gives the tenant a copy; the portal keeps it.
 */
export async function firmadosParaTercero(tx: Tx, idTercero: number, id?: number): Promise<DocumentoFirmadoPortal[]> {
  const filas = await queryRows<Omit<DocumentoFirmadoPortal, 'completado_en'> & { completado_en: Date | string }>(
    tx,
    sql`select d.id, d.titulo, d.completado_en,
               (select json_agg(f.nombre order by f.orden) from firma_firmante f
                 where f.id_empresa = d.id_empresa and f.id_documento = d.id) as firmantes
        from firma_documento d
        where d.estado = 'firmado' and d.clave_firmado is not null ${id !== undefined ? sql`and d.id = ${id}` : sql``}
          and exists (select 1 from firma_firmante f join terceros t on t.id = ${idTercero}
                       where f.id_empresa = d.id_empresa and f.id_documento = d.id
                         and ((t.nro_id <> '' and f.documento = t.nro_id) or (t.email <> '' and f.email = lower(t.email))))
        order by d.completado_en desc, d.id desc limit 200`,
  );
  return filas.map((f) => ({ ...f, completado_en: new Date(f.completado_en).toISOString() }));
}

/** The sealed PDF of one of them; any other document is «not found». */
export async function firmadoParaCliente(o: { tx: Tx; idTercero: number; id: number }): Promise<{
  clave: string;
  nombre: string;
  contentType: string;
}> {
  const [v] = await firmadosParaTercero(o.tx, o.idTercero, o.id);
  const d = v ? await filaDoc(o.tx, v.id) : null;
  if (!d?.clave_firmado) throw noEncontrado(`El documento ${o.id}`);
  return {
    clave: d.clave_firmado,
    nombre: `${(d.nombre_archivo ?? `documento-${d.id}.pdf`).replace(/\.pdf$/i, '')}-firmado.pdf`,
    contentType: 'application/pdf',
  };
}

// ---------- filing in gestión documental (job firmas.radicar) ----------

export const TRABAJO_FIRMAS_RADICAR = 'firmas.radicar';
const claveRadicar = (id: number) => `firma-radicar:${id}`;

/**
 * Files a signed document's sealed PDF as a radicado de salida, tied to the first signer who is a
 * tercero of the company (by document number, then e-mail). Runs at least once: a second run finds the
 * radicado already recorded (the document's row is locked meanwhile).
 */
export async function radicarFirmado(
  o: Scope & { storage: Storage; idEmpresa: number; id: number },
): Promise<{ radicado?: string; omitido?: string }> {
  const [d] = await queryRows<FilaDoc & { id_radicado: number | null }>(
    o.tx,
    sql`select * from firma_documento where id = ${o.id} for update`,
  );
  if (!d) return { omitido: `el documento ${o.id} ya no existe` };
  if (d.id_radicado !== null) return { radicado: (await radicadoDe(o.tx, d.id_radicado))?.radicado ?? '' };
  if (d.estado !== 'firmado' || !d.clave_firmado || !d.sha256_firmado)
    throw new Error(`El documento ${o.id} no está firmado por todos: no hay qué radicar.`);
  const firmantes = await queryRows<{ nombre: string; documento: string; email: string; id_tercero: number | null }>(
    o.tx,
    sql`select f.nombre, f.documento, f.email,
               (select t.id from terceros t
                 where (f.documento <> '' and t.nro_id = f.documento) or (t.email <> '' and lower(t.email) = f.email)
                 order by (t.nro_id = f.documento) desc, t.id limit 1) as id_tercero
        from firma_firmante f where f.id_documento = ${o.id} order by f.orden`,
  );
  const fecha = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(d.completado_en ?? Date.now()));
  const r = await radicarDocumento({
    ...o,
    user: principalSinSesion({ idEmpresa: o.idEmpresa, idUsuario: d.id_usuario ?? 0, usuario: d.creado_por }),
    origen: 'firma_documento',
    que: `el documento firmado «${d.titulo}»`,
    fecha,
    asunto: `Documento firmado: ${d.titulo}`.slice(0, 300),
    idTercero: firmantes.find((f) => f.id_tercero !== null)?.id_tercero ?? null,
    observaciones:
      `Firmado electrónicamente por ${firmantes.map((f) => `${f.nombre}${f.documento ? ` (${f.documento})` : ''}`).join(', ')} ` +
      `(documento ${d.id} de Firmas electrónicas). SHA-256 del original: ${d.sha256_original}. SHA-256 del PDF firmado y sellado: ${d.sha256_firmado}.`,
    archivo: {
      clave: d.clave_firmado,
      nombre: `${(d.nombre_archivo ?? `documento-${d.id}.pdf`).replace(/\.pdf$/i, '')}-firmado.pdf`,
      sha256: d.sha256_firmado,
    },
  });
  await o.tx.execute(sql`update firma_documento set id_radicado = ${r.id} where id = ${o.id}`);
  await evento(o.tx, { id: o.id, tipo: 'radicado', detalle: `Radicado en gestión documental: ${r.radicado}` });
  return { radicado: r.radicado };
}

async function original(tx: Tx, id: number) {
  const [f] = await queryRows<{ clave: string; nombre: string; sha256: string | null }>(
    tx,
    sql`select clave, nombre, sha256 from archivo
        where tipo_dueno = ${TIPO_DUENO_FIRMA} and id_dueno = ${String(id)} and categoria = 'original'
        order by id desc limit 1`,
  );
  return f ?? null;
}

/**
 * Sends the draft: its PDF must open (not encrypted, not broken); each signer gets a new private link
 * by e-mail. Only the tokens' hashes are stored.
 */
export async function enviar(o: Staff & ConCorreo & { id: number; base: string }): Promise<DocumentoFirma> {
  const d = await filaDoc(o.tx, o.id, true);
  if (d.estado !== 'borrador')
    throw conflicto(`El documento ${o.id} ya fue enviado (${ETIQUETAS_ESTADO_DOCUMENTO[d.estado].toLowerCase()}).`);
  const f = await original(o.tx, o.id);
  if (!f)
    throw new AppError(CODES.VALIDACION, 'Archivo PDF: adjunte el PDF que se va a firmar.', [
      { campo: 'archivo', mensaje: 'Adjunte el PDF' },
    ]);
  const buf = await o.storage.get(f.clave);
  if (!buf) throw noEncontrado('El PDF del documento');
  await validarPdf(buf);
  const huella = sha256(buf);
  if (!d.paginas) await paginasDoc(o.tx, o.storage, d);
  const vence = new Date(Date.now() + d.vence_dias * 86_400_000);
  await o.tx.execute(
    sql`update firma_documento set estado = 'enviado', enviado_en = now(), vence_en = ${vence.toISOString()},
          nombre_archivo = ${f.nombre}, sha256_original = ${huella}, base_enlace = ${o.base} where id = ${o.id}`,
  );
  const { nombre: empresa } = await empresaDocumento(o.tx);
  const firmantes = await queryRows<FirmanteInvitado>(
    o.tx,
    sql`select id, nombre, email, canal, celular from firma_firmante where id_documento = ${o.id} order by orden`,
  );
  // In order, only the first signer is invited now; the next when the one before signs.
  for (const s of d.secuencial ? firmantes.slice(0, 1) : firmantes)
    await invitar(o, { id: o.id, titulo: d.titulo, mensaje: d.mensaje, empresa, vence, firmante: s });
  await evento(o.tx, {
    id: o.id,
    tipo: 'enviado',
    detalle: `Enviado a firma por ${o.user.usuario}${d.secuencial ? ', en orden' : ''} (SHA-256 ${huella})`,
    ip: o.ip,
  });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario,
    usuario: o.user.usuario,
    accion: 'enviar',
    entidad: ENTIDAD_FIRMAS,
    entidadId: String(o.id),
    cambios: { estado: { antes: 'borrador', despues: 'enviado' }, sha256: huella },
    ip: o.ip,
  });
  return obtener(o);
}

/**
 * Another module's own PDF (an inventory) sent for signature in one step: the draft, its original file
 * and the sending, in the caller's transaction. Answers the document's id.
 */
export async function crearYEnviar(
  o: Staff &
    ConCorreo & {
      base: string;
      body: Parameters<typeof crear>[0]['body'];
      pdf: { nombre: string; contenido: Buffer };
    },
): Promise<number> {
  const { id } = await crear(o);
  const clave = `${o.user.idEmpresa}/archivos/${randomUUID()}`;
  // A rollback after this leaves the bytes unnamed: the nightly archivos.borrar-sin-uso job removes them.
  await o.storage.put(clave, o.pdf.contenido);
  await archivosRepo.agregar(o.tx, { tipo: TIPO_DUENO_FIRMA, id: String(id), categoria: 'original' }, [
    {
      nombre: o.pdf.nombre,
      descripcion: '',
      contentType: 'application/pdf',
      bytes: o.pdf.contenido.length,
      sha256: sha256(o.pdf.contenido),
      clave,
      creadoPor: o.user.usuario,
    },
  ]);
  await enviar({ ...o, id });
  return id;
}

/** What a module that sent its own document is given when everyone has signed it. */
export type DocumentoCompletado = {
  id: number;
  pdf: Buffer;
  sha256: string;
  nombre: string;
  idUsuario: number | null;
  creadoPor: string;
};
/** Answers true when the document was the module's own: it files it with its record, firmas does not. */
type AlCompletar = (o: Scope & ConCorreo & { idEmpresa: number }, d: DocumentoCompletado) => Promise<boolean>;
const alCompletar = new Map<string, AlCompletar>();
/**
 * A module whose documents go out through firmas (inventarios) finishes its own record when they are
 * signed, in the same transaction as the last signature. Keyed by module, so registering twice replaces.
 */
export const registrarAlCompletar = (modulo: string, f: AlCompletar): void => {
  alCompletar.set(modulo, f);
};

type FirmanteInvitado = { id: number; nombre: string; email: string; canal: CanalFirma; celular: string };

/**
 * The link by SMS: the agency's name and the link only, so it fits in two GSM-7 parts (the name is
 * shortened when it would not); the title and message stay behind the link and the code.
 */
export function textoEnlaceSms(empresa: string, enlace: string, recordatorio = false): string {
  const armar = (e: string) =>
    `${e || 'Inmobiliaria'}: ${recordatorio ? 'recuerde firmar su documento' : 'le enviamos un documento para firmar'}. Su enlace personal: ${enlace}`;
  let e = empresa.trim();
  while (e.length > 0 && infoSms(armar(e)).segmentos > 2) e = e.slice(0, -1).trim();
  return armar(e);
}
/** The code by SMS holds only the code and its expiry. */
export const textoCodigoSms = (codigo: string) => `Su codigo para firmar es ${codigo}. Vence en 10 minutos.`;

/** An SMS or WhatsApp to a signer through the company's provider (platform/mensajes), tied to the signer. */
async function mensajeFirmante(
  o: Scope,
  f: FirmanteInvitado,
  m: { texto: string; whatsappPlantilla: string; whatsappParametros: string[]; aCliente: boolean },
) {
  if (f.canal === 'correo') return;
  await encolarMensaje(o, {
    canal: f.canal,
    para: f.celular,
    texto: m.texto,
    ...(f.canal === 'whatsapp' ? { whatsappPlantilla: m.whatsappPlantilla, whatsappParametros: m.whatsappParametros } : {}),
    origen: 'firmas',
    entidad: ENTIDAD_FIRMANTE,
    entidadId: String(f.id),
    aCliente: m.aCliente,
  });
}

/** +573001234567 → «+57 ••••••4567»: enough for the signer to recognise it, not to read it. */
export const ocultarCelular = (e164: string) =>
  `${e164.slice(0, 3)} ${'•'.repeat(Math.max(1, e164.length - 7))}${e164.slice(-4)}`;

async function invitar(
  o: Scope & { mailer: Despertador; base: string; cifrador: Cifrador },
  x: {
    id: number;
    titulo: string;
    mensaje: string;
    empresa: string;
    vence: Date;
    firmante: FirmanteInvitado;
  },
) {
  const token = randomBytes(32).toString('base64url');
  await o.tx.execute(
    sql`update firma_firmante set token_hash = ${hashToken(token)}, token_cifrado = ${o.cifrador.cifrar(token)},
          codigo_hash = null, codigo_intentos = 0, invitado_en = now(), recordado_en = null
        where id = ${x.firmante.id}`,
  );
  const enlace = `${o.base}/firmar/${token}`;
  if (x.firmante.canal !== 'correo') {
    await mensajeFirmante(o, x.firmante, {
      texto: textoEnlaceSms(x.empresa, enlace),
      whatsappPlantilla: WHATSAPP_ENLACE_FIRMA,
      whatsappParametros: [x.firmante.nombre, x.empresa || 'La inmobiliaria', x.titulo, enlace],
      // The link may wait for the morning: Ley 2300 hours apply to what the signer did not ask for now.
      aCliente: true,
    });
    await evento(o.tx, {
      id: x.id,
      firmante: x.firmante.id,
      tipo: 'invitado',
      detalle: `Enlace de firma enviado por ${ETIQUETAS_CANAL_FIRMA[x.firmante.canal]} a ${ocultarCelular(x.firmante.celular)}`,
    });
    return;
  }
  const vence = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long' }).format(x.vence);
  await encolarCorreo(o, {
    para: x.firmante.email,
    asunto: `${x.empresa || 'Predio'}: documento para firmar «${x.titulo}»`,
    texto:
      `${x.firmante.nombre}:\n\n${x.empresa || 'La inmobiliaria'} le envió «${x.titulo}» para firmarlo electrónicamente.\n\n` +
      (x.mensaje ? `${x.mensaje}\n\n` : '') +
      `Ábralo en este enlace personal (no lo reenvíe): ${enlace}\n\n` +
      `Le pediremos un código que le llegará a este correo. El enlace vence el ${vence}.\n`,
    origen: 'firmas',
    entidad: ENTIDAD_FIRMAS,
    entidadId: String(x.id),
  });
  await evento(o.tx, {
    id: x.id,
    firmante: x.firmante.id,
    tipo: 'invitado',
    detalle: `Enlace de firma enviado a ${x.firmante.email}`,
  });
}

export async function cancelar(o: Staff & { id: number }): Promise<DocumentoFirma> {
  const d = await filaDoc(o.tx, o.id, true);
  if (d.estado !== 'borrador' && d.estado !== 'enviado')
    throw conflicto(`El documento ${o.id} ya está ${ETIQUETAS_ESTADO_DOCUMENTO[d.estado].toLowerCase()}: no se puede cancelar.`);
  await o.tx.execute(sql`update firma_documento set estado = 'cancelado' where id = ${o.id}`);
  await evento(o.tx, { id: o.id, tipo: 'cancelado', detalle: `Cancelado por ${o.user.usuario}`, ip: o.ip });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario,
    usuario: o.user.usuario,
    accion: 'cancelar',
    entidad: ENTIDAD_FIRMAS,
    entidadId: String(o.id),
    cambios: { estado: { antes: d.estado, despues: 'cancelado' } },
    ip: o.ip,
  });
  return obtener(o);
}

/** A new link for each signer still pending (the old ones stop working). */
export async function reenviar(
  o: Staff & { mailer: Despertador; cifrador: Cifrador; id: number; base: string },
): Promise<DocumentoFirma> {
  const d = await filaDoc(o.tx, o.id, true);
  if (d.estado !== 'enviado') throw conflicto(`El documento ${o.id} no está en firma: no hay a quién reenviarlo.`);
  const { nombre: empresa } = await empresaDocumento(o.tx);
  const pendientes = await queryRows<FirmanteInvitado>(
    o.tx,
    sql`select id, nombre, email, canal, celular from firma_firmante where id_documento = ${o.id} and estado = 'pendiente'
          ${d.secuencial ? sql`and invitado_en is not null` : sql``} order by orden`,
  );
  for (const s of pendientes)
    await invitar(o, { id: o.id, titulo: d.titulo, mensaje: d.mensaje, empresa, vence: new Date(d.vence_en!), firmante: s });
  return obtener(o);
}

export async function descargar(o: { tx: Tx; storage: Storage; id: number; cual: 'original' | 'firmado' }): Promise<Archivo> {
  const d = await filaDoc(o.tx, o.id);
  const base = (d.nombre_archivo ?? `documento-${d.id}.pdf`).replace(/\.pdf$/i, '');
  if (o.cual === 'firmado') {
    if (!d.clave_firmado) throw conflicto(`El documento ${o.id} aún no está firmado por todos.`);
    const buf = await o.storage.get(d.clave_firmado);
    if (!buf) throw noEncontrado('El PDF firmado');
    return { nombre: `${base}-firmado.pdf`, contentType: 'application/pdf', contenido: buf };
  }
  const f = await original(o.tx, o.id);
  const buf = f ? await o.storage.get(f.clave) : null;
  if (!buf) throw noEncontrado('El PDF original');
  return { nombre: `${base}.pdf`, contentType: 'application/pdf', contenido: buf };
}

/** Uploads and deletions of a document's PDF only while it is a draft: what was sent is what is signed. */
export async function soloBorrador(tx: Tx, clave: string): Promise<void> {
  const d = await filaDoc(tx, Number(clave));
  if (d.estado !== 'borrador') throw conflicto(`El documento ${d.id} ya se envió a firmar: su PDF no se puede cambiar.`);
}

async function evento(
  tx: Tx,
  e: { id: number; firmante?: number; tipo: string; detalle: string; ip?: string | null; userAgent?: string | null },
) {
  await tx.execute(
    sql`insert into firma_evento (id_documento, id_firmante, tipo, detalle, ip, user_agent)
        values (${e.id}, ${e.firmante ?? null}, ${e.tipo}, ${e.detalle}, ${e.ip ?? null}, ${e.userAgent ?? null})`,
  );
}

// ---------- public side (/firmar/{token}, no account) ----------

type Publico = { db: Database; token: string; ip: string; userAgent: string };
type FilaFirmante = {
  id: number;
  id_documento: number;
  nombre: string;
  documento: string;
  email: string;
  canal: CanalFirma;
  celular: string;
  estado: EstadoFirmante;
  codigo_hash: string | null;
  codigo_vence_en: Date | string | null;
  codigo_intentos: number;
  codigos_enviados: number;
  codigo_enviado_en: Date | string | null;
  codigo_verificado_en: Date | string | null;
  sha256_visto: string | null;
  codigo_canal: CanalFirma | null;
  codigo_destino: string | null;
};
const ENLACE_NO_VALE = 'El enlace de firma no existe o ya no está disponible.';

/** Finds the signer by the token's hash (before the company is known), then works in their company. */
/**
 * Per connection: links are unguessable and each link limits its own codes, but an address that keeps
 * trying made-up links or wrong codes (across many links) is stopped for a while all the same.
 */
const LIMITE_PUBLICO: ThrottleConfig = { maxPorIp: 30, maxPorUsuario: 30, ventanaMin: 10, bloqueoMin: 15 };
// Two keys, as the throttle counts each once; both are per address.
const clavesIp = (ip: string) => ({ usuario: `firmar:${ip}`, ip: `firmar-ip:${ip}` });
const falloPublico = (o: Publico) => registrarFallo(o.db, clavesIp(o.ip), LIMITE_PUBLICO);
/**
 * Every call counts too, failed or not: a signer reading a document with its pages makes a few dozen,
 * a script hammering the pages (each one drawn by pdftoppm) or the code endpoint is stopped.
 */
export const LIMITE_SOLICITUDES_FIRMA: ThrottleConfig = { maxPorIp: 300, maxPorUsuario: 300, ventanaMin: 10, bloqueoMin: 10 };
const clavesSolicitudes = (ip: string) => ({ usuario: `firmar-req:${ip}`, ip: `firmar-req-ip:${ip}` });

async function conFirmante<T>(
  o: Publico,
  fn: (s: Scope & { f: FilaFirmante; d: FilaDoc; idEmpresa: number }) => Promise<T>,
): Promise<T> {
  const bloqueo = await minutosBloqueo(o.db, clavesIp(o.ip));
  if (bloqueo > 0)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      `Demasiados intentos fallidos desde esta conexión. Intente de nuevo en ${bloqueo} ${bloqueo === 1 ? 'minuto' : 'minutos'}.`,
      undefined,
      { 'retry-after': String(bloqueo * 60) },
    );
  const exceso = await minutosBloqueo(o.db, clavesSolicitudes(o.ip));
  if (exceso > 0)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      `Demasiadas solicitudes desde esta conexión. Intente de nuevo en ${exceso} ${exceso === 1 ? 'minuto' : 'minutos'}.`,
      undefined,
      { 'retry-after': String(exceso * 60) },
    );
  await registrarFallo(o.db, clavesSolicitudes(o.ip), LIMITE_SOLICITUDES_FIRMA);
  const [r] = await o.db.system((tx) =>
    queryRows<{ id_empresa: number; id: number }>(
      tx,
      sql`select id_empresa, id from firma_firmante where token_hash = ${hashToken(o.token)}`,
    ),
  );
  if (!r) {
    await falloPublico(o);
    throw new AppError(CODES.NO_ENCONTRADO, ENLACE_NO_VALE);
  }
  return inTenant(o.db, r.id_empresa, async (scope) => {
    const [f] = await queryRows<FilaFirmante>(scope.tx, sql`select * from firma_firmante where id = ${r.id} for update`);
    if (!f) throw new AppError(CODES.NO_ENCONTRADO, ENLACE_NO_VALE);
    const d = await filaDoc(scope.tx, f.id_documento, true);
    return fn({ ...scope, f, d, idEmpresa: r.id_empresa });
  });
}

/** The link works only while the document is out for signature, before its expiry, once per signer. */
function exigirVigente(d: FilaDoc, f: FilaFirmante) {
  if (f.estado === 'firmado')
    throw conflicto('Usted ya firmó este documento: el enlace ya no se puede usar. Recibirá la copia firmada por correo.');
  if (f.estado === 'rechazado') throw conflicto('Usted rechazó este documento: el enlace ya no se puede usar.');
  if (d.estado === 'cancelado') throw conflicto('El remitente canceló este documento: ya no se puede firmar.');
  if (d.estado !== 'enviado')
    throw conflicto(`Este documento ya no se puede firmar (${ETIQUETAS_ESTADO_DOCUMENTO[d.estado].toLowerCase()}).`);
  if (d.vence_en && new Date(d.vence_en).getTime() < Date.now())
    throw conflicto('El enlace de firma venció. Pida al remitente que se lo envíe de nuevo.');
}
const verificado = (f: FilaFirmante) =>
  f.codigo_verificado_en !== null && Date.now() - new Date(f.codigo_verificado_en).getTime() < VIDA_VERIFICACION_MS;
function exigirVerificado(f: FilaFirmante) {
  if (!verificado(f))
    throw new AppError(
      CODES.SIN_PERMISO,
      `Confirme su identidad con el código que le enviamos por ${f.canal === 'correo' ? 'correo' : ETIQUETAS_CANAL_FIRMA[f.canal]}.`,
    );
}

const ocultar = (email: string) => {
  const [u = '', dominio = ''] = email.split('@');
  return `${u.slice(0, 2)}${'•'.repeat(Math.max(1, u.length - 2))}@${dominio}`;
};
/** Where the signer's code goes, masked: their e-mail, or their mobile for SMS and WhatsApp. */
const destinoOculto = (f: { canal: CanalFirma; email: string; celular: string }) =>
  f.canal === 'correo' ? ocultar(f.email) : ocultarCelular(f.celular);
/** «por correo», «por SMS», «por WhatsApp»: how the evidence names the channel. */
const porCanal = (c: CanalFirma) => (c === 'correo' ? 'por correo' : `por ${ETIQUETAS_CANAL_FIRMA[c]}`);

export async function solicitud(o: Publico): Promise<SolicitudFirma> {
  return conFirmante(o, async ({ tx, f, d }) => {
    const { nombre } = await empresaDocumento(tx);
    const vigenteYVerificado =
      f.estado === 'pendiente' &&
      d.estado === 'enviado' &&
      !(d.vence_en && new Date(d.vence_en).getTime() < Date.now()) &&
      verificado(f);
    // Fields and pages only after the code: before it, the link tells nothing of the document's contents.
    const campos = vigenteYVerificado ? await camposDe(tx, d.id, f.id) : [];
    const vigente =
      f.estado === 'pendiente' && d.estado === 'enviado' && !(d.vence_en && new Date(d.vence_en).getTime() < Date.now());
    return {
      empresa: nombre,
      // Once the link is used up, it tells only that: not the document's contents any more.
      titulo: vigente || f.estado !== 'pendiente' ? d.titulo : '',
      mensaje: vigente ? d.mensaje : '',
      firmante: f.nombre,
      estado: f.estado,
      estado_documento: vigente ? 'enviado' : d.estado === 'enviado' ? 'vencido' : d.estado,
      codigo_enviado: f.codigo_hash !== null,
      verificado: vigente && verificado(f),
      email_oculto: ocultar(f.email),
      canal: f.canal,
      destino_oculto: destinoOculto(f),
      campos,
      paginas: campos.length > 0 ? (d.paginas ?? []) : [],
    };
  });
}

const hashCodigo = (f: { id: number }, codigo: string) => createHash('sha256').update(`${f.id}:${codigo}`).digest('hex');

export async function enviarCodigo(
  o: Publico & { mailer: Despertador },
): Promise<{ enviado: true; email_oculto: string; canal: CanalFirma; destino_oculto: string }> {
  return conFirmante(o, async (s) => {
    exigirVigente(s.d, s.f);
    if (s.f.codigo_enviado_en && Date.now() - new Date(s.f.codigo_enviado_en).getTime() < ESPERA_CODIGO_MS)
      throw new AppError(
        CODES.DEMASIADOS_INTENTOS,
        'Ya le enviamos un código hace un momento. Espere 30 segundos para pedir otro.',
      );
    if (s.f.codigos_enviados >= MAX_CODIGOS)
      throw new AppError(
        CODES.DEMASIADOS_INTENTOS,
        'Pidió demasiados códigos para este enlace. Pida al remitente que le envíe uno nuevo.',
      );
    const codigo = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const destino = destinoOculto(s.f);
    await s.tx.execute(
      sql`update firma_firmante set codigo_hash = ${hashCodigo(s.f, codigo)}, codigo_vence_en = ${new Date(Date.now() + VIDA_CODIGO_MS).toISOString()},
            codigo_intentos = 0, codigos_enviados = codigos_enviados + 1, codigo_enviado_en = now(), codigo_verificado_en = null,
            codigo_canal = ${s.f.canal}, codigo_destino = ${destino}
          where id = ${s.f.id}`,
    );
    const { nombre } = await empresaDocumento(s.tx);
    // The signer asked for it this minute: no Ley 2300 wait. No e-mail in its place if the SMS fails:
    // the signer sees no code, asks again after 30 s, and the sender sees the failure in the detail.
    if (s.f.canal !== 'correo')
      await mensajeFirmante(s, s.f, {
        texto: textoCodigoSms(codigo),
        whatsappPlantilla: WHATSAPP_CODIGO_FIRMA,
        whatsappParametros: [codigo],
        aCliente: false,
      });
    else
      await encolarCorreo(
        { ...s, mailer: o.mailer },
        {
          para: s.f.email,
          asunto: `Su código para firmar: ${codigo}`,
          texto: `${s.f.nombre}:\n\nSu código para firmar «${s.d.titulo}» de ${nombre || 'la inmobiliaria'} es ${codigo}.\nVence en 10 minutos. Si usted no lo pidió, ignore este mensaje.\n`,
          origen: 'firmas',
          entidad: ENTIDAD_FIRMAS,
          entidadId: String(s.d.id),
        },
      );
    await evento(s.tx, {
      id: s.d.id,
      firmante: s.f.id,
      tipo: 'codigo',
      detalle: `Código enviado ${porCanal(s.f.canal)} a ${destino}`,
      ip: o.ip,
      userAgent: o.userAgent,
    });
    return { enviado: true as const, email_oculto: ocultar(s.f.email), canal: s.f.canal, destino_oculto: destino };
  });
}

/**
 * A wrong code counts even though the answer is an error: the count is committed first and the error
 * thrown after, so retrying cannot roll the attempts back.
 */
export async function verificarCodigo(o: Publico & { codigo: string }): Promise<{ verificado: true }> {
  const r = await conFirmante(o, async (s) => {
    exigirVigente(s.d, s.f);
    if (!s.f.codigo_hash || !s.f.codigo_vence_en)
      return { error: `Pida primero el código que le enviaremos ${porCanal(s.f.canal)}.` };
    if (s.f.codigo_intentos >= MAX_INTENTOS_CODIGO)
      return { error: 'Superó los intentos con este código. Pida un código nuevo.', limite: true };
    if (new Date(s.f.codigo_vence_en).getTime() < Date.now()) return { error: 'El código venció. Pida uno nuevo.' };
    if (hashCodigo(s.f, o.codigo) !== s.f.codigo_hash) {
      const quedan = MAX_INTENTOS_CODIGO - s.f.codigo_intentos - 1;
      await s.tx.execute(sql`update firma_firmante set codigo_intentos = codigo_intentos + 1 where id = ${s.f.id}`);
      await evento(s.tx, {
        id: s.d.id,
        firmante: s.f.id,
        tipo: 'codigo_errado',
        detalle: 'Código incorrecto',
        ip: o.ip,
        userAgent: o.userAgent,
      });
      return quedan > 0
        ? { error: `El código no es correcto. Le quedan ${quedan} intento${quedan === 1 ? '' : 's'}.`, errado: true }
        : { error: 'El código no es correcto y superó los intentos. Pida un código nuevo.', limite: true, errado: true };
    }
    await s.tx.execute(
      sql`update firma_firmante set codigo_verificado_en = now(), codigo_hash = null, codigo_intentos = 0 where id = ${s.f.id}`,
    );
    await evento(s.tx, {
      id: s.d.id,
      firmante: s.f.id,
      tipo: 'verificado',
      detalle: `Identidad confirmada con el código enviado ${porCanal(s.f.codigo_canal ?? 'correo')} a ${s.f.codigo_destino ?? ocultar(s.f.email)}`,
      ip: o.ip,
      userAgent: o.userAgent,
    });
    return { error: null };
  });
  if (r.error === null) return { verificado: true };
  if ('errado' in r) await falloPublico(o);
  if ('limite' in r) throw new AppError(CODES.DEMASIADOS_INTENTOS, r.error);
  throw new AppError(CODES.VALIDACION, `Código: ${r.error}`, [{ campo: 'codigo', mensaje: r.error }]);
}

/** The document as the signer sees it; its SHA-256 is what they sign. */
export async function pdfParaFirmar(o: Publico & { storage: Storage }): Promise<Archivo> {
  return conFirmante(o, async (s) => {
    exigirVigente(s.d, s.f);
    exigirVerificado(s.f);
    const f = await original(s.tx, s.d.id);
    const buf = f ? await o.storage.get(f.clave) : null;
    if (!buf) throw noEncontrado('El PDF del documento');
    const huella = sha256(buf);
    if (s.f.sha256_visto !== huella) {
      await s.tx.execute(sql`update firma_firmante set sha256_visto = ${huella} where id = ${s.f.id}`);
      await evento(s.tx, {
        id: s.d.id,
        firmante: s.f.id,
        tipo: 'visto',
        detalle: `Abrió el documento (SHA-256 ${huella})`,
        ip: o.ip,
        userAgent: o.userAgent,
      });
    }
    return { nombre: s.d.nombre_archivo ?? 'documento.pdf', contentType: 'application/pdf', contenido: buf };
  });
}

/** One page of the document as a picture for the signer, after the code, like the PDF itself. */
export async function paginaParaFirmar(o: Publico & { storage: Storage; pagina: number }): Promise<Archivo> {
  return conFirmante(o, async (s) => {
    exigirVigente(s.d, s.f);
    exigirVerificado(s.f);
    return paginaComoArchivo(s.tx, o.storage, s.d, o.pagina);
  });
}

const fechaFirma = (d: Date) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

/**
 * What each of the signer's placed fields will carry: the signature fields take the signature itself,
 * the date the server's; the rest what they typed. A required field left empty is refused by name.
 */
async function valoresCampos(s: Scope & { f: FilaFirmante; d: FilaDoc }, valores: { id: number; valor: string }[]) {
  const campos = await camposDe(s.tx, s.d.id, s.f.id);
  const propios = new Set(campos.map((c) => c.id));
  const ajeno = valores.find((v) => !propios.has(v.id));
  if (ajeno)
    throw new AppError(CODES.VALIDACION, `Campos: el campo ${ajeno.id} no es de este firmante.`, [
      { campo: 'campos', mensaje: 'Campo ajeno' },
    ]);
  const dado = new Map(valores.map((v) => [v.id, v.valor.trim()]));
  const hoy = fechaFirma(new Date());
  return campos.map((c, i) => {
    const v = dado.get(c.id) ?? '';
    let valor: string | null;
    if (c.tipo === 'firma') valor = null;
    else if (c.tipo === 'fecha') valor = hoy;
    else if (c.tipo === 'nombre') valor = v || s.f.nombre;
    else if (c.tipo === 'casilla') valor = /^(s[ií]|true|x)$/i.test(v) ? 'sí' : '';
    else valor = v;
    if (c.obligatorio && valor === '')
      throw invalidoCampo(
        nombreCampo(i, c),
        c.tipo === 'casilla' ? 'es obligatorio: márquelo antes de firmar.' : 'es obligatorio: llénelo antes de firmar.',
      );
    return { id: c.id, valor };
  });
}

export async function firmar(
  o: Publico &
    ConCorreo & {
      body: {
        tipo: 'dibujada' | 'escrita';
        imagen?: string | undefined;
        texto: string;
        campos?: { id: number; valor: string }[] | undefined;
      };
    },
): Promise<{ estado: EstadoFirmante; estado_documento: EstadoDocumentoFirma }> {
  return conFirmante(o, async (s) => {
    exigirVigente(s.d, s.f);
    exigirVerificado(s.f);
    if (!s.f.sha256_visto || s.f.sha256_visto !== s.d.sha256_original)
      throw conflicto('Abra y lea el documento antes de firmarlo.');
    if (o.body.tipo === 'dibujada') await validarPng(o.body.imagen!);
    const campos = await valoresCampos(s, o.body.campos ?? []);
    for (const c of campos) await s.tx.execute(sql`update firma_campo set valor = ${c.valor} where id = ${c.id}`);
    await s.tx.execute(
      sql`update firma_firmante set estado = 'firmado', firmado_en = now(), firma_tipo = ${o.body.tipo},
            firma_imagen = ${o.body.tipo === 'dibujada' ? o.body.imagen! : null},
            firma_texto = ${o.body.tipo === 'escrita' ? o.body.texto : null},
            ip = ${o.ip}, user_agent = ${o.userAgent.slice(0, 500)}
          where id = ${s.f.id}`,
    );
    await evento(s.tx, {
      id: s.d.id,
      firmante: s.f.id,
      tipo: 'firmado',
      detalle: `Aceptó el documento y la firma electrónica, y firmó (firma ${o.body.tipo})`,
      ip: o.ip,
      userAgent: o.userAgent,
    });
    const [p] = await queryRows<{ n: number }>(
      s.tx,
      sql`select count(*)::int as n from firma_firmante where id_documento = ${s.d.id} and estado <> 'firmado'`,
    );
    if (p!.n > 0) {
      if (s.d.secuencial) await invitarSiguiente({ ...s, ...o }, s.d);
      return { estado: 'firmado' as const, estado_documento: 'enviado' as const };
    }
    // Everyone signed. Sealing (pdf-lib over a PDF of up to 20 MB, the RSA seal, a TSA that may be slow)
    // is a job: the last signer's answer does not wait for it, and a failure is retried, not lost.
    await s.tx.execute(sql`update firma_documento set estado = 'firmado', completado_en = now() where id = ${s.d.id}`);
    await evento(s.tx, { id: s.d.id, tipo: 'firmado_todos', detalle: 'Firmaron todos; el PDF se sella en segundo plano' });
    await encolar(s.tx, { tipo: TRABAJO_FIRMAS_SELLAR, datos: { id: s.d.id }, clave: claveSellar(s.d.id) });
    return { estado: 'firmado' as const, estado_documento: 'firmado' as const };
  });
}

/** In order: the next signer not yet invited gets their link once the one before has signed. */
async function invitarSiguiente(o: Scope & { mailer: Despertador; cifrador: Cifrador }, d: FilaDoc) {
  const [siguiente] = await queryRows<FirmanteInvitado>(
    o.tx,
    sql`select id, nombre, email, canal, celular from firma_firmante
        where id_documento = ${d.id} and estado = 'pendiente' and invitado_en is null order by orden limit 1`,
  );
  if (!siguiente || !d.base_enlace) return;
  const { nombre: empresa } = await empresaDocumento(o.tx);
  await invitar(
    { ...o, base: d.base_enlace },
    { id: d.id, titulo: d.titulo, mensaje: d.mensaje, empresa, vence: new Date(d.vence_en!), firmante: siguiente },
  );
}

/** Reminders stop after this many, so a signer who will not sign is not written to for ever. */
export const MAX_RECORDATORIOS = 5;
export const TRABAJO_FIRMAS_DIARIO = 'firmas.diario';
export const TRABAJO_FIRMAS_DIARIO_EMPRESA = 'firmas.diario-empresa';

/** The companies with documents out for signature: the daily pass gives each a job of its own. */
export async function empresasConFirmasEnCurso(db: Database): Promise<number[]> {
  const filas = await db.system((tx) =>
    queryRows<{ id_empresa: number }>(tx, sql`select distinct id_empresa from firma_documento where estado = 'enviado'`),
  );
  return filas.map((f) => f.id_empresa);
}

/**
 * One company's daily pass: documents past their date become «vencido» (the sender is told, their links
 * stop), and whoever was invited and has not signed gets the same link again every `recordar_dias` days.
 */
export async function pasoDiario(
  o: Scope & { hub: Hub; mailer: Despertador; cifrador: Cifrador; idEmpresa: number },
): Promise<{ vencidos: number; recordatorios: number }> {
  const vencidos = await queryRows<{ id: number; titulo: string; id_usuario: number | null }>(
    o.tx,
    sql`update firma_documento set estado = 'vencido'
        where estado = 'enviado' and vence_en < now() returning id, titulo, id_usuario`,
  );
  for (const d of vencidos) {
    await evento(o.tx, { id: d.id, tipo: 'vencido', detalle: 'Venció sin todas las firmas' });
    await registrarAuditoria(o.tx, {
      idUsuario: null,
      usuario: 'sistema',
      accion: 'vencer',
      entidad: ENTIDAD_FIRMAS,
      entidadId: String(d.id),
      cambios: { estado: { antes: 'enviado', despues: 'vencido' } },
    });
    if (d.id_usuario !== null)
      await notificar(
        { ...o },
        {
          idEmpresa: o.idEmpresa,
          idUsuario: d.id_usuario,
          tipoCarta: TIPO_CARTA_FIRMA_RECHAZADA,
          titulo: `Venció sin todas las firmas: «${d.titulo}»`,
          cuerpo: 'Los enlaces ya no funcionan. Puede crear el documento de nuevo y enviarlo otra vez.',
          enlace: `/firmas-electronicas/detalle-documento/${d.id}`,
        },
      );
  }
  const debidos = await queryRows<{
    id: number;
    id_documento: number;
    nombre: string;
    email: string;
    canal: CanalFirma;
    celular: string;
    token_cifrado: string | null;
    titulo: string;
    vence_en: Date | string;
    base_enlace: string | null;
  }>(
    o.tx,
    sql`select f.id, f.id_documento, f.nombre, f.email, f.canal, f.celular, f.token_cifrado, d.titulo, d.vence_en, d.base_enlace
        from firma_firmante f join firma_documento d on d.id = f.id_documento and d.id_empresa = f.id_empresa
        where d.estado = 'enviado' and d.recordar_dias > 0 and f.estado = 'pendiente' and f.invitado_en is not null
          and f.recordatorios < ${MAX_RECORDATORIOS}
          and coalesce(f.recordado_en, f.invitado_en) <= now() - make_interval(days => d.recordar_dias)
        order by f.id_documento, f.orden
        for update of f`,
  );
  const { nombre: empresa } = debidos.length > 0 ? await empresaDocumento(o.tx) : { nombre: '' };
  let enviados = 0;
  for (const f of debidos) {
    const token = f.token_cifrado ? o.cifrador.descifrar(f.token_cifrado) : null;
    // A link sent before tokens were kept (or under another key) cannot be repeated: staff resend it.
    if (!token || !f.base_enlace) continue;
    const vence = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long' }).format(
      new Date(f.vence_en),
    );
    const enlace = `${f.base_enlace}/firmar/${token}`;
    if (f.canal !== 'correo')
      await mensajeFirmante(o, f, {
        texto: textoEnlaceSms(empresa, enlace, true),
        whatsappPlantilla: WHATSAPP_ENLACE_FIRMA,
        whatsappParametros: [f.nombre, empresa || 'La inmobiliaria', f.titulo, enlace],
        aCliente: true,
      });
    else
      await encolarCorreo(o, {
        para: f.email,
        asunto: `Recordatorio: documento para firmar «${f.titulo}»`,
        texto:
          `${f.nombre}:\n\n${empresa || 'La inmobiliaria'} le recuerda que «${f.titulo}» espera su firma electrónica.\n\n` +
          `Ábralo en su enlace personal (no lo reenvíe): ${f.base_enlace}/firmar/${token}\n\n` +
          `El enlace vence el ${vence}.\n`,
        origen: 'firmas',
        entidad: ENTIDAD_FIRMAS,
        entidadId: String(f.id_documento),
      });
    await o.tx.execute(sql`update firma_firmante set recordado_en = now(), recordatorios = recordatorios + 1 where id = ${f.id}`);
    await evento(o.tx, {
      id: f.id_documento,
      firmante: f.id,
      tipo: 'recordatorio',
      detalle:
        f.canal === 'correo'
          ? `Recordatorio enviado a ${f.email}`
          : `Recordatorio enviado por ${ETIQUETAS_CANAL_FIRMA[f.canal]} a ${ocultarCelular(f.celular)}`,
    });
    enviados++;
  }
  return { vencidos: vencidos.length, recordatorios: enviados };
}

async function validarPng(dataUrl: string) {
  const png = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
  if (png.length < 60 || png.subarray(1, 4).toString('latin1') !== 'PNG')
    throw new AppError(CODES.VALIDACION, 'Firma: la imagen de la firma no es un PNG válido.', [
      { campo: 'imagen', mensaje: 'Imagen inválida' },
    ]);
}

export async function rechazar(
  o: Publico & { hub: Hub; mailer: Despertador; motivo: string },
): Promise<{ estado: EstadoFirmante }> {
  return conFirmante(o, async (s) => {
    exigirVigente(s.d, s.f);
    exigirVerificado(s.f);
    await s.tx.execute(
      sql`update firma_firmante set estado = 'rechazado', motivo_rechazo = ${o.motivo}, ip = ${o.ip},
            user_agent = ${o.userAgent.slice(0, 500)}, firmado_en = now() where id = ${s.f.id}`,
    );
    await s.tx.execute(sql`update firma_documento set estado = 'rechazado' where id = ${s.d.id}`);
    await evento(s.tx, {
      id: s.d.id,
      firmante: s.f.id,
      tipo: 'rechazado',
      detalle: `Rechazó el documento: ${o.motivo}`,
      ip: o.ip,
      userAgent: o.userAgent,
    });
    if (s.d.id_usuario !== null)
      await notificar(
        { ...s, hub: o.hub, mailer: o.mailer },
        {
          idEmpresa: s.idEmpresa,
          idUsuario: s.d.id_usuario,
          tipoCarta: TIPO_CARTA_FIRMA_RECHAZADA,
          titulo: `${s.f.nombre} rechazó «${s.d.titulo}»`,
          cuerpo: `Motivo: ${o.motivo}`,
          enlace: `/firmas-electronicas/detalle-documento/${s.d.id}`,
        },
      );
    return { estado: 'rechazado' as const };
  });
}

export const TRABAJO_FIRMAS_SELLAR = 'firmas.sellar';
const claveSellar = (id: number) => `firma-sellar:${id}`;

/**
 * Everyone signed (job firmas.sellar): the sealed PDF is made and filed with the document, the sender
 * is told (601) and every signer gets the signed copy by e-mail at once (Ley 820 de 2003 gives the
 * tenant that right). Runs at least once: the document's row is locked, and a second run finds the
 * sealed PDF already recorded and does nothing.
 */
export async function sellarFirmado(
  o: Scope & ConCorreo & { idEmpresa: number; id: number },
): Promise<{ sha256?: string; omitido?: string }> {
  const [d] = await queryRows<FilaDoc>(o.tx, sql`select * from firma_documento where id = ${o.id} for update`);
  if (!d) return { omitido: `el documento ${o.id} ya no existe` };
  if (d.clave_firmado) return { sha256: d.sha256_firmado ?? '' };
  if (d.estado !== 'firmado') return { omitido: `el documento ${o.id} no está firmado por todos` };
  await completar(o, d);
  const [x] = await queryRows<{ sha256_firmado: string }>(
    o.tx,
    sql`select sha256_firmado from firma_documento where id = ${o.id}`,
  );
  return { sha256: x!.sha256_firmado };
}

async function completar(o: Scope & ConCorreo & { idEmpresa: number }, d: FilaDoc) {
  const f = await original(o.tx, d.id);
  const buf = f ? await o.storage.get(f.clave) : null;
  if (!buf) throw noEncontrado('El PDF del documento');
  const empresa = await empresaDocumento(o.tx);
  const firmantes = await queryRows<{
    orden: number;
    nombre: string;
    documento: string;
    email: string;
    firma_tipo: 'dibujada' | 'escrita';
    firma_imagen: string | null;
    firma_texto: string | null;
    codigo_verificado_en: Date | string | null;
    firmado_en: Date | string;
    ip: string;
    user_agent: string;
    sha256_visto: string;
    codigo_enviado_en: Date | string | null;
    celular: string;
    codigo_canal: CanalFirma | null;
    codigo_destino: string | null;
  }>(o.tx, sql`select * from firma_firmante where id_documento = ${d.id} order by orden`);
  const campos = await camposDe(o.tx, d.id);
  const eventos = await queryRows<{
    creado_en: Date | string;
    tipo: string;
    detalle: string;
    firmante: string | null;
    ip: string | null;
  }>(
    o.tx,
    sql`select e.creado_en, e.tipo, e.detalle, f.nombre as firmante, e.ip
        from firma_evento e left join firma_firmante f on f.id = e.id_firmante where e.id_documento = ${d.id}
          and e.tipo in ('creado', 'enviado', 'invitado', 'verificado', 'visto', 'firmado') order by e.id`,
  );
  const certificado = await certificadoEmpresa(o.tx, o.cifrador);
  const ahora = new Date();
  const { pdf, selloTiempoFallo } = await sellar({
    original: buf,
    idDocumento: d.id,
    titulo: d.titulo,
    empresa: empresa.nombre,
    nit: empresa.nit,
    sha256Original: d.sha256_original!,
    firmantes: firmantes.map((x) => ({
      orden: x.orden,
      nombre: x.nombre,
      documento: x.documento,
      email: x.email,
      firmaTipo: x.firma_tipo,
      firmaImagen: x.firma_imagen,
      firmaTexto: x.firma_texto,
      celular: x.celular,
      codigoCanal: x.codigo_canal,
      codigoDestino: x.codigo_destino,
      codigoEnviadoEn: x.codigo_enviado_en ? new Date(x.codigo_enviado_en) : null,
      codigoVerificadoEn: x.codigo_verificado_en ? new Date(x.codigo_verificado_en) : null,
      firmadoEn: new Date(x.firmado_en),
      ip: x.ip,
      userAgent: x.user_agent,
      sha256Visto: x.sha256_visto,
      campos: campos.filter((c) => c.firmante === x.orden),
    })),
    eventos: eventos.map((e) => ({ ...e, creadoEn: new Date(e.creado_en) })),
    certificado,
    selloTiempo: certificado.urlTsa ? (firma) => pedirSelloTiempo(certificado.urlTsa!, firma) : undefined,
    ahora,
  });
  // A TSA that is down must not lose the signatures: the seal goes without its time-stamp, and it is told.
  if (selloTiempoFallo)
    await evento(o.tx, { id: d.id, tipo: 'sello_tiempo', detalle: `Sello de tiempo no disponible: ${selloTiempoFallo}` });
  const huella = sha256(pdf);
  const nombre = `${(d.nombre_archivo ?? `documento-${d.id}.pdf`).replace(/\.pdf$/i, '')}-firmado.pdf`;
  const clave = `${o.idEmpresa}/archivos/${randomUUID()}`;
  // A rollback after this leaves the bytes unnamed: the nightly archivos.borrar-sin-uso job removes them.
  await o.storage.put(clave, pdf);
  await archivosRepo.agregar(o.tx, { tipo: TIPO_DUENO_FIRMA, id: String(d.id), categoria: 'firmado' }, [
    {
      nombre,
      descripcion: 'PDF firmado y sellado',
      contentType: 'application/pdf',
      bytes: pdf.length,
      sha256: huella,
      clave,
      creadoPor: 'firmas',
    },
  ]);
  await o.tx.execute(
    sql`update firma_documento set completado_en = coalesce(completado_en, ${ahora.toISOString()}), clave_firmado = ${clave},
          sha256_firmado = ${huella} where id = ${d.id}`,
  );
  await evento(o.tx, { id: d.id, tipo: 'completado', detalle: `PDF firmado y sellado (SHA-256 ${huella})` });
  let propio = false;
  for (const f of alCompletar.values())
    propio = (await f(o, { id: d.id, pdf, sha256: huella, nombre, idUsuario: d.id_usuario, creadoPor: d.creado_por })) || propio;
  // Filing in gestión documental is a job: it depends on GD's masters, and a failure there must not
  // undo the signatures (the job retries and says why).
  if (!propio) await encolar(o.tx, { tipo: TRABAJO_FIRMAS_RADICAR, datos: { id: d.id }, clave: claveRadicar(d.id) });
  for (const x of firmantes) {
    const copia = `${o.idEmpresa}/correos/${randomUUID()}-${nombre.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    await o.storage.put(copia, pdf);
    await encolarCorreo(o, {
      para: x.email,
      asunto: `Su copia firmada: «${d.titulo}»`,
      texto: `${x.nombre}:\n\nTodos los firmantes firmaron «${d.titulo}». Adjuntamos su copia firmada y sellada por ${empresa.nombre || 'la inmobiliaria'}, con el certificado de finalización en las últimas páginas.\nHuella SHA-256 del PDF: ${huella}\n`,
      origen: 'firmas',
      adjuntos: [{ nombre, clave: copia, tipo: 'application/pdf' }],
      entidad: ENTIDAD_FIRMAS,
      entidadId: String(d.id),
    });
  }
  if (d.id_usuario !== null)
    await notificar(
      { ...o },
      {
        idEmpresa: o.idEmpresa,
        idUsuario: d.id_usuario,
        tipoCarta: TIPO_CARTA_DOCUMENTO_FIRMADO,
        titulo: `Documento firmado: «${d.titulo}»`,
        cuerpo: `Firmaron ${firmantes.map((x) => x.nombre).join(', ')}.`,
        enlace: `/firmas-electronicas/detalle-documento/${d.id}`,
      },
    );
}
