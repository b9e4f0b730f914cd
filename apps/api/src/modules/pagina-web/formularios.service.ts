import { CODES } from '@predio/contract/codes';
import { camposConError, mensajeValidacion } from '@predio/contract/validation';
import {
  ARCHIVO_MAX_BYTES,
  ARCHIVO_TIPOS,
  ETIQUETAS_TIPO_CAMPO,
  IDM_FORMULARIOS,
  MAX_CAMPOS,
  ZEnvioFormularioPublico,
  TEXTO_CONSENTIMIENTO,
  validarRespuestas,
  type CampoFormulario,
  type EnvioFormularioPublico,
  type FormularioForm,
  type FormularioPublico,
} from '@predio/contract/pagina-web-formularios';
import type { TipoSolicitud } from '@predio/contract/solicitudes';
import type { Tx } from '../../db/client.ts';
import * as archivos from '../../platform/archivos/archivos.service.ts';
import type { Categoria } from '../../platform/archivos/duenos.ts';
import { principalSinSesion } from '../../platform/auth/principal.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { limitePublico, minutosBloqueo, registrarFallo } from '../../platform/auth/throttle.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import { inTenant, type Scope } from '../../platform/tenant.ts';
import { crearDesdeSitio } from '../clientes/clientes.service.ts';
import { debeConfirmar, recibirDeFormulario } from '../solicitudes/solicitudes-web.service.ts';
import * as repo from './formularios.repo.ts';

// Página web > Formularios (idm 10536): the staff build forms; a visitor's submission becomes a solicitud.

export const ENTIDAD_FORMULARIO = 'formularios-web';
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

const auditar = (o: Escritura, accion: string, id: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_FORMULARIO,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });

/** Each field gets its key by its place: what the public form posts it under. */
const conClaves = (b: FormularioForm) => ({
  ...b,
  campos: b.campos.map((c, i): CampoFormulario => ({
    ...c,
    campo: `c${i + 1}`,
    opciones: c.tipo === 'seleccion' ? c.opciones : [],
  })),
});

export const listar = (o: Base & { query: Lista }) => repo.listar(o.tx, o.query.q, pagina(o.query));

async function formularioOError(tx: Tx, id: number) {
  const f = await repo.ver(tx, id);
  if (!f) throw noEncontrado(`El formulario ${id}`);
  return f;
}
export const ver = (o: Base & { id: number }) => formularioOError(o.tx, o.id);

export async function crear(o: Escritura & { body: FormularioForm }) {
  const id = await repo.insertar(o.tx, conClaves(o.body), o.user.usuario);
  await auditar(o, 'crear', id, { formulario: { antes: null, despues: `${o.body.nombre} (${o.body.campos.length} campos)` } });
  return formularioOError(o.tx, id);
}

export async function actualizar(o: Escritura & { id: number; body: FormularioForm }) {
  const antes = await formularioOError(o.tx, o.id);
  const b = conClaves(o.body);
  await repo.actualizar(o.tx, o.id, b, o.user.usuario);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const k of ['nombre', 'descripcion', 'tipo_solicitud', 'destino', 'gestion_cliente', 'mensaje_gracias', 'activo'] as const)
    if (antes[k] !== b[k]) cambios[k] = { antes: antes[k], despues: b[k] };
  const lista = (cs: CampoFormulario[]) =>
    cs.map((c) => `${c.etiqueta} (${ETIQUETAS_TIPO_CAMPO[c.tipo]}${c.obligatorio ? ', obligatorio' : ''})`).join('; ');
  if (lista(antes.campos) !== lista(b.campos)) cambios.campos = { antes: lista(antes.campos), despues: lista(b.campos) };
  await auditar(o, 'modificar', o.id, cambios);
  return formularioOError(o.tx, o.id);
}

export async function borrar(o: Escritura & { id: number }) {
  const f = await formularioOError(o.tx, o.id);
  await repo.borrar(o.tx, o.id);
  await auditar(o, 'eliminar', o.id, { formulario: { antes: `${f.nombre} (${f.envios} envíos)`, despues: null } });
  return { id: o.id };
}

export async function listarEnvios(o: Base & { id: number; query: Lista }) {
  await formularioOError(o.tx, o.id);
  return repo.listarEnvios(o.tx, o.id, pagina(o.query));
}

