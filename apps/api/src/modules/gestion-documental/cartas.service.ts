import { randomUUID, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import { expresionCampo, contextosDe, type ProblemaPlantilla } from '@predio/contract/documentos';
import {
  CONTEXTOS_CARTA,
  type CamposCarta,
  type Carta,
  type GenerarCarta,
  type OpcionesCarta,
  type PlantillaCarta,
  type PlantillaCartaForm,
  type PlantillaCartaResumen,
} from '@predio/contract/gestion-documental-cartas';
import { TIPO_DUENO_RADICADO } from '@predio/contract/gestion-documental';
import type { ProgramaContrato } from '@predio/contract/contratos';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import * as archivosRepo from '../../platform/archivos/archivos.repo.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { cargarDatos, empresaDocumento } from '../../platform/documentos/contextos.ts';
import { datosDeEjemplo, llenar, revisar, validar, type Datos } from '../../platform/documentos/motor.ts';
import { htmlAPdf } from '../../platform/documentos/pdf.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as contratos from '../contratos/contratos.service.ts';
import { membreteConLogo } from '../empresa/empresa.service.ts';
import { fechaEnLetras } from './fecha-letras.ts';
import * as estados from './estados.service.ts';
import { anotar, radicar } from './radicados.service.ts';
import * as texto from './texto.service.ts';

// Plantillas de cartas (idm 10580). A carta is the platform's «document from a template» (engine, field
// catalogue, sanitiser and PDF of platform/documentos, the contract's fields of modules/contratos), filled
// for a tercero and filed as a radicado de salida whose file is the PDF; e-mailing goes through the outbox.

type Escritura = { tx: Tx; user: Principal; ip: string };
const ENTIDAD = 'plantilla_carta';

/** A carta is a `tercero` template plus the inmueble, contrato and radicado contexts. */
const TIPO = 'tercero' as const;

export function campos(): CamposCarta {
  return [...contextosDe(TIPO), ...CONTEXTOS_CARTA].map((x) => ({
    clave: x.clave,
    etiqueta: x.etiqueta,
    pendiente: false,
    campos: x.campos.map((f) => ({ ...f, expresion: expresionCampo(x.clave, f) })),
  }));
}

function preparar(contenido: string): string {
  const limpio = sanearHtml(contenido);
  validar(limpio, TIPO, CONTEXTOS_CARTA);
  return limpio;
}

export const revisarContenido = (contenido: string): { problemas: ProblemaPlantilla[] } => ({
  problemas: revisar(sanearHtml(contenido), TIPO, CONTEXTOS_CARTA),
});

export async function vistaPrevia(contenido: string): Promise<{ html: string }> {
  const limpio = preparar(contenido);
  return { html: sanearHtml(await llenar(limpio, TIPO, datosDeEjemplo(TIPO, CONTEXTOS_CARTA), CONTEXTOS_CARTA)) };
}

const COLUMNAS = sql`p.id, p.nombre, p.asunto, p.activa,
  (select count(*)::int from carta c where c.id_plantilla = p.id) as cartas,
  to_char(p.actualizado at time zone 'America/Bogota', 'YYYY-MM-DD"T"HH24:MI:SS') as actualizado, p.actualizado_por`;

export const listar = (o: { tx: Tx }) =>
  queryRows<PlantillaCartaResumen>(o.tx, sql`select ${COLUMNAS} from plantilla_carta p order by lower(p.nombre), p.id`);

export async function obtener(o: { tx: Tx; id: number }): Promise<PlantillaCarta> {
  const [p] = await queryRows<PlantillaCarta>(
    o.tx,
    sql`select ${COLUMNAS}, p.contenido from plantilla_carta p where p.id = ${o.id}`,
  );
  if (!p) throw noEncontrado(`La plantilla de carta ${o.id}`);
  return p;
}

async function escribiendo<T>(nombre: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO)
      throw new AppError(CODES.CONFLICTO, `Ya existe una plantilla de carta llamada «${nombre}».`, [
        { campo: 'nombre', mensaje: 'ya existe' },
      ]);
    throw e;
  }
}

