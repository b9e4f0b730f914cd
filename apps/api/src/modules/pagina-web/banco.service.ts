import { CODES } from '@predio/contract/codes';
import {
  CV_MAX_BYTES,
  CV_TIPOS,
  ETIQUETAS_ESTADO_POSTULACION,
  ETIQUETAS_ESTADO_VACANTE,
  TEXTO_CONSENTIMIENTO_POSTULACION,
  ZPostulacionPublica,
  type RevisionPostulacion,
  type VacanteForm,
  type VacantePublica,
} from '@predio/contract/pagina-web-banco';
import { camposConError, mensajeValidacion } from '@predio/contract/validation';
import type { Tx } from '../../db/client.ts';
import * as archivos from '../../platform/archivos/archivos.service.ts';
import type { Categoria } from '../../platform/archivos/duenos.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { principalSinSesion } from '../../platform/auth/principal.ts';
import { limitePublico, minutosBloqueo, registrarFallo } from '../../platform/auth/throttle.ts';
import type { Deps } from '../../platform/deps.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import { inTenant } from '../../platform/tenant.ts';
import * as repo from './banco.repo.ts';
import { hasIdm } from '@predio/contract/menu';
import { esCorreo } from '@predio/contract/campos';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { encolarCorreo } from '../../platform/mail/outbox.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import { puedeConfirmar } from '../solicitudes/solicitudes-web.service.ts';

// Página web > Banco de trabajo (idm 202): vacancies the staff publish; applications the site sends in
// with a CV (an archivo of the postulación), reviewed by the staff with estados and notes.

export const ENTIDAD_BANCO = 'banco-de-trabajo';
export const TIPO_DUENO_POSTULACION = 'postulacion';
const EXPORT_MAX = 50_000;

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
type Lista = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};

const pagina = (q: Lista) => ({ sort: q.sort, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

const auditar = (o: Escritura, accion: string, id: string, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_BANCO,
    entidadId: id,
    cambios,
    ip: o.ip,
  });

// ----- vacantes

export const listarVacantes = (o: Base & { query: Lista & { estado?: string | undefined } }) =>
  repo.listarVacantes(o.tx, { q: o.query.q, estado: o.query.estado }, pagina(o.query));

async function vacanteOError(tx: Tx, id: number) {
  const v = await repo.verVacante(tx, id);
  if (!v) throw noEncontrado(`La vacante ${id}`);
  return v;
}
export const verVacante = (o: Base & { id: number }) => vacanteOError(o.tx, o.id);

const limpia = (b: VacanteForm): VacanteForm => ({ ...b, descripcion: sanearHtml(b.descripcion) });

export async function crearVacante(o: Escritura & { body: VacanteForm }) {
  const b = limpia(o.body);
  const id = await repo.insertarVacante(o.tx, b, o.user.usuario);
  await auditar(o, 'crear', `vacante ${id}`, {
    vacante: { antes: null, despues: `${b.titulo} (${ETIQUETAS_ESTADO_VACANTE[b.estado]})` },
  });
  return vacanteOError(o.tx, id);
}

export async function actualizarVacante(o: Escritura & { id: number; body: VacanteForm }) {
  const antes = await vacanteOError(o.tx, o.id);
  const b = limpia(o.body);
  await repo.actualizarVacante(o.tx, o.id, b, o.user.usuario);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const k of ['titulo', 'area', 'salario_min', 'salario_max', 'fecha_cierre', 'estado'] as const)
    if (antes[k] !== b[k]) cambios[k] = { antes: antes[k], despues: b[k] };
  if (antes.descripcion !== b.descripcion)
    cambios.descripcion = { antes: '(descripción anterior)', despues: '(descripción nueva)' };
  await auditar(o, 'modificar', `vacante ${o.id}`, cambios);
  return vacanteOError(o.tx, o.id);
}

/** Deletes the vacancy with its applications; their CVs' bytes go once the deletion commits. */
export async function borrarVacante(o: Escritura & { id: number; storage: Deps['storage']; onCommit: (fn: () => void) => void }) {
  const v = await vacanteOError(o.tx, o.id);
  const claves = await repo.clavesDeVacante(o.tx, o.id);
  await repo.borrarVacante(o.tx, o.id);
  archivos.deleteOnCommit(o, claves);
  await auditar(o, 'eliminar', `vacante ${o.id}`, {
    vacante: { antes: `${v.titulo} (${v.postulaciones} postulaciones)`, despues: null },
  });
  return { id: o.id };
}

