import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZNroIdParam } from '@predio/contract/terceros';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute, Respuesta, YA_RESPONDIDO } from '../../platform/http/route.ts';
import * as service from './terceros.service.ts';

const tags = ['terceros'];

export function tercerosRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/GetTerceroLog/:nro_id',
    permiso: 'sesion',
    schema: { params: ZNroIdParam, tags, summary: 'Persona que inició sesión (nombre y foto)' },
    handler: ({ tx, user, params }) => service.terceroLog({ tx, user, nroId: params.nro_id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/GetTercero/:nro_id',
    permiso: 'sesion',
    schema: { params: ZNroIdParam, tags, summary: 'Un tercero (propio, o cualquiera con permiso de terceros)' },
    handler: ({ tx, user, params }) => service.tercero({ tx, user, nroId: params.nro_id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/terceros/SubirFoto',
    permiso: 'sesion',
    schema: { tags, summary: 'Sube una foto (multipart: file, nro_id opcional)' },
    prepare: ({ req }) => service.leerSubidaFoto(req.parts()),
    handler: async ({ tx, user, req, prep }) => {
      const nombreArchivo = await service.guardarFoto({ tx, user, storage: deps.storage, subida: prep, ip: req.ip });
      return new Respuesta({ nombreArchivo }, { nombreArchivo });
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/foto/:nombre',
    permiso: 'sesion',
    cookieAuth: true,
    schema: { params: z.object({ nombre: z.string().max(80) }), tags, summary: 'Descarga una foto' },
    handler: async ({ user, params, reply }) => {
      const { buf, contentType } = await service.leerFoto({ user, storage: deps.storage, nombre: params.nombre });
      await reply
        .header('content-type', contentType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(buf);
      return YA_RESPONDIDO;
    },
  });
}
