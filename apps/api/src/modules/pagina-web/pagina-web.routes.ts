import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zListaAcotada } from '@predio/contract/list';
import {
  IDM_BANNERS,
  IDM_NOTICIAS,
  ZArchivoPublicoParam,
  ZAutorNoticia,
  ZBanner,
  ZBannerPublico,
  ZBorrado,
  ZEmpresaPublica,
  ZInmueblePublico,
  ZNoticia,
  ZNoticiaPublica,
  ZPuntoMapa,
  ZArchivoPublicoQuery,
  ZAutoresQuery,
  ZBannerForm,
  ZBannersApiQuery,
  ZBannersQuery,
  ZEmpresaPublicaParam,
  ZFeedQuery,
  ZInmueblePublicoParam,
  ZInmueblesPublicosQuery,
  ZNoticiaForm,
  ZNoticiasApiQuery,
  ZNoticiasQuery,
  ZRegistroParam,
  ZSlugParam,
} from '@predio/contract/pagina-web';
import { CATEGORIA_FOTO, registrarDueno } from '../../platform/archivos/duenos.ts';
import type { Deps } from '../../platform/deps.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { defineRoute, YA_RESPONDIDO } from '../../platform/http/route.ts';
import { inTenant } from '../../platform/tenant.ts';
import * as repo from './pagina-web.repo.ts';
import * as service from './pagina-web.service.ts';
import * as publico from './publico.service.ts';
import { bancoRoutes } from './banco.routes.ts';
import { encuestasRoutes } from './encuestas.routes.ts';
import { formulariosRoutes } from './formularios.routes.ts';
import { popupRoutes } from './popup.routes.ts';
import { textosRoutes } from './textos.routes.ts';
import { claveApiPublica, leerPublico, servirFeed } from './publico.http.ts';

const tags = ['pagina-web'];

/** A news' cover and a banner's image are platform/archivos files (one image each, JPG, PNG or WEBP). */
function registrarDuenos(): void {
  for (const [tipo, nombre, idm, categoria] of [
    ['noticia', 'La noticia', IDM_NOTICIAS, 'portada'],
    ['banner', 'El banner', IDM_BANNERS, 'imagen'],
  ] as const) {
    registrarDueno({
      tipo,
      nombre,
      leer: [idm],
      escribir: [idm],
      resolver: async (tx, clave) => {
        const n = Number(clave);
        if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
        return (await repo.existe(tx, tipo, n)) ? String(n) : null;
      },
      categorias: {
        [categoria]: { ...CATEGORIA_FOTO, maxPorDueno: 1, plural: categoria === 'portada' ? 'portadas' : 'imágenes' },
        // A banner may carry a second image for phones (the site's <picture> picks it under 600 px).
        ...(tipo === 'banner' ? { imagen_movil: { ...CATEGORIA_FOTO, maxPorDueno: 1, plural: 'imágenes para celular' } } : {}),
      },
      categoriaPorDefecto: categoria,
      entidadAuditoria: tipo === 'noticia' ? service.ENTIDAD_NOTICIA : service.ENTIDAD_BANNER,
    });
  }
}

