import type { FastifyInstance } from 'fastify';
import { ZConsecutivoParam } from '@predio/contract/campos';
import {
  IDM_GEOLOCALIZAR,
  IDM_MODIFICACIONES,
  IDM_REASIGNAR,
  IDM_TV,
  ZModificacionesExportarQuery,
  ZModificacionesQuery,
  ZReasignar,
  ZReasignarPreviaQuery,
  ZTvConfig,
  ZUbicacion,
  ZUbicacionesQuery,
  ZModificacion,
  ZModificacionesValores,
  ZOpcionesUtilidades,
  ZReasignarPrevia,
  ZReasignarResultado,
  ZTvConfigGuardada,
  ZTvPresentacion,
  ZUbicaciones,
  ZUbicacionGuardada,
} from '@predio/contract/inmuebles-utilidades';
import { zListResult } from '@predio/contract/list';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as service from './inmuebles-utilidades.service.ts';

const tags = ['inmuebles-utilidades'];
const URL = '/inmuebles-utilidades';
/** The selects' options serve any of the four utilities. */
const CUALQUIER_UTILIDAD = [IDM_REASIGNAR, IDM_MODIFICACIONES, IDM_GEOLOCALIZAR, IDM_TV];

export function inmueblesUtilidadesRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/opciones`,
    permiso: CUALQUIER_UTILIDAD,
    schema: {
      response: ZOpcionesUtilidades,
      tags,
      summary: 'Usuarios de la empresa y municipios con inmuebles, para los selectores',
    },
    handler: ({ tx, user }) => service.opciones({ tx, user }),
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/reasignar/previa`,
    permiso: IDM_REASIGNAR,
    schema: {
      response: ZReasignarPrevia,
      querystring: ZReasignarPreviaQuery,
      tags,
      summary: 'Inmuebles que se reasignarían de un asesor a otro',
    },
    handler: ({ tx, query }) => service.previa({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/reasignar`,
    permiso: IDM_REASIGNAR,
    schema: {
      response: ZReasignarResultado,
      body: ZReasignar,
      tags,
      summary: 'Reasigna los inmuebles (todos los del criterio o los seleccionados)',
    },
    handler: ({ tx, onCommit, user, req, body }) => service.reasignar({ tx, onCommit, user, ip: req.ip, deps, body }),
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/modificaciones`,
    permiso: IDM_MODIFICACIONES,
    schema: {
      response: zListResult(ZModificacion),
      querystring: ZModificacionesQuery,
      tags,
      summary: 'Cambios campo por campo de los inmuebles (auditoría)',
    },
    handler: ({ tx, query }) => service.modificaciones({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/modificaciones/valores`,
    permiso: IDM_MODIFICACIONES,
    schema: {
      response: ZModificacionesValores,
      tags,
      summary: 'Usuarios, campos y acciones que aparecen en el historial de inmuebles',
    },
    handler: ({ tx }) => service.valoresModificaciones({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/modificaciones/exportar`,
    permiso: IDM_MODIFICACIONES,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZModificacionesExportarQuery,
      tags,
      summary: 'Exporta el historial filtrado (CSV o Excel)',
    },
    handler: async ({ tx, query, reply }) => enviarArchivo(reply, await service.exportarModificaciones({ tx, query })),
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/ubicacion`,
    permiso: IDM_GEOLOCALIZAR,
    schema: {
      response: ZUbicaciones,
      querystring: ZUbicacionesQuery,
      tags,
      summary: 'Inmuebles sin coordenadas (o todos) y cuántos faltan',
    },
    handler: ({ tx, query }) => service.ubicaciones({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: `${URL}/ubicacion/:consecutivo`,
    permiso: IDM_GEOLOCALIZAR,
    schema: {
      response: ZUbicacionGuardada,
      params: ZConsecutivoParam,
      body: ZUbicacion,
      tags,
      summary: 'Guarda la latitud y longitud de un inmueble',
    },
    handler: ({ tx, user, req, params, body }) => service.ubicar({ tx, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/tv/config`,
    permiso: IDM_TV,
    schema: { response: ZTvConfigGuardada, tags, summary: 'Selección e intervalo de la presentación en TV' },
    handler: ({ tx }) => service.tvConfig({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: `${URL}/tv/config`,
    permiso: IDM_TV,
    schema: {
      response: ZTvConfigGuardada,
      body: ZTvConfig,
      tags,
      summary: 'Guarda la selección e intervalo de la presentación en TV',
    },
    handler: ({ tx, user, req, body }) => service.guardarTvConfig({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/tv/inmuebles`,
    permiso: IDM_TV,
    schema: { response: ZTvPresentacion, tags, summary: 'Inmuebles disponibles de la selección de TV, con la empresa' },
    handler: ({ tx }) => service.tvPresentacion({ tx }),
  });
}
