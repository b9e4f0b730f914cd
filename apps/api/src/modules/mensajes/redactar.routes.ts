import type { FastifyInstance } from 'fastify';
import { IDM_AGENDA } from '@predio/contract/agenda';
import { IDM_CLIENTES_ATENDIDOS } from '@predio/contract/clientes';
import { IDM_INMUEBLE } from '@predio/contract/inmuebles';
import {
  ETIQUETAS_ENTIDAD_CORREO,
  ZCorreoRedactado,
  ZRegistroParam,
  ZVistaPreviaCorreo,
  type EntidadCorreo,
  ZCorreoEncolado,
  ZMensajeRedactado,
  ZOpcionesRedactar,
} from '@predio/contract/redactar';
import { ZMensajeDeRegistro } from '@predio/contract/mensajes';
import { z } from 'zod';
import { IDM_SOLICITUDES } from '@predio/contract/solicitudes';
import { IDM_TERCEROS } from '@predio/contract/terceros';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute, afterCommit, envelope } from '../../platform/http/route.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import { inTenant } from '../../platform/tenant.ts';
import * as redactar from './redactar.service.ts';
import { historial } from './tercero.service.ts';

const tags = ['mensajes'];

/** Each record an e-mail is written from, with the screen (idm) that opens it. */
const PERMISOS: Record<EntidadCorreo, number> = {
  tercero: IDM_TERCEROS,
  inmueble: IDM_INMUEBLE,
  cliente: IDM_CLIENTES_ATENDIDOS,
  solicitud: IDM_SOLICITUDES,
  cita: IDM_AGENDA,
};

/** /mensajes/<entidad>/<clave>/…: compose options, send, and the record's message history. */
export function redactarRoutes(app: FastifyInstance, deps: Deps): void {
  for (const [entidad, permiso] of Object.entries(PERMISOS) as [EntidadCorreo, number][]) {
    const base = `/mensajes/${entidad}/:clave`;
    const que = ETIQUETAS_ENTIDAD_CORREO[entidad].toLowerCase();
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/correo`,
      permiso,
      schema: {
        response: ZOpcionesRedactar,
        params: ZRegistroParam,
        tags,
        summary: `Para escribir un correo desde ${que}: destinatarios, plantillas, archivos y fichas`,
      },
      handler: ({ tx, user, params }) => redactar.opciones({ tx, user, entidad, clave: params.clave }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/correo/vista-previa`,
      permiso,
      schema: {
        response: ZMensajeRedactado,
        params: ZRegistroParam,
        body: ZVistaPreviaCorreo,
        tags,
        summary: `El asunto y el mensaje llenados con los datos de ${que}, con la firma`,
      },
      handler: ({ tx, user, params, body }) => redactar.vistaPrevia({ tx, user, entidad, clave: params.clave, body }),
    });
    // The fichas are laid out and the files copied once the checks commit, then the message is queued
    // in a second transaction; a failure there removes what was stored.
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/correo`,
      permiso,
      schema: {
        response: ZCorreoEncolado,
        params: ZRegistroParam,
        body: ZCorreoRedactado,
        tags,
        summary: `Envía un correo desde ${que} (queda en su historial con su estado)`,
      },
      handler: async ({ tx, user, req, reply, params, body, onCommit }) => {
        const preparado = await redactar.preparar({ tx, user, entidad, clave: params.clave, body });
        return afterCommit(onCommit, reply, async () => {
          const adjuntos = await redactar.guardarAdjuntos({
            user,
            storage: deps.storage,
            preparado,
            urlPublica: urlPublica(deps.config.publicUrl, req),
          });
          try {
            const r = await inTenant(deps.db, user.idEmpresa, (scope) =>
              redactar.encolar({ ...scope, user, ip: req.ip, mailer: deps.mailer, preparado, adjuntos }),
            );
            await reply.send(envelope(r));
          } catch (e) {
            await redactar.borrarAdjuntos(deps.storage, adjuntos);
            throw e;
          }
        });
      },
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/historial`,
      permiso,
      schema: {
        response: z.array(ZMensajeDeRegistro),
        params: ZRegistroParam,
        tags,
        summary: `Correos y SMS de ${que}, el más reciente primero`,
      },
      handler: async ({ tx, user, params }) => {
        await redactar.exigirRegistro({ tx, user, entidad, clave: params.clave });
        return historial({ tx, entidad, entidadId: String(params.clave) });
      },
    });
  }
}