/** The submissions as a sheet: one column per field the form has had, the newest first. */
export async function exportarEnvios(o: Base & { id: number; formato: 'csv' | 'xlsx' }): Promise<Archivo> {
  const f = await formularioOError(o.tx, o.id);
  const { items, total } = await repo.listarEnvios(o.tx, o.id, { limit: EXPORT_MAX, offset: 0 });
  if (total > EXPORT_MAX)
    throw new AppError(CODES.VALIDACION, `La exportación admite máximo ${EXPORT_MAX.toLocaleString('es-CO')} envíos.`);
  // Fields renamed or removed after some submissions still get their column.
  const etiquetas = [
    ...new Set([...f.campos.map((c) => c.etiqueta), ...items.flatMap((e) => e.respuestas.map((r) => r.etiqueta))]),
  ];
  const hoja = {
    encabezados: ['Fecha', 'Nombre', ...etiquetas, 'Solicitud', 'Cliente atendido', 'Nota'],
    filas: items.map((e) => [
      new Date(e.creado_en),
      e.nombre,
      ...etiquetas.map((k) => e.respuestas.find((r) => r.etiqueta === k)?.valor ?? ''),
      e.numero_solicitud,
      e.consecutivo_cliente,
      e.nota,
    ]),
  };
  return exportarHoja({ hoja, base: `formulario-${f.id}-envios`, titulo: f.nombre.slice(0, 31), formato: o.formato });
}

// ----- the public side

const conConsentimiento = <T extends Omit<FormularioPublico, 'consentimiento'>>(f: T): FormularioPublico => ({
  id: f.id,
  nombre: f.nombre,
  descripcion: f.descripcion,
  campos: f.campos,
  consentimiento: TEXTO_CONSENTIMIENTO,
});

export const publicos = async (tx: Tx) => (await repo.publicos(tx)).map(conConsentimiento);

export async function publico(tx: Tx, id: number) {
  const f = await repo.publico(tx, id);
  if (!f) throw noEncontrado(`El formulario ${id}`);
  return {
    ...conConsentimiento(f),
    mensaje_gracias: f.mensaje_gracias,
    tipo_solicitud: f.tipo_solicitud as TipoSolicitud,
    destino: f.destino,
    gestion_cliente: f.gestion_cliente,
  };
}

async function demasiadas(db: Deps['db'], claves: { usuario: string; ip: string }) {
  const bloqueo = await minutosBloqueo(db, claves);
  if (bloqueo > 0)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      `Ya recibimos varios formularios desde esta conexión. Intente de nuevo en ${bloqueo} ${bloqueo === 1 ? 'minuto' : 'minutos'} o comuníquese por teléfono.`,
      undefined,
      { 'retry-after': String(bloqueo * 60) },
    );
}

export type ResultadoEnvio = { numero: number | null; mensaje: string };

/** The answers checked against the form; a mistake is a 400 naming the field by its label. */
export function revisar(campos: CampoFormulario[], body: EnvioFormularioPublico) {
  const r = validarRespuestas(campos, body.respuestas);
  const errores = Object.entries(r.errores);
  if (errores.length)
    throw new AppError(
      CODES.VALIDACION,
      errores[0]![1],
      errores.map(([campo, mensaje]) => ({ campo: `respuestas.${campo}`, mensaje })),
    );
  return r.valores;
}

// ----- the file field: a file of the envío (platform/archivos)

export const TIPO_DUENO_ENVIO = 'formulario_envio';
export const CATEGORIA_ADJUNTO_KEY = 'adjunto';

/** PDF, JPG or PNG told by the bytes (a text renamed .pdf is refused), up to ARCHIVO_MAX_BYTES. */
export const CATEGORIA_ADJUNTO: Categoria = {
  maxBytes: ARCHIVO_MAX_BYTES,
  maxPorDueno: 1,
  plural: 'archivos',
  tipo: ({ nombre, detectado }) => {
    if (detectado && (ARCHIVO_TIPOS as readonly string[]).includes(detectado)) return detectado;
    throw new AppError(
      CODES.ARCHIVO_INVALIDO,
      `file: «${nombre}» no es un PDF, JPG ni PNG; adjunte el archivo en uno de esos formatos.`,
    );
  },
};

/**
 * The key `recibir` checks before reading a public upload: the published form it is sent to. The envío
 * it will belong to does not exist yet; `registrar` then names the real one (a number).
 */
const CLAVE_FORMULARIO = /^formulario-(\d{1,9})$/;
export const claveFormulario = (id: number) => `formulario-${id}`;

