import type { FastifyInstance } from 'fastify';
import {
  IDM_PORTAL,
  PORTALES_SINCRONIZADOS,
  ZAccionPortalParam,
  ZPortalConfigGuardar,
  ZPortalInmuebleParam,
} from '@predio/contract/portales';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import * as service from './portales.service.ts';

const tags = ['portales'];

/** Inmuebles › Portales: one set of endpoints per portal, each behind its own idm (Wasi 10606). */
export function portalesRoutes(app: FastifyInstance, deps: Deps): void {
  const cifrador = cifradorDe(deps.config, service.PROPOSITO_CIFRADO);
  for (const portal of PORTALES_SINCRONIZADOS) {
    const permiso = IDM_PORTAL[portal];
    const base = `/portales/${portal}`;
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/configuracion`,
      permiso,
      schema: { tags, summary: `Configuración de ${portal} (sin su token)` },
      handler: ({ tx }) => service.leerConfig({ tx, portal }),
    });
    defineRoute(app, deps, {
      method: 'PUT',
      url: `${base}/configuracion`,
      permiso,
      schema: {
        body: ZPortalConfigGuardar,
        tags,
        summary: `Guarda la configuración de ${portal}; el token se cifra y nunca se devuelve`,
      },
      handler: ({ tx, user, req, body }) => service.guardarConfig({ tx, user, ip: req.ip, cifrador, portal, body }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/probar`,
      permiso,
      schema: { tags, summary: `Prueba las credenciales guardadas contra ${portal}` },
      handler: ({ tx }) => service.probar({ tx, cifrador, portal }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/inmuebles`,
      permiso,
      schema: { tags, summary: `Inmuebles marcados para ${portal} o enviados a él, con su estado y último error` },
      handler: ({ tx }) => service.listar({ tx, portal }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/inmuebles/:consecutivo/historial`,
      permiso,
      schema: { params: ZPortalInmuebleParam.omit({ portal: true }), tags, summary: `Lo enviado a ${portal} de un inmueble` },
      handler: ({ tx, params }) => service.historial({ tx, portal, consecutivo: params.consecutivo }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/inmuebles/:consecutivo/:accion`,
      permiso,
      schema: {
        params: ZAccionPortalParam.omit({ portal: true }),
        tags,
        summary: `Publicar, actualizar o despublicar un inmueble en ${portal} (lo hace un trabajo)`,
      },
      handler: ({ tx, user, params }) =>
        service.accion({ tx, user, portal, consecutivo: params.consecutivo, accion: params.accion }),
    });
  }
}
