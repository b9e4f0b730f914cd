import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zListResult } from '@predio/contract/list';
import { urlMaestro, type ResourceDef } from '@predio/contract/maestros/resource';
import { RECURSOS } from '@predio/contract/maestros/resources';
import {
  ZIdParam,
  ZImportarQuery,
  ZImportReporte,
  ZOpcion,
  zodActualizar,
  zodCrear,
  zodItem,
  zodExportarQuery,
  zodListaQuery,
  zodOpcionesQuery,
} from '@predio/contract/maestros/schemas';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as archivos from './maestros-archivos.service.ts';
import * as service from './maestros.service.ts';

const tags = ['maestros'];

/** The same endpoints for every master, each guarded by the idm of the menu route that shows it. */
export function maestrosRoutes(app: FastifyInstance, deps: Deps): void {
  for (const def of RECURSOS) rutas(app, deps, def);
}

function rutas(app: FastifyInstance, deps: Deps, def: ResourceDef): void {
  const url = urlMaestro(def);
  const permiso = def.idm;
  const item = zodItem(def);
  defineRoute(app, deps, {
    method: 'GET',
    url,
    permiso,
    schema: {
      querystring: zodListaQuery(def),
      response: zListResult(item),
      tags,
      summary: `Lista de ${def.plural} (página, orden, búsqueda y filtros)`,
    },
    handler: ({ tx, query }) => service.listar({ tx, def, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${url}/opciones`,
    // Other modules' forms offer these in their selects (a barrio in the inmueble form).
    permiso: 'sesion',
    schema: {
      querystring: zodOpcionesQuery(def),
      response: z.array(ZOpcion),
      tags,
      summary: `Opciones activas de ${def.plural} para un selector`,
    },
    handler: ({ tx, query }) => service.opciones({ tx, def, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${url}/exportar`,
    permiso,
    schema: {
      querystring: zodExportarQuery(def),
      response: FILE_RESPONSE,
      tags,
      summary: `Exporta ${def.plural} del filtro actual (CSV o Excel)`,
    },
    handler: async ({ tx, query, reply }) => enviarArchivo(reply, await archivos.exportar({ tx, def, query })),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${url}/importar`,
    permiso,
    schema: {
      querystring: ZImportarQuery,
      response: ZImportReporte,
      tags,
      summary: `Importa ${def.plural} de un CSV o Excel (multipart: file)`,
    },
    prepare: ({ req }) => archivos.leerArchivo((opts) => req.parts(opts)),
    handler: ({ tx, user, req, prep, query }) => archivos.importar({ tx, def, user, ip: req.ip, filas: prep, modo: query.modo }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${url}/:id`,
    permiso,
    schema: { params: ZIdParam, response: item, tags, summary: `Un registro de ${def.plural}` },
    handler: ({ tx, params }) => service.obtener({ tx, def, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url,
    permiso,
    schema: { body: zodCrear(def), response: item, tags, summary: `Crea ${def.genero === 'f' ? 'una' : 'un'} ${def.singular}` },
    handler: ({ tx, user, req, body }) => service.crear({ tx, def, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: `${url}/:id`,
    permiso,
    schema: {
      params: ZIdParam,
      body: zodActualizar(def),
      response: item,
      tags,
      summary: `Modifica o desactiva un registro de ${def.plural}`,
    },
    handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, def, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: `${url}/:id`,
    permiso,
    schema: {
      params: ZIdParam,
      response: z.object({ id: z.number().int() }),
      tags,
      summary: `Elimina un registro de ${def.plural} que nada usa`,
    },
    handler: ({ tx, user, req, params }) => service.eliminar({ tx, def, user, ip: req.ip, id: params.id }),
  });
}
