import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { liberarTodos } from './edit-lock.repo.ts';

export function inmueblesRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmueble/quitarMarcaEditandoTodos',
    permiso: 'token',
    schema: { tags: ['inmuebles'], summary: 'Libera todas las marcas de edición del usuario' },
    handler: async ({ tx, user }) => ({ liberados: await liberarTodos(tx, user.idUsuario) }),
  });
}
