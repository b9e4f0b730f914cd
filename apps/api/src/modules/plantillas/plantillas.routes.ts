import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  TIPOS_PLANTILLA,
  ZGrupoCampos,
  ZPlantilla,
  ZPlantillaGuardar,
  ZPlantillaResumen,
  ZProblemaPlantilla,
  ZRevisarPlantilla,
  ZVistaPrevia,
} from '@predio/contract/documentos';
import { ZIdParam } from '@predio/contract/usuarios';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, afterCommit } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as service from './plantillas.service.ts';

const tags = ['plantillas'];
/** Maestros > Configurar: the company's templates are part of its settings. */
const IDM_CONFIGURAR = 55;

const ZTipoQuery = z.object({
  tipo: z.enum(TIPOS_PLANTILLA, { error: 'tipo debe ser ninguno, inmueble, tercero o cliente' }).default('ninguno'),
});

export function plantillasRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/documentos/campos',
    permiso: IDM_CONFIGURAR,
    schema: {
      response: z.array(ZGrupoCampos),
      querystring: ZTipoQuery,
      tags,
      summary: 'Campos que puede usar una plantilla de ese tipo, por grupo',
    },
    handler: async ({ query }) => service.campos(query.tipo),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/plantillas',
    permiso: IDM_CONFIGURAR,
    schema: { response: z.array(ZPlantillaResumen), tags, summary: 'Plantillas de documentos de la empresa' },
    handler: ({ tx }) => service.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/plantillas/:id',
    permiso: IDM_CONFIGURAR,
    schema: { response: ZPlantilla, params: ZIdParam, tags, summary: 'Una plantilla con su contenido' },
    handler: ({ tx, params }) => service.obtener({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/plantillas',
    permiso: IDM_CONFIGURAR,
    schema: {
      response: ZPlantilla,
      body: ZPlantillaGuardar,
      tags,
      summary: 'Crea una plantilla (el HTML se limpia y los campos se revisan)',
    },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/plantillas/:id',
    permiso: IDM_CONFIGURAR,
    schema: { response: ZPlantilla, params: ZIdParam, body: ZPlantillaGuardar, tags, summary: 'Modifica una plantilla' },
    handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/plantillas/:id',
    permiso: IDM_CONFIGURAR,
    schema: { response: z.object({ id: z.number() }), params: ZIdParam, tags, summary: 'Elimina una plantilla' },
    handler: ({ tx, user, req, params }) => service.eliminar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/plantillas/revisar',
    permiso: IDM_CONFIGURAR,
    schema: {
      response: z.object({ problemas: z.array(ZProblemaPlantilla) }),
      body: ZRevisarPlantilla,
      tags,
      summary: 'Revisa una plantilla sin guardarla: todos los errores, con su línea',
    },
    handler: async ({ body }) => service.revisarPlantilla(body),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/plantillas/vista-previa',
    permiso: IDM_CONFIGURAR,
    schema: {
      response: z.object({ html: z.string() }),
      body: ZVistaPrevia,
      tags,
      summary: 'La plantilla llenada con un registro (o con valores de ejemplo), en HTML',
    },
    handler: async ({ tx, user, body }) => ({ html: (await service.vistaPrevia({ tx, user, body })).html }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/plantillas/vista-previa/pdf',
    permiso: IDM_CONFIGURAR,
    schema: {
      response: FILE_RESPONSE,
      body: ZVistaPrevia,
      tags,
      summary: 'La plantilla llenada con un registro, en PDF con el membrete',
    },
    handler: async ({ tx, user, body, reply, onCommit }) => {
      const previa = await service.vistaPrevia({ tx, user, body });
      return afterCommit(onCommit, reply, async () =>
        enviarArchivo(reply, await service.vistaPreviaPdf({ user, storage: deps.storage, previa })),
      );
    },
  });
}
