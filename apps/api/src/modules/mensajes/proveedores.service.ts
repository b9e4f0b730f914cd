import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import {
  CANALES_MENSAJE,
  PROVEEDORES,
  ZProveedorGuardar,
  type CanalMensaje,
  type ProveedorConfigurado,
  type ProveedorGuardar,
} from '@predio/contract/mensajes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { exigirDestinoExterno } from '../../platform/http/destinos.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';

// Configurar mensajes › SMS y WhatsApp: each channel's provider. The secret is write-only.

type Fila = {
  canal: CanalMensaje;
  proveedor: string;
  activo: boolean;
  ajustes: Record<string, string>;
  con_secreto: boolean;
  con_secreto_app: boolean;
};

const aDto = (f: Fila): ProveedorConfigurado => ({
  canal: f.canal,
  proveedor: f.proveedor as ProveedorConfigurado['proveedor'],
  activo: f.activo,
  url: f.ajustes.url || undefined,
  remitente: f.ajustes.remitente ?? '',
  cuerpo: f.ajustes.cuerpo ?? '',
  cabecera: f.ajustes.cabecera ?? '',
  con_secreto: f.con_secreto,
  con_secreto_app: f.con_secreto_app,
});

export async function listar(o: { tx: Tx }): Promise<ProveedorConfigurado[]> {
  const filas = await queryRows<Fila>(
    o.tx,
    sql`select canal, proveedor, activo, ajustes, credenciales <> '' as con_secreto, secreto_webhook <> '' as con_secreto_app
        from mensaje_proveedor order by canal`,
  );
  return CANALES_MENSAJE.flatMap((c) => filas.filter((f) => f.canal === c).map(aDto));
}

export async function guardar(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  cifrador: Cifrador;
  canal: CanalMensaje;
  body: ProveedorGuardar;
}): Promise<ProveedorConfigurado> {
  const b = ZProveedorGuardar.parse(o.body);
  if (!(PROVEEDORES[o.canal] as readonly string[]).includes(b.proveedor))
    throw new AppError(CODES.VALIDACION, `proveedor: «${b.proveedor}» no sirve para ${o.canal === 'sms' ? 'SMS' : 'WhatsApp'}`, [
      { campo: 'proveedor', mensaje: 'no sirve para este canal' },
    ]);
  if (b.proveedor === 'generico' && !b.url)
    throw new AppError(CODES.VALIDACION, 'url: es obligatoria para el proveedor genérico', [
      { campo: 'url', mensaje: 'es obligatoria' },
    ]);
  if (b.proveedor === 'whatsapp_cloud' && !b.remitente)
    throw new AppError(CODES.VALIDACION, 'remitente: escriba el identificador del número de WhatsApp (phone number id)', [
      { campo: 'remitente', mensaje: 'es obligatorio' },
    ]);
  exigirDestinoExterno(b.url, 'url', b.proveedor === 'generico' ? 'Dirección (POST)' : 'Dirección de la API');
  const ajustes = { url: b.url ?? '', remitente: b.remitente, cuerpo: b.cuerpo, cabecera: b.cabecera };
  // An empty secret keeps the saved one, so editing the other settings does not require typing it again.
  const cifrado = b.secreto ? o.cifrador.cifrar(b.secreto) : null;
  const app = b.proveedor === 'whatsapp_cloud' && b.secreto_app ? o.cifrador.cifrar(b.secreto_app) : null;
  await o.tx.execute(sql`insert into mensaje_proveedor (canal, proveedor, activo, ajustes, credenciales, secreto_webhook)
    values (${o.canal}, ${b.proveedor}, ${b.activo}, ${JSON.stringify(ajustes)}::jsonb, ${cifrado ?? ''}, ${app ?? ''})
    on conflict (id_empresa, canal) do update set proveedor = excluded.proveedor, activo = excluded.activo,
      ajustes = excluded.ajustes, actualizado = now(),
      credenciales = case when ${cifrado === null} then mensaje_proveedor.credenciales else excluded.credenciales end,
      secreto_webhook = case when ${app === null} then mensaje_proveedor.secreto_webhook else excluded.secreto_webhook end`);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'actualizar',
    entidad: 'mensaje_proveedor',
    entidadId: o.canal,
    // The secret is never written to the audit either: only that it changed.
    cambios: {
      proveedor: { antes: null, despues: b.proveedor },
      secreto: { antes: null, despues: cifrado ? 'cambiado' : 'sin cambio' },
      secreto_app: { antes: null, despues: app ? 'cambiado' : 'sin cambio' },
    },
    ip: o.ip,
  });
  return (await listar(o)).find((p) => p.canal === o.canal)!;
}
