import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idQuery } from '@predio/contract/campos';
import {
  IDM_PERMISOS_GESTION_DOCUMENTAL,
  ZIntegrantesArea,
  ZPermisoGdForm,
  ZPermisosGd,
} from '@predio/contract/gestion-documental-permisos';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './permisos.service.ts';

const tags = ['gestion-documental'];
const permiso = IDM_PERMISOS_GESTION_DOCUMENTAL;
const URL = '/gestion-documental/permisos';
const ZIdParam = z.object({ id: idQuery('id') });

/** Permisos de gestión documental (idm 10578): rules per user or área on series and subseries. */
export function permisosGdRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: URL,
    permiso,
    schema: { response: ZPermisosGd, tags, summary: 'Reglas de permisos documentales, integrantes de las áreas y opciones' },
    handler: ({ tx }) => service.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: URL,
    permiso,
    schema: {
      response: ZPermisosGd,
      body: ZPermisoGdForm,
      tags,
      summary: 'Crea una regla: usuario o área, serie o subserie, ver/radicar/editar',
    },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: `${URL}/:id`,
    permiso,
    schema: {
      response: ZPermisosGd,
      params: ZIdParam,
      body: ZPermisoGdForm,
      tags,
      summary: 'Modifica una regla de permisos documentales',
    },
    handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: `${URL}/:id`,
    permiso,
    schema: { response: ZPermisosGd, params: ZIdParam, tags, summary: 'Elimina una regla de permisos documentales' },
    handler: ({ tx, user, req, params }) => service.borrar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: `${URL}/areas/:id`,
    permiso,
    schema: {
      response: ZPermisosGd,
      params: ZIdParam,
      body: ZIntegrantesArea,
      tags,
      summary: 'Fija los usuarios de un área (a quienes aplican sus reglas)',
    },
    handler: ({ tx, user, req, params, body }) =>
      service.fijarIntegrantes({ tx, user, ip: req.ip, idArea: params.id, usuarios: body.id_usuarios }),
  });
}
