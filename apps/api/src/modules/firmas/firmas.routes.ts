import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  IDM_FIRMAR_DOCUMENTOS,
  MAX_BYTES_PDF_FIRMA,
  ZCamposFirmaForm,
  ZCertificadoFirmaForm,
  ZCodigoFirma,
  ZDocumentoFirmaForm,
  ZDocumentosFirmaQuery,
  ZFirmarForm,
  ZIdDocumentoParam,
  ZPaginaParam,
  ZPaginaPublicaParam,
  ZRechazarForm,
  ZSelloTiempoForm,
  ZTokenFirma,
  CANALES_FIRMA,
  ESTADOS_DOCUMENTO_FIRMA,
  ESTADOS_FIRMANTE,
  ZCanalesFirma,
  ZCertificadoFirma,
  ZDocumentoFirma,
  ZDocumentoFirmaResumen,
  ZSolicitudFirma,
} from '@predio/contract/firmas';
import { zListResult } from '@predio/contract/list';
import { z } from 'zod';
import { queryRows } from '../../db/rows.ts';
import { registrarDueno } from '../../platform/archivos/duenos.ts';
import type { Deps } from '../../platform/deps.ts';
import { invalido } from '../../platform/errors/app-error.ts';
import { enviarArchivo, type Archivo } from '../../platform/http/archivo.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import { defineRoute, YA_RESPONDIDO } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import * as certificado from './firmas-certificado.service.ts';
import * as service from './firmas.service.ts';

const tags = ['firmas'];
const permiso = IDM_FIRMAR_DOCUMENTOS;

function registrarDuenoFirma(): void {
  registrarDueno({
    tipo: service.TIPO_DUENO_FIRMA,
    nombre: 'El documento',
    leer: [IDM_FIRMAR_DOCUMENTOS],
    escribir: [IDM_FIRMAR_DOCUMENTOS],
    resolver: async (tx, clave) => {
      const n = Number(clave);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      const [r] = await queryRows<{ id: number }>(tx, sql`select id from firma_documento where id = ${n}`);
      return r ? String(r.id) : null;
    },
    antesDeEscribir: ({ tx, clave }) => service.soloBorrador(tx, clave),
    categorias: {
      original: {
        maxBytes: MAX_BYTES_PDF_FIRMA,
        maxPorDueno: 1,
        plural: 'PDF para firmar',
        tipo: ({ cabeza }) => {
          if (cabeza.subarray(0, 1024).indexOf('%PDF-') < 0) throw invalido('Archivo PDF', 'el archivo no es un PDF.');
          return 'application/pdf';
        },
      },
      firmado: { maxBytes: 100 * 1024 * 1024, maxPorDueno: 1, plural: 'PDF firmados' },
    },
    categoriaPorDefecto: 'original',
    entidadAuditoria: service.ENTIDAD_FIRMAS,
  });
}

/** A page drawn as PNG, shown inline; not kept by the browser (a draft's PDF may still be replaced). */
async function enviarPagina(reply: FastifyReply, a: Archivo): Promise<typeof YA_RESPONDIDO> {
  await reply
    .header('content-type', a.contentType)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(a.contenido);
  return YA_RESPONDIDO;
}

/** The base of the signing links e-mailed (a job re-sends them later from the document's copy). */
const publico = (deps: Deps, req: FastifyRequest, token: string) => ({
  db: deps.db,
  token,
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? '').slice(0, 500),
});

