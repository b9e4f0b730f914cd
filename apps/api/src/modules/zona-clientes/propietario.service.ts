import { sql } from 'drizzle-orm';
import { ETIQUETAS_PORTAL, PORTALES } from '@predio/contract/inmuebles';
import type { InmueblePropietario, PublicacionPropietario, VisitaPropietario } from '@predio/contract/zona-clientes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ClientePortal } from '../../platform/auth/portal.ts';
import { exigirAutorizacion } from './zona-clientes.service.ts';

// The owner's view in the portal (issue 31): where each of their properties is published and the visits
// it had. Visits carry their date, estado and interest only: who came is the visitor's personal data.

type Fila = {
  id: number;
  consecutivo: number;
  direccion: string;
  estado: string;
  publicar: Record<string, boolean> | null;
  sincronizadas: Record<string, string> | null;
};

/** A synced portal's row says how it stands; the website, and feed portals, show what is offered. */
function estadoPublicacion(f: Fila, portal: string): PublicacionPropietario['estado'] {
  const s = f.sincronizadas?.[portal];
  if (s === 'publicado') return 'publicado';
  if (s === 'despublicado') return 'no_visible';
  if (s === 'pendiente' || s === 'enviado' || s === 'error') return 'en_proceso';
  return f.estado === 'disponible' ? 'publicado' : 'no_visible';
}

export async function inmueblesPropietario(o: { tx: Tx; cliente: ClientePortal }): Promise<InmueblePropietario[]> {
  await exigirAutorizacion(o);
  const filas = await queryRows<Fila>(
    o.tx,
    sql`select i.id, i.consecutivo, i.direccion, i.estado, i.publicar,
               (select jsonb_object_agg(pp.portal, pp.estado) from portal_publicacion pp
                 where pp.id_inmueble = i.id) as sincronizadas
        from inmueble i
        where exists (select 1 from inmueble_propietario ip where ip.id_inmueble = i.id and ip.id_tercero = ${o.cliente.idTercero})
        order by i.consecutivo`,
  );
  if (filas.length === 0) return [];
  const ids = filas.map((f) => f.id);
  const visitas = await queryRows<VisitaPropietario & { id_inmueble: number }>(
    o.tx,
    sql`select id_inmueble, inicio, estado, interes from cita
        where id_inmueble in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and estado <> 'cancelada'
        order by inicio desc`,
  );
  const interesados = await queryRows<{ id_inmueble: number; n: number }>(
    o.tx,
    sql`select c.id_inmueble, count(distinct p.id_tercero)::int as n
        from cita c join cita_participante p on p.id_empresa = c.id_empresa and p.id_cita = c.id
        where c.id_inmueble in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and c.estado <> 'cancelada' and p.id_tercero <> ${o.cliente.idTercero}
        group by c.id_inmueble`,
  );
  return filas.map((f) => ({
    id: f.id,
    consecutivo: f.consecutivo,
    direccion: f.direccion,
    estado: f.estado,
    publicaciones: PORTALES.filter((p) => f.publicar?.[p] === true).map((p) => ({
      portal: p,
      nombre: ETIQUETAS_PORTAL[p],
      estado: estadoPublicacion(f, p),
    })),
    visitas: visitas
      .filter((v) => v.id_inmueble === f.id)
      .slice(0, 50)
      .map(({ inicio, estado, interes }) => ({ inicio, estado, interes })),
    interesados: interesados.find((x) => x.id_inmueble === f.id)?.n ?? 0,
  }));
}
