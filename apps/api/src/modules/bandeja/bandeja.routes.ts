import type { FastifyInstance } from 'fastify';
import {
  IDM_BANDEJA,
  ZCrearSolicitudCorreo,
  ZCrearTerceroCorreo,
  ZAdjuntoParam,
  ZCuentaCorreoGuardar,
  ZHilosQuery,
  ZMarcarLeido,
  ZMensajeIdParam,
  ZMensajeQuery,
  ZResponderCorreo,
  ZAdjuntoSubido,
  ZCarpetaCorreo,
  ZCorreoRecibido,
  ZCuentaCorreo,
  ZHiloCorreo,
  ZHiloDetalle,
  ZPlantillaRespuesta,
} from '@predio/contract/bandeja';
import { zListResult } from '@predio/contract/list';
import { z } from 'zod';
import { IDM_TERCEROS, ZTerceroIdParam } from '@predio/contract/terceros';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import * as service from './bandeja.service.ts';

const tags = ['bandeja'];
const permiso = IDM_BANDEJA;
export const PROPOSITO_CIFRADO_BANDEJA = 'bandeja.imap.v1';

/** Correos › Bandeja de correos (idm 509): the user's own IMAP box. */
export function bandejaRoutes(app: FastifyInstance, deps: Deps): void {
  const cifrador = cifradorDe(deps.config, PROPOSITO_CIFRADO_BANDEJA);
  defineRoute(app, deps, {
    method: 'GET',
    url: '/bandeja/cuenta',
    permiso,
    schema: {
      response: ZCuentaCorreo.nullable(),
      tags,
      summary: 'La cuenta IMAP del usuario (sin su contraseña), cuándo se sincronizó y su último error',
    },
    handler: (o) => service.obtenerCuenta(o),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/bandeja/cuenta',
    permiso,
    schema: {
      response: ZCuentaCorreo,
      body: ZCuentaCorreoGuardar,
      tags,
      summary: 'Guarda la cuenta IMAP (la contraseña se cifra) y la sincroniza',
    },
    handler: (o) => service.guardarCuenta({ ...o, cifrador, body: o.body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/bandeja/sincronizar',
    permiso,
    schema: { response: ZCuentaCorreo, tags, summary: 'Pide una sincronización de la bandeja (un trabajo en segundo plano)' },
    handler: (o) => service.sincronizar(o),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/bandeja/carpetas',
    permiso,
    schema: { response: z.array(ZCarpetaCorreo), tags, summary: 'Carpetas de la bandeja con sus mensajes sin leer' },
    handler: (o) => service.carpetas(o),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/bandeja/hilos',
    permiso,
    schema: {
      response: zListResult(ZHiloCorreo),
      querystring: ZHilosQuery,
      tags,
      summary: 'Conversaciones de una carpeta, la más reciente primero',
    },
    handler: (o) => service.hilos({ ...o, query: o.query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/bandeja/mensajes/:id',
    permiso,
    schema: {
      response: ZHiloDetalle,
      params: ZMensajeIdParam,
      querystring: ZMensajeQuery,
      tags,
      summary: 'Un correo con su conversación',
    },
    handler: (o) => service.leer({ ...o, id: o.params.id, imagenes: o.query.imagenes }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/bandeja/mensajes/:id/leido',
    permiso,
    schema: {
      response: z.object({ leido: z.boolean() }),
      params: ZMensajeIdParam,
      body: ZMarcarLeido,
      tags,
      summary: 'Marca la conversación como leída o no leída (también en el servidor de correo)',
    },
    handler: (o) => service.marcar({ ...o, id: o.params.id, leido: o.body.leido }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/bandeja/mensajes/:id/plantillas',
    permiso,
    schema: {
      response: z.array(ZPlantillaRespuesta),
      params: ZMensajeIdParam,
      tags,
      summary: 'Mensajes libres para empezar la respuesta, llenos con el tercero',
    },
    handler: (o) => service.plantillasRespuesta({ ...o, id: o.params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/bandeja/mensajes/:id/responder',
    permiso,
    schema: {
      response: z.object({ para: z.string(), asunto: z.string(), adjuntos: z.array(z.string()) }),
      params: ZMensajeIdParam,
      body: ZResponderCorreo,
      tags,
      summary: 'Responde o reenvía un correo',
    },
    handler: (o) => service.responder({ ...o, mailer: deps.mailer, storage: deps.storage, id: o.params.id, body: o.body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/bandeja/mensajes/:id/adjuntos/:n',
    permiso,
    cookieAuth: true,
    schema: {
      response: FILE_RESPONSE,
      params: ZAdjuntoParam,
      tags,
      summary: 'Descarga un adjunto de un correo recibido (de la bandeja propia)',
    },
    handler: async (o) =>
      enviarArchivo(o.reply, await service.adjuntoRecibido({ ...o, cifrador, id: o.params.id, n: o.params.n })),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/bandeja/adjuntos',
    permiso,
    schema: { response: ZAdjuntoSubido, tags, summary: 'Sube un archivo para adjuntarlo a una respuesta (multipart: file)' },
    prepare: ({ req }) => service.leerAdjunto((opts) => req.parts(opts)),
    handler: (o) => service.subirAdjunto({ ...o, storage: deps.storage, leido: o.prep }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/bandeja/mensajes/:id/tercero',
    permiso,
    schema: {
      response: z.object({ id_tercero: z.number() }),
      params: ZMensajeIdParam,
      body: ZCrearTerceroCorreo,
      tags,
      summary: 'Crea un tercero con el remitente',
    },
    handler: (o) => service.crearTercero({ ...o, ip: o.req.ip, id: o.params.id, body: o.body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/bandeja/mensajes/:id/solicitud',
    permiso,
    schema: {
      response: z.object({ numero: z.number(), id_tercero: z.number() }),
      params: ZMensajeIdParam,
      body: ZCrearSolicitudCorreo,
      tags,
      summary: 'Crea una solicitud con el correo (el remitente como tercero, el asunto y el texto como mensaje)',
    },
    handler: (o) =>
      service.crearSolicitud({ ...o, ip: o.req.ip, hub: deps.hub, mailer: deps.mailer, id: o.params.id, body: o.body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/:id/correos-recibidos',
    permiso: IDM_TERCEROS,
    schema: {
      response: z.array(ZCorreoRecibido),
      params: ZTerceroIdParam,
      tags,
      summary: 'Correos recibidos del tercero en la bandeja del usuario',
    },
    handler: ({ tx, onCommit, user, params }) => service.correosDeTercero({ tx, onCommit, user, idTercero: params.id }),
  });
}
