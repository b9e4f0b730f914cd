import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZArchivoParam, ZArchivoRegistro, ZCategoriaQuery, ZDuenoParam, ZUsoArchivos } from '@predio/contract/archivos';
import type { Deps } from '../deps.ts';
import { principalAntes } from '../auth/principal.ts';
import { defineRoute, afterCommit } from '../http/route.ts';
import { FILE_RESPONSE } from '../http/response.ts';
import * as service from './archivos.service.ts';

const tags = ['archivos'];

/**
 * The files of any registered record type (platform/archivos/duenos.ts). The routes say 'sesion': which
 * idm a file needs depends on its owner's type, and the service checks it (403) before anything else.
 */
export function archivosRoutes(app: FastifyInstance, deps: Deps): void {
  const { storage } = deps;
  const cuota = { limiteBytes: deps.config.archivosCuotaBytes };

  defineRoute(app, deps, {
    method: 'GET',
    url: '/archivos/uso',
    permiso: 'sesion',
    schema: {
      response: ZUsoArchivos,
      tags,
      summary: 'Espacio que ocupan los archivos de la empresa y su límite (null: sin límite)',
    },
    handler: ({ tx }) => service.uso({ tx, cuota }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/archivos/:tipo/:dueno',
    permiso: 'sesion',
    schema: {
      response: z.array(ZArchivoRegistro),
      params: ZDuenoParam,
      querystring: ZCategoriaQuery,
      tags,
      summary: 'Archivos de un registro, de una categoría',
    },
    handler: ({ tx, user, params, query }) =>
      service.listar({ tx, user, tipo: params.tipo, clave: params.dueno, categoria: query.categoria }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/archivos/:tipo/:dueno',
    permiso: 'sesion',
    schema: {
      response: ZArchivoRegistro,
      params: ZDuenoParam,
      querystring: ZCategoriaQuery,
      tags,
      summary: 'Sube un archivo (multipart: file y descripcion opcional), en streaming, con el límite de su categoría',
    },
    prepare: async ({ req, params, query, token }) =>
      service.recibir({
        db: deps.db,
        storage,
        user: await principalAntes(deps.db, deps.sessions, token),
        cuota,
        tipo: params.tipo,
        clave: params.dueno,
        categoria: query.categoria,
        partes: (opts) => req.parts(opts),
      }),
    handler: async ({ tx, user, req, params, query, prep, onCommit }) =>
      service.aRegistro(
        await service.registrar({
          tx,
          user,
          ip: req.ip,
          storage,
          onCommit,
          cuota,
          tipo: params.tipo,
          clave: params.dueno,
          categoria: query.categoria,
          subida: prep,
        }),
      ),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/archivos/:tipo/:dueno/:id',
    permiso: 'sesion',
    cookieAuth: true,
    schema: {
      response: FILE_RESPONSE,
      params: ZArchivoParam,
      tags,
      summary: 'Descarga un archivo (imágenes seguras y PDF se abren en el navegador; lo demás se descarga)',
    },
    handler: async ({ tx, user, params, reply, onCommit }) => {
      const f = await service.descargar({ tx, user, tipo: params.tipo, clave: params.dueno, id: params.id });
      return afterCommit(onCommit, reply, () => service.enviar(reply, storage, f));
    },
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/archivos/:tipo/:dueno/:id',
    permiso: 'sesion',
    schema: { response: z.object({ id: z.number() }), params: ZArchivoParam, tags, summary: 'Elimina un archivo del registro' },
    handler: async ({ tx, user, req, params, onCommit }) => {
      const f = await service.eliminar({
        tx,
        user,
        ip: req.ip,
        storage,
        onCommit,
        tipo: params.tipo,
        clave: params.dueno,
        id: params.id,
      });
      return { id: f.id };
    },
  });
}
