import type { ModuloNotificaciones } from '@predio/contract/notificaciones';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import { aNotificacion, notificar } from '../../platform/notificar/notificar.ts';
import type { Scope } from '../../platform/tenant.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import * as repo from './notificaciones.repo.ts';

export async function consultarConfig(o: { tx: Tx; user: Principal }): Promise<ModuloNotificaciones[]> {
  const filas = await repo.tiposConConfig(o.tx, o.user.idUsuario);
  const modulos = new Map<string, ModuloNotificaciones>();
  for (const f of filas) {
    let m = modulos.get(f.modulo);
    if (!m) modulos.set(f.modulo, (m = { label: f.moduloLabel, notificaciones: [] }));
    m.notificaciones.push({
      tipo_Carta: f.tipoCarta,
      titulo: f.titulo,
      descripcion: f.descripcion,
      in_App: f.inApp,
      email: f.email,
      sms: f.sms,
      whatsapp: f.whatsapp,
    });
  }
  return [...modulos.values()];
}

/** Staff edit their own preferences (spec §6); only the switches are taken from the body. */
const CANALES = ['inApp', 'email', 'sms', 'whatsapp'] as const;

/** Staff edit their own preferences (spec §6); only the switches are taken from the body, and changes are audited. */
export async function grabarConfig(o: { tx: Tx; user: Principal; body: ModuloNotificaciones[]; ip: string }): Promise<void> {
  const existentes = await repo.tiposExistentes(o.tx);
  const filas = o.body.flatMap((m, i) =>
    m.notificaciones.map((n, j) => {
      if (!existentes.has(n.tipo_Carta))
        throw invalido(`${i}.notificaciones.${j}.tipo_Carta`, `el tipo ${n.tipo_Carta} no existe`);
      return { tipoCarta: n.tipo_Carta, inApp: n.in_App, email: n.email, sms: n.sms, whatsapp: n.whatsapp };
    }),
  );
  const antes = new Map((await repo.tiposConConfig(o.tx, o.user.idUsuario)).map((f) => [f.tipoCarta, f]));
  const cambios: Cambios = {};
  for (const f of filas) {
    const previo = antes.get(f.tipoCarta);
    for (const canal of CANALES) {
      if (previo && previo[canal] !== f[canal]) cambios[`${f.tipoCarta}.${canal}`] = { antes: previo[canal], despues: f[canal] };
    }
  }
  await repo.guardarConfig(o.tx, o.user.idUsuario, filas);
  if (Object.keys(cambios).length > 0) {
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'actualizar',
      entidad: 'notificacion_config',
      entidadId: String(o.user.idUsuario),
      cambios,
      ip: o.ip,
    });
  }
}

export async function listar(o: { tx: Tx; user: Principal }) {
  const [items, noLeidas] = await Promise.all([
    repo.recientes(o.tx, o.user.idUsuario, 50),
    repo.noLeidas(o.tx, o.user.idUsuario),
  ]);
  return { items: items.map(aNotificacion), noLeidas };
}

export async function leer(o: { tx: Tx; user: Principal; id: number }): Promise<void> {
  if (!(await repo.marcarLeida(o.tx, o.user.idUsuario, o.id))) throw noEncontrado('La notificación');
}

export async function leerTodas(o: { tx: Tx; user: Principal }): Promise<{ marcadas: number }> {
  return { marcadas: await repo.marcarTodas(o.tx, o.user.idUsuario) };
}

export function prueba(o: Scope & { hub: Hub; mailer: Despertador; user: Principal }) {
  return notificar(o, {
    idEmpresa: o.user.idEmpresa,
    idUsuario: o.user.idUsuario,
    tipoCarta: null,
    titulo: 'Notificación de prueba',
    cuerpo: 'Si ve este mensaje, las notificaciones en la aplicación funcionan.',
    enlace: '/inicio',
  });
}
