import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AJUSTES_PORTAL,
  CATALOGO_PORTAL,
  ZCatalogoCsv,
  ZCatalogoQuery,
  ZEquivalenciaGuardar,
  ZEquivalenciasQuery,
  IDM_PORTAL,
  IDM_PORTAL_FEED,
  PORTALES_CON_CONCILIACION,
  PORTALES_CON_CONTACTOS,
  PORTALES_CON_WEBHOOK,
  PORTALES_FEED,
  PORTALES_SINCRONIZADOS,
  ZAccionFeedParam,
  ZFeedConfigGuardar,
  ZFeedPublicoParam,
  ZAccionPortalParam,
  ZAutorizacionOAuth,
  ZPortalConfigGuardar,
  ZPortalInmuebleParam,
  ZDespublicarMasivo,
  ZFiltroDespublicarMasivo,
  ZFiltroMasivo,
  ZPublicarMasivo,
  ZSaludQuery,
  ZEncolado,
  ZHistorialPortal,
  ZPortalConfig,
  ZPruebaPortal,
  ZPublicacionPortal,
  ZResultadoDespublicarMasivo,
  ZResultadoMasivo,
  ZUrlAutorizacion,
  ZVistaPreviaDespublicar,
  ZVistaPreviaMasivo,
  ZWebhookResultado,
  ZSaludPortal,
  ZResumenCatalogo,
  ZEntradaCatalogo,
  ZCargaCatalogoResultado,
  ZFilaEquivalencia,
  ZEquivalenciaGuardada,
  ZContactosPortal,
  ZPortalDeInmueble,
  ZResumenPortales,
  ZFeedConfig,
  ZPublicacionFeed,
  ZVistaPreviaFeed,
} from '@predio/contract/portales';
import { zListResult } from '@predio/contract/list';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { defineRoute, YA_RESPONDIDO } from '../../platform/http/route.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import * as publico from '../pagina-web/publico.service.ts';
import * as catalogo from './catalogo.service.ts';
import * as conciliacion from './conciliacion.service.ts';
import * as contactos from './contactos.service.ts';
import * as feed from './feed.service.ts';
import * as masivo from './masivo.service.ts';
import * as service from './portales.service.ts';

const tags = ['portales'];
/** Any portal's idm opens the property's portal states (each portal shown only to whom manages it). */
const IDMS_PORTALES: readonly number[] = PORTALES_SINCRONIZADOS.map((p) => IDM_PORTAL[p]);

