import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idQuery } from '@predio/contract/campos';
import { MAX_PLANTILLA, ZGrupoCampos, ZProblemaPlantilla } from '@predio/contract/documentos';
import {
  IDM_PLANTILLAS_CARTAS,
  ZCarta,
  ZGenerarCarta,
  ZOpcionesCarta,
  ZPlantillaCarta,
  ZPlantillaCartaForm,
  ZPlantillaCartaResumen,
} from '@predio/contract/gestion-documental-cartas';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './cartas.service.ts';

const tags = ['gestion-documental'];
const permiso = IDM_PLANTILLAS_CARTAS;
const URL = '/gestion-documental/plantillas-cartas';
const ZIdParam = z.object({ id: idQuery('id') });
const ZContenido = z.object({
  contenido: z
    .string({ error: 'El campo Contenido debe ser texto' })
    .max(MAX_PLANTILLA, { error: 'El campo Contenido es demasiado grande (máximo 1,5 MB)' }),
});
const ZCartasQuery = z.object({ id_plantilla: idQuery('id_plantilla').optional() });

/** Plantillas de cartas (idm 10580): templates, their preview, and letters generated as radicados de salida. */
export function cartasRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/campos`,
    permiso,
    schema: {
      response: z.array(ZGrupoCampos),
      tags,
      summary: 'Campos combinables de una carta: tercero, inmueble, contrato, empresa, radicado, fecha en letras',
    },
    handler: async () => service.campos(),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/opciones`,
    permiso,
    schema: { response: ZOpcionesCarta, tags, summary: 'Plantillas activas y contratos para generar una carta' },
    handler: ({ tx }) => service.opciones({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/gestion-documental/cartas',
    permiso,
    schema: {
      response: z.array(ZCarta),
      querystring: ZCartasQuery,
      tags,
      summary: 'Cartas generadas (las 100 más recientes), con su radicado',
    },
    handler: ({ tx, query }) => service.listarCartas({ tx, idPlantilla: query.id_plantilla }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/gestion-documental/cartas',
    permiso,
    schema: {
      response: ZCarta,
      body: ZGenerarCarta,
      tags,
      summary: 'Genera una carta: la radica como salida con su PDF en el membrete y, si se pide, la envía por correo',
    },
    handler: ({ tx, onCommit, user, req, body }) =>
      service.generar({ tx, onCommit, user, ip: req.ip, storage: deps.storage, mailer: deps.mailer, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/revisar`,
    permiso,
    schema: {
      response: z.object({ problemas: z.array(ZProblemaPlantilla) }),
      body: ZContenido,
      tags,
      summary: 'Revisa una plantilla de carta sin guardarla',
    },
    handler: async ({ body }) => service.revisarContenido(body.contenido),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/vista-previa`,
    permiso,
    schema: {
      response: z.object({ html: z.string() }),
      body: ZContenido,
      tags,
      summary: 'La plantilla llenada con valores de ejemplo, en HTML',
    },
    handler: ({ body }) => service.vistaPrevia(body.contenido),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: URL,
    permiso,
    schema: { response: z.array(ZPlantillaCartaResumen), tags, summary: 'Plantillas de cartas de la empresa' },
    handler: ({ tx }) => service.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/:id`,
    permiso,
    schema: { response: ZPlantillaCarta, params: ZIdParam, tags, summary: 'Una plantilla de carta con su contenido' },
    handler: ({ tx, params }) => service.obtener({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: URL,
    permiso,
    schema: {
      response: ZPlantillaCarta,
      body: ZPlantillaCartaForm,
      tags,
      summary: 'Crea una plantilla de carta (HTML limpio, campos revisados)',
    },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: `${URL}/:id`,
    permiso,
    schema: {
      response: ZPlantillaCarta,
      params: ZIdParam,
      body: ZPlantillaCartaForm,
      tags,
      summary: 'Modifica una plantilla de carta',
    },
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
      summary: 'Elimina una plantilla que no ha generado cartas',
    },
    handler: ({ tx, user, req, params }) => service.eliminar({ tx, user, ip: req.ip, id: params.id }),
  });
}
