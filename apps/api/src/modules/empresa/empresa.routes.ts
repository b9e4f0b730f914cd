import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './empresa.service.ts';

const tags = ['empresa'];

export function empresaRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/Empresa/GetEmpresa',
    permiso: 'sesion',
    schema: { tags, summary: 'Datos de la empresa del usuario' },
    handler: ({ tx }) => service.getEmpresa({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/Empresa/GetInfoEmpresa',
    permiso: 'sesion',
    schema: { tags, summary: 'Datos de la empresa con información adicional' },
    handler: ({ tx }) => service.getInfoEmpresa({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/configurarPredio/GetConfiguracion',
    permiso: 'sesion',
    schema: { tags, summary: 'Configuración del software (objConfigurar)' },
    handler: ({ tx }) => service.getConfiguracion({ tx }),
  });
}