/** Inmuebles › Portales: one set of endpoints per portal, each behind its own idm (Wasi 10606). */
export function portalesRoutes(app: FastifyInstance, deps: Deps): void {
  const cifrador = cifradorDe(deps.config, service.PROPOSITO_CIFRADO);
  for (const portal of PORTALES_SINCRONIZADOS) {
    const permiso = IDM_PORTAL[portal];
    const base = `/portales/${portal}`;
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/configuracion`,
      permiso,
      schema: { response: ZPortalConfig, tags, summary: `Configuración de ${portal} (sin su token)` },
      handler: ({ tx, user, req }) =>
        service.leerConfig({
          tx,
          portal,
          cifrador,
          publico: { base: urlPublica(deps.config.publicUrl, req), idEmpresa: user.idEmpresa },
        }),
    });
    if (AJUSTES_PORTAL[portal].oauth) {
      defineRoute(app, deps, {
        method: 'GET',
        url: `${base}/autorizacion`,
        permiso,
        schema: {
          response: ZUrlAutorizacion,
          tags,
          summary: `Dirección donde la empresa autoriza a Predio en ${portal} (OAuth2, con estado de un solo uso)`,
        },
        handler: ({ tx, req, deps: d }) =>
          service.urlAutorizacion({ tx, portal, cifrador, base: urlPublica(d.config.publicUrl, req) }),
      });
      defineRoute(app, deps, {
        method: 'POST',
        url: `${base}/autorizacion`,
        permiso,
        schema: {
          response: ZPortalConfig,
          body: ZAutorizacionOAuth,
          tags,
          summary: `Regreso de la autorización de ${portal}: cambia el código por los tokens de la cuenta (cifrados)`,
        },
        handler: ({ tx, user, req, body, deps: d }) =>
          service.autorizar({ tx, user, ip: req.ip, portal, cifrador, body, base: urlPublica(d.config.publicUrl, req) }),
      });
    }
    defineRoute(app, deps, {
      method: 'PUT',
      url: `${base}/configuracion`,
      permiso,
      schema: {
        response: ZPortalConfig,
        body: ZPortalConfigGuardar,
        tags,
        summary: `Guarda la configuración de ${portal}; el token se cifra y nunca se devuelve`,
      },
      handler: ({ tx, user, req, body }) =>
        service.guardarConfig({
          tx,
          user,
          ip: req.ip,
          cifrador,
          portal,
          body,
          publico: { base: urlPublica(deps.config.publicUrl, req), idEmpresa: user.idEmpresa },
        }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/probar`,
      permiso,
      schema: { response: ZPruebaPortal, tags, summary: `Prueba las credenciales guardadas contra ${portal}` },
      handler: ({ tx }) => service.probar({ tx, cifrador, portal }),
    });
    if (PORTALES_CON_WEBHOOK.includes(portal))
      defineRoute(app, deps, {
        method: 'POST',
        url: `${base}/webhook/suscribir`,
        permiso,
        schema: {
          response: ZPortalConfig,
          tags,
          summary: `Suscribe en ${portal} la dirección del webhook de la empresa con su VERIFY-TOKEN y guarda el HUB.ID`,
        },
        handler: ({ tx, user, req }) =>
          service.suscribirWebhook({
            tx,
            user,
            ip: req.ip,
            cifrador,
            portal,
            publico: { base: urlPublica(deps.config.publicUrl, req), idEmpresa: user.idEmpresa },
          }),
      });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/inmuebles`,
      permiso,
      schema: {
        response: z.array(ZPublicacionPortal),
        tags,
        summary: `Inmuebles marcados para ${portal} o enviados a él, con su estado y último error`,
      },
      handler: ({ tx }) => service.listar({ tx, portal }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/salud`,
      permiso,
      schema: {
        response: ZSaludPortal,
        querystring: ZSaludQuery,
        tags,
        summary: `Salud de la sincronización con ${portal}: publicados, errores, último éxito, contactos del periodo`,
      },
      handler: ({ tx, query }) => contactos.salud({ tx, portal, dias: query.dias }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/masivo/vista-previa`,
      permiso,
      schema: {
        response: ZVistaPreviaMasivo,
        body: ZFiltroMasivo,
        tags,
        summary: `Publicación masiva en ${portal}: cuántos inmuebles selecciona el filtro y cuáles rechazaría y por qué`,
      },
      handler: ({ tx, user, body }) => masivo.vistaPrevia({ tx, user, portal, filtro: body, urlPublica: deps.config.publicUrl }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/masivo`,
      permiso,
      schema: {
        response: ZResultadoMasivo,
        body: ZPublicarMasivo,
        tags,
        summary: `Publica en ${portal} los inmuebles listos del filtro (los que la vista previa mostró; lo hace un trabajo)`,
      },
      handler: ({ tx, user, req, body }) =>
        masivo.publicar({ tx, user, ip: req.ip, portal, body, urlPublica: deps.config.publicUrl }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/masivo/despublicar/vista-previa`,
      permiso,
      schema: {
        response: ZVistaPreviaDespublicar,
        body: ZFiltroDespublicarMasivo,
        tags,
        summary: `Despublicación masiva en ${portal}: qué inmuebles de ${portal} selecciona el filtro`,
      },
      handler: ({ tx, user, body }) => masivo.vistaPreviaDespublicar({ tx, user, portal, filtro: body }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/masivo/despublicar`,
      permiso,
      schema: {
        response: ZResultadoDespublicarMasivo,
        body: ZDespublicarMasivo,
        tags,
        summary: `Quita de ${portal} los inmuebles del filtro (los que mostró la vista previa; un trabajo por inmueble)`,
      },
      handler: ({ tx, user, req, body }) => masivo.despublicar({ tx, user, ip: req.ip, portal, body }),
    });
    if (PORTALES_CON_CONCILIACION.includes(portal))
      defineRoute(app, deps, {
        method: 'POST',
        url: `${base}/conciliar`,
        permiso,
        schema: {
          response: ZEncolado,
          tags,
          summary: `Concilia ahora el estado de lo publicado en ${portal} (lo hace un trabajo)`,
        },
        handler: ({ tx }) => conciliacion.conciliarAhora({ tx, portal }),
      });
    if (CATALOGO_PORTAL[portal]) {
      defineRoute(app, deps, {
        method: 'GET',
        url: `${base}/catalogo`,
        permiso,
        schema: {
          response: ZResumenCatalogo,
          tags,
          summary: `Catálogo de ${portal} cargado (entradas por clase) y cuántos maestros están sin mapear`,
        },
        handler: ({ tx }) => catalogo.resumen({ tx, portal }),
      });
      defineRoute(app, deps, {
        method: 'GET',
        url: `${base}/catalogo/entradas`,
        permiso,
        schema: {
          response: z.array(ZEntradaCatalogo),
          querystring: ZCatalogoQuery,
          tags,
          summary: `Busca en el catálogo de ${portal} (máximo 50 entradas)`,
        },
        handler: ({ tx, query }) => catalogo.buscar({ tx, portal, query }),
      });
      if (CATALOGO_PORTAL[portal].desdePortal)
        defineRoute(app, deps, {
          method: 'POST',
          url: `${base}/catalogo/cargar`,
          permiso,
          schema: {
            response: ZCargaCatalogoResultado,
            tags,
            summary: `Carga el catálogo desde ${portal} y empareja por nombre lo que no tiene dudas`,
          },
          handler: ({ tx, user, req }) => catalogo.cargarDesdePortal({ tx, user, ip: req.ip, cifrador, portal }),
        });
      defineRoute(app, deps, {
        method: 'POST',
        url: `${base}/catalogo/csv`,
        permiso,
        schema: {
          response: ZCargaCatalogoResultado,
          body: ZCatalogoCsv,
          tags,
          summary: `Carga una clase del catálogo de ${portal} desde un CSV (código, nombre, padre, detalle)`,
        },
        handler: ({ tx, user, req, body }) => catalogo.cargarCsv({ tx, user, ip: req.ip, portal, body }),
      });
      defineRoute(app, deps, {
        method: 'GET',
        url: `${base}/equivalencias`,
        permiso,
        schema: {
          response: zListResult(ZFilaEquivalencia),
          querystring: ZEquivalenciasQuery,
          tags,
          summary: `Tipos, municipios o barrios de la empresa con su equivalencia en ${portal}`,
        },
        handler: ({ tx, query }) => catalogo.equivalencias({ tx, portal, query }),
      });
      defineRoute(app, deps, {
        method: 'PUT',
        url: `${base}/equivalencias`,
        permiso,
        schema: {
          response: ZEquivalenciaGuardada,
          body: ZEquivalenciaGuardar,
          tags,
          summary: `Guarda (o quita, con código null) la equivalencia de un maestro en ${portal}`,
        },
        handler: ({ tx, user, req, body }) => catalogo.guardarEquivalencia({ tx, user, ip: req.ip, portal, body }),
      });
    }
    if (PORTALES_CON_CONTACTOS.includes(portal)) {
      defineRoute(app, deps, {
        method: 'GET',
        url: `${base}/contactos`,
        permiso,
        schema: {
          response: ZContactosPortal,
          tags,
          summary: `Contactos recibidos de ${portal} y la solicitud que cada uno creó o amplió`,
        },
        handler: ({ tx }) => contactos.listar({ tx, portal }),
      });
      defineRoute(app, deps, {
        method: 'POST',
        url: `${base}/contactos/leer`,
        permiso,
        schema: { response: ZEncolado, tags, summary: `Lee ahora los contactos de ${portal} (lo hace un trabajo)` },
        handler: ({ tx }) => contactos.pedirLectura({ tx, portal }),
      });
    }
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/inmuebles/:consecutivo/historial`,
      permiso,
      schema: {
        response: z.array(ZHistorialPortal),
        params: ZPortalInmuebleParam.omit({ portal: true }),
        tags,
        summary: `Lo enviado a ${portal} de un inmueble`,
      },
      handler: ({ tx, params }) => service.historial({ tx, portal, consecutivo: params.consecutivo }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/inmuebles/:consecutivo/:accion`,
      permiso,
      schema: {
        response: ZPublicacionPortal,
        params: ZAccionPortalParam.omit({ portal: true }),
        tags,
        summary: `Publicar, actualizar o despublicar un inmueble en ${portal} (lo hace un trabajo)`,
      },
      handler: ({ tx, user, params }) =>
        service.accion({
          tx,
          user,
          portal,
          consecutivo: params.consecutivo,
          accion: params.accion,
          urlPublica: deps.config.publicUrl,
        }),
    });
  }

  // The manager's Inicio: every portal the person manages at once.
  defineRoute(app, deps, {
    method: 'GET',
    url: '/portales/resumen',
    permiso: IDMS_PORTALES,
    schema: {
      response: ZResumenPortales,
      tags,
      summary: 'Cada portal que el usuario administra: publicados, errores, último éxito y solicitudes y costo del mes',
    },
    handler: ({ tx, user }) => contactos.resumen({ tx, user }),
  });

  // The property's form: its state on each portal the person manages.
  defineRoute(app, deps, {
    method: 'GET',
    url: '/portales/inmueble/:consecutivo',
    permiso: IDMS_PORTALES,
    schema: {
      response: z.array(ZPortalDeInmueble),
      params: ZPortalInmuebleParam.pick({ consecutivo: true }),
      tags,
      summary: 'El estado de un inmueble en cada portal que el usuario administra, con su último error',
    },
    handler: ({ tx, user, params }) => contactos.deInmueble({ tx, user, consecutivo: params.consecutivo }),
  });

  // Portals that read a feed: the settings and the list behind each portal's idm, and the feed itself,
  // public, at a secret address per company and portal.
  for (const portal of PORTALES_FEED) {
    const permiso = IDM_PORTAL_FEED[portal];
    const base = `/portales/${portal}/feed`;
    const enlaces = (req: FastifyRequest, idEmpresa: number) => ({ base: urlPublica(deps.config.publicUrl, req), idEmpresa });
    defineRoute(app, deps, {
      method: 'GET',
      url: base,
      permiso,
      schema: {
        response: ZFeedConfig,
        tags,
        summary: `Configuración del feed de ${portal}, su dirección y sus últimas lecturas`,
      },
      handler: ({ tx, user, req }) => feed.leerConfig({ tx, cifrador, portal, enlaces: enlaces(req, user.idEmpresa) }),
    });
    defineRoute(app, deps, {
      method: 'PUT',
      url: base,
      permiso,
      schema: {
        response: ZFeedConfig,
        body: ZFeedConfigGuardar,
        tags,
        summary: `Guarda el formato y los campos del feed de ${portal}`,
      },
      handler: ({ tx, user, req, body }) =>
        feed.guardarConfig({ tx, user, ip: req.ip, cifrador, portal, body, enlaces: enlaces(req, user.idEmpresa) }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/direccion`,
      permiso,
      schema: {
        response: ZFeedConfig,
        tags,
        summary: `Genera una nueva dirección secreta del feed de ${portal}; la anterior deja de servir`,
      },
      handler: ({ tx, user, req }) =>
        feed.regenerarDireccion({ tx, user, ip: req.ip, cifrador, portal, enlaces: enlaces(req, user.idEmpresa) }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/inmuebles`,
      permiso,
      schema: {
        response: z.array(ZPublicacionFeed),
        tags,
        summary: `Inmuebles marcados para ${portal}: si van en el feed o qué les falta`,
      },
      handler: ({ tx }) => feed.listar({ tx, portal }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/vista-previa`,
      permiso,
      schema: { response: ZVistaPreviaFeed, tags, summary: `El feed de ${portal} tal como lo leería ahora el portal` },
      handler: ({ tx, user, req }) => feed.vistaPrevia({ tx, portal, enlaces: enlaces(req, user.idEmpresa) }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/inmuebles/:consecutivo/:accion`,
      permiso,
      schema: {
        response: ZPublicacionFeed,
        params: ZAccionFeedParam,
        tags,
        summary: `Incluye o quita un inmueble del feed de ${portal}`,
      },
      handler: ({ tx, user, req, params }) =>
        feed.accion({ tx, user, ip: req.ip, portal, consecutivo: params.consecutivo, accion: params.accion }),
    });
  }
  // The integrators' API (Ciencuadras, Fincaraíz) posts each task's result here, per company.
  for (const portal of PORTALES_CON_WEBHOOK)
    defineRoute(app, deps, {
      method: 'POST',
      url: `/publico/:empresa/portales/${portal}/webhook`,
      permiso: 'publico',
      schema: {
        response: ZWebhookResultado,
        params: ZFeedPublicoParam.pick({ empresa: true }),
        tags,
        summary: `Público: el resultado de una tarea de ${portal} (verificado por HUB.ID y VERIFY-TOKEN)`,
      },
      handler: async ({ deps: d, req, params }) => {
        await publico.limitar(d.db, req.ip, params.empresa);
        const h = (n: string) => {
          const v = req.headers[n];
          return Array.isArray(v) ? v[0] : v;
        };
        return service.recibirWebhook({
          db: d.db,
          idEmpresa: params.empresa,
          portal,
          hubId: h('hub.id'),
          verifyToken: h('verify-token'),
          cuerpo: req.body,
        });
      },
    });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/portales/:portal/:token',
    permiso: 'publico',
    schema: {
      response: FILE_RESPONSE,
      params: ZFeedPublicoParam,
      tags,
      summary: 'Público: el feed XML o JSON que lee un portal, en su dirección secreta',
    },
    handler: async ({ deps: d, req, reply, params }) => {
      const r = await feed.servir({
        db: d.db,
        cifrador,
        idEmpresa: params.empresa,
        portal: params.portal,
        token: params.token,
        enlaces: { base: urlPublica(d.config.publicUrl, req), idEmpresa: params.empresa },
        ip: req.ip,
        agente: req.headers['user-agent'] ?? '',
        siNoCoincide: req.headers['if-none-match'],
      });
      // Portals cache what they read; a private address must not end up in a shared cache.
      reply.header('cache-control', 'private, no-cache').header('etag', r.etag);
      if ('sinCambios' in r) await reply.code(304).send();
      else await reply.type(r.contentType).send(r.contenido);
      return YA_RESPONDIDO;
    },
  });
}
