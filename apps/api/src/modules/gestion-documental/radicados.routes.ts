import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IDM_BUSCAR_GESTION_DOCUMENTAL,
  IDM_GESTION_DOCUMENTAL,
  ZContratoRadicado,
  ZInmuebleRadicado,
  ZOpcionesRadicado,
  ZRadicado,
  ZRadicadoForm,
  ZRadicadoParam,
  ZRadicadosExportarQuery,
  ZRadicadosQuery,
  ZTerceroRadicado,
} from '@predio/contract/gestion-documental';
import { zListaAcotada } from '@predio/contract/list';
import { idQuery } from '@predio/contract/campos';
import { IDM_SUBSERIES_AUTOMATICAS } from '@predio/contract/gestion-documental-automaticos';
import { IDM_PLANTILLAS_CARTAS } from '@predio/contract/gestion-documental-cartas';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './radicados.service.ts';
import { automaticosRoutes } from './automaticos.routes.ts';
import { cartasRoutes } from './cartas.routes.ts';
import { estadosGdRoutes } from './estados.routes.ts';
import { expedientesRoutes } from './expedientes.routes.ts';
import { permisosGdRoutes } from './permisos.routes.ts';
import { trdRoutes } from './trd.routes.ts';
import { versionesRoutes } from './versiones.routes.ts';

const tags = ['gestion-documental'];
const permiso = IDM_GESTION_DOCUMENTAL;
const URL = '/gestion-documental/radicados';

const ZIdParam = z.object({ id: idQuery('id') });
const PERMISO_MAESTROS: readonly number[] = [
  IDM_GESTION_DOCUMENTAL,
  IDM_BUSCAR_GESTION_DOCUMENTAL,
  IDM_PLANTILLAS_CARTAS,
  IDM_SUBSERIES_AUTOMATICAS,
];
const PERMISO_TERCEROS: readonly number[] = [IDM_GESTION_DOCUMENTAL, IDM_PLANTILLAS_CARTAS];
// The inmueble and contrato pickers serve filing, letters and the search's filters.
const PERMISO_RELACIONADOS: readonly number[] = [IDM_GESTION_DOCUMENTAL, IDM_PLANTILLAS_CARTAS, IDM_BUSCAR_GESTION_DOCUMENTAL];
const ZBuscar = z.object({ q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).optional() });

/** Gestión documental (idm 10579): filing radicados; Buscar gestión documental (idm 10581): finding them. */
export function gestionDocumentalRoutes(app: FastifyInstance, deps: Deps): void {
  service.registrarDuenoRadicado();
  defineRoute(app, deps, {
    method: 'GET',
    url: URL,
    permiso,
    schema: {
      response: zListaAcotada(ZRadicado),
      querystring: ZRadicadosQuery,
      tags,
      summary: 'Radicados (página, orden, búsqueda y filtros)',
    },
    handler: ({ tx, user, query }) => service.listar({ tx, user, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/exportar`,
    permiso,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZRadicadosExportarQuery,
      tags,
      summary: 'Los radicados del filtro en Excel o CSV',
    },
    handler: async ({ tx, user, query, reply }) => enviarArchivo(reply, await service.exportar({ tx, user, query })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/opciones`,
    // Letters (10580) and automatic rules (10591) choose the same masters; the search (10581) filters by them.
    permiso: PERMISO_MAESTROS,
    schema: {
      response: ZOpcionesRadicado,
      tags,
      summary: 'Áreas, series, subseries, tipos documentales y estados activos para radicar',
    },
    handler: ({ tx }) => service.opciones({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/terceros`,
    permiso: PERMISO_TERCEROS,
    schema: {
      response: z.array(ZTerceroRadicado),
      querystring: ZBuscar,
      tags,
      summary: 'Terceros activos para remitente o destinatario (máximo 20)',
    },
    handler: ({ tx, query }) => service.buscarTerceros({ tx, q: query.q }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/inmuebles`,
    permiso: PERMISO_RELACIONADOS,
    schema: {
      response: z.array(ZInmuebleRadicado),
      querystring: ZBuscar,
      tags,
      summary: 'Inmuebles por número o dirección, para el radicado o el expediente (20)',
    },
    handler: ({ tx, query }) => service.buscarInmuebles({ tx, q: query.q }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/contratos`,
    permiso: PERMISO_RELACIONADOS,
    schema: {
      response: z.array(ZContratoRadicado),
      querystring: ZBuscar,
      tags,
      summary: 'Contratos por número o inmueble, para el radicado o el expediente (20)',
    },
    handler: ({ tx, query }) => service.buscarContratos({ tx, q: query.q }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/:id`,
    permiso,
    schema: { response: ZRadicado, params: ZIdParam, tags, summary: 'Un radicado' },
    handler: ({ tx, user, params }) => service.ver({ tx, user, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: URL,
    permiso,
    schema: { response: ZRadicado, body: ZRadicadoForm, tags, summary: 'Radica un documento: le da el siguiente número del año' },
    handler: ({ tx, onCommit, user, req, body }) =>
      service.radicar({ tx, user, ip: req.ip, body, aviso: { hub: deps.hub, mailer: deps.mailer, onCommit } }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/gestion-documental/buscar',
    permiso: IDM_BUSCAR_GESTION_DOCUMENTAL,
    schema: {
      response: zListaAcotada(ZRadicado),
      querystring: ZRadicadosQuery,
      tags,
      summary: 'Busca radicados por número, asunto o tercero, y filtros',
    },
    handler: ({ tx, user, query }) => service.listar({ tx, user, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/gestion-documental/buscar/:radicado',
    permiso: IDM_BUSCAR_GESTION_DOCUMENTAL,
    schema: { response: ZRadicado, params: ZRadicadoParam, tags, summary: 'Un radicado por su número' },
    handler: ({ tx, user, params }) => service.ver({ tx, user, radicado: params.radicado }),
  });
  trdRoutes(app, deps);
  permisosGdRoutes(app, deps);
  cartasRoutes(app, deps);
  automaticosRoutes(app, deps);
  estadosGdRoutes(app, deps);
  expedientesRoutes(app, deps);
  versionesRoutes(app, deps);
}
