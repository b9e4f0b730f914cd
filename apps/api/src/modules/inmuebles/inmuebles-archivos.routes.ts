import type { FastifyInstance } from 'fastify';
import { ZConsecutivoParam } from '@predio/contract/campos';
import { IDM_INMUEBLE, IDMS_LECTURA_INMUEBLE } from '@predio/contract/inmuebles';
import { IDM_CONFIGURAR_TV } from '@predio/contract/inmuebles-archivos';
import {
  ZDocumentoInmueble,
  ZDocumentoParam,
  ZFotoInmueble,
  ZFotoParam,
  ZFotoTamanoParam,
  ZOrdenFotos,
  ZPortadaQuery,
} from '@predio/contract/inmuebles-archivos';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import * as archivos from '../../platform/archivos/archivos.service.ts';
import { principalAntes } from '../../platform/auth/principal.ts';
import { enviarArchivo, enviarImagen } from '../../platform/http/archivo.ts';
import { defineRoute, afterCommit } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as service from './inmuebles-archivos.service.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';

const tags = ['inmuebles'];
const permiso = IDM_INMUEBLE;
/** The cover is also shown by the TV screen's configuration. */
const LECTURA_PORTADA = [...IDMS_LECTURA_INMUEBLE, IDM_CONFIGURAR_TV];

