import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zListResult } from '@predio/contract/list';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import {
  IDM_BANCO_TRABAJO,
  ZPostulacionesExportarQuery,
  ZPostulacionesQuery,
  ZRevisionPostulacion,
  ZVacanteForm,
  ZVacantesQuery,
  ZPostulacion,
  ZVacante,
  ZVacantePublica,
} from '@predio/contract/pagina-web-banco';
import { ZArchivoPublicoParam, ZEmpresaPublicaParam, ZRegistroParam } from '@predio/contract/pagina-web';
import { registrarDueno } from '../../platform/archivos/duenos.ts';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './banco.service.ts';
import { leerPublico } from './publico.http.ts';
import * as publico from './publico.service.ts';

const tags = ['pagina-web'];

/** Página web > Banco de trabajo (idm 202): vacancies, applications with their CV, and the public side. */
export function bancoRoutes(app: FastifyInstance, deps: Deps): void {
  const B = IDM_BANCO_TRABAJO;
  // The CV is a file of the postulación: the staff read it through /api/archivos/postulacion/<id>/<file>.
  registrarDueno({
    tipo: service.TIPO_DUENO_POSTULACION,
    nombre: 'La postulación',
    leer: [B],
    escribir: [B],
    resolver: service.resolverDueno,
    categorias: { cv: service.CATEGORIA_CV },
    categoriaPorDefecto: 'cv',
    entidadAuditoria: service.ENTIDAD_BANCO,
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/banco-de-trabajo/vacantes',
    permiso: B,
    schema: {
      response: zListResult(ZVacante),
      querystring: ZVacantesQuery,
      tags,
      summary: 'Vacantes con su número de postulaciones',
    },
    handler: ({ tx, query }) => service.listarVacantes({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/banco-de-trabajo/vacantes/:id',
    permiso: B,
    schema: { response: ZVacante, params: ZRegistroParam, tags, summary: 'Una vacante' },
    handler: ({ tx, params }) => service.verVacante({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/paginaweb/banco-de-trabajo/vacantes',
    permiso: B,
    schema: { response: ZVacante, body: ZVacanteForm, tags, summary: 'Crea una vacante (borrador, publicada o cerrada)' },
    handler: ({ tx, user, req, body }) => service.crearVacante({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/paginaweb/banco-de-trabajo/vacantes/:id',
    permiso: B,
    schema: { response: ZVacante, params: ZRegistroParam, body: ZVacanteForm, tags, summary: 'Modifica una vacante' },
    handler: ({ tx, user, req, params, body }) => service.actualizarVacante({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/paginaweb/banco-de-trabajo/vacantes/:id',
    permiso: B,
    schema: {
      response: z.object({ id: z.number() }),
      params: ZRegistroParam,
      tags,
      summary: 'Elimina una vacante con sus postulaciones y hojas de vida',
    },
    handler: ({ tx, user, req, params, onCommit }) =>
      service.borrarVacante({ tx, user, ip: req.ip, id: params.id, storage: deps.storage, onCommit }),
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/banco-de-trabajo/postulaciones',
    permiso: B,
    schema: {
      response: zListResult(ZPostulacion),
      querystring: ZPostulacionesQuery,
      tags,
      summary: 'Postulaciones, la más reciente primero',
    },
    handler: ({ tx, query }) => service.listarPostulaciones({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/banco-de-trabajo/postulaciones/exportar',
    permiso: B,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZPostulacionesExportarQuery,
      tags,
      summary: 'Exporta las postulaciones filtradas (Excel o CSV)',
    },
    handler: async ({ tx, query, reply }) =>
      enviarArchivo(
        reply,
        await service.exportarPostulaciones({
          tx,
          filtro: { q: query.q, estado: query.estado, vacante: query.vacante },
          formato: query.formato,
        }),
      ),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/banco-de-trabajo/postulaciones/:id',
    permiso: B,
    schema: { response: ZPostulacion, params: ZRegistroParam, tags, summary: 'Una postulación con su hoja de vida' },
    handler: ({ tx, params }) => service.verPostulacion({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/paginaweb/banco-de-trabajo/postulaciones/:id',
    permiso: B,
    schema: {
      response: ZPostulacion,
      params: ZRegistroParam,
      body: ZRevisionPostulacion,
      tags,
      summary: 'Cambia el estado y las notas de una postulación',
    },
    handler: ({ tx, user, req, params, body }) => service.revisarPostulacion({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/paginaweb/banco-de-trabajo/postulaciones/:id',
    permiso: B,
    schema: {
      response: z.object({ id: z.number() }),
      params: ZRegistroParam,
      tags,
      summary: 'Elimina una postulación y su hoja de vida',
    },
    handler: ({ tx, user, req, params, onCommit }) =>
      service.borrarPostulacion({ tx, user, ip: req.ip, id: params.id, storage: deps.storage, onCommit }),
  });

  // ----- public: open vacancies only, and the application with its CV (limited like the site's forms)
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/vacantes',
    permiso: 'publico',
    schema: {
      response: z.array(ZVacantePublica),
      params: ZEmpresaPublicaParam,
      tags,
      summary: 'Público: vacantes publicadas y abiertas (solo sus datos públicos)',
    },
    handler: ({ deps: d, req, reply, params }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => service.vacantesPublicas(tx)),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/vacantes/:id',
    permiso: 'publico',
    schema: { response: ZVacantePublica, params: ZArchivoPublicoParam, tags, summary: 'Público: una vacante abierta' },
    handler: ({ deps: d, req, reply, params }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => service.vacantePublica(tx, params.id)),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/publico/:empresa/vacantes/:id/postulaciones',
    permiso: 'publico',
    schema: {
      response: z.object({ mensaje: z.string() }),
      params: ZArchivoPublicoParam,
      tags,
      summary:
        'Público: se postula a una vacante abierta (multipart: nombre, email, telefono, mensaje, autoriza_datos y el archivo cv en PDF o DOCX)',
    },
    handler: async ({ deps: d, req, params }) => {
      await publico.empresa(d.db, params.empresa);
      const r = await service.postular(d, {
        idEmpresa: params.empresa,
        idVacante: params.id,
        ip: req.ip,
        partes: (opts) => req.parts(opts),
      });
      return r;
    },
  });
}
