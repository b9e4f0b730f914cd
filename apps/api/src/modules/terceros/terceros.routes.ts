import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IDM_TERCEROS,
  ZActivoBody,
  ZDuplicadosQuery,
  ZFusionarBody,
  ZNroIdParam,
  ZTerceroActualizar,
  ZTerceroForm,
  ZTerceroIdParam,
  ZTercerosExportarQuery,
  ZTercerosQuery,
  ZAdvertencia,
  ZFusionResultado,
  ZSubirFotoData,
  ZTercero,
  ZTerceroDetalle,
  ZTerceroGuardado,
  ZTerceroLog,
  ZTerceroResumen,
} from '@predio/contract/terceros';
import { zListaAcotada } from '@predio/contract/list';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo, enviarImagen } from '../../platform/http/archivo.ts';
import { defineRoute, afterCommit, Respuesta } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as gestion from './terceros-gestion.service.ts';
import * as service from './terceros.service.ts';

const tags = ['terceros'];

export function tercerosRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/GetTerceroLog/:nro_id',
    permiso: 'sesion',
    schema: { response: ZTerceroLog, params: ZNroIdParam, tags, summary: 'Persona que inició sesión (nombre y foto)' },
    handler: ({ tx, user, params }) => service.terceroLog({ tx, user, nroId: params.nro_id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/GetTercero/:nro_id',
    permiso: 'sesion',
    schema: {
      response: ZTercero,
      params: ZNroIdParam,
      tags,
      summary: 'Un tercero (propio, o cualquiera con permiso de terceros)',
    },
    handler: ({ tx, user, params }) => service.tercero({ tx, user, nroId: params.nro_id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/terceros/SubirFoto',
    permiso: 'sesion',
    schema: {
      response: { data: ZSubirFotoData, extra: { nombreArchivo: z.string() } },
      tags,
      summary: 'Sube una foto (multipart: file, nro_id opcional)',
    },
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
    schema: { response: FILE_RESPONSE, params: z.object({ nombre: z.string().max(80) }), tags, summary: 'Descarga una foto' },
    handler: async ({ user, params, reply }) =>
      enviarImagen(reply, await service.leerFoto({ user, storage: deps.storage, nombre: params.nombre })),
  });
  gestionRoutes(app, deps);
}

/** The terceros screen (idm 59): list, search, export, CRUD, duplicates and merge. */
function gestionRoutes(app: FastifyInstance, deps: Deps): void {
  const permiso = IDM_TERCEROS;
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros',
    permiso,
    schema: {
      response: zListaAcotada(ZTerceroResumen),
      querystring: ZTercerosQuery,
      tags,
      summary: 'Lista de terceros (búsqueda sin tildes, rol, activo, página y orden)',
    },
    handler: ({ tx, query }) => gestion.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/exportar',
    permiso,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZTercerosExportarQuery,
      tags,
      summary: 'Exporta los terceros del filtro actual (CSV o Excel)',
    },
    handler: async ({ tx, user, query, reply, onCommit }) => {
      const { escribir } = await gestion.exportar({ tx, query });
      return afterCommit(onCommit, reply, async () => enviarArchivo(reply, await escribir(deps.db, user.idEmpresa)));
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/duplicados',
    permiso,
    schema: {
      response: z.array(ZAdvertencia),
      querystring: ZDuplicadosQuery,
      tags,
      summary: 'Terceros con el mismo documento, correo o celular',
    },
    handler: ({ tx, query }) => gestion.duplicados({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/nro/:nro_id',
    permiso,
    schema: { response: ZTerceroDetalle, params: ZNroIdParam, tags, summary: 'Un tercero por su número de identificación' },
    handler: ({ tx, params }) => gestion.obtenerPorNroId({ tx, nroId: params.nro_id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/:id',
    permiso,
    schema: { response: ZTerceroDetalle, params: ZTerceroIdParam, tags, summary: 'Un tercero con todos sus campos' },
    handler: ({ tx, params }) => gestion.obtener({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/terceros',
    permiso,
    schema: {
      response: ZTerceroGuardado,
      body: ZTerceroForm,
      tags,
      summary: 'Crea un tercero (advierte correos y celulares repetidos)',
    },
    handler: ({ tx, user, req, body }) => gestion.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/terceros/:id',
    permiso,
    schema: {
      response: ZTerceroGuardado,
      params: ZTerceroIdParam,
      body: ZTerceroActualizar,
      tags,
      summary: 'Modifica un tercero (version: la que se editó)',
    },
    handler: ({ tx, user, req, params, body }) => gestion.actualizar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/terceros/:id/activo',
    permiso,
    schema: {
      response: ZTerceroDetalle,
      params: ZTerceroIdParam,
      body: ZActivoBody,
      tags,
      summary: 'Activa o desactiva un tercero',
    },
    handler: ({ tx, user, req, params, body }) =>
      gestion.cambiarActivo({ tx, user, ip: req.ip, id: params.id, activo: body.activo }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/terceros/:id',
    permiso,
    schema: { response: z.object({ id: z.number() }), params: ZTerceroIdParam, tags, summary: 'Elimina un tercero que nada usa' },
    handler: ({ tx, user, req, params }) => gestion.eliminar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/terceros/fusionar',
    permiso,
    schema: {
      response: ZFusionResultado,
      body: ZFusionarBody,
      tags,
      summary: 'Fusiona dos terceros: mueve las referencias y elimina el repetido',
    },
    handler: ({ tx, user, req, body }) =>
      gestion.fusionar({ tx, user, ip: req.ip, conservar: body.conservar, eliminar: body.eliminar }),
  });
}