const auditar = (o: Escritura, accion: string, id: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: String(id),
    cambios: Object.fromEntries(Object.entries(cambios).map(([k, v]) => [k, { antes: null, despues: v }])),
    ip: o.ip,
  });

/** Inserts a template already sanitised and checked (the seed uses it too). */
export async function insertarPlantilla(tx: Tx, b: PlantillaCartaForm, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into plantilla_carta (nombre, asunto, contenido, activa, actualizado_por)
        values (${b.nombre}, ${b.asunto}, ${b.contenido}, ${b.activa}, ${usuario}) returning id`,
  );
  return r!.id;
}

export async function crear(o: Escritura & { body: PlantillaCartaForm }): Promise<PlantillaCarta> {
  const b = { ...o.body, contenido: preparar(o.body.contenido) };
  const id = await escribiendo(b.nombre, () => insertarPlantilla(o.tx, b, o.user.usuario));
  await auditar(o, 'crear', id, { nombre: b.nombre });
  return obtener({ tx: o.tx, id });
}

export async function actualizar(o: Escritura & { id: number; body: PlantillaCartaForm }): Promise<PlantillaCarta> {
  const b = { ...o.body, contenido: preparar(o.body.contenido) };
  const r = await escribiendo(b.nombre, () =>
    queryRows<{ id: number }>(
      o.tx,
      sql`update plantilla_carta set nombre = ${b.nombre}, asunto = ${b.asunto}, contenido = ${b.contenido}, activa = ${b.activa},
            actualizado = now(), actualizado_por = ${o.user.usuario}
          where id = ${o.id} returning id`,
    ),
  );
  if (!r.length) throw noEncontrado(`La plantilla de carta ${o.id}`);
  await auditar(o, 'actualizar', o.id, { nombre: b.nombre, activa: b.activa });
  return obtener({ tx: o.tx, id: o.id });
}

/** A template that already made letters keeps them: it can only be deactivated. */
export async function eliminar(o: Escritura & { id: number }): Promise<{ id: number }> {
  const p = await obtener(o);
  if (p.cartas > 0)
    throw new AppError(
      CODES.CONFLICTO,
      `La plantilla «${p.nombre}» ya generó ${p.cartas} carta(s) radicada(s): desactívela en lugar de eliminarla.`,
      [{ campo: 'id', mensaje: 'tiene cartas' }],
    );
  await o.tx.execute(sql`delete from plantilla_carta where id = ${o.id}`);
  await auditar(o, 'eliminar', o.id, { nombre: p.nombre });
  return { id: o.id };
}

export async function opciones(o: { tx: Tx }): Promise<OpcionesCarta> {
  const plantillas = await queryRows<OpcionesCarta['plantillas'][number]>(
    o.tx,
    sql`select id, nombre, asunto from plantilla_carta where activa order by lower(nombre)`,
  );
  const contratosFilas = await queryRows<{ id: number; programa: string; consecutivo: number; inmueble: number }>(
    o.tx,
    sql`select c.id, c.programa, c.consecutivo, i.consecutivo as inmueble from contrato c join inmueble i on i.id = c.id_inmueble
        order by c.id desc limit 500`,
  );
  return {
    plantillas,
    contratos: contratosFilas.map((c) => ({
      id: c.id,
      inmueble: c.inmueble,
      numero: `${c.programa === 'coem' ? 'CM' : 'CT'}-${String(c.consecutivo).padStart(4, '0')}`,
    })),
  };
}

const hoyBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
const vacio = (campos: readonly { clave: string }[]) => Object.fromEntries(campos.map((f) => [f.clave, '']));

/**
 * Generates a carta: files it as a radicado de salida (the next number, under the user's document
 * permissions), fills the template with the tercero, inmueble, contrato and that radicado, prints it on
 * the letterhead, attaches the PDF to the radicado and, when asked, queues it by e-mail. All in the
 * request's transaction: a mistake anywhere leaves no radicado and gives the number back.
 */
export async function generar(
  o: Escritura & Scope & { storage: Storage; mailer: Despertador; body: GenerarCarta },
): Promise<Carta> {
  const b = o.body;
  const [p] = await queryRows<{ id: number; nombre: string; asunto: string; contenido: string; activa: boolean }>(
    o.tx,
    sql`select id, nombre, asunto, contenido, activa from plantilla_carta where id = ${b.id_plantilla}`,
  );
  if (!p || !p.activa)
    throw invalido('id_plantilla', 'El campo Plantilla debe ser una plantilla de carta activa de esta empresa');
  const [ter] = await queryRows<{ id: number; nro_id: string; nombre: string; email: string }>(
    o.tx,
    sql`select id, nro_id, nombre, coalesce(email, '') as email from terceros where id = ${b.id_tercero}`,
  );
  if (!ter) throw invalido('id_tercero', 'El campo Destinatario no existe en esta empresa');
  const entrada = b.id_responde_a != null ? await estados.entradaPorResponder({ ...o, id: b.id_responde_a }) : null;
  const email = (b.email || ter.email).trim();
  if (b.enviar_correo && !email)
    throw invalido(
      'email',
      `El campo Correo del destinatario es obligatorio para enviar la carta: ${ter.nombre} no tiene correo`,
    );

  const datos: Datos = await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: TIPO, registro: ter.nro_id });
  const [defInmueble, defContrato] = CONTEXTOS_CARTA;
  datos.inmueble = vacio(defInmueble!.campos);
  datos.contrato = vacio(defContrato!.campos);
  let idContrato: number | null = null;
  let inmueble = b.inmueble ?? null;
  if (b.id_contrato != null) {
    const [c] = await queryRows<{ programa: ProgramaContrato }>(
      o.tx,
      sql`select programa from contrato where id = ${b.id_contrato}`,
    );
    if (!c) throw invalido('id_contrato', 'El campo Contrato no existe en esta empresa');
    const contrato = await contratos.obtener({ tx: o.tx, programa: c.programa, id: b.id_contrato });
    const dc = await contratos.datosContrato({ tx: o.tx, user: o.user, c: contrato });
    datos.contrato = dc.contrato!;
    idContrato = contrato.id;
    inmueble ??= contrato.inmueble;
  }
  let idInmueble: number | null = null;
  if (inmueble !== null) {
    const [i] = await queryRows<{ id: number }>(o.tx, sql`select id from inmueble where consecutivo = ${inmueble}`);
    if (!i) throw invalido('inmueble', `El campo Inmueble no existe en esta empresa (${inmueble})`);
    idInmueble = i.id;
    datos.inmueble = (
      await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: 'inmueble', registro: String(inmueble) })
    ).inmueble!;
  }

  const asunto = (b.asunto || p.asunto || p.nombre).slice(0, 300);
  const fecha = hoyBogota();
  const r = await radicar({
    tx: o.tx,
    user: o.user,
    ip: o.ip,
    body: {
      tipo: 'salida',
      fecha,
      asunto,
      id_tercero: ter.id,
      id_area: b.id_area,
      id_serie: b.id_serie ?? null,
      id_subserie: b.id_subserie ?? null,
      id_tipo_documental: b.id_tipo_documental ?? null,
      id_estado: null,
      folios: null,
      observaciones: `Carta generada con la plantilla «${p.nombre}».`,
      inmueble,
      id_contrato: idContrato,
    },
  });
  if (entrada) await estados.responder(o, entrada, r);
  datos.radicado = { numero: r.radicado, fecha, fecha_letras: fechaEnLetras(fecha), asunto };
  const html = sanearHtml(await llenar(p.contenido, TIPO, datos, CONTEXTOS_CARTA));

  // The PDF is drawn inside the transaction (~0.1 s for a page): the radicado must hold it when it commits.
  const membrete = await membreteConLogo({
    idEmpresa: o.user.idEmpresa,
    storage: o.storage,
    empresa: await empresaDocumento(o.tx),
  });
  const pdf = await htmlAPdf({ html, membrete, titulo: `${p.nombre} · Radicado ${r.radicado}` });
  const nombre = `carta-${r.radicado}.pdf`;
  const clave = `${o.user.idEmpresa}/archivos/${randomUUID()}`;
  await o.storage.put(clave, pdf);
  const [archivoPdf] = await archivosRepo.agregar(o.tx, { tipo: TIPO_DUENO_RADICADO, id: String(r.id), categoria: 'documento' }, [
    {
      nombre,
      descripcion: asunto,
      contentType: 'application/pdf',
      bytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      clave,
      creadoPor: o.user.usuario,
    },
  ]);
  await texto.encolarExtraccion(o.tx, archivoPdf!);
  // Written straight to archivo (not through the upload's hooks): its «Adjuntó» row of the history here.
  await anotar(o, r.id, 'subir', { id: archivoPdf!.id, nombre }, 'carta generada');
  const [carta] = await queryRows<{ id: number }>(
    o.tx,
    sql`insert into carta (id_plantilla, id_radicado, id_tercero, id_inmueble, id_contrato, email, creado_por)
        values (${p.id}, ${r.id}, ${ter.id}, ${idInmueble}, ${idContrato}, ${b.enviar_correo ? email : null}, ${o.user.usuario})
        returning id`,
  );
  if (b.enviar_correo) {
    // The outbox reads its attachment from storage when it sends: its own copy, which its cleanup may delete.
    const copia = `${o.user.idEmpresa}/correos/${randomUUID()}-${nombre}`;
    await o.storage.put(copia, pdf);
    await encolarCorreo(o, {
      para: email,
      asunto: `${asunto} (radicado ${r.radicado})`,
      texto: `${ter.nombre}:\n\nAdjuntamos la comunicación «${asunto}», radicada con el número ${r.radicado}.\n\n${membrete.nombre}\n`,
      origen: 'gestion-documental',
      adjuntos: [{ nombre, clave: copia, tipo: 'application/pdf' }],
      idUsuario: o.user.idUsuario || null,
      plantilla: p.nombre,
      entidad: 'radicados',
      entidadId: String(r.id),
    });
  }
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'generar_carta',
    entidad: ENTIDAD,
    entidadId: String(p.id),
    cambios: { radicado: { antes: null, despues: r.radicado }, email: { antes: null, despues: b.enviar_correo ? email : null } },
    ip: o.ip,
  });
  return (await listarCartas({ tx: o.tx, id: carta!.id }))[0]!;
}

/** The letters generated (newest first), or one of them. */
export async function listarCartas(o: { tx: Tx; id?: number; idPlantilla?: number }): Promise<Carta[]> {
  const filas = await queryRows<
    Carta & {
      id_radicado: number;
      radicado_txt: string;
      t_id: number;
      t_nombre: string;
      t_nro: string;
      re_id: number | null;
      re_txt: string | null;
    }
  >(
    o.tx,
    sql`select c.id, p.nombre as plantilla, c.id_radicado, r.radicado as radicado_txt, r.asunto,
               t.id as t_id, t.nombre as t_nombre, t.nro_id as t_nro, i.consecutivo as inmueble,
               case when k.id is null then null else (case k.programa when 'coem' then 'CM-' else 'CT-' end) || lpad(k.consecutivo::text, 4, '0') end as contrato,
               re.id as re_id, re.radicado as re_txt, c.email, c.creado_por, to_char(c.creado_en at time zone 'America/Bogota', 'YYYY-MM-DD"T"HH24:MI:SS') as creado_en
        from carta c
        join plantilla_carta p on p.id = c.id_plantilla
        join radicado r on r.id = c.id_radicado
        left join radicado re on re.id = r.id_responde_a
        join terceros t on t.id = c.id_tercero
        left join inmueble i on i.id = c.id_inmueble
        left join contrato k on k.id = c.id_contrato
        where true ${o.id ? sql`and c.id = ${o.id}` : sql``} ${o.idPlantilla ? sql`and c.id_plantilla = ${o.idPlantilla}` : sql``}
        order by c.id desc limit 100`,
  );
  return filas.map(({ id_radicado, radicado_txt, t_id, t_nombre, t_nro, re_id, re_txt, ...c }) => ({
    ...c,
    responde_a: re_id === null ? null : { id: re_id, radicado: re_txt! },
    radicado: { id: id_radicado, radicado: radicado_txt },
    tercero: { id: t_id, nombre: t_nombre, nro_id: t_nro },
  }));
}
