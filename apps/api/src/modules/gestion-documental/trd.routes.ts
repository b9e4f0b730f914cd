import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IDM_CONFIGURACION_GESTION_DOCUMENTAL, ZFilaTrd, ZReporteTrd } from '@predio/contract/gestion-documental-trd';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { leerArchivo } from '../maestros/maestros-archivos.service.ts';
import {
  ZConfiguracionGd,
  ZConfiguracionGdRespuesta,
  ZEstadoExtraccion,
  ZExtraccionIniciada,
} from '@predio/contract/gestion-documental-configuracion';
import * as configuracion from './configuracion.service.ts';
import * as texto from './texto.service.ts';
import * as service from './trd.service.ts';

const tags = ['gestion-documental'];
const permiso = IDM_CONFIGURACION_GESTION_DOCUMENTAL;
const URL = '/gestion-documental/trd';

/**
 * The masters' screens of idm 10574: Importar parametrización (the TRD as an Excel workbook, validated,
 * imported and exported) and Configuración (radicado formats, deadlines, who receives inbound mail).
 */
export function trdRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/gestion-documental/configuracion',
    permiso,
    schema: {
      response: ZConfiguracionGdRespuesta,
      tags,
      summary: 'Formatos de radicado, reinicio anual, recepción y plazos de respuesta por tipo',
    },
    handler: ({ tx }) => configuracion.obtener({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/gestion-documental/configuracion',
    permiso,
    schema: {
      response: ZConfiguracionGdRespuesta,
      body: ZConfiguracionGd,
      tags,
      summary: 'Guarda la configuración de gestión documental',
    },
    handler: ({ tx, user, req, body }) => configuracion.guardar({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/gestion-documental/configuracion/extraer-texto',
    permiso,
    schema: {
      response: ZEstadoExtraccion,
      tags,
      summary: 'Cuántos documentos de los radicados tienen su texto extraído y cuántas extracciones faltan',
    },
    handler: ({ tx }) => texto.estadoExtraccion({ tx }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/gestion-documental/configuracion/extraer-texto',
    permiso,
    schema: {
      response: ZExtraccionIniciada,
      tags,
      summary: 'Encola la extracción del texto de los documentos que no lo tienen (archivados antes de la extracción)',
    },
    handler: ({ tx, user, req }) => texto.reextraer({ tx, user, ip: req.ip }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: URL,
    permiso,
    schema: { response: z.array(ZFilaTrd), tags, summary: 'La TRD de la empresa: una fila por área, subserie y tipo documental' },
    handler: ({ tx }) => service.leer({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/exportar`,
    permiso,
    schema: { response: FILE_RESPONSE, tags, summary: 'La TRD en Excel, con las columnas que lee la importación' },
    handler: async ({ tx, reply }) => enviarArchivo(reply, await service.exportar({ tx })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/plantilla`,
    permiso,
    schema: { response: FILE_RESPONSE, tags, summary: 'Plantilla de Excel de la TRD con filas de ejemplo' },
    handler: async ({ reply }) => enviarArchivo(reply, await service.plantilla()),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/validar`,
    permiso,
    schema: {
      response: ZReporteTrd,
      tags,
      summary: 'Valida un Excel de TRD y devuelve el informe por fila, sin escribir (multipart: file)',
    },
    prepare: ({ req }) => leerArchivo((opts) => req.parts(opts)),
    handler: ({ tx, prep }) => service.validar({ tx, filas: prep }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/importar`,
    permiso,
    schema: { response: ZReporteTrd, tags, summary: 'Importa la TRD completa de un Excel: todo o nada (multipart: file)' },
    prepare: ({ req }) => leerArchivo((opts) => req.parts(opts)),
    handler: ({ tx, user, req, prep }) => service.importar({ tx, user, ip: req.ip, filas: prep }),
  });
}
