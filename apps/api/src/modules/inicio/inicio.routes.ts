import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { InicioResumen } from '@predio/contract/empresa';
import { IDM_CLIENTES_ATENDIDOS } from '@predio/contract/clientes';
import { DIAS_AVISO_CONSIGNACION, IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES } from '@predio/contract/inmuebles';
import { hasIdm } from '@predio/contract/menu';
import { IDM_SOLICITUDES } from '@predio/contract/solicitudes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { HOY_BOGOTA } from '../inmuebles/inmuebles.repo.ts';

type Contador = { idm: readonly number[]; contar: (tx: Tx, user: Principal) => Promise<number> };

const contar = async (tx: Tx, q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(tx, q))[0]?.n ?? 0);
const INMUEBLES = [IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES] as const;

/**
 * What each home counter counts, and who may see it (any of the idm). Agenda and tasks are not built
 * yet: their counters answer null rather than a made-up 0.
 */
const CONTADORES: Record<keyof InicioResumen, Contador | null> = {
  inmueblesDisponibles: {
    idm: INMUEBLES,
    contar: (tx) => contar(tx, sql`select count(*)::int as n from inmueble where estado = 'disponible'`),
  },
  consignacionesPorVencer: {
    idm: INMUEBLES,
    contar: (tx, user) =>
      contar(
        tx,
        sql`select count(*)::int as n from inmueble
            where (id_asesor_captador = ${user.idUsuario} or id_asesor_comercial = ${user.idUsuario})
              and estado in ('captado', 'disponible', 'reservado')
              and vigencia_consignacion between ${HOY_BOGOTA} and ${HOY_BOGOTA} + ${DIAS_AVISO_CONSIGNACION}::int`,
      ),
  },
  clientesAbiertos: {
    idm: [IDM_CLIENTES_ATENDIDOS],
    contar: (tx, user) =>
      contar(
        tx,
        sql`select count(*)::int as n from cliente_atendido
            where id_asesor = ${user.idUsuario} and estado in ('activo', 'en_seguimiento')`,
      ),
  },
  solicitudesNuevas: {
    idm: [IDM_SOLICITUDES],
    contar: (tx) => contar(tx, sql`select count(*)::int as n from solicitud where estado = 'nueva'`),
  },
  citasHoy: null,
  tareasAbiertas: null,
};

export function inicioRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inicio/resumen',
    permiso: 'sesion',
    schema: { tags: ['inicio'], summary: 'Contadores de la página de inicio (null: sin permiso o módulo en construcción)' },
    handler: async ({ tx, user }): Promise<InicioResumen> => {
      const out: Partial<InicioResumen> = {};
      for (const [clave, c] of Object.entries(CONTADORES) as [keyof InicioResumen, Contador | null][]) {
        out[clave] = c && c.idm.some((idm) => hasIdm(user.permisos, idm)) ? await c.contar(tx, user) : null;
      }
      return out as InicioResumen;
    },
  });
}
