import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZGrabarConfigBody, ZModuloNotificaciones, ZNotificacion, ZNotificacionIdParam } from '@predio/contract/notificaciones';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute, Respuesta } from '../../platform/http/route.ts';
import * as service from './notificaciones.service.ts';

const tags = ['notificaciones'];

export function notificacionesRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/notificaciones/Consultar_config',
    permiso: 'sesion',
    schema: {
      response: { data: z.array(ZModuloNotificaciones), extra: { exito: z.boolean() } },
      tags,
      summary: 'Preferencias de notificación del usuario, por módulo',
    },
    handler: async ({ tx, user }) => new Respuesta(await service.consultarConfig({ tx, user }), { exito: true }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/notificaciones/Grabar_config',
    permiso: 'sesion',
    schema: {
      response: { data: z.null(), extra: { exito: z.boolean(), mensaje: z.string() } },
      body: ZGrabarConfigBody,
      tags,
      summary: 'Guarda las preferencias de notificación',
    },
    handler: async ({ tx, user, body, req }) => {
      await service.grabarConfig({ tx, user, body, ip: req.ip });
      const mensaje = 'La configuración se guardó correctamente';
      return new Respuesta(null, { exito: true, mensaje });
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/notificaciones',
    permiso: 'sesion',
    schema: {
      response: z.object({ items: z.array(ZNotificacion), noLeidas: z.number() }),
      tags,
      summary: 'Últimas notificaciones en la aplicación',
    },
    handler: ({ tx, user }) => service.listar({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/notificaciones/:id/leer',
    permiso: 'sesion',
    schema: { response: z.null(), params: ZNotificacionIdParam, tags, summary: 'Marca una notificación como leída' },
    handler: ({ tx, user, params }) => service.leer({ tx, user, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/notificaciones/leer-todas',
    permiso: 'sesion',
    schema: { response: z.object({ marcadas: z.number() }), tags, summary: 'Marca todas las notificaciones como leídas' },
    handler: ({ tx, user }) => service.leerTodas({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/notificaciones/prueba',
    permiso: 'sesion',
    schema: { response: ZNotificacion.nullable(), tags, summary: 'Envía una notificación de prueba al usuario actual' },
    handler: ({ tx, onCommit, user }) => service.prueba({ tx, onCommit, hub: deps.hub, mailer: deps.mailer, user }),
  });
}
