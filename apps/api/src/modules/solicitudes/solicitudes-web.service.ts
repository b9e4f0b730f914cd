import { sql } from 'drizzle-orm';
import { esCorreo } from '@predio/contract/campos';
import { CODES } from '@predio/contract/codes';
import { etiquetaTipo, type SolicitudWeb, type TipoSolicitud } from '@predio/contract/solicitudes';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import { limitePublico, minutosBloqueo, registrarFallo, tomarTurno } from '../../platform/auth/throttle.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import { encolarCorreo } from '../../platform/mail/outbox.ts';
import { inTenant, type Scope } from '../../platform/tenant.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import * as repo from './solicitudes.repo.ts';
import { crear, enlaceSolicitud, puedeAtender, TIPO_CARTA_SOLICITUD } from './solicitudes.service.ts';

/** Who wrote it, for the history, the audit and «creado por». */
const sitioWeb = (idEmpresa: number): Principal => principalSinSesion({ idEmpresa, usuario: 'sitio web' });

type EmpresaFormulario = {
  id_empresa: number;
  nombre: string;
  telefonos: string;
  email: string;
  web: string;
  confirmar: boolean;
  cors_origenes: string[];
};

/**
 * What a visitor who left an e-mail receives: the request's number and type, and how to reach the
 * agency. Nothing the visitor wrote is repeated (not even the name), so the form cannot be used to
 * send someone else a message of one's own.
 */
