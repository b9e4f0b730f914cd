import type { FastifyInstance } from 'fastify';
import {
  IDM_SOLICITUDES,
  ZAsignarSolicitud,
  ZCambioEstadoSolicitud,
  ZConvertirSolicitud,
  ZNotaSolicitud,
  ZNumeroParam,
  ZSolicitudActualizar,
  ZSolicitudForm,
  ZSolicitudesExportarQuery,
  ZSolicitudesQuery,
  ZSolicitudWeb,
  ZTercerosSolicitudQuery,
  ZSolicitudDetalle,
  ZSolicitudResumen,
  ZTerceroSolicitud,
  ZUsuarioAsignable,
} from '@predio/contract/solicitudes';
import { zListResult } from '@predio/contract/list';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, afterCommit, YA_RESPONDIDO } from '../../platform/http/route.ts';
import { FILE_RESPONSE, NO_CONTENT } from '../../platform/http/response.ts';
import * as web from './solicitudes-web.service.ts';
import * as service from './solicitudes.service.ts';

const tags = ['solicitudes'];
const permiso = IDM_SOLICITUDES;

/** Propiedades > Solicitudes (idm 73). */
export function solicitudesRoutes(app: FastifyInstance, deps: Deps): void {
  const aviso = { hub: deps.hub, mailer: deps.mailer };

  // The agency's website posts its contact form here from its own domain: any origin may call it (it
  // carries no session; its key names the company), and the browser may read the answer, errors too.
  // A company that listed its origins takes posts only from them (checked in web.recibir).
  const PUBLICA = '/publico/solicitudes';
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url?.endsWith(PUBLICA)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-allow-methods', 'POST, OPTIONS');
      reply.header('access-control-allow-headers', 'content-type');
      reply.header('access-control-max-age', '86400');
    }
    return payload;
  });
  defineRoute(app, deps, {
    method: 'OPTIONS',
    url: PUBLICA,
    permiso: 'publico',
    schema: { response: NO_CONTENT, tags, summary: 'Preflight CORS del formulario del sitio web' },
    handler: async ({ reply }) => {
      await reply.code(204).send();
      return YA_RESPONDIDO;
    },
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: PUBLICA,
    permiso: 'publico',
    schema: {
      response: z.object({ numero: z.number().nullable() }),
      body: ZSolicitudWeb,
      tags,
      summary: 'Formulario del sitio web de la agencia: crea una solicitud nueva (clave del formulario, sin sesión)',
    },
    handler: ({ req, body }) => {
      // Predio's own pages (the example in Compañía) are always welcome; other sites are checked
      // against the company's origins when it listed any.
      const origen = req.headers.origin;
      const propio = origen === `${req.protocol}://${req.host}`;
      return web.recibir(deps, body, req.ip, origen && !propio ? origen : undefined);
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/solicitudes',
    permiso,
    schema: {
      response: zListResult(ZSolicitudResumen),
      querystring: ZSolicitudesQuery,
      tags,
      summary: 'Solicitudes (búsqueda, estado, canal, tipo, asignado, fechas, inmueble)',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/solicitudes/exportar',
    permiso,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZSolicitudesExportarQuery,
      tags,
      summary: 'Exporta las solicitudes del filtro actual (Excel o CSV)',
    },
    handler: async ({ tx, user, query, reply, onCommit }) => {
      const { escribir } = await service.exportar({ tx, query });
      return afterCommit(onCommit, reply, async () => enviarArchivo(reply, await escribir(deps.db, user.idEmpresa)));
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/solicitudes/asignables',
    permiso,
    schema: { response: z.array(ZUsuarioAsignable), tags, summary: 'Usuarios activos que pueden atender solicitudes' },
    handler: ({ tx }) => service.asignables({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/solicitudes/terceros',
    permiso,
    schema: {
      response: z.array(ZTerceroSolicitud),
      querystring: ZTercerosSolicitudQuery,
      tags,
      summary: 'Terceros activos para elegir el solicitante (máximo 20)',
    },
    handler: ({ tx, query }) => service.terceros({ tx, q: query.q }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/solicitudes',
    permiso,
    schema: {
      response: ZSolicitudDetalle,
      body: ZSolicitudForm,
      tags,
      summary: 'Registra una solicitud con el siguiente número de la empresa',
    },
    handler: ({ tx, onCommit, user, req, body }) => service.crear({ tx, onCommit, ...aviso, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/solicitudes/:numero',
    permiso,
    schema: { response: ZSolicitudDetalle, params: ZNumeroParam, tags, summary: 'Una solicitud con su historial' },
    handler: ({ tx, params }) => service.obtener({ tx, numero: params.numero }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/solicitudes/:numero',
    permiso,
    schema: {
      response: ZSolicitudDetalle,
      params: ZNumeroParam,
      body: ZSolicitudActualizar,
      tags,
      summary: 'Modifica los datos de una solicitud (version: la que se editó)',
    },
    handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, user, ip: req.ip, numero: params.numero, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/solicitudes/:numero/asignar',
    permiso,
    schema: {
      response: ZSolicitudDetalle,
      params: ZNumeroParam,
      body: ZAsignarSolicitud,
      tags,
      summary: 'Asigna la solicitud a un usuario (le avisa)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.asignar({ tx, onCommit, ...aviso, user, ip: req.ip, numero: params.numero, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/solicitudes/:numero/estado',
    permiso,
    schema: {
      response: ZSolicitudDetalle,
      params: ZNumeroParam,
      body: ZCambioEstadoSolicitud,
      tags,
      summary: 'Cambia el estado (resuelta y descartada exigen observación)',
    },
    handler: ({ tx, user, req, params, body }) => service.cambiarEstado({ tx, user, ip: req.ip, numero: params.numero, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/solicitudes/:numero/convertir',
    permiso,
    schema: {
      response: ZSolicitudDetalle,
      params: ZNumeroParam,
      body: ZConvertirSolicitud,
      tags,
      summary: 'Convierte la solicitud en un cliente atendido (exige también el permiso 463)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.convertir({ tx, onCommit, ...aviso, user, ip: req.ip, numero: params.numero, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/solicitudes/:numero/notas',
    permiso,
    schema: {
      response: ZSolicitudDetalle,
      params: ZNumeroParam,
      body: ZNotaSolicitud,
      tags,
      summary: 'Agrega una nota al historial',
    },
    handler: ({ tx, user, req, params, body }) =>
      service.agregarNota({ tx, user, ip: req.ip, numero: params.numero, nota: body.nota }),
  });
}
