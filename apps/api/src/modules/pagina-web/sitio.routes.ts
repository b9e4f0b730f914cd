import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZSolicitudWeb } from '@predio/contract/solicitudes';
import {
  ZArchivoPublicoParam,
  ZEmpresaPublicaParam,
  ZInmueblePublicoParam,
  ZInmueblesPublicosQuery,
  ZNoticiasPublicasQuery,
  ZSlugParam,
} from '@predio/contract/pagina-web';
import { ZEnvioFormularioPublico, validarRespuestas } from '@predio/contract/pagina-web-formularios';
import { ZTokenEncuestaParam, validarRespuestasEncuesta } from '@predio/contract/pagina-web-encuestas';
import { RUTA_SECCION_TEXTO } from '@predio/contract/pagina-web-textos';
import { SEGUNDOS_FRECUENCIA } from '@predio/contract/pagina-web-popup';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { inTenant } from '../../platform/tenant.ts';
import { getConfiguracion, leerLogoGuardado } from '../empresa/empresa.service.ts';
import { recibir } from '../solicitudes/solicitudes-web.service.ts';
import * as publico from './publico.service.ts';
import * as banco from './banco.service.ts';
import * as formularios from './formularios.service.ts';
import * as encuestas from './encuestas.service.ts';
import * as textos from './textos.service.ts';
import * as popups from './popup.service.ts';
import * as html from './sitio.html.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import { comprimir, enviarFijo, iconoSitio, leerLeaflet, RUTA_LEAFLET, SCRIPT_MAPA } from './sitio-recursos.ts';

/**
 * The public website Predio serves for each company at /sitio/:empresa (issue 32): server-rendered HTML
 * that works without script (a map is drawn after the page), only what is published. Its contact form posts here and goes through the same path as
 * the agency's own website form (POST /api/publico/solicitudes): same checks, limits and notices.
 */
type PaginaSitio = {
  titulo: string;
  og: html.Og;
  cuerpo: string;
  codigo?: number;
  cookie?: string | undefined;
  privado?: boolean;
};

/** A form's refusals by field, the first message of each, as the page shows them beside the field. */
function erroresPorCampo(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  errores: Record<string, string> = {},
  mensaje = (m: string) => m,
): Record<string, string> {
  for (const i of issues) errores[String(i.path[0] ?? 'general')] ??= mensaje(i.message);
  return errores;
}

const INMUTABLE = 'public, max-age=31536000, immutable';