export function confirmacion(
  e: Pick<EmpresaFormulario, 'nombre' | 'telefonos' | 'web' | 'email'>,
  numero: number,
  s: Pick<SolicitudWeb, 'tipo' | 'inmueble'>,
): { asunto: string; texto: string } {
  const tipo = s.tipo === 'otro' ? '' : ` (${etiquetaTipo(s.tipo).toLowerCase()})`;
  const sobre = s.inmueble ? `, sobre el inmueble ${s.inmueble},` : '';
  // Replies reach the agency only when it has a valid e-mail; otherwise only its phones are offered.
  const contacto = [esCorreo(e.email) ? 'responda este correo' : '', e.telefonos ? `llámenos al ${e.telefonos}` : '']
    .filter(Boolean)
    .join(' o ');
  return {
    asunto: `Recibimos su solicitud N.º ${numero} · ${e.nombre}`,
    texto: [
      'Hola:',
      `Recibimos su solicitud N.º ${numero}${tipo}${sobre} enviada desde nuestro sitio web. Un asesor de ${e.nombre} se comunicará con usted pronto.`,
      contacto ? `Si necesita algo antes, ${contacto}.` : '',
      [e.nombre, [e.telefonos, e.web].filter(Boolean).join(' · ')].filter(Boolean).join('\n'),
      'Este es un mensaje automático. Si usted no envió esta solicitud, puede ignorarlo.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}

/** One inbox however it is written: no «+etiqueta», and Gmail ignores the dots of the name. */
export function buzon(correo: string): string {
  const [nombre = '', dominio = ''] = correo.trim().toLowerCase().split('@');
  const sinEtiqueta = nombre.split('+')[0]!;
  const gmail = dominio === 'gmail.com' || dominio === 'googlemail.com';
  return `${gmail ? sinEtiqueta.replace(/\./g, '') : sinEtiqueta}@${gmail ? 'gmail.com' : dominio}`;
}

/** Confirmations a form sends at most in an hour, whoever they go to. */
const CONFIRMACIONES_POR_HORA = 60;

/**
 * Whether this request may be confirmed: an inbox gets at most one confirmation an hour from any
 * agency's form, however its address is written, and a form sends at most CONFIRMACIONES_POR_HORA;
 * so the public form cannot be used to fill someone's inbox.
 */
export async function puedeConfirmar(db: Database, idEmpresa: number, para: string): Promise<boolean> {
  // Two keys, as the throttle counts each of them once: one key given twice counted every
  // confirmation double, and the form stopped at half its limit.
  const porForm = { usuario: `web-confirma-form:${idEmpresa}`, ip: `web-confirma-form-ip:${idEmpresa}` };
  if ((await minutosBloqueo(db, porForm)) > 0) return false;
  if (!(await tomarTurno(db, `web-confirma:${buzon(para)}`, 60))) return false;
  await registrarFallo(db, porForm, {
    maxPorUsuario: CONFIRMACIONES_POR_HORA,
    maxPorIp: CONFIRMACIONES_POR_HORA,
    ventanaMin: 60,
    bloqueoMin: 60,
  });
  return true;
}

/**
 * Whether a form built in Página web confirms to `email`: the company's switch in Compañía (the same
 * one as the contact form's) and the per-inbox and per-company limits. Outside any transaction.
 */
export async function debeConfirmar(db: Database, idEmpresa: number, email: string): Promise<boolean> {
  if (email === '') return false;
  const [e] = await db.system((tx) =>
    queryRows<{ confirmar: boolean }>(
      tx,
      sql`select confirmar_formulario_web as confirmar from empresa where id_empresa = ${idEmpresa}`,
    ),
  );
  return e?.confirmar === true && (await puedeConfirmar(db, idEmpresa, email));
}

/**
 * A visitor's request from the agency's website: it becomes a solicitud «nueva» (canal sitio web) with
 * the visitor's consent to the use of their data in its history, and everyone who attends solicitudes
 * hears of it; a visitor who left an e-mail is sent a confirmation, unless Compañía turned it off.
 * Answers the request's number, which the website may show.
 */
export async function recibir(
  deps: Pick<Deps, 'db' | 'hub' | 'mailer' | 'config'>,
  body: SolicitudWeb,
  ip: string,
  /** The page's origin when another site's page posted it (not Predio's own pages). */
  origen?: string,
): Promise<{ numero: number | null }> {
  const porIp = `web-ip:${ip}`;
  const demasiadas = async (claves: { usuario: string; ip: string }) => {
    const bloqueo = await minutosBloqueo(deps.db, claves);
    if (bloqueo > 0)
      throw new AppError(
        CODES.DEMASIADOS_INTENTOS,
        `Ya recibimos varias solicitudes desde esta conexión. Intente de nuevo en ${bloqueo} ${bloqueo === 1 ? 'minuto' : 'minutos'} o comuníquese por teléfono.`,
        undefined,
        { 'retry-after': String(bloqueo * 60) },
      );
  };
  await demasiadas({ usuario: porIp, ip: porIp });
  const [empresa] = await deps.db.system((tx) =>
    queryRows<EmpresaFormulario>(
      tx,
      sql`select id_empresa, nombre, telefonos, email, web, confirmar_formulario_web as confirmar, cors_origenes
          from empresa where clave_formulario_web = ${body.clave}`,
    ),
  );
  if (!empresa) {
    // Guessing keys counts against the connection too (twice: it has no form to count against).
    await registrarFallo(deps.db, { usuario: porIp, ip: porIp }, limitePublico(deps.config.formulariosWebPorIpHora));
    throw noEncontrado('El formulario de este sitio web (la clave no corresponde a un formulario activo)');
  }
  // A company that listed its sites' origins (Compañía › API pública) takes the form only from them: the
  // key is in every page's source, so without the list any site could post in its name. The browser's
  // preflight cannot be refused (it carries no key), so the check is here, before anything is written.
  if (origen && empresa.cors_origenes.length > 0 && !empresa.cors_origenes.includes(origen.toLowerCase()))
    throw new AppError(
      CODES.SIN_PERMISO,
      `Este formulario no acepta envíos desde ${origen}: la inmobiliaria debe agregarlo en Compañía › API pública y dominio del sitio web › Orígenes permitidos.`,
      [{ campo: 'origin', mensaje: 'no está en los orígenes permitidos' }],
    );
  const claves = { usuario: `web-form:${empresa.id_empresa}`, ip: porIp };
  await demasiadas(claves);
  await registrarFallo(deps.db, claves, limitePublico(deps.config.formulariosWebPorIpHora));
  // A robot filled the field people never see: thanked, and nothing is kept.
  if (body.sitio) return { numero: null };
  const user = sitioWeb(empresa.id_empresa);
  const confirmar = body.email !== '' && empresa.confirmar && (await puedeConfirmar(deps.db, empresa.id_empresa, body.email));
  const numero = await inTenant(deps.db, empresa.id_empresa, async (scope) => {
    const o = { ...scope, hub: deps.hub, mailer: deps.mailer, user, ip };
    // A page left open may name a property since deleted, or a number mistyped: the request is kept
    // without it, and its history says which one the visitor named.
    const nombrado = body.inmueble ?? null;
    const inmueble = nombrado !== null && (await repo.inmueblePorConsecutivo(scope.tx, nombrado, true)) ? nombrado : null;
    const d = await crear({
      ...o,
      body: {
        canal: 'sitio_web',
        portal: null,
        tipo: body.tipo,
        id_tercero: null,
        contacto_nombre: body.nombre,
        contacto_telefono: body.telefono,
        contacto_email: body.email,
        consecutivo_inmueble: inmueble,
        fecha_recepcion: null,
        mensaje: body.mensaje,
        id_asignado: null,
      },
    });
    const fila = await repo.porNumero(scope.tx, d.numero);
    await repo.registrarHistorial(scope.tx, {
      idSolicitud: fila!.id,
      tipo: 'nota',
      nota: `El solicitante autorizó en el formulario del sitio web el tratamiento de sus datos personales (Ley 1581 de 2012), desde la dirección ${ip}.`,
      idUsuario: null,
      usuario: user.usuario,
    });
    if (nombrado !== null && inmueble === null)
      await repo.registrarHistorial(scope.tx, {
        idSolicitud: fila!.id,
        tipo: 'nota',
        nota: `El formulario nombró el inmueble ${nombrado}, que la inmobiliaria no tiene (pudo ser eliminado o estar mal escrito).`,
        idUsuario: null,
        usuario: user.usuario,
      });
    if (confirmar) {
      const c = confirmacion(empresa, d.numero, { ...body, inmueble });
      await encolarCorreo(o, {
        para: body.email,
        ...c,
        origen: `solicitud:${d.numero}`,
        responderA: esCorreo(empresa.email) ? empresa.email : null,
      });
      await repo.registrarHistorial(scope.tx, {
        idSolicitud: fila!.id,
        tipo: 'nota',
        nota: `Se envió al solicitante la confirmación de recibido por correo a ${body.email}.`,
        idUsuario: null,
        usuario: user.usuario,
      });
    }
    for (const u of (await repo.usuariosActivos(scope.tx)).filter(puedeAtender))
      await notificar(o, {
        idEmpresa: empresa.id_empresa,
        idUsuario: u.id,
        tipoCarta: TIPO_CARTA_SOLICITUD,
        titulo: `Solicitud ${d.numero} desde el sitio web`,
        cuerpo: `${body.nombre} escribió desde el sitio web (${etiquetaTipo(body.tipo).toLowerCase()}): ${body.mensaje.slice(0, 140)}`,
        enlace: enlaceSolicitud(d.numero),
      });
    return d.numero;
  });
  return { numero };
}

/**
 * A submission of a form built in Página web > Formularios (issue 32): a solicitud «nueva» (canal sitio
 * web) of the form's type, with the visitor's consent in its history, and everyone who attends
 * solicitudes hears of it. The caller has checked the answers, the limits and the honeypot, and runs
 * in the company's transaction.
 */
export async function recibirDeFormulario(
  o: Scope & Pick<Deps, 'hub' | 'mailer'> & { ip: string; idEmpresa: number },
  d: {
    nombre: string;
    telefono: string;
    email: string;
    mensaje: string;
    tipo: TipoSolicitud;
    formulario: string;
    /** debeConfirmar said yes: the visitor gets the same confirmation as the contact form's. */
    confirmar?: boolean;
  },
): Promise<number> {
  const idEmpresa = o.idEmpresa;
  const user = sitioWeb(idEmpresa);
  const c = { ...o, user };
  const s = await crear({
    ...c,
    body: {
      canal: 'sitio_web',
      portal: null,
      tipo: d.tipo,
      id_tercero: null,
      contacto_nombre: d.nombre,
      contacto_telefono: d.telefono,
      contacto_email: d.email,
      consecutivo_inmueble: null,
      fecha_recepcion: null,
      mensaje: d.mensaje,
      id_asignado: null,
    },
  });
  const fila = await repo.porNumero(o.tx, s.numero);
  await repo.registrarHistorial(o.tx, {
    idSolicitud: fila!.id,
    tipo: 'nota',
    nota: `Llegó por el formulario «${d.formulario}» del sitio web. El solicitante autorizó el tratamiento de sus datos personales (Ley 1581 de 2012), desde la dirección ${o.ip}.`,
    idUsuario: null,
    usuario: user.usuario,
  });
  if (d.confirmar && d.email) {
    const [empresa] = await queryRows<Pick<EmpresaFormulario, 'nombre' | 'telefonos' | 'web' | 'email'>>(
      o.tx,
      sql`select nombre, telefonos, web, email from empresa limit 1`,
    );
    await encolarCorreo(c, {
      para: d.email,
      ...confirmacion(empresa!, s.numero, { tipo: d.tipo, inmueble: null }),
      origen: `solicitud:${s.numero}`,
      responderA: esCorreo(empresa!.email) ? empresa!.email : null,
    });
    await repo.registrarHistorial(o.tx, {
      idSolicitud: fila!.id,
      tipo: 'nota',
      nota: `Se envió al solicitante la confirmación de recibido por correo a ${d.email}.`,
      idUsuario: null,
      usuario: user.usuario,
    });
  }
  for (const u of (await repo.usuariosActivos(o.tx)).filter(puedeAtender))
    await notificar(c, {
      idEmpresa,
      idUsuario: u.id,
      tipoCarta: TIPO_CARTA_SOLICITUD,
      titulo: `Solicitud ${s.numero} del formulario «${d.formulario}»`,
      cuerpo: `${d.nombre} envió el formulario «${d.formulario}» del sitio web (${etiquetaTipo(d.tipo).toLowerCase()}).`,
      enlace: enlaceSolicitud(s.numero),
    });
  return s.numero;
}