/** Firmar documentos PDF and Detalle del documento (idm 10582), and the public signing page's API. */
export function firmasRoutes(app: FastifyInstance, deps: Deps): void {
  registrarDuenoFirma();
  const cifrador = cifradorDe(deps.config);
  const aviso = { hub: deps.hub, mailer: deps.mailer, storage: deps.storage, cifrador };
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/documentos',
    permiso,
    schema: {
      response: zListResult(ZDocumentoFirmaResumen),
      querystring: ZDocumentosFirmaQuery,
      tags,
      summary: 'Documentos enviados a firma, recientes primero',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/canales',
    permiso,
    schema: {
      response: ZCanalesFirma,
      tags,
      summary: 'Por dónde puede recibir un firmante su enlace y su código (correo; SMS y WhatsApp con proveedor)',
    },
    handler: ({ tx }) => service.canales(tx),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmas/documentos',
    permiso,
    schema: {
      response: z.object({ id: z.number() }),
      body: ZDocumentoFirmaForm,
      tags,
      summary: 'Crea el borrador con sus firmantes (luego se adjunta el PDF y se envía)',
    },
    handler: ({ tx, onCommit, user, req, body }) => service.crear({ tx, onCommit, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/documentos/:id',
    permiso,
    schema: {
      response: ZDocumentoFirma,
      params: ZIdDocumentoParam,
      tags,
      summary: 'Un documento con sus firmantes, su evidencia y su historial',
    },
    handler: ({ tx, params }) => service.obtener({ tx, id: params.id, storage: deps.storage }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/firmas/documentos/:id/campos',
    permiso,
    schema: {
      response: ZDocumentoFirma,
      params: ZIdDocumentoParam,
      body: ZCamposFirmaForm,
      tags,
      summary: 'Los campos que cada firmante llena, ubicados en las páginas del borrador',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.guardarCampos({ tx, onCommit, user, ip: req.ip, storage: deps.storage, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/documentos/:id/paginas/:pagina',
    permiso,
    cookieAuth: true,
    schema: {
      response: FILE_RESPONSE,
      params: ZPaginaParam,
      tags,
      summary: 'Una página del PDF como imagen PNG (para ubicar los campos)',
    },
    handler: async ({ tx, params, reply }) =>
      enviarPagina(reply, await service.paginaDocumento({ tx, storage: deps.storage, id: params.id, pagina: params.pagina })),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmas/documentos/:id/enviar',
    permiso,
    schema: {
      response: ZDocumentoFirma,
      params: ZIdDocumentoParam,
      tags,
      summary: 'Envía el borrador: cada firmante recibe su enlace privado por correo, SMS o WhatsApp',
    },
    handler: ({ tx, onCommit, user, req, params }) =>
      service.enviar({
        tx,
        onCommit,
        user,
        ip: req.ip,
        ...aviso,
        id: params.id,
        base: urlPublica(deps.mailer.urlPublica, req),
      }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmas/documentos/:id/reenviar',
    permiso,
    schema: {
      response: ZDocumentoFirma,
      params: ZIdDocumentoParam,
      tags,
      summary: 'Un enlace nuevo para cada firmante pendiente (los anteriores dejan de servir)',
    },
    handler: ({ tx, onCommit, user, req, params }) =>
      service.reenviar({
        tx,
        onCommit,
        user,
        ip: req.ip,
        mailer: deps.mailer,
        cifrador,
        id: params.id,
        base: urlPublica(deps.mailer.urlPublica, req),
      }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmas/documentos/:id/cancelar',
    permiso,
    schema: {
      response: ZDocumentoFirma,
      params: ZIdDocumentoParam,
      tags,
      summary: 'Cancela el documento: los enlaces dejan de servir',
    },
    handler: ({ tx, onCommit, user, req, params }) => service.cancelar({ tx, onCommit, user, ip: req.ip, id: params.id }),
  });
  for (const cual of ['original', 'firmado'] as const)
    defineRoute(app, deps, {
      method: 'GET',
      url: `/firmas/documentos/:id/${cual}`,
      permiso,
      cookieAuth: true,
      schema: {
        response: FILE_RESPONSE,
        params: ZIdDocumentoParam,
        tags,
        summary: cual === 'original' ? 'El PDF enviado' : 'El PDF firmado y sellado',
      },
      handler: async ({ tx, params, reply }) =>
        enviarArchivo(reply, await service.descargar({ tx, storage: deps.storage, id: params.id, cual })),
    });

  // The company's seal: seen by anyone with 10582, changed only by a company administrator.
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/certificado',
    permiso,
    schema: {
      response: ZCertificadoFirma,
      tags,
      summary: 'El certificado con que se sellan los documentos y el servidor de sello de tiempo',
    },
    handler: ({ tx, user }) => certificado.ver({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/firmas/certificado',
    permiso,
    schema: {
      response: ZCertificadoFirma,
      body: ZCertificadoFirmaForm,
      tags,
      summary: 'Sube el certificado propio de la empresa (.p12/.pfx y su contraseña)',
    },
    handler: ({ tx, user, req, body }) => certificado.subir({ tx, user, ip: req.ip, cifrador, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/firmas/certificado',
    permiso,
    schema: { response: ZCertificadoFirma, tags, summary: 'Vuelve a un certificado autogenerado' },
    handler: ({ tx, user, req }) => certificado.volverAutogenerado({ tx, user, ip: req.ip, cifrador }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/firmas/certificado/sello-tiempo',
    permiso,
    schema: {
      response: ZCertificadoFirma,
      body: ZSelloTiempoForm,
      tags,
      summary: 'El servidor RFC 3161 que fecha cada sello (vacío: ninguno)',
    },
    handler: ({ tx, user, req, body }) => certificado.guardarSelloTiempo({ tx, user, ip: req.ip, cifrador, body }),
  });

  // The signing page's API: no account; the link's token is the credential, then the e-mailed code.
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmar/:token',
    permiso: 'publico',
    schema: {
      response: ZSolicitudFirma,
      params: ZTokenFirma,
      tags,
      summary: 'Qué documento firma el dueño del enlace y en qué paso va',
    },
    handler: ({ req, params }) => service.solicitud(publico(deps, req, params.token)),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmar/:token/codigo',
    permiso: 'publico',
    schema: {
      response: z.object({
        enviado: z.literal(true),
        email_oculto: z.string(),
        canal: z.enum(CANALES_FIRMA),
        destino_oculto: z.string(),
      }),
      params: ZTokenFirma,
      tags,
      summary: 'Envía un código de un solo uso por el canal del firmante (correo, SMS o WhatsApp)',
    },
    handler: ({ req, params }) => service.enviarCodigo({ ...publico(deps, req, params.token), mailer: deps.mailer }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmar/:token/verificar',
    permiso: 'publico',
    schema: {
      response: z.object({ verificado: z.literal(true) }),
      params: ZTokenFirma,
      body: ZCodigoFirma,
      tags,
      summary: 'Comprueba el código (5 intentos por código)',
    },
    handler: ({ req, params, body }) => service.verificarCodigo({ ...publico(deps, req, params.token), codigo: body.codigo }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmar/:token/pdf',
    permiso: 'publico',
    schema: {
      response: FILE_RESPONSE,
      params: ZTokenFirma,
      tags,
      summary: 'El PDF a firmar (después del código); queda su SHA-256 como evidencia',
    },
    handler: async ({ req, reply, params }) => {
      const a = await service.pdfParaFirmar({ ...publico(deps, req, params.token), storage: deps.storage });
      await reply
        .header('content-type', a.contentType)
        .header('content-disposition', 'inline; filename="documento.pdf"')
        .header('cache-control', 'no-store')
        .send(a.contenido);
      return YA_RESPONDIDO;
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmar/:token/paginas/:pagina',
    permiso: 'publico',
    schema: {
      response: FILE_RESPONSE,
      params: ZPaginaPublicaParam,
      tags,
      summary: 'Una página del PDF como imagen, con los campos encima (después del código)',
    },
    handler: async ({ req, reply, params }) =>
      enviarPagina(
        reply,
        await service.paginaParaFirmar({ ...publico(deps, req, params.token), storage: deps.storage, pagina: params.pagina }),
      ),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmar/:token/firmar',
    permiso: 'publico',
    schema: {
      response: z.object({ estado: z.enum(ESTADOS_FIRMANTE), estado_documento: z.enum(ESTADOS_DOCUMENTO_FIRMA) }),
      params: ZTokenFirma,
      body: ZFirmarForm,
      tags,
      summary: 'Firma con la aceptación expresa; el último firmante sella el PDF',
    },
    handler: ({ req, params, body }) => service.firmar({ ...publico(deps, req, params.token), ...aviso, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmar/:token/rechazar',
    permiso: 'publico',
    schema: {
      response: z.object({ estado: z.enum(ESTADOS_FIRMANTE) }),
      params: ZTokenFirma,
      body: ZRechazarForm,
      tags,
      summary: 'Rechaza el documento con un motivo (aviso 602 al remitente)',
    },
    handler: ({ req, params, body }) =>
      service.rechazar({ ...publico(deps, req, params.token), hub: deps.hub, mailer: deps.mailer, motivo: body.motivo }),
  });
}
