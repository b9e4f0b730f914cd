import type { FastifyInstance } from 'fastify';
import {
  ZCambiarClave,
  ZEmpleadosQuery,
  ZIdParam,
  ZRestablecerClave,
  ZUsuarioActualizar,
  ZUsuarioCrear,
  ZUsuariosExportarQuery,
  ZUsuariosQuery,
  ZEmpleadoOpcion,
  ZUsuario,
} from '@predio/contract/usuarios';
import { zListResult } from '@predio/contract/list';
import { z } from 'zod';
import { hashClave } from '../../platform/auth/passwords.ts';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as service from './usuarios-admin.service.ts';

const tags = ['usuarios'];
const IDM = 37;

/** Administration of the company's users (Archivo > Usuarios). */
export function usuariosAdminRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/usuarios',
    permiso: IDM,
    schema: {
      response: zListResult(ZUsuario),
      querystring: ZUsuariosQuery,
      tags,
      summary: 'Usuarios de la empresa (página, orden, búsqueda, activo)',
    },
    handler: ({ tx, user, query }) => service.listar({ tx, user, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/usuarios/exportar',
    permiso: IDM,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZUsuariosExportarQuery,
      tags,
      summary: 'Exporta la lista filtrada de usuarios (CSV o Excel)',
    },
    handler: async ({ tx, query, reply }) => enviarArchivo(reply, await service.exportar({ tx, query })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/usuarios/empleados',
    permiso: IDM,
    schema: {
      response: z.array(ZEmpleadoOpcion),
      querystring: ZEmpleadosQuery,
      tags,
      summary: 'Terceros empleados para vincular a un usuario',
    },
    handler: ({ tx, query }) => service.empleados({ tx, q: query.q }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/usuarios/:id',
    permiso: IDM,
    schema: { response: ZUsuario, params: ZIdParam, tags, summary: 'Un usuario' },
    handler: ({ tx, user, params }) => service.obtener({ tx, user, id: params.id }),
  });
  // Hashing (argon2id) runs in prepare, before the transaction holds a connection.
  defineRoute(app, deps, {
    method: 'POST',
    url: '/usuarios',
    permiso: IDM,
    schema: { response: ZUsuario, body: ZUsuarioCrear, tags, summary: 'Crea un usuario' },
    prepare: ({ body }) => hashClave(body.clave),
    handler: ({ tx, user, req, body, prep }) => service.crear({ tx, deps, user, ip: req.ip, body, claveHash: prep }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/usuarios/:id',
    permiso: IDM,
    schema: {
      response: ZUsuario,
      params: ZIdParam,
      body: ZUsuarioActualizar,
      tags,
      summary: 'Modifica un usuario y sus permisos',
    },
    handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, deps, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/usuarios/:id/desactivar',
    permiso: IDM,
    schema: { response: ZUsuario, params: ZIdParam, tags, summary: 'Desactiva un usuario y cierra sus sesiones' },
    handler: ({ tx, onCommit, user, req, params }) => service.desactivar({ tx, onCommit, deps, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/usuarios/:id/activar',
    permiso: IDM,
    schema: { response: ZUsuario, params: ZIdParam, tags, summary: 'Activa de nuevo un usuario' },
    handler: ({ tx, user, req, params }) => service.activar({ tx, deps, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/usuarios/:id/restablecer-clave',
    permiso: IDM,
    schema: {
      response: z.object({ sesionesCerradas: z.number() }),
      params: ZIdParam,
      body: ZRestablecerClave,
      tags,
      summary: 'Asigna una contraseña nueva y cierra sus sesiones',
    },
    prepare: ({ body }) => hashClave(body.clave),
    handler: ({ tx, onCommit, user, req, params, prep }) =>
      service.restablecerClave({ tx, onCommit, deps, user, ip: req.ip, id: params.id, claveHash: prep }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/usuarios/cambiar-clave',
    permiso: 'sesion',
    schema: { response: z.null(), body: ZCambiarClave, tags, summary: 'El usuario cambia su propia contraseña' },
    // The current password is checked (and throttled) in prepare: a failure must be counted outside the
    // transaction that its error rolls back.
    prepare: ({ token, req, body }) => service.comprobarClaveActual({ deps, claims: token.claims, ip: req.ip, body }),
    handler: ({ tx, onCommit, user, req, prep }) =>
      service.cambiarClave({ tx, onCommit, deps, user, ip: req.ip, claveHash: prep }),
  });
}
