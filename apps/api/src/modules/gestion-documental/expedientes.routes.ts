import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idQuery } from '@predio/contract/campos';
import { IDM_GESTION_DOCUMENTAL } from '@predio/contract/gestion-documental';
import {
  ZDisponerLote,
  ZDisposicionLote,
  ZEliminarExpediente,
  ZExpediente,
  ZExpedienteDetalle,
  ZExpedienteForm,
  ZExpedienteRadicado,
  ZExpedientesQuery,
  ZRetencionLegal,
  ZRetencionQuery,
  ZTransferenciaLote,
  ZTransferirLote,
} from '@predio/contract/gestion-documental-expedientes';
import { zListResult } from '@predio/contract/list';
import { enviar } from '../../platform/archivos/archivos.service.ts';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute, afterCommit } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as service from './expedientes.service.ts';

const tags = ['gestion-documental'];
const permiso = IDM_GESTION_DOCUMENTAL;
const URL = '/gestion-documental/expedientes';
const ZId = z.object({ id: idQuery('id') });
const ZIdRadicado = z.object({ id: idQuery('id'), id_radicado: idQuery('id_radicado') });

/** Expedientes (a tab of Gestión documental, idm 10579): open, add radicados, close (retention clock), reopen. */
export function expedientesRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: URL,
    permiso,
    schema: {
      response: zListResult(ZExpediente),
      querystring: ZExpedientesQuery,
      tags,
      summary: 'Expedientes (búsqueda, estado, agrupación)',
    },
    handler: ({ tx, user, query }) => service.listar({ tx, user, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/:id`,
    permiso,
    schema: { response: ZExpedienteDetalle, params: ZId, tags, summary: 'Un expediente con sus radicados' },
    handler: ({ tx, user, params }) => service.obtener({ tx, user, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: URL,
    permiso,
    schema: { response: ZExpedienteDetalle, body: ZExpedienteForm, tags, summary: 'Abre un expediente' },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/:id/radicados`,
    permiso,
    schema: {
      response: ZExpedienteDetalle,
      params: ZId,
      body: ZExpedienteRadicado,
      tags,
      summary: 'Agrega un radicado al expediente abierto',
    },
    handler: ({ tx, user, req, params, body }) =>
      service.agregarRadicado({ tx, user, ip: req.ip, id: params.id, idRadicado: body.id_radicado }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: `${URL}/:id/radicados/:id_radicado`,
    permiso,
    schema: { response: ZExpedienteDetalle, params: ZIdRadicado, tags, summary: 'Saca un radicado del expediente abierto' },
    handler: ({ tx, user, req, params }) =>
      service.quitarRadicado({ tx, user, ip: req.ip, id: params.id, idRadicado: params.id_radicado }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/:id/cerrar`,
    permiso,
    schema: { response: ZExpedienteDetalle, params: ZId, tags, summary: 'Cierra el expediente: empieza su tiempo de retención' },
    handler: ({ tx, user, req, params }) => service.cerrar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/:id/reabrir`,
    permiso,
    schema: { response: ZExpedienteDetalle, params: ZId, tags, summary: 'Abre de nuevo un expediente cerrado' },
    handler: ({ tx, user, req, params }) => service.reabrir({ tx, user, ip: req.ip, id: params.id }),
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: '/gestion-documental/retencion',
    permiso,
    schema: {
      response: zListResult(ZExpediente),
      querystring: ZRetencionQuery,
      tags,
      summary: 'Expedientes cuyo tiempo en gestión (por transferir) o en central (por disponer) ya venció',
    },
    handler: ({ tx, user, query }) => service.retencion({ tx, user, query }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/:id/transferir`,
    permiso,
    schema: {
      response: ZExpedienteDetalle,
      params: ZId,
      tags,
      summary: 'Transfiere el expediente al archivo central (vencido en gestión)',
    },
    handler: ({ tx, user, req, params }) => service.transferir({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/transferir`,
    permiso,
    schema: {
      body: ZTransferirLote,
      response: ZTransferenciaLote,
      tags,
      summary: 'Transfiere varios expedientes al archivo central: el resultado de cada uno (transferido o por qué no)',
    },
    handler: ({ tx, user, req, body }) => service.transferirLote({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/:id/conservar`,
    permiso,
    schema: {
      response: ZExpedienteDetalle,
      params: ZId,
      tags,
      summary: 'Disposición final: conserva el expediente (vencido en central)',
    },
    handler: ({ tx, user, req, params }) => service.conservar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/:id/eliminar`,
    permiso,
    schema: {
      response: ZExpedienteDetalle,
      params: ZId,
      body: ZEliminarExpediente,
      tags,
      summary: 'Disposición final: elimina el expediente con su acta de eliminación en PDF',
    },
    handler: ({ tx, user, req, params, body }) =>
      service.eliminar({ tx, user, ip: req.ip, id: params.id, body, storage: deps.storage }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/disponer`,
    permiso,
    schema: {
      body: ZDisponerLote,
      response: ZDisposicionLote,
      tags,
      summary: 'Disposición final de varios expedientes (conservar, o eliminar con un acta cada uno): el resultado de cada uno',
    },
    handler: ({ tx, user, req, body }) => service.disponerLote({ tx, user, ip: req.ip, body, storage: deps.storage }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/:id/retencion-legal`,
    permiso,
    schema: {
      response: ZExpedienteDetalle,
      params: ZId,
      body: ZRetencionLegal,
      tags,
      summary: 'Activa o levanta la retención legal del expediente',
    },
    handler: ({ tx, user, req, params, body }) => service.retencionLegal({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/:id/acta`,
    permiso,
    schema: { response: FILE_RESPONSE, params: ZId, tags, summary: 'Descarga el acta de eliminación del expediente (PDF)' },
    handler: async ({ tx, user, params, reply, onCommit }) => {
      const f = await service.acta({ tx, user, id: params.id });
      return afterCommit(onCommit, reply, () => enviar(reply, deps.storage, f, { descargar: true }));
    },
  });
}