/** Página web: news (idm 202), banners (idm 10535) and the public read-only API per company. */
export function paginaWebRoutes(app: FastifyInstance, deps: Deps): void {
  registrarDuenos();
  // First: its hooks resolve the key of every /publico/:empresa route declared below.
  claveApiPublica(app, deps);
  bancoRoutes(app, deps);
  formulariosRoutes(app, deps);
  encuestasRoutes(app, deps);
  textosRoutes(app, deps);
  popupRoutes(app, deps);

  // ----- noticias
  const N = IDM_NOTICIAS;
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/noticias',
    permiso: N,
    schema: {
      response: zListaAcotada(ZNoticia),
      querystring: ZNoticiasQuery,
      tags,
      summary: 'Noticias del sitio (búsqueda, estado, orden)',
    },
    handler: ({ tx, query }) => service.listarNoticias({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/noticias/autores',
    permiso: N,
    schema: {
      response: z.array(ZAutorNoticia),
      querystring: ZAutoresQuery,
      tags,
      summary: 'Usuarios que pueden firmar una noticia (activos; ?incluir= conserva uno inactivo ya elegido)',
    },
    handler: ({ tx, query }) => service.autores({ tx, incluir: query.incluir }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/noticias/:id',
    permiso: N,
    schema: { response: ZNoticia, params: ZRegistroParam, tags, summary: 'Una noticia con su contenido' },
    handler: ({ tx, params }) => service.verNoticia({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/paginaweb/noticias',
    permiso: N,
    schema: { response: ZNoticia, body: ZNoticiaForm, tags, summary: 'Crea una noticia (su slug sale del título)' },
    handler: ({ tx, user, req, body }) => service.crearNoticia({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/paginaweb/noticias/:id',
    permiso: N,
    schema: {
      response: ZNoticia,
      params: ZRegistroParam,
      body: ZNoticiaForm,
      tags,
      summary: 'Modifica una noticia (el slug se conserva)',
    },
    handler: ({ tx, user, req, params, body }) => service.actualizarNoticia({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/paginaweb/noticias/:id',
    permiso: N,
    schema: { response: ZBorrado, params: ZRegistroParam, tags, summary: 'Elimina una noticia y su portada' },
    handler: ({ tx, user, req, params }) => service.borrarNoticia({ tx, user, ip: req.ip, id: params.id }),
  });

  // ----- banners
  const B = IDM_BANNERS;
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/banners',
    permiso: B,
    schema: { response: zListaAcotada(ZBanner), querystring: ZBannersQuery, tags, summary: 'Banners del sitio en su orden' },
    handler: ({ tx, query }) => service.listarBanners({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/paginaweb/banners',
    permiso: B,
    schema: { response: ZBanner, body: ZBannerForm, tags, summary: 'Crea un banner' },
    handler: ({ tx, user, req, body }) => service.crearBanner({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/paginaweb/banners/:id',
    permiso: B,
    schema: { response: ZBanner, params: ZRegistroParam, body: ZBannerForm, tags, summary: 'Modifica un banner' },
    handler: ({ tx, user, req, params, body }) => service.actualizarBanner({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/paginaweb/banners/:id',
    permiso: B,
    schema: { response: ZBorrado, params: ZRegistroParam, tags, summary: 'Elimina un banner y su imagen' },
    handler: ({ tx, user, req, params }) => service.borrarBanner({ tx, user, ip: req.ip, id: params.id }),
  });

  // ----- public API: only what is published, never internal fields (publico.service.ts)
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/sitio',
    permiso: 'publico',
    schema: {
      response: ZEmpresaPublica,
      params: ZEmpresaPublicaParam,
      tags,
      summary: 'Público: nombre, contacto, color y logo de la inmobiliaria',
    },
    handler: ({ deps: d, req, reply, params }) =>
      leerPublico(d, req, reply, params.empresa, async (_tx, e) => publico.empresaPublica(e)),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/noticias',
    permiso: 'publico',
    schema: {
      response: z.array(ZNoticiaPublica),
      params: ZEmpresaPublicaParam,
      querystring: ZNoticiasApiQuery,
      tags,
      summary: 'Público: noticias publicadas, la más reciente primero (?etiqueta= filtra por etiqueta)',
    },
    handler: ({ deps: d, req, reply, params, query }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => publico.noticias(tx, params.empresa, 50, 0, query.etiqueta)),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/noticias/:slug',
    permiso: 'publico',
    schema: { response: ZNoticiaPublica, params: ZSlugParam, tags, summary: 'Público: una noticia publicada con su contenido' },
    handler: ({ deps: d, req, reply, params }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => publico.noticia(tx, params.empresa, params.slug)),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/banners',
    permiso: 'publico',
    schema: {
      response: z.array(ZBannerPublico),
      params: ZEmpresaPublicaParam,
      querystring: ZBannersApiQuery,
      tags,
      summary: 'Público: banners vigentes en su orden (?ubicacion= los de un lugar del sitio), con su imagen para celular',
    },
    handler: ({ deps: d, req, reply, params, query }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => publico.banners(tx, params.empresa, query.ubicacion)),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/inmuebles',
    permiso: 'publico',
    schema: {
      response: z.array(ZInmueblePublico),
      params: ZEmpresaPublicaParam,
      querystring: ZInmueblesPublicosQuery,
      tags,
      summary: 'Público: inmuebles disponibles con sus fotos (gestión, tipo)',
    },
    handler: ({ deps: d, req, reply, params, query }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => publico.inmuebles(tx, params.empresa, query)),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/inmuebles/puntos',
    permiso: 'publico',
    schema: {
      response: z.array(ZPuntoMapa),
      params: ZEmpresaPublicaParam,
      querystring: ZInmueblesPublicosQuery,
      tags,
      summary:
        'Público: todos los inmuebles disponibles ubicados que halla la búsqueda (mismos filtros), solo consecutivo, punto aproximado y precio (hasta 5.000), para el mapa',
    },
    handler: ({ deps: d, req, reply, params, query }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => publico.puntosInmuebles(tx, query)),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/inmuebles/:consecutivo',
    permiso: 'publico',
    schema: {
      response: ZInmueblePublico,
      params: ZInmueblePublicoParam,
      tags,
      summary: 'Público: un inmueble disponible con fotos y características',
    },
    handler: ({ deps: d, req, reply, params }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => publico.inmueble(tx, params.empresa, params.consecutivo)),
  });
  for (const formato of ['xml', 'json'] as const)
    defineRoute(app, deps, {
      method: 'GET',
      url: `/publico/:empresa/feed/inmuebles.${formato}`,
      permiso: 'publico',
      schema: {
        response: FILE_RESPONSE,
        params: ZEmpresaPublicaParam,
        querystring: ZFeedQuery,
        tags,
        summary: `Público: feed ${formato.toUpperCase()} de los inmuebles disponibles (fotos y páginas con dirección completa; ?pagina=&por_pagina= hasta 5.000)`,
      },
      handler: ({ deps: d, req, reply, params, query }) => servirFeed(d, req, reply, params.empresa, formato, query),
    });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/archivos/:id',
    permiso: 'publico',
    schema: {
      response: FILE_RESPONSE,
      params: ZArchivoPublicoParam,
      querystring: ZArchivoPublicoQuery,
      tags,
      summary: 'Público: una imagen publicada (portada de noticia, banner vigente o foto de inmueble disponible)',
    },
    handler: async ({ deps: d, req, reply, params, query }) => {
      await publico.limitar(d.db, req.ip, params.empresa);
      await publico.empresa(d.db, params.empresa);
      const f = await inTenant(d.db, params.empresa, ({ tx }) =>
        publico.archivoPublico(tx, params.id, query.tamano === 'miniatura'),
      );
      const buf = await d.storage.get(f.clave);
      if (!buf) throw publico.sinImagen(params.id);
      await reply
        .header('content-type', f.contentType)
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(buf);
      return YA_RESPONDIDO;
    },
  });
}