// ----- postulaciones

type ListaPostulaciones = Lista & { estado?: string | undefined; vacante?: number | undefined };

export const listarPostulaciones = (o: Base & { query: ListaPostulaciones }) =>
  repo.listarPostulaciones(o.tx, { q: o.query.q, estado: o.query.estado, vacante: o.query.vacante }, pagina(o.query));

async function postulacionOError(tx: Tx, id: number) {
  const p = await repo.verPostulacion(tx, id);
  if (!p) throw noEncontrado(`La postulación ${id}`);
  return p;
}
export const verPostulacion = (o: Base & { id: number }) => postulacionOError(o.tx, o.id);

export async function revisarPostulacion(o: Escritura & { id: number; body: RevisionPostulacion }) {
  const antes = await postulacionOError(o.tx, o.id);
  await repo.revisar(o.tx, o.id, o.body, o.user.usuario);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  if (antes.estado !== o.body.estado)
    cambios.estado = { antes: ETIQUETAS_ESTADO_POSTULACION[antes.estado], despues: ETIQUETAS_ESTADO_POSTULACION[o.body.estado] };
  if (antes.notas !== o.body.notas) cambios.notas = { antes: antes.notas, despues: o.body.notas };
  await auditar(o, 'modificar', `postulacion ${o.id}`, cambios);
  return postulacionOError(o.tx, o.id);
}

export async function borrarPostulacion(
  o: Escritura & { id: number; storage: Deps['storage']; onCommit: (fn: () => void) => void },
) {
  const p = await postulacionOError(o.tx, o.id);
  archivos.deleteOnCommit(o, await repo.borrarPostulacion(o.tx, o.id));
  await auditar(o, 'eliminar', `postulacion ${o.id}`, { postulacion: { antes: `${p.nombre} — ${p.vacante}`, despues: null } });
  return { id: o.id };
}

export async function exportarPostulaciones(
  o: Base & { filtro: repo.FiltroPostulaciones; formato: 'csv' | 'xlsx' },
): Promise<Archivo> {
  const { items, total } = await repo.listarPostulaciones(o.tx, o.filtro, { limit: EXPORT_MAX, offset: 0 });
  if (total > EXPORT_MAX)
    throw new AppError(CODES.VALIDACION, `La exportación admite máximo ${EXPORT_MAX.toLocaleString('es-CO')} postulaciones.`);
  const hoja = {
    encabezados: ['Fecha', 'Vacante', 'Nombre', 'Correo electrónico', 'Teléfono', 'Estado', 'Mensaje', 'Notas', 'Hoja de vida'],
    filas: items.map((p) => [
      new Date(p.creado_en),
      p.vacante,
      p.nombre,
      p.email,
      p.telefono,
      ETIQUETAS_ESTADO_POSTULACION[p.estado],
      p.mensaje,
      p.notas,
      p.cv?.nombre ?? '',
    ]),
  };
  return exportarHoja({ hoja, base: 'postulaciones', titulo: 'Postulaciones', formato: o.formato });
}

// ----- the CV as a file of the postulación

/** PDF or DOCX told by the bytes (a text renamed .pdf is refused), up to CV_MAX_BYTES. */
export const CATEGORIA_CV: Categoria = {
  maxBytes: CV_MAX_BYTES,
  maxPorDueno: 1,
  plural: 'hojas de vida',
  tipo: ({ nombre, detectado }) => {
    if (detectado && (CV_TIPOS as readonly string[]).includes(detectado)) return detectado;
    throw new AppError(
      CODES.ARCHIVO_INVALIDO,
      `cv: «${nombre}» no es un PDF ni un documento de Word (DOCX); adjunte la hoja de vida en uno de esos formatos.`,
      [{ campo: 'cv', mensaje: 'La hoja de vida debe ser un PDF o un documento de Word (DOCX)' }],
    );
  },
};

/**
 * The key `recibir` checks before reading a public upload: the open vacancy the CV is for. The
 * postulación it will belong to does not exist yet; `registrar` then names the real one (a number).
 */
const CLAVE_VACANTE = /^vacante-(\d{1,9})$/;
export const claveVacante = (id: number) => `vacante-${id}`;