export async function resolverDueno(tx: Tx, clave: string, escribir: boolean): Promise<string | null> {
  const v = CLAVE_FORMULARIO.exec(clave);
  if (v) return !escribir && (await repo.publico(tx, Number(v[1]))) ? clave : null;
  const n = Number(clave);
  if (!/^\d{1,10}$/.test(clave) || !Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
  return (await repo.existeEnvio(tx, n)) ? String(n) : null;
}

/** An error of the platform's upload about its `file` part, said of the form's field by its label. */
function delCampo(e: unknown, c: CampoFormulario): unknown {
  if (!(e instanceof AppError) || !e.message.startsWith('file: ')) return e;
  const mensaje = `El campo ${c.etiqueta}: ${e.message.slice('file: '.length)}`;
  return new AppError(e.code, mensaje, [{ campo: `respuestas.${c.campo}`, mensaje }], e.headers);
}

type DepsEnvio = Pick<Deps, 'db' | 'hub' | 'mailer' | 'storage' | 'config'>;

/**
 * A multipart submission (a form with a file field, from the API or the site): the fields as the HTML
 * form posts them (`nombre`, `autoriza_datos`, `sitio`, `c1`, `c2`…) and the file under its field's key.
 * The file streams through platform/archivos first (checked by its bytes, cut off past 5 MB); any refusal
 * afterwards deletes it.
 */
export async function recibirMultipart(
  deps: DepsEnvio,
  a: {
    idEmpresa: number;
    idFormulario: number;
    ip: string;
    partes: archivos.Partes;
    /** Filled with the fields as they arrive: the public site shows them again beside its mistakes. */
    campos?: Record<string, string>;
  },
): Promise<ResultadoEnvio> {
  const porIp = `web-ip:${a.ip}`;
  await demasiadas(deps.db, { usuario: porIp, ip: porIp });
  const f = await inTenant(deps.db, a.idEmpresa, ({ tx }) => publico(tx, a.idFormulario));
  const campoArchivo = f.campos.find((c) => c.tipo === 'archivo');
  const campos: Record<string, string> = a.campos ?? {};
  const partes: archivos.Partes = (opts) =>
    (async function* () {
      for await (const p of a.partes(opts)) {
        if (p.type === 'field') {
          if (typeof p.value === 'string' && Object.keys(campos).length < MAX_CAMPOS + 5) campos[p.fieldname] = p.value;
          yield p;
        } else if (campoArchivo && p.fieldname === campoArchivo.campo)
          yield Object.create(p, { fieldname: { value: 'file' } }) as typeof p;
        else {
          p.file.resume();
        }
      }
    })();
  let subida: archivos.Subida | null = null;
  if (campoArchivo) {
    try {
      subida = await archivos.recibir({
        db: deps.db,
        storage: deps.storage,
        user: principalSinSesion({ idEmpresa: a.idEmpresa, usuario: 'sitio web', permisos: String(IDM_FORMULARIOS) }),
        cuota: { limiteBytes: deps.config.archivosCuotaBytes },
        tipo: TIPO_DUENO_ENVIO,
        clave: claveFormulario(f.id),
        categoria: CATEGORIA_ADJUNTO_KEY,
        partes,
      });
    } catch (e) {
      // No file sent: the field's own rule (required or not) decides below.
      if (!(e instanceof AppError && e.message.startsWith('file: adjunte el archivo'))) throw delCampo(e, campoArchivo);
    }
  } else for await (const p of partes({ limits: { files: 1, fileSize: 1 } })) void p;
  const { nombre = '', autoriza_datos: autoriza = '', sitio = '', ...respuestas } = campos;
  const datos = ZEnvioFormularioPublico.safeParse({
    nombre,
    respuestas,
    autoriza_datos: autoriza === 'true' || autoriza === 'on',
    sitio,
  });
  if (!datos.success) {
    if (subida) await deps.storage.delete(subida.clave).catch(() => undefined);
    const c = camposConError(datos.error);
    throw new AppError(CODES.VALIDACION, c[0]?.mensaje ?? mensajeValidacion(c), c);
  }
  return recibir(deps, { idEmpresa: a.idEmpresa, idFormulario: a.idFormulario, body: datos.data, ip: a.ip, subida });
}

/**
 * A visitor's submission (JSON API, multipart or the public site): counted against the connection and
 * the company like the site's contact form, checked against the form, kept, and turned into a solicitud
 * or a cliente atendido. A file received for it is recorded under the envío, or deleted on any refusal.
 */
export async function recibir(
  deps: DepsEnvio,
  a: { idEmpresa: number; idFormulario: number; body: EnvioFormularioPublico; ip: string; subida?: archivos.Subida | null },
): Promise<ResultadoEnvio> {
  const subida = a.subida ?? null;
  const borrar = () => (subida ? deps.storage.delete(subida.clave).catch(() => undefined) : Promise.resolve());
  try {
    const r = await recibirYGuardar(deps, { ...a, subida });
    if (r.numero === null && r.guardado === false) await borrar();
    return { numero: r.numero, mensaje: r.mensaje };
  } catch (e) {
    await borrar();
    throw e;
  }
}

async function recibirYGuardar(
  deps: DepsEnvio,
  a: { idEmpresa: number; idFormulario: number; body: EnvioFormularioPublico; ip: string; subida: archivos.Subida | null },
): Promise<ResultadoEnvio & { guardado: boolean }> {
  const porIp = `web-ip:${a.ip}`;
  await demasiadas(deps.db, { usuario: porIp, ip: porIp });
  const f = await inTenant(deps.db, a.idEmpresa, ({ tx }) => publico(tx, a.idFormulario));
  // The file field's answer is the name of the file received, never a text the visitor sent for it.
  const campoArchivo = f.campos.find((c) => c.tipo === 'archivo');
  const body = campoArchivo
    ? { ...a.body, respuestas: { ...a.body.respuestas, [campoArchivo.campo]: a.subida?.nombre ?? '' } }
    : a.body;
  const valores = revisar(f.campos, body);
  const claves = { usuario: `web-form:${a.idEmpresa}`, ip: porIp };
  await demasiadas(deps.db, claves);
  await registrarFallo(deps.db, claves, limitePublico(deps.config.formulariosWebPorIpHora));
  const mensaje = f.mensaje_gracias || 'Recibimos su información. Un asesor se comunicará con usted pronto.';
  // A robot filled the field people never see: thanked, and nothing is kept.
  if (body.sitio) return { numero: null, mensaje, guardado: false };
  const primero = (tipo: string) => valores.find((v) => v.tipo === tipo && v.valor)?.valor ?? '';
  const texto = valores
    .filter((v) => v.valor !== '')
    .map((v) => `${v.etiqueta}: ${v.valor}`)
    .join('\n');
  const mensajeSolicitud = `Formulario «${f.nombre}»\n${texto}`.slice(0, 2000);
  const respuestas = valores.map(({ etiqueta, tipo, valor }) => ({ etiqueta, tipo, valor }));
  const guardarEnvio = async (
    scope: Scope,
    e: { numeroSolicitud: number | null; consecutivoCliente: number | null; nota: string },
  ) => {
    const id = await repo.insertarEnvio(scope.tx, { idFormulario: f.id, nombre: body.nombre, respuestas, ip: a.ip, ...e });
    if (a.subida && campoArchivo)
      await archivos.registrar(
        {
          ...scope,
          user: principalSinSesion({ idEmpresa: a.idEmpresa, usuario: 'sitio web', permisos: String(IDM_FORMULARIOS) }),
          ip: a.ip,
          storage: deps.storage,
          cuota: { limiteBytes: deps.config.archivosCuotaBytes },
          tipo: TIPO_DUENO_ENVIO,
          clave: String(id),
          categoria: CATEGORIA_ADJUNTO_KEY,
          subida: a.subida,
        },
        { accion: 'formulario recibido', campo: campoArchivo.etiqueta },
      );
  };
  // A form that creates clientes atendidos does so when the visitor is a known tercero; the confirmation
  // e-mail names a solicitud's number, so it goes only when a solicitud is what was created.
  if (f.destino === 'cliente_atendido') {
    const hecho = await inTenant(deps.db, a.idEmpresa, async (scope) => {
      const c = await crearDesdeSitio(
        { ...scope, hub: deps.hub, mailer: deps.mailer, ip: a.ip, idEmpresa: a.idEmpresa },
        {
          email: primero('correo'),
          telefono: primero('telefono'),
          gestion: f.gestion_cliente,
          formulario: f.nombre,
          observaciones: `Llegó por el formulario «${f.nombre}» del sitio web a nombre de ${body.nombre}. El solicitante autorizó el tratamiento de sus datos personales (Ley 1581 de 2012), desde la dirección ${a.ip}.\n${texto}`,
        },
      );
      if (!c) return false;
      await guardarEnvio(scope, {
        numeroSolicitud: null,
        consecutivoCliente: c.consecutivo,
        nota: `Se reconoció al tercero ${c.tercero} por su ${c.por === 'correo' ? 'correo electrónico' : 'teléfono'}.`,
      });
      return true;
    });
    if (hecho) return { numero: null, mensaje, guardado: true };
  }
  const confirmar = await debeConfirmar(deps.db, a.idEmpresa, primero('correo'));
  const numero = await inTenant(deps.db, a.idEmpresa, async (scope) => {
    const n = await recibirDeFormulario(
      { ...scope, hub: deps.hub, mailer: deps.mailer, ip: a.ip, idEmpresa: a.idEmpresa },
      {
        nombre: body.nombre,
        telefono: primero('telefono'),
        email: primero('correo'),
        mensaje: mensajeSolicitud,
        tipo: f.tipo_solicitud,
        formulario: f.nombre,
        confirmar,
      },
    );
    await guardarEnvio(scope, {
      numeroSolicitud: n,
      consecutivoCliente: null,
      nota:
        f.destino === 'cliente_atendido'
          ? 'Ningún tercero de la empresa tiene ese correo electrónico ni ese teléfono: quedó como solicitud para convertirla allí.'
          : '',
    });
    return n;
  });
  return { numero, mensaje, guardado: true };
}
