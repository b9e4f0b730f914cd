import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zListResult } from '@predio/contract/list';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import {
  IDM_FORMULARIOS,
  ZEnvioFormularioPublico,
  ZEnviosExportarQuery,
  ZEnviosQuery,
  ZFormularioForm,
  ZFormulariosQuery,
  ZEnvioFormulario,
  ZFormulario,
  ZFormularioPublico,
} from '@predio/contract/pagina-web-formularios';
import { ZArchivoPublicoParam, ZEmpresaPublicaParam, ZRegistroParam } from '@predio/contract/pagina-web';
import { CODES } from '@predio/contract/codes';
import { camposConError, mensajeValidacion } from '@predio/contract/validation';
import { registrarDueno } from '../../platform/archivos/duenos.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './formularios.service.ts';
import { leerPublico } from './publico.http.ts';
import * as publico from './publico.service.ts';

const tags = ['pagina-web'];

/** Página web > Formularios (idm 10536): the staff's builder and the public definition and submission. */
export function formulariosRoutes(app: FastifyInstance, deps: Deps): void {
  const F = IDM_FORMULARIOS;
  // The file of a form's file field belongs to its envío: staff read it at /api/archivos/formulario_envio/<envío>/<id>.
  registrarDueno({
    tipo: service.TIPO_DUENO_ENVIO,
    nombre: 'El envío del formulario',
    leer: [F],
    escribir: [F],
    resolver: service.resolverDueno,
    categorias: { [service.CATEGORIA_ADJUNTO_KEY]: service.CATEGORIA_ADJUNTO },
    categoriaPorDefecto: service.CATEGORIA_ADJUNTO_KEY,
    entidadAuditoria: service.ENTIDAD_FORMULARIO,
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/formularios',
    permiso: F,
    schema: {
      response: zListResult(ZFormulario),
      querystring: ZFormulariosQuery,
      tags,
      summary: 'Formularios del sitio con su número de envíos',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/formularios/:id',
    permiso: F,
    schema: { response: ZFormulario, params: ZRegistroParam, tags, summary: 'Un formulario con sus campos' },
    handler: ({ tx, params }) => service.ver({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/paginaweb/formularios',
    permiso: F,
    schema: {
      response: ZFormulario,
      body: ZFormularioForm,
      tags,
      summary: 'Crea un formulario (nombre y consentimiento van siempre)',
    },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/paginaweb/formularios/:id',
    permiso: F,
    schema: { response: ZFormulario, params: ZRegistroParam, body: ZFormularioForm, tags, summary: 'Modifica un formulario' },
    handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/paginaweb/formularios/:id',
    permiso: F,
    schema: {
      response: z.object({ id: z.number() }),
      params: ZRegistroParam,
      tags,
      summary: 'Elimina un formulario y sus envíos (las solicitudes quedan)',
    },
    handler: ({ tx, user, req, params }) => service.borrar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/formularios/:id/envios',
    permiso: F,
    schema: {
      response: zListResult(ZEnvioFormulario),
      params: ZRegistroParam,
      querystring: ZEnviosQuery,
      tags,
      summary: 'Envíos de un formulario, el más reciente primero',
    },
    handler: ({ tx, params, query }) => service.listarEnvios({ tx, id: params.id, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/formularios/:id/envios/exportar',
    permiso: F,
    schema: {
      response: FILE_RESPONSE,
      params: ZRegistroParam,
      querystring: ZEnviosExportarQuery,
      tags,
      summary: 'Exporta los envíos (Excel o CSV)',
    },
    handler: async ({ tx, params, query, reply }) =>
      enviarArchivo(reply, await service.exportarEnvios({ tx, id: params.id, formato: query.formato })),
  });

  // ----- public: published forms only, and their submission (limited like the site's contact form)
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/formularios',
    permiso: 'publico',
    schema: {
      response: z.array(ZFormularioPublico),
      params: ZEmpresaPublicaParam,
      tags,
      summary: 'Público: formularios publicados con sus campos',
    },
    handler: ({ deps: d, req, reply, params }) => leerPublico(d, req, reply, params.empresa, (tx) => service.publicos(tx)),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/formularios/:id',
    permiso: 'publico',
    schema: {
      response: ZFormularioPublico,
      params: ZArchivoPublicoParam,
      tags,
      summary: 'Público: un formulario publicado con sus campos',
    },
    handler: ({ deps: d, req, reply, params }) =>
      leerPublico(d, req, reply, params.empresa, async (tx) => {
        const f = await service.publico(tx, params.id);
        return { id: f.id, nombre: f.nombre, descripcion: f.descripcion, campos: f.campos, consentimiento: f.consentimiento };
      }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/publico/:empresa/formularios/:id',
    permiso: 'publico',
    schema: {
      response: z.object({ numero: z.number().nullable(), mensaje: z.string() }),
      params: ZArchivoPublicoParam,
      tags,
      summary:
        'Público: envía un formulario (JSON, o multipart con nombre, autoriza_datos, c1, c2… y el archivo bajo la clave de su campo); se vuelve una solicitud nueva o un cliente atendido',
    },
    handler: async ({ deps: d, req, params }) => {
      await publico.empresa(d.db, params.empresa);
      const a = { idEmpresa: params.empresa, idFormulario: params.id, ip: req.ip };
      // Two bodies on one address: JSON as before, or multipart when the form has a file field.
      let r: service.ResultadoEnvio;
      if (req.isMultipart()) r = await service.recibirMultipart(d, { ...a, partes: (o) => req.parts(o) });
      else {
        const datos = ZEnvioFormularioPublico.safeParse(req.body ?? {});
        if (!datos.success) {
          const c = camposConError(datos.error);
          throw new AppError(CODES.VALIDACION, c[0]?.mensaje ?? mensajeValidacion(c), c);
        }
        r = await service.recibir(d, { ...a, body: datos.data });
      }
      return r;
    },
  });
}