export async function resolverDueno(tx: Tx, clave: string, escribir: boolean): Promise<string | null> {
  const v = CLAVE_VACANTE.exec(clave);
  if (v) return !escribir && (await repo.vacanteAbierta(tx, Number(v[1]))) ? clave : null;
  const n = Number(clave);
  if (!/^\d{1,10}$/.test(clave) || !Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
  return (await repo.existePostulacion(tx, n)) ? String(n) : null;
}

// ----- the public side

export const vacantesPublicas = (tx: Tx) => repo.vacantesAbiertas(tx);

export async function vacantePublica(tx: Tx, id: number): Promise<VacantePublica> {
  const v = await repo.vacanteAbierta(tx, id);
  if (!v) throw noEncontrado(`La vacante ${id}`);
  return v;
}

async function demasiadas(db: Deps['db'], claves: { usuario: string; ip: string }) {
  const bloqueo = await minutosBloqueo(db, claves);
  if (bloqueo > 0)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      `Ya recibimos varias postulaciones desde esta conexión. Intente de nuevo en ${bloqueo} ${bloqueo === 1 ? 'minuto' : 'minutos'}.`,
      undefined,
      { 'retry-after': String(bloqueo * 60) },
    );
}

/** An error of the platform's upload about its `file` part, said of the `cv` field the visitor filled. */
function deCv(e: unknown): unknown {
  if (!(e instanceof AppError) || !e.message.startsWith('file: ')) return e;
  const mensaje = e.message.slice('file: '.length);
  if (mensaje.startsWith('adjunte el archivo')) return invalido('cv', 'Adjunte su hoja de vida (PDF o DOCX, máximo 5 MB)');
  return new AppError(e.code, `cv: ${mensaje}`, [{ campo: 'cv', mensaje }], e.headers);
}

export const MENSAJE_POSTULACION = 'Recibimos su postulación. Si su perfil avanza en el proceso, nos comunicaremos con usted.';

/**
 * A visitor's application (multipart: the fields and the `cv` file). Limited per connection and company
 * like the site's forms; the CV is streamed through the platform's upload (size cut off early, type by
 * its bytes) against the open vacancy, then the fields are checked, and only then the postulación and
 * its CV row are written. A refused application keeps no file.
 */
/** The notice type of an application (Mis notificaciones, «Página web»: in the app and by e-mail). */
export const TIPO_CARTA_POSTULACION = 801;
export const IDM_BANCO_TRABAJO = 202;

/**
 * What an applicant receives: the vacancy's title (the agency's words) and what happens next. Nothing
 * the visitor typed is repeated, so the form cannot send a stranger a message of someone's choosing.
 */
export function acusePostulacion(e: { nombre: string; telefonos: string }, vacante: string): { asunto: string; texto: string } {
  const agencia = e.nombre || 'La inmobiliaria';
  return {
    asunto: `Recibimos su postulación a «${vacante}» · ${agencia}`,
    texto: [
      'Hola:',
      `Recibimos su postulación a la vacante «${vacante}» de ${agencia}, con su hoja de vida.`,
      'Revisaremos su perfil; si avanza en el proceso, nos comunicaremos con usted.',
      [agencia, e.telefonos].filter(Boolean).join('\n'),
      'Este es un mensaje automático. Si usted no se postuló, puede ignorarlo.',
    ].join('\n\n'),
  };
}

