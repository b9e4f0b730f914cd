import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idQuery } from '@predio/contract/campos';
import {
  IDM_BUSCAR_GESTION_DOCUMENTAL,
  IDM_GESTION_DOCUMENTAL,
  ZRadicado,
  ZRadicadoEdicion,
} from '@predio/contract/gestion-documental';
import {
  IDM_ESTADOS_GD,
  ZCambioEstado,
  ZEstadosRadicado,
  ZTransicionForm,
  ZTransiciones,
} from '@predio/contract/gestion-documental-estados';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as etiquetas from './etiqueta.service.ts';
import * as service from './estados.service.ts';
import * as radicados from './radicados.service.ts';

const tags = ['gestion-documental'];
const URL = '/gestion-documental/transiciones';
const RADICADO = '/gestion-documental/radicados/:id';
const ZIdParam = z.object({ id: idQuery('id') });
const LEER_RADICADO: readonly number[] = [IDM_GESTION_DOCUMENTAL, IDM_BUSCAR_GESTION_DOCUMENTAL];

/** Estados de gestión documental (idm 10602): transitions; a radicado's estado, history and correction (10579). */
export function estadosGdRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: URL,
    permiso: IDM_ESTADOS_GD,
    schema: { response: ZTransiciones, tags, summary: 'Transiciones permitidas entre estados de gestión documental' },
    handler: ({ tx }) => service.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: URL,
    permiso: IDM_ESTADOS_GD,
    schema: {
      response: ZTransiciones,
      body: ZTransicionForm,
      tags,
      summary: 'Permite pasar de un estado (o de cualquiera) a otro',
    },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: `${URL}/:id`,
    permiso: IDM_ESTADOS_GD,
    schema: { response: ZTransiciones, params: ZIdParam, tags, summary: 'Quita una transición permitida' },
    handler: ({ tx, user, req, params }) => service.borrar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${RADICADO}/estados`,
    permiso: LEER_RADICADO,
    schema: {
      response: ZEstadosRadicado,
      params: ZIdParam,
      tags,
      summary: 'Historial de estados de un radicado y los estados a los que puede pasar',
    },
    handler: ({ tx, user, params }) => service.deRadicado({ tx, user, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${RADICADO}/etiqueta`,
    permiso: LEER_RADICADO,
    schema: {
      response: FILE_RESPONSE,
      params: ZIdParam,
      tags,
      summary: 'Etiqueta del radicado en PDF (número, fecha, área, asunto, folios y QR)',
    },
    handler: async ({ tx, user, params, reply }) => enviarArchivo(reply, await etiquetas.etiqueta({ tx, user, id: params.id })),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${RADICADO}/estado`,
    permiso: IDM_GESTION_DOCUMENTAL,
    schema: {
      response: ZRadicado,
      params: ZIdParam,
      body: ZCambioEstado,
      tags,
      summary: 'Cambia el estado de un radicado por una transición permitida',
    },
    handler: ({ tx, user, req, params, body }) => service.cambiar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: RADICADO,
    permiso: IDM_GESTION_DOCUMENTAL,
    schema: {
      response: ZRadicado,
      params: ZIdParam,
      body: ZRadicadoEdicion,
      tags,
      summary: 'Corrige los datos de un radicado (nunca su número)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      radicados.editar({
        tx,
        user,
        ip: req.ip,
        id: params.id,
        body,
        aviso: { hub: deps.hub, mailer: deps.mailer, onCommit },
      }),
  });
}
