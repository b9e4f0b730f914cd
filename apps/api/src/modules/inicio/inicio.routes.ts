import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './inicio.service.ts';
import { ZInicioResumen } from '@predio/contract/empresa';

export function inicioRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inicio/resumen',
    permiso: 'sesion',
    schema: {
      response: ZInicioResumen,
      tags: ['inicio'],
      summary: 'Contadores de la página de inicio (null: sin permiso o módulo en construcción)',
    },
    handler: ({ tx, user }) => service.resumen(tx, user),
  });
}
