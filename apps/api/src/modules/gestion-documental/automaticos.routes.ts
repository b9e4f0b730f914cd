import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idQuery } from '@predio/contract/campos';
import {
  IDM_SUBSERIES_AUTOMATICAS,
  ZReglaAutomatica,
  ZReglaAutomaticaForm,
  ZReglasAutomaticas,
} from '@predio/contract/gestion-documental-automaticos';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './automaticos.service.ts';

const tags = ['gestion-documental'];
const permiso = IDM_SUBSERIES_AUTOMATICAS;
const URL = '/gestion-documental/subseries-automaticas';
const ZIdParam = z.object({ id: idQuery('id') });

/** Subseries documentales automáticas (idm 10591): where other modules' documents are filed. */
export function automaticosRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: URL,
    permiso,
    schema: {
      response: ZReglasAutomaticas,
      tags,
      summary: 'Reglas de radicación automática, con cuántos radicados hizo cada una',
    },
    handler: async ({ tx }) => ({ reglas: await service.listar({ tx }), origenes: service.origenes() }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: URL,
    permiso,
    schema: { response: ZReglaAutomatica, body: ZReglaAutomaticaForm, tags, summary: 'Crea la regla de un origen' },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: `${URL}/:id`,
    permiso,
    schema: { response: ZReglaAutomatica, params: ZIdParam, body: ZReglaAutomaticaForm, tags, summary: 'Modifica una regla' },
    handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: `${URL}/:id`,
    permiso,
    schema: {
      response: z.object({ id: z.number().int() }),
      params: ZIdParam,
      tags,
      summary: 'Elimina una regla (el origen vuelve a radicar en el área de recepción)',
    },
    handler: ({ tx, user, req, params }) => service.eliminar({ tx, user, ip: req.ip, id: params.id }),
  });
}
