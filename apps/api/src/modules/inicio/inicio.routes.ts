import type { FastifyInstance } from 'fastify';
import type { InicioResumen } from '@predio/contract/empresa';
import type { Tx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';

/** Each module that owns a home counter registers it here; until then the counter is 0. */
export type Contador = (o: { tx: Tx; user: Principal }) => Promise<number>;
export const CONTADORES: Partial<Record<keyof InicioResumen, Contador>> = {};

export function inicioRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inicio/resumen',
    permiso: 'sesion',
    schema: { tags: ['inicio'], summary: 'Contadores de la página de inicio' },
    handler: async ({ tx, user }): Promise<InicioResumen> => {
      const valor = async (k: keyof InicioResumen) => (await CONTADORES[k]?.({ tx, user })) ?? 0;
      return {
        citasHoy: await valor('citasHoy'),
        tareasAbiertas: await valor('tareasAbiertas'),
        inmueblesDisponibles: await valor('inmueblesDisponibles'),
      };
    },
  });
}
