import { CODES } from '@predio/contract/codes';
import {
  ETIQUETAS_TIPO_CAMPO,
  TEXTO_CONSENTIMIENTO,
  validarRespuestas,
  type CampoFormulario,
  type EnvioFormularioPublico,
  type FormularioForm,
  type FormularioPublico,
} from '@predio/contract/pagina-web-formularios';
import { SOLICITUDES_WEB_POR_IP_HORA, type TipoSolicitud } from '@predio/contract/solicitudes';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { minutosBloqueo, registrarFallo, type ThrottleConfig } from '../../platform/auth/throttle.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import { enTenant } from '../../platform/tenant.ts';
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
  for (const k of ['nombre', 'descripcion', 'tipo_solicitud', 'mensaje_gracias', 'activo'] as const)
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
    encabezados: ['Fecha', 'Nombre', ...etiquetas, 'Solicitud'],
    filas: items.map((e) => [
      new Date(e.creado_en),
      e.nombre,
      ...etiquetas.map((k) => e.respuestas.find((r) => r.etiqueta === k)?.valor ?? ''),
      e.numero_solicitud,
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
  return { ...conConsentimiento(f), mensaje_gracias: f.mensaje_gracias, tipo_solicitud: f.tipo_solicitud as TipoSolicitud };
}

/** As many as the site's own contact form: a person sends one or two; a flood stops at the company's limit. */
const LIMITE: ThrottleConfig = { maxPorIp: SOLICITUDES_WEB_POR_IP_HORA, maxPorUsuario: 300, ventanaMin: 60, bloqueoMin: 60 };

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

/**
 * A visitor's submission (JSON API or the public site): counted against the connection and the
 * company like the site's contact form, checked against the form, kept, and turned into a solicitud.
 */
export async function recibir(
  deps: Pick<Deps, 'db' | 'hub' | 'mailer'>,
  a: { idEmpresa: number; idFormulario: number; body: EnvioFormularioPublico; ip: string },
): Promise<ResultadoEnvio> {
  const porIp = `web-ip:${a.ip}`;
  await demasiadas(deps.db, { usuario: porIp, ip: porIp });
  const f = await enTenant(deps.db, a.idEmpresa, ({ tx }) => publico(tx, a.idFormulario));
  const valores = revisar(f.campos, a.body);
  const claves = { usuario: `web-form:${a.idEmpresa}`, ip: porIp };
  await demasiadas(deps.db, claves);
  await registrarFallo(deps.db, claves, LIMITE);
  const mensaje = f.mensaje_gracias || 'Recibimos su información. Un asesor se comunicará con usted pronto.';
  // A robot filled the field people never see: thanked, and nothing is kept.
  if (a.body.sitio) return { numero: null, mensaje };
  const primero = (tipo: string) => valores.find((v) => v.tipo === tipo && v.valor)?.valor ?? '';
  const texto = valores
    .filter((v) => v.valor !== '')
    .map((v) => `${v.etiqueta}: ${v.valor}`)
    .join('\n');
  const confirmar = await debeConfirmar(deps.db, a.idEmpresa, primero('correo'));
  const numero = await enTenant(deps.db, a.idEmpresa, async (scope) => {
    const n = await recibirDeFormulario(
      { ...scope, hub: deps.hub, mailer: deps.mailer, ip: a.ip, idEmpresa: a.idEmpresa },
      {
        nombre: a.body.nombre,
        telefono: primero('telefono'),
        email: primero('correo'),
        mensaje: `Formulario «${f.nombre}»\n${texto}`.slice(0, 2000),
        tipo: f.tipo_solicitud,
        formulario: f.nombre,
        confirmar,
      },
    );
    await repo.insertarEnvio(scope.tx, {
      idFormulario: f.id,
      nombre: a.body.nombre,
      respuestas: valores.map(({ etiqueta, tipo, valor }) => ({ etiqueta, tipo, valor })),
      numeroSolicitud: n,
      ip: a.ip,
    });
    return n;
  });
  return { numero, mensaje };
}
