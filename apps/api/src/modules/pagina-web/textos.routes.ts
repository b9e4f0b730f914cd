import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZEmpresaPublicaParam } from '@predio/contract/pagina-web';
import {
  IDM_SESION_TEXTO,
  ZSeccionTextoParam,
  ZTextoSitio,
  ZTextoSitioForm,
  ZTextoSitioPublico,
} from '@predio/contract/pagina-web-textos';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { leerPublico } from './publico.http.ts';
import * as service from './textos.service.ts';

const tags = ['pagina-web'];

/** Página web > Sesión de texto (idm 10565): the site's text blocks, and their public read. */
export function textosRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/sesion-texto',
    permiso: IDM_SESION_TEXTO,
    schema: {
      response: z.array(ZTextoSitio),
      tags,
      summary: 'Los bloques de texto del sitio (quiénes somos, políticas, contacto, pie de página)',
    },
    handler: ({ tx }) => service.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/paginaweb/sesion-texto/:seccion',
    permiso: IDM_SESION_TEXTO,
    schema: {
      response: ZTextoSitio,
      params: ZSeccionTextoParam,
      body: ZTextoSitioForm,
      tags,
      summary: 'Guarda un bloque de texto (HTML saneado)',
    },
    handler: ({ tx, user, req, params, body }) => service.guardar({ tx, user, ip: req.ip, seccion: params.seccion, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/textos',
    permiso: 'publico',
    schema: {
      response: z.array(ZTextoSitioPublico),
      params: ZEmpresaPublicaParam,
      tags,
      summary: 'Público: los bloques de texto publicados',
    },
    handler: ({ deps: d, req, reply, params }) => leerPublico(d, req, reply, params.empresa, (tx) => service.publicados(tx)),
  });
}
