import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IDM_BUSCAR_GESTION_DOCUMENTAL, IDM_GESTION_DOCUMENTAL, TIPO_DUENO_RADICADO } from '@predio/contract/gestion-documental';
import { idQuery } from '@predio/contract/campos';
import { ZDocumentoConVersiones, ZHistorialDocumento } from '@predio/contract/gestion-documental-versiones';
import * as archivos from '../../platform/archivos/archivos.service.ts';
import { principalAntes } from '../../platform/auth/principal.ts';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './versiones.service.ts';

const tags = ['gestion-documental'];
const URL = '/gestion-documental/radicados/:id';
const LECTURA: readonly number[] = [IDM_GESTION_DOCUMENTAL, IDM_BUSCAR_GESTION_DOCUMENTAL];
const ZId = z.object({ id: idQuery('id') });
const ZDocumento = z.object({ id: idQuery('id'), id_archivo: idQuery('id_archivo') });

/** Versions of a radicado's documents and the history of what was done with them (idm 10579; reading also 10581). */
export function versionesRoutes(app: FastifyInstance, deps: Deps): void {
  const cuota = { limiteBytes: deps.config.archivosCuotaBytes };
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/documentos`,
    permiso: LECTURA,
    schema: {
      response: z.array(ZDocumentoConVersiones),
      params: ZId,
      tags,
      summary: 'Los documentos del radicado con sus versiones',
    },
    handler: ({ tx, user, params }) => service.documentos({ tx, user, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${URL}/historial`,
    permiso: LECTURA,
    schema: {
      response: z.array(ZHistorialDocumento),
      params: ZId,
      tags,
      summary: 'Quién consultó, descargó o cambió los documentos del radicado',
    },
    handler: ({ tx, user, params }) => service.historial({ tx, user, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${URL}/documentos/:id_archivo/versiones`,
    permiso: IDM_GESTION_DOCUMENTAL,
    schema: {
      response: ZDocumentoConVersiones,
      params: ZDocumento,
      tags,
      summary: 'Sube una nueva versión de un documento (multipart: motivo y file); la anterior se conserva',
    },
    // Streamed like any upload (platform/archivos), with the documento category's type and size checks.
    prepare: async ({ req, params, token }) =>
      archivos.recibir({
        db: deps.db,
        storage: deps.storage,
        user: await principalAntes(deps.db, deps.sessions, token),
        cuota,
        tipo: TIPO_DUENO_RADICADO,
        clave: String(params.id),
        categoria: 'documento',
        partes: (opts) => req.parts(opts),
        campos: ['motivo'],
      }),
    handler: ({ tx, user, req, params, prep, onCommit }) =>
      service.nuevaVersion({
        tx,
        user,
        ip: req.ip,
        storage: deps.storage,
        onCommit,
        cuota,
        id: params.id,
        idArchivo: params.id_archivo,
        subida: prep,
      }),
  });
}