export async function postular(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'hub' | 'mailer'>,
  a: {
    idEmpresa: number;
    idVacante: number;
    ip: string;
    partes: archivos.Partes;
    /** Filled with the fields as they arrive: the public site shows them again beside its mistakes. */
    campos?: Record<string, string>;
  },
): Promise<{ mensaje: string }> {
  const porIp = `web-ip:${a.ip}`;
  await demasiadas(deps.db, { usuario: porIp, ip: porIp });
  await inTenant(deps.db, a.idEmpresa, ({ tx }) => vacantePublica(tx, a.idVacante));
  const cuota = { limiteBytes: deps.config.archivosCuotaBytes };
  const sitio = principalSinSesion({ idEmpresa: a.idEmpresa, usuario: 'sitio web', permisos: '202' });
  const campos: Record<string, string> = a.campos ?? {};
  // The fields are kept as they pass; the `cv` part reaches the platform as its `file`.
  const partes: archivos.Partes = (opts) =>
    (async function* () {
      for await (const p of a.partes(opts)) {
        if (p.type === 'field') {
          if (typeof p.value === 'string' && Object.keys(campos).length < 20) campos[p.fieldname] = p.value;
          yield p;
        } else yield p.fieldname === 'cv' ? (Object.create(p, { fieldname: { value: 'file' } }) as typeof p) : p;
      }
    })();
  let subida: archivos.Subida | null = null;
  let faltaCv: unknown = null;
  try {
    subida = await archivos.recibir({
      db: deps.db,
      storage: deps.storage,
      user: sitio,
      cuota,
      tipo: TIPO_DUENO_POSTULACION,
      clave: claveVacante(a.idVacante),
      categoria: 'cv',
      partes,
    });
  } catch (e) {
    const err = deCv(e);
    if (!(err instanceof AppError) || !err.message.startsWith('cv: Adjunte')) throw err;
    faltaCv = err;
  }
  const borrarSubida = () => (subida ? deps.storage.delete(subida.clave).catch(() => undefined) : Promise.resolve());
  const datos = ZPostulacionPublica.safeParse(campos);
  if (!datos.success) {
    await borrarSubida();
    const c = camposConError(datos.error);
    throw new AppError(CODES.VALIDACION, mensajeValidacion(c), c);
  }
  if (faltaCv) throw faltaCv;
  const claves = { usuario: `web-postulacion:${a.idEmpresa}`, ip: porIp };
  try {
    await demasiadas(deps.db, claves);
  } catch (e) {
    await borrarSubida();
    throw e;
  }
  await registrarFallo(deps.db, claves, limitePublico(deps.config.formulariosWebPorIpHora));
  // A robot filled the field people never see: thanked, and nothing is kept.
  if (datos.data.sitio) {
    await borrarSubida();
    return { mensaje: MENSAJE_POSTULACION };
  }
  // At most one acknowledgement an hour per inbox (and 60 per company), as the site's other forms.
  const acusar = await puedeConfirmar(deps.db, a.idEmpresa, datos.data.email);
  await inTenant(deps.db, a.idEmpresa, async ({ tx, onCommit }) => {
    // Closed or unpublished while the CV streamed in: refused, and `registrar` is never reached.
    const vacante = await repo.vacanteAbierta(tx, a.idVacante);
    if (!vacante) {
      await borrarSubida();
      throw noEncontrado(`La vacante ${a.idVacante}`);
    }
    const idPostulacion = await repo.insertarPostulacion(tx, {
      ...datos.data,
      idVacante: a.idVacante,
      consentimiento: TEXTO_CONSENTIMIENTO_POSTULACION,
      ip: a.ip,
    });
    await archivos.registrar(
      {
        tx,
        onCommit,
        user: principalSinSesion({ idEmpresa: a.idEmpresa, usuario: `sitio web: ${datos.data.email}`, permisos: '202' }),
        ip: a.ip,
        storage: deps.storage,
        cuota,
        tipo: TIPO_DUENO_POSTULACION,
        clave: String(idPostulacion),
        categoria: 'cv',
        subida: subida!,
      },
      { accion: 'postulacion recibida', campo: 'hoja de vida' },
    );
    const o = { tx, onCommit, hub: deps.hub, mailer: deps.mailer };
    const [empresa] = await queryRows<{ nombre: string; telefonos: string; email: string }>(
      tx,
      sql`select nombre, telefonos, email from empresa limit 1`,
    );
    if (acusar)
      await encolarCorreo(o, {
        para: datos.data.email,
        ...acusePostulacion(empresa!, vacante.titulo),
        origen: `postulacion:${idPostulacion}`,
        responderA: esCorreo(empresa!.email) ? empresa!.email : null,
        entidad: 'postulacion',
        entidadId: String(idPostulacion),
      });
    // Everyone who reviews vacancies hears of it (in the app, and by e-mail unless they turned it off).
    for (const u of (await repo.usuariosActivos(tx)).filter((x) => hasIdm(x.permisos, IDM_BANCO_TRABAJO)))
      await notificar(o, {
        idEmpresa: a.idEmpresa,
        idUsuario: u.id,
        tipoCarta: TIPO_CARTA_POSTULACION,
        titulo: `Nueva postulación a «${vacante.titulo}»`,
        cuerpo: `${datos.data.nombre} se postuló desde el sitio web a la vacante «${vacante.titulo}» con su hoja de vida.`,
        enlace: `/paginaweb/banco-de-trabajo?vista=postulaciones&vacante=${a.idVacante}`,
      });
  });
  return { mensaje: MENSAJE_POSTULACION };
}
