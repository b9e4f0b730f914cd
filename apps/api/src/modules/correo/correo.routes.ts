import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZColaQuery, ZCorreoEnCola, ZEstadoCorreo } from '@predio/contract/correo';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './correo.service.ts';

const tags = ['correo'];

export function correoRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/correo/estado',
    permiso: 'sesion',
    schema: {
      response: ZEstadoCorreo,
      tags,
      summary: 'Si el servidor envía correo; al administrador, cuántos esperan y cuántos fallaron',
    },
    handler: ({ tx, user }) => service.estado({ tx, user, configurado: deps.mailer.activo }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/correo/cola',
    permiso: 'sesion',
    schema: {
      response: z.array(ZCorreoEnCola),
      querystring: ZColaQuery,
      tags,
      summary: 'Correos en cola o que fallaron (administrador de la empresa)',
    },
    handler: ({ tx, user, query }) => service.cola({ tx, user, configurado: deps.mailer.activo, estados: query.estado }),
  });
}
