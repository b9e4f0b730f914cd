import type { FastifyInstance } from 'fastify';
import type { InicioResumen } from '@predio/contract/empresa';
import { ESTADOS_ABIERTOS, IDM_CLIENTES_ATENDIDOS } from '@predio/contract/clientes';
import { ESTADOS_EN_OFERTA, IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES } from '@predio/contract/inmuebles';
import { IDM_AGENDA } from '@predio/contract/agenda';
import { hasIdm } from '@predio/contract/menu';
import { IDM_SOLICITUDES } from '@predio/contract/solicitudes';
import { IDM_TAREAS } from '@predio/contract/tareas';
import type { Tx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as agenda from '../agenda/agenda.service.ts';
import * as clientes from '../clientes/clientes.repo.ts';
import * as inmuebles from '../inmuebles/inmuebles.repo.ts';
import * as solicitudes from '../solicitudes/solicitudes.repo.ts';
import * as tareas from '../tareas/tareas.service.ts';

type Contador = { idm: readonly number[]; contar: (tx: Tx, user: Principal) => Promise<number> };

const INMUEBLES = [IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES] as const;

/**
 * What each home counter counts, and who may see it (any of the idm). Each counts with its list's own
 * filter, the one its card links to, so the card and the list it opens agree.
 */
const CONTADORES: Record<keyof InicioResumen, Contador | null> = {
  inmueblesDisponibles: { idm: INMUEBLES, contar: (tx) => inmuebles.contar(tx, {}) },
  consignacionesPorVencer: {
    idm: INMUEBLES,
    contar: (tx, user) =>
      inmuebles.contar(tx, { estado: [...ESTADOS_EN_OFERTA], asesor: user.idUsuario, consignacion: 'por_vencer' }),
  },
  clientesAbiertos: {
    idm: [IDM_CLIENTES_ATENDIDOS],
    contar: (tx, user) => clientes.contar(tx, { estado: [...ESTADOS_ABIERTOS], asesor: user.idUsuario }),
  },
  solicitudesNuevas: { idm: [IDM_SOLICITUDES], contar: (tx) => solicitudes.contar(tx, { estado: ['nueva'] }) },
  citasHoy: { idm: [IDM_AGENDA], contar: (tx, user) => agenda.contarHoy(tx, user) },
  // Open tasks the user is responsible for (what «Mis tareas» lists first).
  tareasAbiertas: { idm: [IDM_TAREAS], contar: (tx, user) => tareas.contarAbiertas(tx, user) },
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
