import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enteroQuery } from '@predio/contract/campos';
import {
  IDM_CONFIGURAR_MENSAJES,
  IDM_INFORMES_MENSAJES,
  ZCamposMensajeQuery,
  ZClaveMensajeParam,
  ZCanalParam,
  ZConfigMensajes,
  ZEnviadosExportarQuery,
  ZEnviadosQuery,
  ZMensajePrueba,
  ZMiFirma,
  ZPlantillaMensajeGuardar,
  ZProveedorGuardar,
  ZSmsTercero,
  ZEjemploNotificacion,
  ZEnviado,
  ZMensajeDeRegistro,
  ZMensajeLleno,
  ZPlantillaMensaje,
  ZPlantillaMensajeResumen,
  ZProveedorConfigurado,
  ZSmsEncolado,
  ZTotalesEnviados,
} from '@predio/contract/mensajes';
import { ZGrupoCampos } from '@predio/contract/documentos';
import { zListResult } from '@predio/contract/list';
import { IDM_TERCEROS, ZTerceroIdParam } from '@predio/contract/terceros';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, YA_RESPONDIDO } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import * as enviados from './enviados.service.ts';
import * as entregas from './entregas.service.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import * as service from './mensajes.service.ts';
import * as proveedores from './proveedores.service.ts';
import * as tercero from './tercero.service.ts';
import { redactarRoutes } from './redactar.routes.ts';

const tags = ['mensajes'];
const permiso = IDM_CONFIGURAR_MENSAJES;
const ZEjemplosQuery = z.object({ tipo_carta: enteroQuery('tipo_carta', 1, 99_999) });

