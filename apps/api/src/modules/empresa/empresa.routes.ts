import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZAgencia,
  ZAgenciaGuardar,
  ZApiPublica,
  ZApiPublicaCambio,
  ZConfiguracion,
  ZConfiguracionActualizar,
  ZEmpresa,
  ZEmpresaActualizar,
  ZInfoEmpresa,
  ZLogoSubido,
  ZUsuarioOpcion,
} from '@predio/contract/empresa';
import { ZIdParam } from '@predio/contract/usuarios';
import { ZFormularioWeb, ZFormularioWebCambio } from '@predio/contract/solicitudes';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute, Respuesta } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { enviarImagen } from '../../platform/http/archivo.ts';
import * as service from './empresa.service.ts';

const tags = ['empresa'];

/** The names Predio itself answers at: the one the admin is using and PUBLIC_URL's. */
function hostsPredio(req: FastifyRequest, publicUrl: string | null): string[] {
  const publica = publicUrl ? URL.parse(publicUrl)?.hostname : undefined;
  return [req.hostname.toLowerCase(), ...(publica ? [publica.toLowerCase()] : [])];
}
const IDM_EMPRESA = 3;
const IDM_CONFIGURAR = 55;

export function empresaRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/Empresa/GetEmpresa',
    permiso: 'sesion',
    schema: { response: ZEmpresa, tags, summary: 'Datos de la empresa del usuario' },
    handler: ({ tx }) => service.getEmpresa({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/Empresa/GetInfoEmpresa',
    permiso: 'sesion',
    schema: {
      response: ZInfoEmpresa,
      tags,
      summary: 'Datos de la empresa con información adicional (usuarios activos, agencias)',
    },
    handler: ({ tx }) => service.getInfoEmpresa({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/empresa',
    permiso: IDM_EMPRESA,
    schema: { response: ZEmpresa, body: ZEmpresaActualizar, tags, summary: 'Modifica los datos de la empresa' },
    handler: ({ tx, user, req, body }) => service.actualizar({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/empresa/usuarios-opciones',
    permiso: IDM_EMPRESA,
    schema: { response: z.array(ZUsuarioOpcion), tags, summary: 'Usuarios activos (asesor y auxiliar por defecto)' },
    handler: ({ tx }) => service.usuariosOpciones({ tx }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/empresa/logo',
    permiso: IDM_EMPRESA,
    schema: {
      response: { data: ZLogoSubido, extra: ZLogoSubido.shape },
      tags,
      summary: 'Sube el logo de la empresa (multipart: file)',
    },
    prepare: ({ req }) => service.leerLogo(req.parts()),
    handler: async ({ tx, user, req, prep, onCommit }) => {
      const nombreArchivo = await service.guardarLogo({ tx, user, ip: req.ip, onCommit, storage: deps.storage, subida: prep });
      return new Respuesta({ nombreArchivo }, { nombreArchivo });
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/empresa/logo/:nombre',
    permiso: 'sesion',
    cookieAuth: true,
    schema: { response: FILE_RESPONSE, params: z.object({ nombre: z.string().max(80) }), tags, summary: 'Descarga el logo' },
    handler: async ({ user, params, reply }) =>
      enviarImagen(reply, await service.leerLogoGuardado({ user, storage: deps.storage, nombre: params.nombre })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/empresa/agencias',
    // Forms of other modules (users, properties) offer the branches.
    permiso: 'sesion',
    schema: { response: z.array(ZAgencia), tags, summary: 'Agencias (sucursales) de la empresa' },
    handler: ({ tx }) => service.agencias({ tx }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/empresa/agencias',
    permiso: IDM_EMPRESA,
    schema: { response: ZAgencia, body: ZAgenciaGuardar, tags, summary: 'Crea una agencia' },
    handler: ({ tx, user, req, body }) => service.crearAgencia({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/empresa/agencias/:id',
    permiso: IDM_EMPRESA,
    schema: { response: ZAgencia, params: ZIdParam, body: ZAgenciaGuardar, tags, summary: 'Modifica o desactiva una agencia' },
    handler: ({ tx, user, req, params, body }) => service.actualizarAgencia({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/empresa/agencias/:id',
    permiso: IDM_EMPRESA,
    schema: { response: z.object({ id: z.number() }), params: ZIdParam, tags, summary: 'Elimina una agencia que nadie usa' },
    handler: ({ tx, user, req, params }) => service.eliminarAgencia({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/empresa/formulario-web',
    permiso: IDM_EMPRESA,
    schema: { response: ZFormularioWeb, tags, summary: 'Formulario del sitio web: si está activo y su clave' },
    handler: ({ tx }) => service.formularioWeb({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/empresa/formulario-web',
    permiso: IDM_EMPRESA,
    schema: {
      response: ZFormularioWeb,
      body: ZFormularioWebCambio,
      tags,
      summary: 'Activa el formulario con una clave nueva, o lo desactiva; activa o desactiva la confirmación al visitante',
    },
    handler: ({ tx, user, req, body }) => service.cambiarFormularioWeb({ tx, user, ip: req.ip, cambio: body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/empresa/api-publica',
    permiso: IDM_EMPRESA,
    schema: { response: ZApiPublica, tags, summary: 'API pública del sitio: su clave y los orígenes que pueden leerla (CORS)' },
    handler: ({ tx }) => service.apiPublica({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/empresa/api-publica',
    permiso: IDM_EMPRESA,
    schema: {
      response: ZApiPublica,
      body: ZApiPublicaCambio,
      tags,
      summary: 'Genera o quita la clave de la API pública; cambia los orígenes permitidos (CORS)',
    },
    handler: async ({ tx, user, req, body, onCommit }) => {
      const r = await service.cambiarApiPublica({
        tx,
        user,
        ip: req.ip,
        cambio: body,
        hostsPredio: hostsPredio(req, deps.config.publicUrl),
      });
      // This process routes the new domain at once; the others within 30 s (platform/http/dominios.ts).
      if (body.dominio !== undefined) onCommit(() => req.server.dominiosPropios.cargar().catch(() => undefined));
      return r;
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/configurarPredio/GetConfiguracion',
    permiso: 'sesion',
    schema: { response: ZConfiguracion, tags, summary: 'Configuración del software (objConfigurar)' },
    handler: ({ tx }) => service.getConfiguracion({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/configurarPredio/configuracion',
    permiso: IDM_CONFIGURAR,
    schema: { response: ZConfiguracion, body: ZConfiguracionActualizar, tags, summary: 'Modifica la configuración del software' },
    handler: ({ tx, user, req, body }) => service.actualizarConfiguracion({ tx, user, ip: req.ip, body }),
  });
}
