import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zListResult } from '@predio/contract/list';
import { idQuery } from '@predio/contract/campos';
import { ZRegistroParam } from '@predio/contract/pagina-web';
import {
  IDM_ENCUESTAS,
  IDM_INFORME_ENCUESTAS,
  ZEncuestaForm,
  ZEncuestasQuery,
  ZEnlaceEncuestaForm,
  ZEnviarEncuesta,
  ZRespuestaEncuestaPublica,
  ZTercerosEncuestaQuery,
  ZTokenEncuestaParam,
  ZEncuesta,
  ZEncuestaPublica,
  ZEnlaceEncuesta,
  ZEnvioEncuesta,
  ZResultadosEncuesta,
  ZTerceroEncuesta,
} from '@predio/contract/pagina-web-encuestas';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import { inTenant } from '../../platform/tenant.ts';
import * as service from './encuestas.service.ts';
import { leerPublico } from './publico.http.ts';
import * as publico from './publico.service.ts';

const tags = ['pagina-web'];
const ZEnlaceParam = ZRegistroParam.extend({ enlace: idQuery('enlace') });

/** Página web > Encuestas (idm 10587): builder, links, results; and the public page's read and answer. */
export function encuestasRoutes(app: FastifyInstance, deps: Deps): void {
  const E = IDM_ENCUESTAS;
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/encuestas',
    permiso: E,
    schema: {
      response: zListResult(ZEncuesta),
      querystring: ZEncuestasQuery,
      tags,
      summary: 'Encuestas con sus enlaces y respuestas',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/encuestas/terceros',
    permiso: E,
    schema: {
      response: z.array(ZTerceroEncuesta),
      querystring: ZTercerosEncuestaQuery,
      tags,
      summary: 'Terceros con correo a quienes enviar una encuesta (20)',
    },
    handler: ({ tx, query }) => service.buscarTerceros({ tx, q: query.q, id: query.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/paginaweb/encuestas/:id/enviar',
    permiso: E,
    schema: {
      response: ZEnvioEncuesta,
      params: ZRegistroParam,
      body: ZEnviarEncuesta,
      tags,
      summary: 'Envía por correo un enlace personal (una respuesta, con vencimiento) a cada tercero elegido',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.enviar({
        tx,
        onCommit,
        user,
        ip: req.ip,
        id: params.id,
        body,
        mailer: deps.mailer,
        idEmpresa: user.idEmpresa,
        base: urlPublica(deps.config.publicUrl, req),
      }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/informes/encuestas/opciones',
    permiso: IDM_INFORME_ENCUESTAS,
    schema: {
      response: z.array(z.object({ id: z.number(), titulo: z.string() })),
      tags,
      summary: 'Encuestas que ofrece el filtro del informe',
    },
    handler: ({ tx }) => service.opcionesInforme({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/encuestas/:id',
    permiso: E,
    schema: { response: ZEncuesta, params: ZRegistroParam, tags, summary: 'Una encuesta con sus preguntas' },
    handler: ({ tx, params }) => service.ver({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/paginaweb/encuestas',
    permiso: E,
    schema: { response: ZEncuesta, body: ZEncuestaForm, tags, summary: 'Crea una encuesta' },
    handler: ({ tx, user, req, body }) =>
      service.crear({ tx, user, ip: req.ip, body, urlBase: urlPublica(deps.config.publicUrl, req) }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/paginaweb/encuestas/:id',
    permiso: E,
    schema: {
      response: ZEncuesta,
      params: ZRegistroParam,
      body: ZEncuestaForm,
      tags,
      summary: 'Modifica una encuesta (sus preguntas, mientras no tenga respuestas)',
    },
    handler: ({ tx, user, req, params, body }) =>
      service.actualizar({ tx, user, ip: req.ip, id: params.id, body, urlBase: urlPublica(deps.config.publicUrl, req) }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/paginaweb/encuestas/:id',
    permiso: E,
    schema: {
      response: z.object({ id: z.number() }),
      params: ZRegistroParam,
      tags,
      summary: 'Elimina una encuesta con sus enlaces y respuestas',
    },
    handler: ({ tx, user, req, params }) => service.borrar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/encuestas/:id/enlaces',
    permiso: E,
    schema: {
      response: zListResult(ZEnlaceEncuesta),
      params: ZRegistroParam,
      querystring: ZEncuestasQuery,
      tags,
      summary: 'Enlaces de una encuesta, respondidos o no',
    },
    handler: ({ tx, params, query }) => service.listarEnlaces({ tx, id: params.id, query }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/paginaweb/encuestas/:id/enlaces',
    permiso: E,
    schema: {
      response: zListResult(ZEnlaceEncuesta),
      params: ZRegistroParam,
      body: ZEnlaceEncuestaForm,
      tags,
      summary: 'Crea enlaces de respuesta (cada uno responde una vez)',
    },
    handler: ({ tx, user, req, params, body }) => service.crearEnlaces({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/paginaweb/encuestas/:id/enlaces/:enlace',
    permiso: E,
    schema: {
      response: z.object({ id: z.number() }),
      params: ZEnlaceParam,
      tags,
      summary: 'Elimina un enlace aún sin responder',
    },
    handler: ({ tx, user, req, params }) =>
      service.borrarEnlace({ tx, user, ip: req.ip, id: params.id, idEnlace: params.enlace }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/encuestas/:id/resultados',
    permiso: E,
    schema: { response: ZResultadosEncuesta, params: ZRegistroParam, tags, summary: 'Resultados por pregunta' },
    handler: ({ tx, params }) => service.resultados({ tx, id: params.id }),
  });

  // ----- public: the survey of a link, and its one answer
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/encuestas/:token',
    permiso: 'publico',
    schema: {
      response: ZEncuestaPublica,
      params: ZTokenEncuestaParam,
      tags,
      summary: 'Público: la encuesta de un enlace y si ya fue respondida',
    },
    handler: ({ deps: d, req, reply, params }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => service.publica(tx, params.token)),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/publico/:empresa/encuestas/:token',
    permiso: 'publico',
    schema: {
      response: z.object({ gracias: z.string() }),
      params: ZTokenEncuestaParam,
      body: ZRespuestaEncuestaPublica,
      tags,
      summary: 'Público: responde la encuesta (una vez por enlace)',
    },
    handler: async ({ deps: d, req, params, body }) => {
      await publico.limitar(d.db, req.ip, params.empresa);
      await publico.empresa(d.db, params.empresa);
      return inTenant(d.db, params.empresa, ({ tx }) => service.responder(tx, params.token, body));
    },
  });
}
