import {
  IDM_CLIENTES_ATENDIDOS,
  PESOS_COINCIDENCIA as W,
  type ClienteCoincidente,
  type CriterioCoincidencia,
  type EstadoCliente,
  type InmuebleCoincidente,
  type Motivo,
  type Requisitos,
} from '@predio/contract/clientes';
import { type EstadoInmueble, type Gestion, type TipoInmueble } from '@predio/contract/inmuebles';
import { hasIdm } from '@predio/contract/menu';
import type { Tx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { noEncontrado } from '../../platform/errors/app-error.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Scope } from '../../platform/tenant.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import * as repo from './clientes-coincidencias.repo.ts';
import { fechas } from './clientes.repo.ts';
import { pesos } from '../../platform/formato.ts';

const { instante } = fechas;

const num = (v: string | number | null) => (v === null ? null : Number(v));
const plural = (k: number, uno: string, varios: string) => (k === 1 ? `1 ${uno}` : `${k} ${varios}`);

function faltan(k: number, uno: string, varios: string) {
  return k === 1 ? `Falta 1 ${uno}` : `Faltan ${k} ${varios}`;
}

/** The reasons of a score, one per criterion the lead filled in, from the points SQL gave. */
export function motivos(f: repo.FilaPuntos): Motivo[] {
  const out: Motivo[] = [];
  const add = (criterio: Motivo['criterio'], puntos: number, texto: string) =>
    out.push({ criterio, puntos, maximo: W[criterio], texto, cumple: puntos === W[criterio] });
  if (f.precio_min !== null || f.precio_max !== null)
    add(
      'precio',
      f.p_precio,
      f.p_precio === W.precio
        ? 'Precio dentro del rango'
        : f.p_precio > 0
          ? 'Precio hasta 10 % fuera del rango'
          : 'Precio fuera del rango',
    );
  if (f.barrios.length > 0 || f.zonas.length > 0)
    add(
      'ubicacion',
      f.p_ubicacion,
      f.id_barrio !== null && f.barrios.includes(f.id_barrio)
        ? 'En un barrio buscado'
        : f.p_ubicacion > 0
          ? 'En una zona buscada'
          : 'Fuera de los barrios y zonas buscados',
    );
  if (f.area_min !== null || f.area_max !== null)
    add(
      'area',
      f.p_area,
      f.area === null
        ? 'Sin área registrada'
        : f.p_area === W.area
          ? 'Área dentro del rango'
          : f.p_area > 0
            ? 'Área hasta 10 % fuera del rango'
            : 'Área fuera del rango',
    );
  const minimo = (
    criterio: 'habitaciones' | 'banos' | 'parqueaderos',
    pedido: number | null,
    tiene: number,
    uno: string,
    varios: string,
    ok: string,
  ) => {
    if (pedido === null) return;
    const p = f[`p_${criterio}`];
    add(criterio, p, tiene >= pedido ? `${ok} (${tiene})` : faltan(pedido - tiene, uno, varios));
  };
  minimo('habitaciones', f.habitaciones_min, f.habitaciones, 'habitación', 'habitaciones', 'Habitaciones suficientes');
  minimo('banos', f.banos_min, f.banos, 'baño', 'baños', 'Baños suficientes');
  minimo('parqueaderos', f.parqueaderos_min, f.parqueaderos, 'parqueadero', 'parqueaderos', 'Parqueaderos suficientes');
  if (f.estratos.length > 0)
    add(
      'estrato',
      f.p_estrato,
      f.estrato === null
        ? 'Sin estrato registrado'
        : f.p_estrato === W.estrato
          ? `Estrato ${f.estrato} buscado`
          : f.p_estrato > 0
            ? `Estrato ${f.estrato}, cercano al buscado`
            : `Estrato ${f.estrato}, fuera del buscado`,
    );
  if (f.caracteristicas.length > 0)
    add(
      'caracteristicas',
      f.p_caracteristicas,
      `Tiene ${f.car_tiene} de ${plural(f.caracteristicas.length, 'característica', 'características')}`,
    );
  return out;
}

/** The weights of the criteria a lead filled in (the score's denominator; the SQL computes the same). */
export function pesoEnJuego(r: Requisitos): number {
  const lleno: Record<CriterioCoincidencia, boolean> = {
    precio: r.precio_min != null || r.precio_max != null,
    ubicacion: r.barrios.length > 0 || r.zonas.length > 0,
    area: r.area_min != null || r.area_max != null,
    habitaciones: r.habitaciones_min != null,
    banos: r.banos_min != null,
    parqueaderos: r.parqueaderos_min != null,
    estrato: r.estratos.length > 0,
    caracteristicas: r.caracteristicas.length > 0,
  };
  return (Object.keys(W) as CriterioCoincidencia[]).reduce((s, k) => s + (lleno[k] ? W[k] : 0), 0);
}

export async function inmueblesParaCliente(o: {
  tx: Tx;
  cliente: Requisitos & { id: number; gestion: string };
}): Promise<InmuebleCoincidente[]> {
  const c = o.cliente;
  const filas = await repo.inmueblesParaCliente(o.tx, {
    id: c.id,
    gestion: c.gestion,
    tipos: c.tipos,
    municipios: c.municipios,
    precio_min: c.precio_min ?? null,
    precio_max: c.precio_max ?? null,
    maximo: pesoEnJuego(c),
  });
  return filas.map((f) => ({
    consecutivo: f.consecutivo,
    tipo: f.tipo as TipoInmueble,
    gestion: f.gestion as Gestion,
    estado: f.estado as EstadoInmueble,
    direccion: f.direccion,
    municipio: f.municipio,
    barrio: f.barrio,
    canon: num(f.canon),
    precio_venta: num(f.precio_venta),
    puntaje: Number(f.puntaje),
    motivos: motivos(f),
    enviado: instante(f.enviado),
  }));
}

/** GET /inmuebles/:consecutivo/clientes-coincidentes: seen from the property form (490) or the search (491). */
export async function clientesParaInmueble(o: { tx: Tx; user: Principal; consecutivo: number }): Promise<ClienteCoincidente[]> {
  const id = await repo.inmueblePorConsecutivo(o.tx, o.consecutivo);
  if (id === null) throw noEncontrado(`El inmueble ${o.consecutivo}`);
  const filas = await repo.clientesParaInmueble(o.tx, id, 50);
  // A lead's phone and e-mail are for who attends leads (463); the property's users see who fits.
  const contacto = hasIdm(o.user.permisos, IDM_CLIENTES_ATENDIDOS);
  return filas.map((f) => ({
    consecutivo: f.consecutivo,
    nombre: f.nombre,
    celular: contacto ? f.celular : '',
    email: contacto ? f.email : '',
    estado: f.estado as EstadoCliente,
    gestion: f.gestion as Gestion,
    id_asesor: f.id_asesor,
    asesor: f.asesor,
    fecha_ingreso: String(f.fecha_ingreso).slice(0, 10),
    puntaje: Number(f.puntaje),
    motivos: motivos(f),
    enviado: instante(f.enviado),
  }));
}

const TIPO_CARTA_COINCIDENCIA = 302;

/**
 * A property became disponible ('nuevo') or changed its price ('precio'): tell the asesor of every open
 * lead it fits, in-app (and by the channels the asesor chose for type 302), after commit. One notice
 * per asesor, property and reason (for 'precio', per new price): calling it twice sends nothing new.
 * The inmuebles service calls it inside its own transaction.
 */
export async function notificarCoincidencias(
  o: Scope & { hub: Hub; mailer: Despertador; idInmueble: number; motivo: 'nuevo' | 'precio' },
): Promise<{ avisados: number[] }> {
  const inm = await repo.inmuebleAviso(o.tx, o.idInmueble);
  if (!inm) return { avisados: [] };
  const filas = await repo.clientesParaInmueble(o.tx, o.idInmueble, null);
  const porAsesor = new Map<number, repo.FilaClienteCoincidente[]>();
  for (const f of filas) {
    if (f.id_asesor === null) continue;
    porAsesor.set(f.id_asesor, [...(porAsesor.get(f.id_asesor) ?? []), f]);
  }
  const [canon, venta] = [num(inm.canon), num(inm.precio_venta)];
  const clave = o.motivo === 'precio' ? `${canon ?? ''}|${venta ?? ''}` : '';
  // What the asesor needs to call the lead: where it is and what it costs now («/mes» never wraps away).
  const precio = [canon === null ? null : `${pesos(canon)}\u00a0/mes`, venta === null ? null : pesos(venta)]
    .filter(Boolean)
    .join(' o ');
  const donde = [inm.barrio, inm.municipio].filter(Boolean).join(', ');
  const que =
    o.motivo === 'nuevo' ? `está disponible${precio ? ` por ${precio}` : ''}` : `cambió de precio${precio ? ` a ${precio}` : ''}`;
  const nuevos = await repo.registrarAvisos(o.tx, o.idInmueble, o.motivo, clave, [...porAsesor.keys()]);
  for (const idUsuario of nuevos) {
    const clientes = porAsesor.get(idUsuario)!;
    const nombres = clientes
      .slice(0, 3)
      .map((c) => `${c.nombre} (${c.puntaje} %)`)
      .join(', ');
    const mas = clientes.length > 3 ? ` y ${clientes.length - 3} más` : '';
    await notificar(
      { tx: o.tx, onCommit: o.onCommit, hub: o.hub, mailer: o.mailer },
      {
        idEmpresa: inm.id_empresa,
        idUsuario,
        tipoCarta: TIPO_CARTA_COINCIDENCIA,
        titulo: `El inmueble ${inm.consecutivo} coincide con ${plural(clientes.length, 'cliente suyo', 'clientes suyos')}`,
        cuerpo: `El inmueble ${inm.consecutivo} (${inm.tipo}${donde ? ` en ${donde}` : ''}) ${que} y coincide con: ${nombres}${mas}.`,
        enlace: `/propiedades/inmueble/${inm.consecutivo}`,
      },
    );
  }
  return { avisados: nuevos.sort((a, b) => a - b) };
}

/** Open leads × available properties with their score, for the informe cruceclientesinmuebles. */
export { cruce } from './clientes-coincidencias.repo.ts';