// Files are read from storage (and the ficha laid out) after the transaction commits (afterCommit).
export function inmueblesArchivosRoutes(app: FastifyInstance, deps: Deps): void {
  const { storage } = deps;
  const cuota = { limiteBytes: deps.config.archivosCuotaBytes };
  service.registrarDuenoInmueble();

  // ----- photos -----
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/fotos',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: z.array(ZFotoInmueble),
      params: ZConsecutivoParam,
      tags,
      summary: 'Fotos del inmueble en su orden (490 o 491)',
    },
    handler: ({ tx, user, params }) => service.listarFotos({ tx, user, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inmuebles/:consecutivo/fotos',
    permiso,
    schema: {
      response: z.array(ZFotoInmueble),
      params: ZConsecutivoParam,
      tags,
      summary: 'Sube fotos (multipart: uno o varios campos file); la primera del inmueble queda de portada',
    },
    prepare: ({ req }) => service.leerSubidaFotos((opts) => req.parts(opts)),
    handler: ({ tx, user, req, params, prep, onCommit }) =>
      service.subirFotos({ tx, user, ip: req.ip, storage, onCommit, consecutivo: params.consecutivo, fotos: prep }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inmuebles/:consecutivo/fotos/orden',
    permiso,
    schema: {
      response: z.array(ZFotoInmueble),
      params: ZConsecutivoParam,
      body: ZOrdenFotos,
      tags,
      summary: 'Ordena las fotos (ids: todas, en el orden nuevo)',
    },
    handler: ({ tx, user, req, params, body, onCommit }) =>
      service.ordenarFotos({ tx, user, ip: req.ip, storage, onCommit, consecutivo: params.consecutivo, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inmuebles/:consecutivo/fotos/:id/portada',
    permiso,
    schema: { response: z.array(ZFotoInmueble), params: ZFotoParam, tags, summary: 'Usa la foto como portada del inmueble' },
    handler: ({ tx, user, req, params, onCommit }) =>
      service.usarComoPortada({ tx, user, ip: req.ip, storage, onCommit, consecutivo: params.consecutivo, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inmuebles/:consecutivo/fotos/:id',
    permiso,
    schema: {
      response: z.array(ZFotoInmueble),
      params: ZFotoParam,
      tags,
      summary: 'Elimina una foto (si era la portada, la siguiente toma su lugar)',
    },
    handler: ({ tx, user, req, params, onCommit }) =>
      service.eliminarFoto({ tx, user, ip: req.ip, storage, onCommit, consecutivo: params.consecutivo, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/fotos/:id/:tamano',
    permiso: IDMS_LECTURA_INMUEBLE,
    cookieAuth: true,
    schema: {
      response: FILE_RESPONSE,
      params: ZFotoTamanoParam,
      tags,
      summary: 'Imagen de una foto: miniatura (~400 px) o grande (~1600 px)',
    },
    handler: async ({ tx, user, params, reply, onCommit }) => {
      const clave = await service.claveDeFoto({ tx, user, ...params });
      return afterCommit(onCommit, reply, async () => enviarImagen(reply, await service.leerImagen(storage, clave)));
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/portada',
    permiso: LECTURA_PORTADA,
    cookieAuth: true,
    schema: {
      response: FILE_RESPONSE,
      params: ZConsecutivoParam,
      querystring: ZPortadaQuery,
      tags,
      summary: 'Foto de portada, grande o miniatura (?tamano=miniatura); 404 si el inmueble no tiene fotos',
    },
    handler: async ({ tx, user, params, query, reply, onCommit }) => {
      const clave = await service.claveDePortada({ tx, user, consecutivo: params.consecutivo, tamano: query.tamano });
      // The cover can change, so it is cached briefly instead of forever like a photo by id.
      return afterCommit(onCommit, reply, async () => {
        const img = await service.leerImagen(storage, clave);
        await reply
          .header('content-type', img.contentType)
          .header('cache-control', 'private, max-age=60')
          .header('x-content-type-options', 'nosniff')
          .send(img.buf);
      });
    },
  });

  // ----- documents -----
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/documentos',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: z.array(ZDocumentoInmueble),
      params: ZConsecutivoParam,
      tags,
      summary: 'Documentos del inmueble, el más reciente primero (490 o 491)',
    },
    handler: ({ tx, user, params }) => service.listarDocumentos({ tx, user, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inmuebles/:consecutivo/documentos',
    permiso,
    schema: {
      response: ZDocumentoInmueble,
      params: ZConsecutivoParam,
      tags,
      summary: 'Adjunta un documento (multipart: file y descripcion opcional; PDF, imagen, Word o Excel, máx. 20 MB)',
    },
    prepare: async ({ req, params, token }) =>
      service.recibirDocumento({
        db: deps.db,
        storage,
        user: await principalAntes(deps.db, deps.sessions, token),
        cuota,
        clave: String(params.consecutivo),
        partes: (opts) => req.parts(opts),
      }),
    handler: ({ tx, user, req, params, prep, onCommit }) =>
      service.subirDocumento({
        tx,
        user,
        ip: req.ip,
        storage,
        onCommit,
        cuota,
        consecutivo: params.consecutivo,
        subida: prep,
      }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/documentos/:id',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: { response: FILE_RESPONSE, params: ZDocumentoParam, tags, summary: 'Descarga un documento del inmueble' },
    handler: async ({ tx, user, params, reply, onCommit }) => {
      const d = await service.documentoGuardado({ tx, user, ...params });
      // Always a download, with the ASCII file name it always had (the generic route opens PDFs inline).
      const disposicion = `attachment; filename="${d.nombre.replace(/[^\w.-]/g, '_')}"`;
      return afterCommit(onCommit, reply, () => archivos.enviar(reply, storage, d, { disposicion }));
    },
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inmuebles/:consecutivo/documentos/:id',
    permiso,
    schema: {
      response: z.object({ id: z.number() }),
      params: ZDocumentoParam,
      tags,
      summary: 'Elimina un documento del inmueble',
    },
    handler: ({ tx, user, req, params, onCommit }) =>
      service.eliminarDocumento({ tx, user, ip: req.ip, storage, onCommit, consecutivo: params.consecutivo, id: params.id }),
  });

  // ----- ficha -----
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/ficha',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: FILE_RESPONSE,
      params: ZConsecutivoParam,
      tags,
      summary: 'Ficha del inmueble en PDF (para entregar a clientes)',
    },
    handler: async ({ tx, user, req, params, reply, onCommit }) => {
      const pedido = await service.pedidoFicha({ tx, user, consecutivo: params.consecutivo });
      const base = urlPublica(deps.config.publicUrl, req);
      return afterCommit(onCommit, reply, async () =>
        enviarArchivo(reply, await service.fichaPdf({ user, storage, pedido, urlPublica: base })),
      );
    },
  });
}
