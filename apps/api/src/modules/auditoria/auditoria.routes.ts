import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZAuditoria, ZAuditoriaExportarQuery, ZAuditoriaQuery } from '@predio/contract/auditoria';
import { zListResult } from '@predio/contract/list';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './auditoria.service.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';

const tags = ['auditoria'];
// Archivo > Utilidades > Logs del sistema.
const IDM = 31;

export function auditoriaRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/auditoria',
    permiso: IDM,
    schema: {
      response: zListResult(ZAuditoria),
      querystring: ZAuditoriaQuery,
      tags,
      summary: 'Registro de auditoría (filtros: usuario, entidad, acción, fechas)',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/auditoria/valores',
    permiso: IDM,
    schema: {
      response: z.object({ entidades: z.array(z.string()), acciones: z.array(z.string()), usuarios: z.array(z.string()) }),
      tags,
      summary: 'Usuarios, entidades y acciones que aparecen en el registro',
    },
    handler: ({ tx }) => service.valores({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/auditoria/exportar',
    permiso: IDM,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZAuditoriaExportarQuery,
      tags,
      summary: 'Exporta el registro filtrado (CSV o Excel)',
    },
    handler: async ({ tx, query, reply }) => enviarArchivo(reply, await service.exportar({ tx, query })),
  });
}
