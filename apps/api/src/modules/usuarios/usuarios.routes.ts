import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZGetUsuarioData,
  ZGrabarSesionBody,
  ZIdUsuarioParam,
  ZLoginBody,
  ZLoginData,
  ZPermisosData,
} from '@predio/contract/usuarios';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute, Respuesta } from '../../platform/http/route.ts';
import * as service from './usuarios.service.ts';

const tags = ['usuarios'];
const cliente = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500) });

export function usuariosRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'POST',
    url: '/usuarios/login',
    permiso: 'publico',
    schema: {
      response: { data: ZLoginData, extra: ZLoginData.shape },
      body: ZLoginBody,
      tags,
      summary: 'Inicia sesión y devuelve el token',
    },
    handler: async ({ body, req }) => {
      const token = await service.login({ deps, body, cliente: cliente(req) });
      return new Respuesta({ token }, { token });
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/Usuarios/GetUsuario',
    permiso: 'token',
    schema: {
      response: { data: ZGetUsuarioData, extra: ZGetUsuarioData.shape },
      tags,
      summary: 'Verifica la sesión (sesion false si fue cerrada o expiró)',
    },
    handler: async ({ tx, user }) => {
      const data = await service.getUsuario({ tx, user });
      return new Respuesta(data, data);
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/Usuarios/cerrarsesion',
    permiso: 'token',
    schema: { response: z.null(), tags, summary: 'Cierra la sesión del token' },
    handler: ({ tx, onCommit, user, req }) => service.cerrarSesion({ tx, onCommit, deps, user, ip: req.ip }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/Usuarios/GetPermisosE/:idUsuario',
    permiso: 'sesion',
    schema: { response: ZPermisosData, params: ZIdUsuarioParam, tags, summary: 'Permisos especiales de un usuario' },
    handler: ({ tx, user, params }) => service.permisosEspeciales({ tx, user, idUsuario: params.idUsuario }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/usuarios/GetPermisosPorUsuario',
    permiso: 'sesion',
    schema: { response: ZPermisosData, tags, summary: 'Permisos por usuario del usuario actual' },
    handler: ({ tx, user }) => service.permisosPorUsuario({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/Usuarios/grabar_sesion',
    permiso: 'sesion',
    schema: { response: z.null(), body: ZGrabarSesionBody, tags, summary: 'Registra el dispositivo de la sesión' },
    handler: ({ tx, user, body }) => service.grabarSesion({ tx, user, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/usuarios/consultar_acepto_bitacora',
    permiso: 'sesion',
    schema: {
      response: { data: z.string(), extra: { exito: z.boolean() } },
      tags,
      summary: 'Aviso importante pendiente de aceptar (HTML o vacío)',
    },
    handler: async ({ tx, user }) => new Respuesta(await service.consultarBitacora({ tx, user }), { exito: true }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/usuarios/actualizar_acepto_bitacora',
    permiso: 'sesion',
    schema: {
      response: { data: z.null(), extra: { exito: z.boolean() } },
      tags,
      summary: 'Marca el aviso vigente como aceptado',
    },
    handler: async ({ tx, user }) => {
      await service.aceptarBitacora({ tx, user });
      return new Respuesta(null, { exito: true });
    },
  });
}