export function sitioRoutes(app: FastifyInstance, deps: Deps): void {
  // A plain HTML form sends application/x-www-form-urlencoded; only these routes read it. A name sent
  // more than once (a survey's checkbox group) becomes the list of its values.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      const campos: Record<string, string | string[]> = {};
      for (const [k, v] of new URLSearchParams(String(body))) {
        const antes = campos[k];
        campos[k] = antes === undefined ? v : Array.isArray(antes) ? [...antes, v] : [antes, v];
      }
      done(null, campos);
    },
  );

  const base = (req: FastifyRequest) => urlPublica(deps.config.publicUrl, req);
  /** The company's tile server (Configurar), as the back-office's maps use it. */
  const mapaDe = async (tx: Tx): Promise<html.MapaSitio> => {
    const { ajustes } = await getConfiguracion({ tx });
    return { teselas: ajustes.urlMosaicoMapa, atribucion: ajustes.atribucionMapa };
  };

  const enviarPrivado = (reply: FastifyReply, codigo: number, contenido: string) =>
    reply
      .code(codigo)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(comprimir(reply.request, reply, contenido));

  const enviar = (reply: FastifyReply, codigo: number, contenido: string) =>
    reply
      .code(codigo)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', codigo === 200 ? 'public, max-age=60' : 'no-store')
      .send(comprimir(reply.request, reply, contenido));

  /** A page of a company: not found, too many requests and the rest end as a page, never a JSON error. */
  async function servir(
    req: FastifyRequest,
    reply: FastifyReply,
    idEmpresa: unknown,
    armar: (e: publico.EmpresaSitio) => Promise<PaginaSitio>,
  ) {
    const id = ZEmpresaPublicaParam.safeParse({ empresa: idEmpresa });
    try {
      if (!id.success) throw new AppError(40400, 'Este sitio no existe.');
      await publico.limitar(deps.db, req.ip, id.data.empresa);
      const e = await publico.empresa(deps.db, id.data.empresa);
      const ts = await inTenant(deps.db, e.id_empresa, ({ tx }) => textos.publicados(tx));
      // By the company's own domain its pages live at / (Compañía › Dominio propio): links and og:url say so.
      const propio = req.server.dominiosPropios.empresaDe(req.raw) === e.id_empresa;
      const b = propio ? `${req.protocol}://${req.host}` : base(req);
      const pagina = (a: Omit<Parameters<typeof html.pagina>[0], 'base'>) => {
        const h = html.pagina({ ...a, base: b });
        return propio ? html.sinPrefijoSitio(h, e.id_empresa) : h;
      };
      try {
        const p = await armar(e);
        // A page that depends on a visitor's cookie (the pop-up seen or not) is theirs alone: no shared cache.
        const contenido = pagina({ e, titulo: p.titulo, og: p.og, cuerpo: p.cuerpo, textos: ts });
        if (p.cookie) reply.header('set-cookie', p.cookie);
        return (p.privado ? enviarPrivado : enviar)(reply, p.codigo ?? 200, contenido);
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 404) throw err;
        const og = { titulo: 'No encontrado', descripcion: err.message, imagen: null, url: `/sitio/${e.id_empresa}` };
        return enviar(reply, 404, pagina({ e, titulo: 'No encontrado', og, cuerpo: html.noExiste(err.message), textos: ts }));
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const [k, v] of Object.entries(err.headers ?? {})) reply.header(k, v);
      return enviar(
        reply,
        err.status,
        `<!doctype html><html lang="es-CO"><meta charset="utf-8"><title>${html.esc(err.message)}</title><p>${html.esc(err.message)}</p></html>`,
      );
    }
  }

  app.get('/sitio/estilos.css', (req, reply) =>
    enviarFijo(req, reply, 'estilos', 'text/css; charset=utf-8', () => html.ESTILOS, 'public, max-age=3600'),
  );
  app.get('/sitio/mapa.js', (req, reply) =>
    enviarFijo(req, reply, 'mapa', 'text/javascript; charset=utf-8', () => SCRIPT_MAPA, 'public, max-age=3600'),
  );
  // Leaflet from Predio itself, its version in the address: kept a year by the browser.
  app.get(`${RUTA_LEAFLET}/leaflet.js`, (req, reply) =>
    enviarFijo(req, reply, 'leaflet.js', 'text/javascript; charset=utf-8', () => leerLeaflet('leaflet.js'), INMUTABLE),
  );
  app.get(`${RUTA_LEAFLET}/leaflet.css`, (req, reply) =>
    enviarFijo(req, reply, 'leaflet.css', 'text/css; charset=utf-8', () => leerLeaflet('leaflet.css'), INMUTABLE),
  );

  app.get('/sitio/:empresa', (req, reply) =>
    servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      const d = await inTenant(deps.db, e.id_empresa, async ({ tx }) => ({
        banners: await publico.banners(tx, e.id_empresa),
        inmuebles: await publico.inmuebles(tx, e.id_empresa, { limite: 12 }),
        noticias: await publico.noticias(tx, e.id_empresa, 6),
        formularios: await formularios.publicos(tx),
        vacantes: (await banco.vacantesPublicas(tx)).length,
        popup: await popups.vigente(tx, e.id_empresa),
      }));
      // The pop-up shows unless this visitor's cookie says they saw it within its frequency.
      const galleta = d.popup ? `predio_popup_${e.id_empresa}_${d.popup.id}` : '';
      const visto = d.popup !== null && (req.headers.cookie ?? '').split(/;\s*/).includes(`${galleta}=1`);
      const segundos = d.popup ? SEGUNDOS_FRECUENCIA[d.popup.frecuencia] : null;
      const cookie =
        d.popup && !visto && segundos !== null
          ? `${galleta}=1; Max-Age=${segundos}; Path=/sitio/${e.id_empresa}; HttpOnly; SameSite=Lax`
          : undefined;
      const nombre = publico.empresaPublica(e).nombre;
      const imagen =
        d.banners.find((b) => b.ubicacion === 'inicio_principal' && b.imagen)?.imagen ??
        d.banners.find((b) => b.ubicacion === 'inicio_secundario' && b.imagen)?.imagen ??
        d.inmuebles.find((i) => i.fotos.length)?.fotos[0]?.grande ??
        null;
      return {
        titulo: `${nombre} · Inmuebles en arriendo y venta`,
        og: {
          titulo: nombre,
          descripcion: `Inmuebles disponibles y noticias de ${nombre}.`,
          imagen,
          url: `/sitio/${e.id_empresa}`,
        },
        cuerpo: `<h1 class="oculto">${html.esc(nombre)}</h1>${html.inicio(e, d)}${html.listaFormularios(e.id_empresa, d.formularios)}${html.avisoVacantes(e.id_empresa, d.vacantes)}${
          d.popup && !visto ? html.popup(d.popup) : ''
        }`,
        cookie,
        privado: segundos !== null,
      };
    }),
  );

  app.get('/sitio/:empresa/logo', async (req, reply) => {
    const id = ZEmpresaPublicaParam.safeParse(req.params);
    const e = id.success ? await publico.empresa(deps.db, id.data.empresa).catch(() => null) : null;
    if (!e?.logo) return reply.code(404).send();
    const img = await leerLogoGuardado({ user: { idEmpresa: e.id_empresa }, storage: deps.storage, nombre: e.logo }).catch(
      () => null,
    );
    if (!img) return reply.code(404).send();
    return reply.header('content-type', img.contentType).header('cache-control', 'public, max-age=3600').send(img.buf);
  });

  // The site's icon: the company's logo fitted in a 64 px square (PNG), else Predio's own icon. By the
  // company's domain the browser's /favicon.ico comes here too (Compañía › Dominio propio). Never a 404.
  app.get('/sitio/:empresa/favicon.ico', async (req, reply) => {
    const id = ZEmpresaPublicaParam.safeParse(req.params);
    const e = id.success ? await publico.empresa(deps.db, id.data.empresa).catch(() => null) : null;
    const png = await iconoSitio(e?.logo ? { idEmpresa: e.id_empresa, logo: e.logo } : null, (nombre, idEmpresa) =>
      leerLogoGuardado({ user: { idEmpresa }, storage: deps.storage, nombre }).then((l) => l.buf),
    );
    return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=3600').send(png);
  });

  // ----- the property search: a plain GET form, the query in the address, 12 a page
  const POR_PAGINA = 12;
  const ETIQUETAS_FILTRO: Record<string, string> = {
    gestion: 'Gestión',
    tipo: 'Tipo',
    municipio: 'Municipio',
    precio_min: 'Precio desde',
    precio_max: 'Precio hasta',
    habitaciones_min: 'Habitaciones',
    barrio: 'Barrio',
    codigo: 'Código',
    pagina: 'La página',
  };
  const FILTROS = [
    'gestion',
    'tipo',
    'municipio',
    'barrio',
    'precio_min',
    'precio_max',
    'habitaciones_min',
    'codigo',
    'pagina',
  ] as const;
  const NOMBRE_DE_FILTRO = new RegExp(`\\b(${FILTROS.join('|')})\\b`, 'g');
  app.get('/sitio/:empresa/inmuebles', (req, reply) =>
    servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      const crudos = z
        .record(z.string(), z.unknown())
        .catch({})
        .parse(req.query ?? {});
      // Only the known filters, each once and not empty; a price may come written «2.500.000» or «$ 2500000».
      const valores: Record<string, string> = {};
      for (const k of FILTROS) {
        const x = Array.isArray(crudos[k]) ? (crudos[k] as unknown[])[0] : crudos[k];
        const t = x === undefined ? '' : String(x).trim();
        if (t) valores[k] = k.startsWith('precio') ? t.replace(/[$.\s]/g, '') : t.slice(0, 40);
      }
      const q = ZInmueblesPublicosQuery.safeParse({ ...valores, limite: POR_PAGINA });
      // The API's messages name the parameter; the visitor reads the label beside the field.
      const etiqueta = (m: string) => m.replace(NOMBRE_DE_FILTRO, (k) => ETIQUETAS_FILTRO[k]!);
      const errores = q.success ? {} : erroresPorCampo(q.error.issues, {}, etiqueta);
      const { pagina: _p, ...consulta } = valores;
      const d = await inTenant(deps.db, e.id_empresa, async ({ tx }) => ({
        tipos: await publico.tiposConInmuebles(tx),
        municipios: await publico.municipiosConInmuebles(tx),
        barrios: await publico.barriosConInmuebles(tx, q.success ? q.data.municipio : undefined),
        inmuebles: q.success ? await publico.inmuebles(tx, e.id_empresa, q.data) : [],
        total: q.success ? await publico.contarInmuebles(tx, q.data) : 0,
        ubicados: q.success ? await publico.contarInmuebles(tx, q.data, true) : 0,
        mapa: await mapaDe(tx),
        banners: await publico.banners(tx, e.id_empresa, 'busqueda'),
      }));
      const nombre = publico.empresaPublica(e).nombre;
      return {
        codigo: q.success ? 200 : 400,
        titulo: `Inmuebles en arriendo y venta · ${nombre}`,
        og: {
          titulo: `Inmuebles de ${nombre}`,
          descripcion: `Busque inmuebles en arriendo y venta de ${nombre} por tipo, municipio, precio y habitaciones.`,
          imagen: d.inmuebles.find((i) => i.fotos.length)?.fotos[0]?.grande ?? null,
          url: `/sitio/${e.id_empresa}/inmuebles`,
        },
        cuerpo:
          html.bandaBanners(d.banners, 'busqueda') +
          html.buscador(e, {
            valores: consulta,
            errores,
            ...d,
            pagina: q.success ? q.data.pagina : 1,
            porPagina: POR_PAGINA,
          }),
      };
    }),
  );

  // ----- the news, newest first
  app.get('/sitio/:empresa/noticias', (req, reply) =>
    servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      // A page number that is not one shows the first page: a visitor's typo is no error.
      const q = ZNoticiasPublicasQuery.safeParse(req.query ?? {});
      const pagina = q.success ? q.data.pagina : 1;
      const crudo = (req.query as Record<string, unknown> | undefined)?.etiqueta;
      const etiqueta = typeof crudo === 'string' ? crudo.trim().slice(0, 60) || undefined : undefined;
      const d = await inTenant(deps.db, e.id_empresa, async ({ tx }) => ({
        noticias: await publico.noticias(tx, e.id_empresa, POR_PAGINA, (pagina - 1) * POR_PAGINA, etiqueta),
        total: await publico.contarNoticias(tx, etiqueta),
        banners: await publico.banners(tx, e.id_empresa, 'noticias'),
      }));
      const nombre = publico.empresaPublica(e).nombre;
      return {
        titulo: `Noticias · ${nombre}`,
        og: {
          titulo: `Noticias de ${nombre}`,
          descripcion: `Las noticias de ${nombre}.`,
          imagen: d.noticias.find((n) => n.portada)?.portada ?? null,
          url: `/sitio/${e.id_empresa}/noticias`,
        },
        cuerpo:
          html.bandaBanners(d.banners, 'noticias') + html.listaNoticias(e, d.noticias, pagina, d.total, POR_PAGINA, etiqueta),
      };
    }),
  );

  /**
   * The site's contact forms (a property's page, Contacto): the same path as the agency's own website
   * form, a solicitud «nueva» of canal sitio web. A refusal shows the page again with what was typed.
   */
  async function recibirContacto(
    req: FastifyRequest,
    e: publico.EmpresaSitio,
    inmueble: number | null,
    pagina: (f: html.EstadoFormulario, codigo?: number) => Promise<PaginaSitio>,
  ): Promise<PaginaSitio> {
    const valores = z
      .record(z.string(), z.string())
      .catch({})
      .parse(req.body ?? {});
    if (!e.clave_formulario_web) return pagina({ valores, errores: {} });
    const datos = ZSolicitudWeb.safeParse({
      ...valores,
      clave: e.clave_formulario_web,
      tipo: 'informacion',
      inmueble,
      autoriza_datos: valores.autoriza_datos === 'true',
    });
    if (!datos.success)
      return pagina({ valores, errores: erroresPorCampo(datos.error.issues), general: 'Revise los campos marcados.' }, 400);
    try {
      const { numero } = await recibir(deps, datos.data, req.ip);
      const nombre = publico.empresaPublica(e).nombre;
      return {
        titulo: `Solicitud recibida · ${nombre}`,
        og: {
          titulo: nombre,
          descripcion: 'Solicitud recibida',
          imagen: null,
          url: `/sitio/${e.id_empresa}/${inmueble === null ? 'contacto' : `inmuebles/${inmueble}`}`,
        },
        cuerpo: html.gracias(e, numero, inmueble),
      };
    } catch (err) {
      if (err instanceof AppError && err.status === 429) return pagina({ valores, errores: {}, general: err.message }, 429);
      throw err;
    }
  }

  // ----- Contacto: the company's data, its published text and the website form
  const contactoDe = async (e: publico.EmpresaSitio, f: html.EstadoFormulario, codigo = 200) => {
    const d = await inTenant(deps.db, e.id_empresa, async ({ tx }) => ({
      texto: (await textos.publicados(tx)).find((x) => x.seccion === 'contacto') ?? null,
      formularios: await formularios.publicos(tx),
    }));
    const nombre = publico.empresaPublica(e).nombre;
    return {
      codigo,
      titulo: `${d.texto?.titulo || 'Contacto'} · ${nombre}`,
      og: {
        titulo: `Contacto · ${nombre}`,
        descripcion: `Escriba o llame a ${nombre}.`,
        imagen: null,
        url: `/sitio/${e.id_empresa}/contacto`,
      },
      cuerpo: html.contacto(e, d, f),
    };
  };
  app.get('/sitio/:empresa/contacto', (req, reply) =>
    servir(req, reply, (req.params as { empresa: string }).empresa, (e) => contactoDe(e, { valores: {}, errores: {} })),
  );
  app.post('/sitio/:empresa/contacto', (req, reply) =>
    servir(req, reply, (req.params as { empresa: string }).empresa, (e) =>
      recibirContacto(req, e, null, (f, codigo) => contactoDe(e, f, codigo)),
    ),
  );

  const fichaDe = (e: publico.EmpresaSitio, consecutivo: number, f: html.EstadoFormulario, codigo = 200) =>
    inTenant(deps.db, e.id_empresa, async ({ tx }) => ({
      i: await publico.inmueble(tx, e.id_empresa, consecutivo),
      mapa: await mapaDe(tx),
    })).then(({ i, mapa }) => {
      const titulo = html.tituloInmueble(i);
      return {
        codigo,
        titulo: `${titulo} · ${publico.empresaPublica(e).nombre}`,
        og: {
          titulo: `${titulo} · ${html.precio(i)}`,
          descripcion: i.descripcion.slice(0, 200) || titulo,
          imagen: i.fotos[0]?.grande ?? null,
          url: `/sitio/${e.id_empresa}/inmuebles/${i.consecutivo}`,
        },
        cuerpo: html.fichaInmueble(e, i, f, mapa),
      };
    });

  const paramsInmueble = (req: FastifyRequest) => ZInmueblePublicoParam.safeParse(req.params);

  app.get('/sitio/:empresa/inmuebles/:consecutivo', (req, reply) => {
    const p = paramsInmueble(req);
    return servir(req, reply, (req.params as { empresa: string }).empresa, (e) => {
      if (!p.success) throw new AppError(40400, 'Este inmueble no existe o ya no está disponible.');
      return fichaDe(e, p.data.consecutivo, { valores: {}, errores: {} });
    });
  });

  app.post('/sitio/:empresa/inmuebles/:consecutivo/contacto', (req, reply) => {
    const p = paramsInmueble(req);
    return servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      if (!p.success) throw new AppError(40400, 'Este inmueble no existe o ya no está disponible.');
      const consecutivo = p.data.consecutivo;
      return recibirContacto(req, e, consecutivo, (f, codigo) => fichaDe(e, consecutivo, f, codigo));
    });
  });

  app.get('/sitio/:empresa/noticias/:slug', (req, reply) => {
    const p = ZSlugParam.safeParse(req.params);
    return servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      if (!p.success) throw new AppError(40400, 'Esta noticia no existe.');
      const n = await inTenant(deps.db, e.id_empresa, ({ tx }) => publico.noticia(tx, e.id_empresa, p.data.slug));
      return {
        titulo: `${n.titulo} · ${publico.empresaPublica(e).nombre}`,
        og: {
          titulo: n.titulo,
          descripcion: n.resumen || n.titulo,
          imagen: n.portada,
          url: `/sitio/${e.id_empresa}/noticias/${n.slug}`,
          tipo: 'article',
        },
        cuerpo: html.articulo(n, e.id_empresa),
      };
    });
  });

  // ----- forms built in Página web > Formularios
  const formularioDe = (e: publico.EmpresaSitio, id: number, f: html.EstadoFormulario, codigo = 200) =>
    inTenant(deps.db, e.id_empresa, ({ tx }) => formularios.publico(tx, id)).then((fo) => ({
      codigo,
      titulo: `${fo.nombre} · ${publico.empresaPublica(e).nombre}`,
      og: {
        titulo: fo.nombre,
        descripcion: fo.descripcion || fo.nombre,
        imagen: null,
        url: `/sitio/${e.id_empresa}/formularios/${fo.id}`,
      },
      cuerpo: html.formularioWeb(e, fo, f),
    }));
  const paramsFormulario = (req: FastifyRequest) => ZArchivoPublicoParam.safeParse(req.params);

  app.get('/sitio/:empresa/formularios/:id', (req, reply) => {
    const p = paramsFormulario(req);
    return servir(req, reply, (req.params as { empresa: string }).empresa, (e) => {
      if (!p.success) throw new AppError(40400, 'Este formulario no existe.');
      return formularioDe(e, p.data.id, { valores: {}, errores: {} });
    });
  });

  app.post('/sitio/:empresa/formularios/:id', (req, reply) => {
    const p = paramsFormulario(req);
    return servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      if (!p.success) throw new AppError(40400, 'Este formulario no existe.');
      const id = p.data.id;
      const exito = async (r: formularios.ResultadoEnvio) => {
        const fo = await inTenant(deps.db, e.id_empresa, ({ tx }) => formularios.publico(tx, id));
        return {
          titulo: `Formulario enviado · ${publico.empresaPublica(e).nombre}`,
          og: {
            titulo: fo.nombre,
            descripcion: 'Formulario enviado',
            imagen: null,
            url: `/sitio/${e.id_empresa}/formularios/${id}`,
          },
          cuerpo: html.graciasFormulario(e, r.mensaje, r.numero),
        };
      };
      // A refusal of the service (a file of the wrong kind, too big, a limit) shown beside its field.
      const rechazo = (err: unknown, valores: Record<string, string>) => {
        if (!(err instanceof AppError) || err.status === 404 || err.status >= 500) throw err;
        const errores = Object.fromEntries(
          (err.campos ?? []).map((c) => [c.campo.replace(/^respuestas\./, ''), c.mensaje] as const),
        );
        const general = Object.keys(errores).length ? 'Revise los campos marcados.' : err.message;
        const { sitio: _sitio, ...vistos } = valores;
        return formularioDe(e, id, { valores: vistos, errores, general }, err.status);
      };
      // A form with a file field posts multipart/form-data; the file streams through platform/archivos.
      if (req.isMultipart()) {
        const campos: Record<string, string> = {};
        try {
          return await exito(
            await formularios.recibirMultipart(deps, {
              idEmpresa: e.id_empresa,
              idFormulario: id,
              ip: req.ip,
              partes: (o) => req.parts(o),
              campos,
            }),
          );
        } catch (err) {
          return rechazo(err, campos);
        }
      }
      const valores = z
        .record(z.string(), z.string())
        .catch({})
        .parse(req.body ?? {});
      const { nombre, autoriza_datos, sitio, ...respuestas } = valores;
      const fallo = (errores: Record<string, string>, general = 'Revise los campos marcados.', codigo = 400) =>
        formularioDe(e, id, { valores, errores, general }, codigo);
      const datos = ZEnvioFormularioPublico.safeParse({ nombre, respuestas, autoriza_datos: autoriza_datos === 'true', sitio });
      const fo = await inTenant(deps.db, e.id_empresa, ({ tx }) => formularios.publico(tx, id));
      const errores: Record<string, string> = { ...validarRespuestas(fo.campos, respuestas).errores };
      if (!datos.success) erroresPorCampo(datos.error.issues, errores);
      if (!datos.success || Object.keys(errores).length) return fallo(errores);
      try {
        return await exito(
          await formularios.recibir(deps, { idEmpresa: e.id_empresa, idFormulario: id, body: datos.data, ip: req.ip }),
        );
      } catch (err) {
        if (err instanceof AppError && err.status === 429) return fallo({}, err.message, 429);
        return rechazo(err, valores);
      }
    });
  });

  // ----- Banco de trabajo: open vacancies and the application with its CV
  app.get('/sitio/:empresa/vacantes', (req, reply) =>
    servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      const vs = await inTenant(deps.db, e.id_empresa, ({ tx }) => banco.vacantesPublicas(tx));
      const nombre = publico.empresaPublica(e).nombre;
      return {
        titulo: `Trabaje con nosotros · ${nombre}`,
        og: {
          titulo: `Trabaje con ${nombre}`,
          descripcion: 'Vacantes abiertas',
          imagen: null,
          url: `/sitio/${e.id_empresa}/vacantes`,
        },
        cuerpo: html.vacantesWeb(e, vs),
      };
    }),
  );
  const vacanteDe = (e: publico.EmpresaSitio, id: number, f: html.EstadoFormulario, codigo = 200) =>
    inTenant(deps.db, e.id_empresa, ({ tx }) => banco.vacantePublica(tx, id)).then((v) => ({
      codigo,
      titulo: `${v.titulo} · ${publico.empresaPublica(e).nombre}`,
      og: {
        titulo: v.titulo,
        descripcion: `${v.area}: vacante abierta`,
        imagen: null,
        url: `/sitio/${e.id_empresa}/vacantes/${v.id}`,
      },
      cuerpo: html.vacanteWeb(e, v, f),
    }));
  app.get('/sitio/:empresa/vacantes/:id', (req, reply) => {
    const p = ZArchivoPublicoParam.safeParse(req.params);
    return servir(req, reply, (req.params as { empresa: string }).empresa, (e) => {
      if (!p.success) throw new AppError(40400, 'Esta vacante no existe.');
      return vacanteDe(e, p.data.id, { valores: {}, errores: {} });
    });
  });
  app.post('/sitio/:empresa/vacantes/:id', (req, reply) => {
    const p = ZArchivoPublicoParam.safeParse(req.params);
    return servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      if (!p.success) throw new AppError(40400, 'Esta vacante no existe.');
      const campos: Record<string, string> = {};
      try {
        if (!req.isMultipart())
          throw new AppError(40000, 'Adjunte su hoja de vida.', [
            { campo: 'cv', mensaje: 'Adjunte su hoja de vida (PDF o DOCX, máximo 5 MB)' },
          ]);
        const r = await banco.postular(deps, {
          idEmpresa: e.id_empresa,
          idVacante: p.data.id,
          ip: req.ip,
          partes: (o) => req.parts(o),
          campos,
        });
        return {
          titulo: `Postulación recibida · ${publico.empresaPublica(e).nombre}`,
          og: { titulo: 'Postulación recibida', descripcion: r.mensaje, imagen: null, url: `/sitio/${e.id_empresa}/vacantes` },
          cuerpo: html.graciasPostulacion(e, r.mensaje),
        };
      } catch (err) {
        if (!(err instanceof AppError) || err.status === 404 || err.status >= 500) throw err;
        const errores = Object.fromEntries((err.campos ?? []).map((c) => [c.campo, c.mensaje]));
        const general = Object.keys(errores).length ? 'Revise los campos marcados.' : err.message;
        const { sitio: _sitio, ...valores } = campos;
        return vacanteDe(e, p.data.id, { valores, errores, general }, err.status);
      }
    });
  });

  // ----- a survey's link (Página web > Encuestas): answered once; an e-mailed one expires
  const vencida = (e: publico.EmpresaSitio, mensaje: string) => ({
    codigo: 409,
    titulo: `Enlace vencido · ${publico.empresaPublica(e).nombre}`,
    og: { titulo: 'Enlace vencido', descripcion: mensaje, imagen: null, url: `/sitio/${e.id_empresa}` },
    cuerpo: html.encuestaVencida(e, mensaje),
  });
  /** The survey of a link, or the page saying the link expired. */
  const leerEncuesta = (e: publico.EmpresaSitio, token: string) =>
    inTenant(deps.db, e.id_empresa, ({ tx }) => encuestas.publica(tx, token)).then(
      (enc) => ({ enc, pagina: null }),
      (err: unknown) => {
        if (err instanceof AppError && err.status === 409) return { enc: null, pagina: vencida(e, err.message) };
        throw err;
      },
    );
  const encuestaDe = async (e: publico.EmpresaSitio, token: string, f: html.EstadoFormulario, codigo = 200) => {
    const { enc, pagina } = await leerEncuesta(e, token);
    if (!enc) return pagina;
    return {
      codigo,
      titulo: `${enc.titulo} · ${publico.empresaPublica(e).nombre}`,
      og: { titulo: enc.titulo, descripcion: enc.descripcion || enc.titulo, imagen: null, url: `/sitio/${e.id_empresa}` },
      cuerpo: html.encuestaWeb(e, token, enc, f),
    };
  };

  app.get('/sitio/:empresa/encuestas/:token', (req, reply) => {
    const p = ZTokenEncuestaParam.safeParse(req.params);
    return servir(req, reply, (req.params as { empresa: string }).empresa, (e) => {
      if (!p.success) throw new AppError(40400, 'Esta encuesta no existe.');
      return encuestaDe(e, p.data.token, { valores: {}, errores: {} });
    });
  });

  app.post('/sitio/:empresa/encuestas/:token', (req, reply) => {
    const p = ZTokenEncuestaParam.safeParse(req.params);
    return servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
      if (!p.success) throw new AppError(40400, 'Esta encuesta no existe.');
      const token = p.data.token;
      // A checkbox group (several options) posts its name once per box ticked: a list.
      const crudos = z
        .record(z.string(), z.union([z.string(), z.array(z.string())]))
        .catch({})
        .parse(req.body ?? {});
      // Drawn again after a mistake: the boxes ticked travel as one text, a line each.
      const valores = Object.fromEntries(Object.entries(crudos).map(([k, v]) => [k, Array.isArray(v) ? v.join('\n') : v]));
      const { enc, pagina } = await leerEncuesta(e, token);
      if (!enc) return pagina;
      const { errores } = validarRespuestasEncuesta(enc.preguntas, crudos);
      if (!enc.respondida && Object.keys(errores).length)
        return encuestaDe(e, token, { valores, errores, general: 'Revise las preguntas marcadas.' }, 400);
      try {
        const r = await inTenant(deps.db, e.id_empresa, ({ tx }) => encuestas.responder(tx, token, { respuestas: crudos }));
        return {
          titulo: `Encuesta enviada · ${publico.empresaPublica(e).nombre}`,
          og: { titulo: enc.titulo, descripcion: 'Encuesta enviada', imagen: null, url: `/sitio/${e.id_empresa}` },
          cuerpo: html.graciasEncuesta(e, r.gracias),
        };
      } catch (err) {
        if (err instanceof AppError && err.status === 409) return encuestaDe(e, token, { valores: {}, errores: {} }, 409);
        throw err;
      }
    });
  });

  // ----- the sections of Sesión de texto with a page of their own
  // (Contacto has its own page above, with the company's data and the form.)
  for (const [seccion, ruta] of Object.entries(RUTA_SECCION_TEXTO).filter(([k]) => k !== 'contacto'))
    app.get(`/sitio/:empresa/${ruta}`, (req, reply) =>
      servir(req, reply, (req.params as { empresa: string }).empresa, async (e) => {
        const t = (await inTenant(deps.db, e.id_empresa, ({ tx }) => textos.publicados(tx))).find((x) => x.seccion === seccion);
        if (!t) throw new AppError(40400, 'Esta página no existe.');
        const nombre = publico.empresaPublica(e).nombre;
        return {
          titulo: `${t.titulo} · ${nombre}`,
          og: { titulo: t.titulo, descripcion: `${t.titulo} de ${nombre}`, imagen: null, url: `/sitio/${e.id_empresa}/${ruta}` },
          cuerpo: html.textoSitio(t),
        };
      }),
    );

  // Any other path of a site (an old link, or /login asked of a company's own domain): the site's 404 page,
  // not the API's JSON one.
  app.get('/sitio/:empresa/*', (req, reply) =>
    servir(req, reply, (req.params as { empresa: string }).empresa, async () => {
      throw new AppError(40400, 'Esta página no existe.');
    }),
  );
}