/** Correos > Configurar mensajes (idm 10555). */
export function mensajesRoutes(app: FastifyInstance, deps: Deps): void {
  const cifrador = cifradorDe(deps.config);
  redactarRoutes(app, deps);
  // From a tercero's record (Terceros, idm 59): an SMS, and the record's message history.
  defineRoute(app, deps, {
    method: 'POST',
    url: '/terceros/:id/sms',
    permiso: IDM_TERCEROS,
    schema: {
      response: ZSmsEncolado,
      params: ZTerceroIdParam,
      body: ZSmsTercero,
      tags,
      summary: 'Envía un SMS al tercero (con su autorización de datos, en el horario de la Ley 2300)',
    },
    handler: ({ tx, onCommit, user, params, body }) => tercero.enviarSms({ tx, onCommit, user, idTercero: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/terceros/:id/mensajes',
    permiso: IDM_TERCEROS,
    schema: {
      response: z.array(ZMensajeDeRegistro),
      params: ZTerceroIdParam,
      tags,
      summary: 'Correos y SMS enviados al tercero, el más reciente primero',
    },
    handler: ({ tx, params }) => tercero.historial({ tx, entidad: 'tercero', entidadId: String(params.id) }),
  });
  // Informes › Correos enviados and SMS enviados (idm 10562): one shape, two outboxes.
  for (const [informe, ruta, que] of [
    ['correo', 'emails-enviados', 'correos'],
    ['sms', 'sms-enviados', 'SMS y WhatsApp'],
  ] as const) {
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${ruta}`,
      permiso: IDM_INFORMES_MENSAJES,
      schema: {
        response: zListResult(ZEnviado),
        querystring: ZEnviadosQuery,
        tags,
        summary: `Los ${que} de la empresa, con su estado y error`,
      },
      handler: ({ tx, query }) => enviados.listar({ tx, informe, query }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${ruta}/totales`,
      permiso: IDM_INFORMES_MENSAJES,
      schema: {
        response: ZTotalesEnviados,
        querystring: ZEnviadosQuery,
        tags,
        summary: `Totales de ${que} por día y por usuario`,
      },
      handler: ({ tx, query }) => enviados.totales({ tx, informe, query }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${ruta}/exportar`,
      permiso: IDM_INFORMES_MENSAJES,
      schema: {
        response: FILE_RESPONSE,
        querystring: ZEnviadosExportarQuery,
        tags,
        summary: `Los ${que} del filtro en Excel o CSV`,
      },
      handler: async ({ tx, query, reply }) =>
        enviarArchivo(reply, await enviados.exportar({ tx, informe, query, formato: query.formato })),
    });
  }
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/entregas-sms',
    permiso,
    schema: {
      response: z.object({ url: z.string(), cabecera: z.string(), clave: z.string() }),
      tags,
      summary: 'La dirección (con su clave) a la que la pasarela de SMS envía los reportes de entrega',
    },
    handler: async ({ user, req }) => entregas.datosEntregas(deps.config, user.idEmpresa, urlPublica(deps.config.publicUrl, req)),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/publico/mensajes/entregas-sms/:empresa',
    permiso: 'publico',
    schema: {
      response: z.object({ id: z.number(), estado: z.string(), cambio: z.boolean() }),
      params: z.object({ empresa: enteroQuery('empresa', 1, 2_147_483_647) }),
      querystring: z.object({ clave: z.string().max(100).optional() }),
      body: entregas.ZEntregaSms,
      tags,
      summary: 'Reporte de entrega de un SMS desde la pasarela (sin sesión: la clave compartida de la empresa)',
    },
    handler: ({ req, params, query, body }) => {
      const cabecera = req.headers['x-predio-clave'];
      return entregas.recibirEntrega({
        db: deps.db,
        config: deps.config,
        idEmpresa: params.empresa,
        clave: (typeof cabecera === 'string' ? cabecera : '') || query.clave || '',
        body,
      });
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/entregas-whatsapp',
    permiso,
    schema: {
      response: z.object({ url: z.string(), token_verificacion: z.string() }),
      tags,
      summary: 'La dirección y el token de verificación del webhook de estados de WhatsApp',
    },
    handler: async ({ user, req }) => entregas.datosWhatsapp(deps.config, user.idEmpresa, urlPublica(deps.config.publicUrl, req)),
  });
  const ZEmpresaWebhook = z.object({ empresa: enteroQuery('empresa', 1, 2_147_483_647) });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/mensajes/whatsapp/:empresa',
    permiso: 'publico',
    schema: {
      response: FILE_RESPONSE,
      params: ZEmpresaWebhook,
      querystring: z.object({
        'hub.mode': z.string().max(40).optional(),
        'hub.verify_token': z.string().max(200).optional(),
        'hub.challenge': z.string().max(200).optional(),
      }),
      tags,
      summary: 'Verificación del webhook por Meta: responde el reto al token de la empresa',
    },
    handler: async ({ params, query, reply }) => {
      const reto = entregas.verificarWhatsapp(deps.config, params.empresa, {
        modo: query['hub.mode'],
        token: query['hub.verify_token'],
        reto: query['hub.challenge'],
      });
      await reply.type('text/plain; charset=utf-8').send(reto);
      return YA_RESPONDIDO;
    },
  });
  // The signature covers the body's exact bytes: this route reads them before any JSON parsing.
  void app.register(async (crudo) => {
    crudo.removeContentTypeParser('application/json');
    crudo.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_req, cuerpo, listo) =>
      listo(null, cuerpo),
    );
    defineRoute(crudo, deps, {
      method: 'POST',
      url: '/publico/mensajes/whatsapp/:empresa',
      permiso: 'publico',
      schema: {
        response: z.object({ estados: z.number(), cambios: z.number() }),
        params: ZEmpresaWebhook,
        tags,
        summary: 'Estados de entrega de WhatsApp Cloud API (firmados con la clave secreta de la app)',
      },
      handler: ({ req, params }) => {
        const firma = req.headers['x-hub-signature-256'];
        return entregas.recibirWhatsapp({
          db: deps.db,
          config: deps.config,
          descifrar: (sobre) => cifrador.descifrar(sobre),
          idEmpresa: params.empresa,
          firma: typeof firma === 'string' ? firma : '',
          cuerpo: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        });
      },
    });
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/proveedores',
    permiso,
    schema: {
      response: z.array(ZProveedorConfigurado),
      tags,
      summary: 'Proveedor de SMS y de WhatsApp de la empresa (sin sus credenciales)',
    },
    handler: ({ tx }) => proveedores.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/mensajes/proveedores/:canal',
    permiso,
    schema: {
      response: ZProveedorConfigurado,
      params: ZCanalParam,
      body: ZProveedorGuardar,
      tags,
      summary: 'Guarda el proveedor de un canal; la credencial se cifra y nunca se devuelve',
    },
    handler: ({ tx, user, req, params, body }) =>
      proveedores.guardar({ tx, user, ip: req.ip, cifrador, canal: params.canal, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/plantillas',
    permiso,
    schema: {
      response: z.array(ZPlantillaMensajeResumen),
      tags,
      summary: 'Plantilla de cada tipo de notificación (propia o la predeterminada) y los mensajes libres',
    },
    handler: ({ tx }) => service.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/campos',
    permiso,
    schema: {
      response: z.array(ZGrupoCampos),
      querystring: ZCamposMensajeQuery,
      tags,
      summary: 'Campos que puede usar la plantilla, por grupo',
    },
    handler: async ({ query }) => service.campos(query),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/ejemplos',
    permiso,
    schema: {
      response: z.array(ZEjemploNotificacion),
      querystring: ZEjemplosQuery,
      tags,
      summary: 'Notificaciones recientes de un tipo, para la vista previa',
    },
    handler: ({ tx, query }) => service.ejemplos({ tx, tipoCarta: query.tipo_carta }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/configuracion',
    permiso,
    schema: {
      response: z.object({ remitente_nombre: z.string(), firma: z.string() }),
      tags,
      summary: 'Nombre del remitente y firma de la empresa',
    },
    handler: ({ tx }) => service.leerConfig({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/mensajes/configuracion',
    permiso,
    schema: {
      response: z.object({ remitente_nombre: z.string(), firma: z.string() }),
      body: ZConfigMensajes,
      tags,
      summary: 'Guarda el nombre del remitente y la firma de la empresa',
    },
    handler: ({ tx, user, req, body }) => service.guardarConfig({ tx, user, ip: req.ip, body }),
  });
  // Each user's own signature: anyone who sends mail has one, so it needs only a session.
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/mi-firma',
    permiso: 'sesion',
    schema: { response: z.object({ firma: z.string() }), tags, summary: 'La firma del usuario para los correos que envía' },
    handler: ({ tx, user }) => service.miFirma({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/mensajes/mi-firma',
    permiso: 'sesion',
    schema: { response: z.object({ firma: z.string() }), body: ZMiFirma, tags, summary: 'Guarda la firma del usuario' },
    handler: ({ tx, user, body }) => service.guardarMiFirma({ tx, user, firma: body.firma }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/mensajes/plantillas',
    permiso,
    schema: {
      response: ZPlantillaMensaje,
      body: ZPlantillaMensajeGuardar,
      tags,
      summary: 'Crea un mensaje libre (los campos se revisan)',
    },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/mensajes/plantillas/:clave',
    permiso,
    schema: {
      response: ZPlantillaMensaje,
      params: ZClaveMensajeParam,
      tags,
      summary: 'Una plantilla: notificacion-<tipo> o libre-<id>',
    },
    handler: ({ tx, params }) => service.obtener({ tx, clave: params.clave }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/mensajes/plantillas/:clave',
    permiso,
    schema: {
      response: ZPlantillaMensaje,
      params: ZClaveMensajeParam,
      body: ZPlantillaMensajeGuardar,
      tags,
      summary: 'Guarda una plantilla',
    },
    handler: ({ tx, user, req, params, body }) => service.guardar({ tx, user, ip: req.ip, clave: params.clave, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/mensajes/plantillas/:clave',
    permiso,
    schema: {
      response: z.object({ clave: z.string() }),
      params: ZClaveMensajeParam,
      tags,
      summary: 'Restablece la de un tipo de notificación; elimina un mensaje libre',
    },
    handler: ({ tx, user, req, params }) => service.eliminar({ tx, user, ip: req.ip, clave: params.clave }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/mensajes/plantillas/:clave/vista-previa',
    permiso,
    schema: {
      response: ZMensajeLleno,
      params: ZClaveMensajeParam,
      body: ZMensajePrueba,
      tags,
      summary: 'La plantilla en edición llenada con un registro real o de ejemplo',
    },
    handler: ({ tx, user, params, body }) => service.vistaPrevia({ tx, user, clave: params.clave, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/mensajes/plantillas/:clave/prueba',
    permiso,
    schema: {
      response: z.object({ para: z.string(), asunto: z.string() }),
      params: ZClaveMensajeParam,
      body: ZMensajePrueba,
      tags,
      summary: 'Envía la plantilla en edición al correo del usuario',
    },
    handler: ({ tx, onCommit, user, params, body }) =>
      service.prueba({ tx, onCommit, user, mailer: deps.mailer, clave: params.clave, body }),
  });
}
