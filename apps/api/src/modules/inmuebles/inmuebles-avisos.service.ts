import { sql } from 'drizzle-orm';
import { ETIQUETAS_ESTADO, ETIQUETAS_TIPO, type EstadoInmueble, type InmuebleDetalle } from '@predio/contract/inmuebles';
import { TIPO_CARTA_INMUEBLES_ASIGNADOS } from '@predio/contract/inmuebles-utilidades';
import { queryRows } from '../../db/rows.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { pesos } from '../../platform/formato.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Scope } from '../../platform/tenant.ts';
import { notificar } from '../../platform/notificar/notificar.ts';

// The notices of the «Inmuebles» module (notification types 201–204) that reach a property's own
// asesores: the captador and the comercial. Whoever makes the change is never told of it.

export const TIPO_CARTA_INMUEBLE_CAPTADO = 201;
export const TIPO_CARTA_CAMBIO_ESTADO = 202;
export const TIPO_CARTA_CAMBIO_PRECIO = 203;
export const TIPO_CARTA_VENCIMIENTO_CONSIGNACION = 204;

/** The estados type 202 tells of: the property leaves the market or is held. */
const ESTADOS_AVISADOS: readonly EstadoInmueble[] = ['reservado', 'arrendado', 'vendido', 'retirado'];

export type Entorno = Scope & { hub: Hub; mailer: Despertador };
type Rol = 'captador' | 'comercial';
type Aviso = { idUsuario: number; tipoCarta: number; titulo: string; cuerpo: string };

/** «Apartamento en El Poblado, Medellín · Calle 10 # 37-45»: what a notice calls the property besides its number. */
export function nombreInmueble(d: Pick<InmuebleDetalle, 'tipo' | 'barrio' | 'municipio' | 'direccion'>): string {
  const donde = [d.barrio, d.municipio].filter(Boolean).join(', ');
  return `${ETIQUETAS_TIPO[d.tipo] ?? d.tipo}${donde ? ` en ${donde}` : ''} · ${d.direccion}`;
}

/** The property's asesores, each with the roles they hold in it. */
function asesores(d: InmuebleDetalle): Map<number, Rol[]> {
  const m = new Map<number, Rol[]>();
  const [captador, comercial] = [d.id_asesor_captador ?? null, d.id_asesor_comercial ?? null];
  if (captador !== null) m.set(captador, ['captador']);
  if (comercial !== null) m.set(comercial, [...(m.get(comercial) ?? []), 'comercial']);
  return m;
}

const roles = (r: Rol[]) => `asesor ${r.join(' y ')}`;
const precio = (v: number | null | undefined) => (v === null || v === undefined ? 'sin precio' : pesos(v));

function cambiosDePrecio(antes: InmuebleDetalle, despues: InmuebleDetalle): string[] {
  const out: string[] = [];
  if ((antes.canon ?? null) !== (despues.canon ?? null)) out.push(`canon de ${precio(antes.canon)} a ${precio(despues.canon)}`);
  if ((antes.precio_venta ?? null) !== (despues.precio_venta ?? null))
    out.push(`precio de venta de ${precio(antes.precio_venta)} a ${precio(despues.precio_venta)}`);
  return out;
}

async function causal(o: Entorno, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [r] = await queryRows<{ nombre: string }>(o.tx, sql`select nombre from causales_retiro where id = ${id}`);
  return r?.nombre ?? null;
}

/**
 * What a write to a property tells its asesores, by the channels each chose:
 * - created (`antes` null): 201 to its asesores;
 * - an asesor put in a role they did not hold: 205 («Le asignaron un inmueble»), and nothing else;
 * - the estado became reservado, arrendado, vendido or retirado: 202;
 * - the canon or the sale price changed: 203.
 * Inactive users and the user who made the change are left out.
 */
export async function avisarAsesores(
  o: Entorno & { user: Principal },
  antes: InmuebleDetalle | null,
  despues: InmuebleDetalle,
): Promise<void> {
  const c = despues.consecutivo;
  const nombre = nombreInmueble(despues);
  const quien = o.user.usuario;
  const avisos: Aviso[] = [];
  const previos = antes ? asesores(antes) : new Map<number, Rol[]>();
  const actuales = asesores(despues);
  const asignados = new Set<number>();
  for (const [idUsuario, rs] of actuales) {
    const nuevos = antes ? rs.filter((r) => !(previos.get(idUsuario) ?? []).includes(r)) : [];
    if (!antes) {
      avisos.push({
        idUsuario,
        tipoCarta: TIPO_CARTA_INMUEBLE_CAPTADO,
        titulo: `Inmueble ${c} captado`,
        cuerpo: `${quien} registró el inmueble ${c}: ${nombre}. Usted es su ${roles(rs)}.`,
      });
    } else if (nuevos.length > 0) {
      asignados.add(idUsuario);
      avisos.push({
        idUsuario,
        tipoCarta: TIPO_CARTA_INMUEBLES_ASIGNADOS,
        titulo: 'Le asignaron un inmueble',
        cuerpo: `${quien} lo asignó como ${roles(nuevos)} del inmueble ${c}: ${nombre}.`,
      });
    }
  }
  if (antes) {
    const demas = [...actuales.keys()].filter((id) => !asignados.has(id));
    if (antes.estado !== despues.estado && ESTADOS_AVISADOS.includes(despues.estado)) {
      const porque = despues.estado === 'retirado' ? await causal(o, despues.id_causal_retiro) : null;
      const estado = ETIQUETAS_ESTADO[despues.estado].toLowerCase();
      for (const idUsuario of demas)
        avisos.push({
          idUsuario,
          tipoCarta: TIPO_CARTA_CAMBIO_ESTADO,
          titulo: `Inmueble ${c} ${estado}`,
          cuerpo: `${quien} pasó el inmueble ${c} (${nombre}) de ${ETIQUETAS_ESTADO[antes.estado].toLowerCase()} a ${estado}${porque ? `. Causal: ${porque}` : ''}.`,
        });
    }
    const precios = cambiosDePrecio(antes, despues);
    if (precios.length > 0)
      for (const idUsuario of demas)
        avisos.push({
          idUsuario,
          tipoCarta: TIPO_CARTA_CAMBIO_PRECIO,
          titulo: `Cambio de precio del inmueble ${c}`,
          cuerpo: `${quien} cambió en el inmueble ${c} (${nombre}) el ${precios.join(' y el ')}.`,
        });
  }
  const destinos = avisos.filter((a) => a.idUsuario !== o.user.idUsuario);
  if (destinos.length === 0) return;
  const activos = new Set(
    (
      await queryRows<{ id: number }>(
        o.tx,
        sql`select id from usuarios where activo and id = any(${sql.param([...new Set(destinos.map((a) => a.idUsuario))])}::int[])`,
      )
    ).map((r) => r.id),
  );
  for (const a of destinos) {
    if (!activos.has(a.idUsuario)) continue;
    await notificar(o, { idEmpresa: o.user.idEmpresa, ...a, enlace: `/propiedades/inmueble/${c}` });
  }
}
