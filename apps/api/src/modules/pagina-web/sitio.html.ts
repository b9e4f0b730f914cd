import { ETIQUETAS_GESTION, ETIQUETAS_TIPO, type Gestion, type TipoInmueble } from '@predio/contract/inmuebles';
import { pesos } from '../../platform/formato.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import type { BannerPublico, EmpresaSitio, InmueblePublico, NoticiaPublica } from './publico.service.ts';
import { empresaPublica } from './publico.service.ts';
import type { CampoFormulario, FormularioPublico } from '@predio/contract/pagina-web-formularios';
import type { EncuestaPublica } from '@predio/contract/pagina-web-encuestas';
import type { PopupPublico } from '@predio/contract/pagina-web-popup';
import { rangoSalario, TEXTO_CONSENTIMIENTO_POSTULACION, type VacantePublica } from '@predio/contract/pagina-web-banco';
import { RUTA_SECCION_TEXTO, type SeccionTexto, type TextoSitioPublico } from '@predio/contract/pagina-web-textos';
import type { UbicacionBanner } from '@predio/contract/pagina-web';
import { RUTA_LEAFLET } from './sitio-recursos.ts';

// The public site's pages: plain HTML written here, one stylesheet (/sitio/estilos.css), no script but the
// deferred one that draws a map (/sitio/mapa.js) on the pages that have one.
// Everything that comes from the database passes through esc(); the news' body was sanitised on save
// and is sanitised again here.

export const esc = (s: unknown): string =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fechaCorta = (d: string | Date | null) =>
  d ? new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'America/Bogota' }).format(new Date(d)) : '';

export type Og = { titulo: string; descripcion: string; imagen: string | null; url: string; tipo?: 'website' | 'article' };

type Pagina = { e: EmpresaSitio; titulo: string; og: Og; cuerpo: string; base: string; textos?: TextoSitioPublico[] };

export function pagina({ e, titulo, og, cuerpo, base, textos = [] }: Pagina): string {
  const p = empresaPublica(e);
  // Sections the staff published (Sesión de texto) get a link; the footer block shows on every page.
  // Contacto is always in the menu: its page shows the company's data with or without a published text.
  const secciones = textos
    .filter((t) => t.seccion !== 'pie' && t.seccion !== 'contacto')
    .map((t) => [`/sitio/${e.id_empresa}/${RUTA_SECCION_TEXTO[t.seccion as Exclude<SeccionTexto, 'pie'>]}`, t.titulo] as const);
  const pie = textos.find((t) => t.seccion === 'pie');
  const raiz = `/sitio/${e.id_empresa}`;
  const abs = (u: string | null) => (u ? (u.startsWith('http') ? u : `${base}${u}`) : null);
  const imagen = abs(og.imagen);
  // The page a link leads to is marked for screen readers; a property or a news marks its list.
  const actual = og.url.split('?')[0]!;
  const enlace = ([href, texto]: readonly [string, string]) =>
    `<a href="${href}"${actual === href || (href !== raiz && actual.startsWith(`${href}/`)) ? ' aria-current="page"' : ''}>${esc(texto)}</a>`;
  const menu = [
    [raiz, 'Inicio'],
    [`${raiz}/inmuebles`, 'Inmuebles'],
    [`${raiz}/noticias`, 'Noticias'],
    [`${raiz}/vacantes`, 'Vacantes'],
    ...secciones,
    [`${raiz}/contacto`, 'Contacto'],
  ] as const;
  return `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(titulo)}</title>
<meta name="description" content="${esc(og.descripcion)}">
<link rel="canonical" href="${esc(abs(og.url))}">
<meta property="og:type" content="${og.tipo ?? 'website'}">
<meta property="og:site_name" content="${esc(p.nombre)}">
<meta property="og:title" content="${esc(og.titulo)}">
<meta property="og:description" content="${esc(og.descripcion)}">
<meta property="og:url" content="${esc(abs(og.url))}">
<meta property="og:locale" content="es_CO">
${imagen ? `<meta property="og:image" content="${esc(imagen)}">\n<meta name="twitter:card" content="summary_large_image">` : ''}
<link rel="icon" href="${raiz}/favicon.ico" type="image/png">
<link rel="stylesheet" href="/sitio/estilos.css">
<style>:root{--color:${/^#[0-9a-f]{6}$/i.test(e.color_sitio) ? e.color_sitio : '#1d4ed8'}}</style>
</head>
<body>
<header class="cabecera">
  <a class="marca" href="${raiz}">${p.logo ? `<img src="${p.logo}" alt="" width="40" height="40">` : ''}<span>${esc(p.nombre)}</span></a>
  <nav aria-label="Secciones">${menu.map(enlace).join('')}</nav>
</header>
<main id="contenido">
${cuerpo}
</main>
<footer class="pie" id="contacto">
  <p><strong>${esc(p.nombre)}</strong></p>
  ${p.direccion ? `<p>${esc(p.direccion)}</p>` : ''}
  ${p.telefonos ? `<p>Teléfono: <a href="tel:${esc(p.telefonos.replace(/[^\d+]/g, ''))}">${esc(p.telefonos)}</a></p>` : ''}
  ${p.email ? `<p>Correo: <a href="mailto:${esc(p.email)}">${esc(p.email)}</a></p>` : ''}
  ${pie ? `<div class="pie-texto">${sanearHtml(pie.contenido)}</div>` : ''}
</footer>
</body>
</html>`;
}

export const tituloInmueble = (i: Pick<InmueblePublico, 'tipo' | 'gestion' | 'municipio' | 'barrio'>) =>
  `${ETIQUETAS_TIPO[i.tipo as TipoInmueble] ?? i.tipo} en ${(ETIQUETAS_GESTION[i.gestion as Gestion] ?? i.gestion).toLowerCase()}` +
  (i.barrio || i.municipio ? ` · ${[i.barrio, i.municipio].filter(Boolean).join(', ')}` : '');

export function precio(i: Pick<InmueblePublico, 'canon' | 'precio_venta'>): string {
  const partes = [];
  if (i.canon) partes.push(`${pesos(i.canon)} / mes`);
  if (i.precio_venta) partes.push(pesos(i.precio_venta));
  return partes.join(' · ');
}

function tarjetaInmueble(idEmpresa: number, i: InmueblePublico): string {
  const foto = i.fotos[0];
  return `<li class="tarjeta">
  <a href="/sitio/${idEmpresa}/inmuebles/${i.consecutivo}">
    ${foto ? `<img src="${foto.miniatura}" alt="" loading="lazy" width="400" height="300">` : '<div class="sin-foto" aria-hidden="true"></div>'}
    <h3>${esc(tituloInmueble(i))}</h3>
  </a>
  <p class="precio">${esc(precio(i))}</p>
  <p class="datos">${[i.habitaciones ? `${i.habitaciones} hab.` : '', i.banos ? `${i.banos} ${i.banos === 1 ? 'baño' : 'baños'}` : '', i.area_construida ? `${i.area_construida} m²` : ''].filter(Boolean).join(' · ')}</p>
</li>`;
}

/** A news' tags, each a link to the news that carry it. */
function etiquetasNoticia(idEmpresa: number, etiquetas: string[]): string {
  if (etiquetas.length === 0) return '';
  return `<p class="etiquetas">${etiquetas
    .map((t) => `<a href="${esc(`/sitio/${idEmpresa}/noticias?etiqueta=${encodeURIComponent(t)}`)}">#${esc(t)}</a>`)
    .join(' ')}</p>`;
}

function tarjetaNoticia(idEmpresa: number, n: NoticiaPublica): string {
  return `<li class="tarjeta">
  <a href="/sitio/${idEmpresa}/noticias/${esc(n.slug)}">
    ${n.portada ? `<img src="${n.portada}" alt="" loading="lazy" width="400" height="225">` : ''}
    <h3>${esc(n.titulo)}</h3>
  </a>
  <p class="fecha">${esc(fechaCorta(n.publicada_en))}</p>
  <p>${esc(n.resumen)}</p>
  ${etiquetasNoticia(idEmpresa, n.etiquetas)}
</li>`;
}

export function inicio(
  e: EmpresaSitio,
  d: { banners: BannerPublico[]; inmuebles: InmueblePublico[]; noticias: NoticiaPublica[] },
): string {
  const inmuebles = d.inmuebles.length
    ? `<ul class="rejilla">${d.inmuebles.map((i) => tarjetaInmueble(e.id_empresa, i)).join('')}</ul>`
    : '<p>Pronto publicaremos inmuebles disponibles.</p>';
  const noticias = d.noticias.length
    ? `<ul class="rejilla">${d.noticias.map((n) => tarjetaNoticia(e.id_empresa, n)).join('')}</ul>`
    : '<p>Aún no hay noticias.</p>';
  const de = (u: UbicacionBanner) => d.banners.filter((b) => b.ubicacion === u);
  return `${bandaBanners(de('inicio_principal'), 'inicio_principal')}
<section id="inmuebles"><h2>Inmuebles destacados</h2>${inmuebles}</section>
${bandaBanners(de('inicio_secundario'), 'inicio_secundario')}
<section id="noticias"><h2>Noticias</h2>${noticias}</section>`;
}

/** Under this width a banner shows its image for phones, when it has one (the `<source>` of its `<picture>`). */
export const ANCHO_MOVIL = 600;

/**
 * The banners of one place of the site, in order. Each is a `<picture>`: phones (≤ 600 px) load the
 * image for phones when the staff gave one, other screens the main image; only one of them is fetched.
 */
export function bandaBanners(banners: BannerPublico[], ubicacion: UbicacionBanner): string {
  if (!banners.length) return '';
  const etiqueta = ubicacion.startsWith('inicio') ? 'Destacados' : 'Anuncios';
  return `<section class="banners banners-${ubicacion}" aria-label="${etiqueta}">${banners
    .map((b) => {
      const src = b.imagen ?? b.imagen_movil;
      const imagen = src
        ? b.imagen_movil && b.imagen
          ? `<picture class="con-movil"><source media="(max-width: ${ANCHO_MOVIL}px)" srcset="${esc(b.imagen_movil)}"><img src="${esc(src)}" alt=""></picture>`
          : `<picture><img src="${esc(src)}" alt=""></picture>`
        : '';
      const contenido = `${imagen}<span class="banner-titulo">${esc(b.titulo)}</span>`;
      return `<div class="banner">${b.enlace ? `<a href="${esc(b.enlace)}">${contenido}</a>` : contenido}</div>`;
    })
    .join('')}</section>`;
}

export type EstadoFormulario = { valores: Record<string, string>; errores: Record<string, string>; general?: string };

function formulario(e: EmpresaSitio, i: InmueblePublico, f: EstadoFormulario): string {
  if (!e.clave_formulario_web)
    return `<section class="contacto"><h2>¿Le interesa?</h2><p>Comuníquese con nosotros${e.telefonos ? ` al ${esc(e.telefonos)}` : ''} y mencione el inmueble N.º ${i.consecutivo}.</p></section>`;
  return formularioContacto(f, {
    titulo: '¿Le interesa? Escríbanos',
    accion: `/sitio/${e.id_empresa}/inmuebles/${i.consecutivo}/contacto`,
    mensaje: `Hola, me interesa el inmueble N.º ${i.consecutivo}. ¿Me pueden dar más información?`,
    consentimiento: 'para que me contacten sobre este inmueble',
  });
}

/** The website form (a solicitud «nueva», canal sitio web): a property's page and the contact page. */
function formularioContacto(
  f: EstadoFormulario,
  o: { titulo: string; accion: string; mensaje: string; consentimiento: string },
): string {
  const v = (k: string) => esc(f.valores[k] ?? '');
  const err = (k: string) => (f.errores[k] ? `<p class="error" id="error-${k}">${esc(f.errores[k])}</p>` : '');
  const attrs = (k: string) => (f.errores[k] ? ` aria-invalid="true" aria-describedby="error-${k}"` : '');
  const mensaje = f.valores.mensaje ?? o.mensaje;
  return `<section class="contacto" aria-labelledby="contacto-titulo">
<h2 id="contacto-titulo">${esc(o.titulo)}</h2>
${f.general ? `<p class="error" role="alert">${esc(f.general)}</p>` : ''}
<form method="post" action="${o.accion}" novalidate>
  <label for="nombre">Nombre</label><input id="nombre" name="nombre" autocomplete="name" required maxlength="120" value="${v('nombre')}"${attrs('nombre')}>${err('nombre')}
  <label for="telefono">Teléfono</label><input id="telefono" name="telefono" type="tel" autocomplete="tel" maxlength="20" value="${v('telefono')}"${attrs('telefono')}>${err('telefono')}
  <label for="email">Correo electrónico</label><input id="email" name="email" type="email" autocomplete="email" maxlength="120" value="${v('email')}"${attrs('email')}>${err('email')}
  <label for="mensaje">Mensaje</label><textarea id="mensaje" name="mensaje" rows="4" maxlength="2000" required${attrs('mensaje')}>${esc(mensaje)}</textarea>${err('mensaje')}
  <div class="oculto" aria-hidden="true"><label for="sitio">No llene este campo</label><input id="sitio" name="sitio" tabindex="-1" autocomplete="off"></div>
  <label class="consentimiento"><input type="checkbox" name="autoriza_datos" value="true"${f.valores.autoriza_datos ? ' checked' : ''}${attrs('autoriza_datos')}> Autorizo el tratamiento de mis datos personales (Ley 1581 de 2012) ${esc(o.consentimiento)}.</label>${err('autoriza_datos')}
  <button type="submit">Enviar</button>
</form>
</section>`;
}

export function fichaInmueble(e: EmpresaSitio, i: InmueblePublico, f: EstadoFormulario, m: MapaSitio): string {
  const fotos = i.fotos.length
    ? `<div class="galeria">${i.fotos.map((f, n) => `<img src="${f.grande}" alt="Foto ${n + 1} de ${i.fotos.length}" ${n ? 'loading="lazy"' : ''} width="800" height="600">`).join('')}</div>`
    : '';
  const datos: [string, string][] = [
    ['Código', String(i.consecutivo)],
    ['Habitaciones', String(i.habitaciones)],
    ['Baños', String(i.banos)],
    ['Parqueaderos', String(i.parqueaderos)],
    ...(i.area_construida ? [['Área construida', `${i.area_construida} m²`] as [string, string]] : []),
    ...(i.area_privada ? [['Área privada', `${i.area_privada} m²`] as [string, string]] : []),
    ...(i.estrato ? [['Estrato', String(i.estrato)] as [string, string]] : []),
    ...(i.piso ? [['Piso', String(i.piso)] as [string, string]] : []),
    ['Ascensor', i.ascensor ? 'Sí' : 'No'],
    ...(i.administracion ? [['Administración', pesos(i.administracion)] as [string, string]] : []),
  ];
  return `<article class="ficha">
<h1>${esc(tituloInmueble(i))}</h1>
<p class="precio">${esc(precio(i))}</p>
${fotos}
<dl class="datos-inmueble">${datos.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>
${i.descripcion ? `<h2>Descripción</h2><p class="descripcion">${esc(i.descripcion)}</p>` : ''}
${i.caracteristicas.length ? `<h2>Características</h2><ul class="caracteristicas">${i.caracteristicas.map((c) => `<li>${esc(c)}</li>`).join('')}</ul>` : ''}
${mapa(e.id_empresa, m, [i], { titulo: 'Ubicación', zona: true })}
</article>
${formulario(e, i, f)}`;
}

export const gracias = (e: EmpresaSitio, numero: number | null, consecutivo: number | null) =>
  `<section class="gracias" role="status"><h1>¡Gracias!</h1><p>Recibimos su solicitud${numero ? ` N.º ${numero}` : ''}. Un asesor de ${esc(empresaPublica(e).nombre)} se comunicará con usted pronto.</p>
<p>${consecutivo ? `<a href="/sitio/${e.id_empresa}/inmuebles/${consecutivo}">Volver al inmueble</a> · ` : ''}<a href="/sitio/${e.id_empresa}">Ir al inicio</a></p></section>`;

export const articulo = (n: NoticiaPublica, idEmpresa: number) =>
  `<article class="noticia"><h1>${esc(n.titulo)}</h1><p class="fecha">${esc(fechaCorta(n.publicada_en))}${n.autor ? ` · ${esc(n.autor)}` : ''}</p>
${n.portada ? `<img class="portada" src="${n.portada}" alt="" width="1200" height="630">` : ''}
${n.resumen ? `<p class="resumen">${esc(n.resumen)}</p>` : ''}
<div class="cuerpo">${sanearHtml(n.cuerpo ?? '')}</div>${etiquetasNoticia(idEmpresa, n.etiquetas)}</article>`;

export const noExiste = (texto: string) => `<section class="gracias"><h1>No encontrado</h1><p>${esc(texto)}</p></section>`;

export const ESTILOS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc;line-height:1.5}
a{color:var(--color)}
img{max-width:100%;height:auto;display:block}
.cabecera{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 24px;padding:12px 24px;background:#fff;border-top:6px solid var(--color);box-shadow:0 1px 3px rgba(0,0,0,.08)}
.marca{display:flex;align-items:center;gap:10px;font-weight:700;font-size:1.2rem;text-decoration:none;color:#111827}
.marca img{width:40px;height:40px;object-fit:contain}
.cabecera nav{display:flex;gap:16px}
.cabecera nav a{text-decoration:none;font-weight:600;padding:8px 0}
main{max-width:1200px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:1.8rem;line-height:1.25;margin:16px 0 8px}
h2{font-size:1.4rem;margin:32px 0 12px}
h3{font-size:1.05rem;margin:8px 12px 4px;color:#111827}
.banners{display:grid;gap:12px;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));margin-top:8px}
.banner{position:relative;border-radius:12px;overflow:hidden;background:var(--color);min-height:140px}
.banner picture{display:block}
.banner img{display:block;width:100%;height:220px;object-fit:cover}
.banners-busqueda,.banners-noticias{margin-bottom:8px}
.banners-busqueda .banner img,.banners-noticias .banner img{height:160px}
.banner-titulo{position:absolute;left:0;right:0;bottom:0;padding:12px 16px;color:#fff;font-weight:700;font-size:1.15rem;background:linear-gradient(transparent,rgba(0,0,0,.7))}
.banner a{color:#fff;text-decoration:none}
.rejilla{list-style:none;padding:0;margin:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.tarjeta{background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.1);padding-bottom:12px}
.tarjeta a{text-decoration:none}
.contacto h1{margin-top:4px}
.contacto>h2:first-child{margin-top:8px}
.tarjeta h2{font-size:1.15rem;margin:12px 12px 4px;color:#111827}
.tarjeta img,.sin-foto{width:100%;aspect-ratio:4/3;object-fit:cover;background:#e5e7eb}
.tarjeta p{margin:4px 12px}
.precio{font-weight:700;color:#111827;font-size:1.1rem}
.datos,.fecha{color:#4b5563;font-size:.95rem}
.etiquetas a{display:inline-block;margin:0 .5rem .25rem 0;font-size:.9rem}
.galeria{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));margin:16px 0}
.galeria img{border-radius:8px;aspect-ratio:4/3;object-fit:cover;width:100%}
.datos-inmueble{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:8px;margin:16px 0}
.datos-inmueble div{background:#fff;border-radius:8px;padding:8px 12px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.datos-inmueble dt{color:#4b5563;font-size:.85rem}
.datos-inmueble dd{margin:0;font-weight:600}
.descripcion{white-space:pre-line}
.contacto,.gracias{background:#fff;border-radius:12px;padding:16px 24px 24px;margin-top:24px;box-shadow:0 1px 3px rgba(0,0,0,.1);max-width:640px}
.contacto form{display:grid;gap:6px}
.contacto label{font-weight:600;margin-top:8px}
.contacto input,.contacto textarea,.contacto select{font:inherit;padding:10px 12px;border:1px solid #9ca3af;border-radius:8px;width:100%}
.contacto .consentimiento{font-weight:400;display:flex;gap:8px;align-items:flex-start}
.contacto .consentimiento input{width:auto;margin-top:4px}
.contacto button{margin-top:12px;font:inherit;font-weight:700;padding:12px 20px;border:0;border-radius:8px;background:var(--color);color:#fff;cursor:pointer;justify-self:start}
.error{color:#b91c1c;margin:2px 0 0}
.pregunta{border:0;padding:0;margin:16px 0 0;display:grid;gap:6px}
.pregunta legend,.pregunta>label{font-weight:600;padding:0}
.pregunta .opciones{display:flex;flex-wrap:wrap;gap:8px}
.pregunta .opciones label{display:flex;align-items:center;gap:6px;font-weight:400;margin:0;padding:8px 14px;border:1px solid #9ca3af;border-radius:8px;background:#fff;cursor:pointer}
.pregunta .opciones input{width:auto;margin:0}
.pregunta.nps .opciones{gap:6px}.pregunta.nps .opciones label{padding:8px 9px;gap:4px}
.ayuda{color:#4b5563;font-size:.9rem;margin:0}
.popup{position:fixed;inset:0;margin:auto;max-width:min(560px,calc(100vw - 32px));max-height:calc(100vh - 32px);overflow:auto;border:0;border-radius:12px;padding:0 0 16px;box-shadow:0 0 0 100vmax rgba(0,0,0,.45),0 10px 30px rgba(0,0,0,.3);z-index:10}
.popup h2,.popup .cuerpo,.popup p{margin:12px 20px 0}
.popup img{width:100%;aspect-ratio:16/9;object-fit:cover}
.popup-cerrar{position:absolute;top:8px;right:8px}
.popup-cerrar button{font-size:1.4rem;line-height:1;width:40px;height:40px;border-radius:50%;border:0;background:#fff;cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.3)}
.boton{display:inline-block;padding:10px 18px;border-radius:8px;background:var(--color);color:#fff;font-weight:700;text-decoration:none}
.oculto{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.noticia{max-width:760px}
.noticia .portada{border-radius:12px;margin:12px 0;width:100%}
.resumen{font-size:1.15rem;color:#374151}
.pie{background:#111827;color:#e5e7eb;padding:24px;text-align:center}
.pie a{color:#fff}
.pie p{margin:4px 0}
.pie-texto{max-width:760px;margin:12px auto 0;font-size:.95rem}
.cabecera nav{flex-wrap:wrap;gap:4px 16px}
.cabecera nav a[aria-current="page"]{text-decoration:underline;text-underline-offset:6px;text-decoration-thickness:3px}
.filtros{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));align-items:start;background:#fff;border-radius:12px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.1);margin:8px 0 16px}
.filtros>.error{grid-column:1/-1}
.filtro{display:grid;gap:4px}
.filtro label{font-weight:600}
.filtro input,.filtro select{font:inherit;height:44px;padding:0 10px;border:1px solid #9ca3af;border-radius:8px;width:100%;background:#fff}
.filtros .acciones{grid-column:1/-1;display:flex;gap:16px;align-items:center}
.filtros button{font:inherit;font-weight:700;padding:10px 20px;border:0;border-radius:8px;background:var(--color);color:#fff;cursor:pointer}
.conteo{color:#374151;margin:0 0 12px}
.vacio{background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1);text-align:center}
.paginacion{display:flex;justify-content:space-between;align-items:center;gap:12px;margin:24px 0 0}
.paginacion a{font-weight:600;padding:8px 0}
.datos-contacto{max-width:760px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.datos-contacto dd{overflow-wrap:anywhere}
.mapa-seccion{margin-top:24px}
.mapa{height:380px;border-radius:12px;overflow:hidden;background:#e5e7eb;display:flex;align-items:center;justify-content:center;color:#374151}
.mapa-seccion .ayuda{margin-top:6px}
.mapa .mapa-aviso{margin:0;padding:16px;text-align:center}
.mapa-precio:focus{outline:none}
.mapa-precio:focus-visible span{outline:3px solid #111827;outline-offset:2px}
.mapa-precio.mapa-grupo span{background:#111827;font-size:.9rem;padding:4px 10px}
.mapa-lista{margin:0;padding-left:18px;max-height:220px;overflow:auto}
.mapa-precio span{display:inline-block;transform:translate(-50%,-50%);white-space:nowrap;padding:3px 8px;border-radius:999px;background:var(--color);color:#fff;font-weight:700;font-size:.85rem;box-shadow:0 1px 4px rgba(0,0,0,.35);border:2px solid #fff}
.leaflet-popup-content a{font-weight:700}
.mapa .leaflet-control-attribution a{text-decoration:underline}
.leaflet-popup-content p{margin:4px 0 0!important;font-weight:600}
.texto-sitio{max-width:760px;background:#fff;border-radius:12px;padding:16px 24px 24px;margin-top:16px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
@media (max-width:600px){main{padding:12px 16px 32px}.filtros{grid-template-columns:1fr 1fr;padding:12px}.cabecera{padding:10px 16px}h1{font-size:1.45rem}.banner img{height:160px}.banner .con-movil img{height:auto;aspect-ratio:4/3;max-height:420px}}
`;

/** A form built in Página web > Formularios: the name, the staff's fields, the honeypot and the consent. */
export function formularioWeb(e: EmpresaSitio, f: FormularioPublico, estado: EstadoFormulario): string {
  const v = (k: string) => esc(estado.valores[k] ?? '');
  const err = (k: string) => (estado.errores[k] ? `<p class="error" id="error-${k}">${esc(estado.errores[k])}</p>` : '');
  const attrs = (k: string, obligatorio: boolean) =>
    `${obligatorio ? ' required' : ''}${estado.errores[k] ? ` aria-invalid="true" aria-describedby="error-${k}"` : ''}`;
  const marca = (obligatorio: boolean) => (obligatorio ? ' <span aria-hidden="true">*</span>' : '');
  const campo = (c: CampoFormulario) => {
    const k = c.campo;
    const a = attrs(k, c.obligatorio);
    if (c.tipo === 'casilla')
      return `<label class="consentimiento"><input type="checkbox" name="${k}" value="true"${estado.valores[k] ? ' checked' : ''}${a}> ${esc(c.etiqueta)}${marca(c.obligatorio)}</label>${err(k)}`;
    const etiqueta = `<label for="${k}">${esc(c.etiqueta)}${marca(c.obligatorio)}</label>`;
    if (c.tipo === 'parrafo')
      return `${etiqueta}<textarea id="${k}" name="${k}" rows="4" maxlength="2000"${a}>${v(k)}</textarea>${err(k)}`;
    if (c.tipo === 'seleccion')
      return `${etiqueta}<select id="${k}" name="${k}"${a}><option value="">Elija una opción</option>${c.opciones
        .map((o) => `<option${estado.valores[k] === o ? ' selected' : ''}>${esc(o)}</option>`)
        .join('')}</select>${err(k)}`;
    // The file must be chosen again after a mistake: a browser never fills a file input from the server.
    if (c.tipo === 'archivo')
      return `${etiqueta}<input id="${k}" name="${k}" type="file" accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" aria-describedby="ayuda-${k}${estado.errores[k] ? ` error-${k}" aria-invalid="true"` : '"'}${c.obligatorio ? ' required' : ''}><p class="ayuda" id="ayuda-${k}">PDF, JPG o PNG, máximo 5 MB.</p>${err(k)}`;
    const tipo = { texto: 'text', correo: 'email', telefono: 'tel', numero: 'text', fecha: 'date' }[c.tipo];
    const extra =
      c.tipo === 'numero'
        ? ' inputmode="decimal"'
        : c.tipo === 'correo'
          ? ' autocomplete="email"'
          : c.tipo === 'telefono'
            ? ' autocomplete="tel"'
            : '';
    return `${etiqueta}<input id="${k}" name="${k}" type="${tipo}"${extra} value="${v(k)}"${a}>${err(k)}`;
  };
  return `<section class="contacto" aria-labelledby="formulario-titulo">
<h1 id="formulario-titulo">${esc(f.nombre)}</h1>
${f.descripcion ? `<p>${esc(f.descripcion)}</p>` : ''}
${estado.general ? `<p class="error" role="alert">${esc(estado.general)}</p>` : ''}
<form method="post" action="/sitio/${e.id_empresa}/formularios/${f.id}"${f.campos.some((c) => c.tipo === 'archivo') ? ' enctype="multipart/form-data"' : ''} novalidate>
  <label for="nombre">Nombre <span aria-hidden="true">*</span></label><input id="nombre" name="nombre" autocomplete="name" maxlength="120" value="${v('nombre')}"${attrs('nombre', true)}>${err('nombre')}
  ${f.campos.map(campo).join('\n  ')}
  <div class="oculto" aria-hidden="true"><label for="sitio">No llene este campo</label><input id="sitio" name="sitio" tabindex="-1" autocomplete="off"></div>
  <label class="consentimiento"><input type="checkbox" name="autoriza_datos" value="true"${estado.valores.autoriza_datos ? ' checked' : ''}${attrs('autoriza_datos', true)}> ${esc(f.consentimiento)}</label>${err('autoriza_datos')}
  <button type="submit">Enviar</button>
</form>
</section>`;
}

export const graciasFormulario = (e: EmpresaSitio, mensaje: string, numero: number | null) =>
  `<section class="gracias" role="status"><h1>¡Gracias!</h1><p>${esc(mensaje)}</p>${numero ? `<p>Su número de solicitud es el ${numero}.</p>` : ''}
<p><a href="/sitio/${e.id_empresa}">Ir al inicio</a></p></section>`;

/** The home's list of published forms. */
export const listaFormularios = (idEmpresa: number, fs: Pick<FormularioPublico, 'id' | 'nombre' | 'descripcion'>[]) =>
  fs.length
    ? `<section id="formularios"><h2>Escríbanos</h2><ul class="rejilla">${fs
        .map(
          (f) =>
            `<li class="tarjeta"><a href="/sitio/${idEmpresa}/formularios/${f.id}"><h3>${esc(f.nombre)}</h3></a>${f.descripcion ? `<p>${esc(f.descripcion)}</p>` : ''}</li>`,
        )
        .join('')}</ul></section>`
    : '';

/** A survey of a link: radio buttons for a scale, yes/no and options, a text area for text. */
export function encuestaWeb(e: EmpresaSitio, token: string, enc: EncuestaPublica, estado: EstadoFormulario): string {
  if (enc.respondida)
    return `<section class="gracias" role="status"><h1>${esc(enc.titulo)}</h1><p>Esta encuesta ya fue respondida desde este enlace. ¡Gracias!</p><p><a href="/sitio/${e.id_empresa}">Ir al inicio</a></p></section>`;
  const err = (k: string) => (estado.errores[k] ? `<p class="error" id="error-${k}">${esc(estado.errores[k])}</p>` : '');
  const pregunta = (p: EncuestaPublica['preguntas'][number], i: number) => {
    const k = `p${i + 1}`;
    const invalida = estado.errores[k] ? ` aria-invalid="true" aria-describedby="error-${k}"` : '';
    const titulo = `${i + 1}. ${esc(p.pregunta)}${p.obligatoria ? ' <span aria-hidden="true">*</span>' : ''}`;
    if (p.tipo === 'texto')
      return `<div class="pregunta"><label for="${k}">${titulo}</label><textarea id="${k}" name="${k}" rows="3" maxlength="2000"${invalida}>${esc(estado.valores[k] ?? '')}</textarea>${err(k)}</div>`;
    const opciones: [string, string][] =
      p.tipo === 'escala'
        ? [
            ['1', '1'],
            ['2', '2'],
            ['3', '3'],
            ['4', '4'],
            ['5', '5'],
          ]
        : p.tipo === 'nps'
          ? Array.from({ length: 11 }, (_, n): [string, string] => [String(n), String(n)])
          : p.tipo === 'si_no'
            ? [
                ['si', 'Sí'],
                ['no', 'No'],
              ]
            : p.opciones.map((o) => [o, o]);
    // Several options are checkboxes; their values came back as one text, a line each.
    const varias = p.tipo === 'multiple';
    const elegidas = (estado.valores[k] ?? '').split('\n');
    const ayuda =
      p.tipo === 'escala'
        ? '<p class="ayuda">1 = muy insatisfecho · 5 = muy satisfecho</p>'
        : p.tipo === 'nps'
          ? '<p class="ayuda">0 = nada probable · 10 = muy probable</p>'
          : varias
            ? '<p class="ayuda">Puede elegir varias.</p>'
            : '';
    return `<fieldset class="pregunta${p.tipo === 'escala' || p.tipo === 'nps' ? ' escala' : ''}${p.tipo === 'nps' ? ' nps' : ''}"${invalida}><legend>${titulo}</legend>${ayuda}<div class="opciones">${opciones
      .map(
        ([v, t]) =>
          `<label><input type="${varias ? 'checkbox' : 'radio'}" name="${k}" value="${esc(v)}"${
            (varias ? elegidas.includes(v) : estado.valores[k] === v) ? ' checked' : ''
          }> ${esc(t)}</label>`,
      )
      .join('')}</div>${err(k)}</fieldset>`;
  };
  return `<section class="contacto encuesta" aria-labelledby="encuesta-titulo">
<h1 id="encuesta-titulo">${esc(enc.titulo)}</h1>
${enc.descripcion ? `<p>${esc(enc.descripcion)}</p>` : ''}
${estado.general ? `<p class="error" role="alert">${esc(estado.general)}</p>` : ''}
<form method="post" action="/sitio/${e.id_empresa}/encuestas/${esc(token)}" novalidate>
${enc.preguntas.map(pregunta).join('\n')}
<button type="submit">Enviar respuestas</button>
</form>
</section>`;
}

/** An e-mailed link past its date: what happened and what to do. */
export const encuestaVencida = (e: EmpresaSitio, mensaje: string) =>
  `<section class="gracias" role="alert"><h1>Este enlace ya no está vigente</h1><p>${esc(mensaje)}</p>${
    e.telefonos ? `<p>Teléfonos: ${esc(e.telefonos)}</p>` : ''
  }<p><a href="/sitio/${e.id_empresa}">Ir al inicio</a></p></section>`;

export const graciasEncuesta = (e: EmpresaSitio, mensaje: string) =>
  `<section class="gracias" role="status"><h1>¡Gracias!</h1><p>${esc(mensaje)}</p><p><a href="/sitio/${e.id_empresa}">Ir al inicio</a></p></section>`;

/** A section of Sesión de texto as a page of its own (quiénes somos, políticas, contacto). */
export const textoSitio = (t: TextoSitioPublico) =>
  `<article class="texto-sitio"><h1>${esc(t.titulo)}</h1><div class="cuerpo">${sanearHtml(t.contenido)}</div></article>`;

/**
 * The home's pop-up: an open <dialog> closed by its own form (method="dialog" needs no script). How
 * often a visitor sees it is the cookie the route sets.
 */
export const popup = (p: PopupPublico) => `<dialog class="popup" open aria-labelledby="popup-titulo">
<form method="dialog" class="popup-cerrar"><button type="submit" aria-label="Cerrar">×</button></form>
${p.imagen ? `<img src="${p.imagen}" alt="" width="560" height="315">` : ''}
<h2 id="popup-titulo">${esc(p.titulo)}</h2>
<div class="cuerpo">${sanearHtml(p.contenido)}</div>
${p.enlace ? `<p><a class="boton" href="${esc(p.enlace)}">${esc(p.texto_enlace || 'Ver más')}</a></p>` : ''}
</dialog>`;

// ----- Banco de trabajo: open vacancies and the application with its CV (a multipart form)

export function vacantesWeb(e: EmpresaSitio, vs: VacantePublica[]): string {
  const lista = vs.length
    ? `<ul class="rejilla">${vs
        .map(
          (v) =>
            `<li class="tarjeta"><a href="/sitio/${e.id_empresa}/vacantes/${v.id}"><h2>${esc(v.titulo)}</h2></a><p>${esc(v.area)} · ${esc(rangoSalario(v.salario_min, v.salario_max))}</p><p>Recibimos hojas de vida hasta el ${esc(fechaCorta(v.fecha_cierre))}</p><p><a href="/sitio/${e.id_empresa}/vacantes/${v.id}" aria-label="Postularse a ${esc(v.titulo)}">Ver la vacante y postularse</a></p></li>`,
        )
        .join('')}</ul>`
    : '<p>En este momento no tenemos vacantes abiertas.</p>';
  return `<section aria-labelledby="vacantes-titulo"><h1 id="vacantes-titulo">Trabaje con nosotros</h1>${lista}</section>`;
}

export function vacanteWeb(e: EmpresaSitio, v: VacantePublica, estado: EstadoFormulario): string {
  const val = (k: string) => esc(estado.valores[k] ?? '');
  const err = (k: string) => (estado.errores[k] ? `<p class="error" id="error-${k}">${esc(estado.errores[k])}</p>` : '');
  const attrs = (k: string) => ` required${estado.errores[k] ? ` aria-invalid="true" aria-describedby="error-${k}"` : ''}`;
  const obl = ' <span aria-hidden="true">*</span>';
  return `<article class="contacto" aria-labelledby="vacante-titulo">
<h1 id="vacante-titulo">${esc(v.titulo)}</h1>
<p>${esc(v.area)} · ${esc(rangoSalario(v.salario_min, v.salario_max))} · recibimos hojas de vida hasta el ${esc(fechaCorta(v.fecha_cierre))}</p>
<div class="texto">${sanearHtml(v.descripcion)}</div>
<h2>Postúlese</h2>
${estado.general ? `<p class="error" role="alert">${esc(estado.general)}</p>` : ''}
<form method="post" action="/sitio/${e.id_empresa}/vacantes/${v.id}" enctype="multipart/form-data" novalidate>
  <label for="nombre">Nombre${obl}</label><input id="nombre" name="nombre" autocomplete="name" maxlength="120" value="${val('nombre')}"${attrs('nombre')}>${err('nombre')}
  <label for="email">Correo electrónico${obl}</label><input id="email" name="email" type="email" autocomplete="email" maxlength="120" value="${val('email')}"${attrs('email')}>${err('email')}
  <label for="telefono">Teléfono${obl}</label><input id="telefono" name="telefono" type="tel" autocomplete="tel" maxlength="20" value="${val('telefono')}"${attrs('telefono')}>${err('telefono')}
  <label for="mensaje">Mensaje</label><textarea id="mensaje" name="mensaje" rows="4" maxlength="2000">${val('mensaje')}</textarea>${err('mensaje')}
  <div class="oculto" aria-hidden="true"><label for="sitio">No llene este campo</label><input id="sitio" name="sitio" tabindex="-1" autocomplete="off"></div>
  <label class="consentimiento"><input type="checkbox" name="autoriza_datos" value="true"${estado.valores.autoriza_datos ? ' checked' : ''}${attrs('autoriza_datos')}> ${esc(TEXTO_CONSENTIMIENTO_POSTULACION)}</label>${err('autoriza_datos')}
  <label for="cv">Hoja de vida (PDF o DOCX, máximo 5 MB)${obl}</label><input id="cv" name="cv" type="file" accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"${attrs('cv')}>${err('cv')}
  <button type="submit">Enviar postulación</button>
</form>
</article>`;
}

export const graciasPostulacion = (e: EmpresaSitio, mensaje: string) =>
  `<section class="gracias" role="status"><h1>¡Gracias!</h1><p>${esc(mensaje)}</p>
<p><a href="/sitio/${e.id_empresa}/vacantes">Ver otras vacantes</a></p></section>`;

/** The home's pointer to the vacancies, only while some are open. */
export const avisoVacantes = (idEmpresa: number, n: number) =>
  n > 0
    ? `<section id="vacantes"><h2>Trabaje con nosotros</h2><p>${n === 1 ? 'Tenemos una vacante abierta.' : `Tenemos ${n} vacantes abiertas.`} <a href="/sitio/${idEmpresa}/vacantes">Ver vacantes y postularse</a></p></section>`
    : '';

// ----- the site's lists: property search, news, contact

/** «Anterior · Página 2 de 5 · Siguiente», keeping the search in the links. */
function paginacion(ruta: string, consulta: Record<string, string>, pagina: number, total: number, porPagina: number): string {
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  if (paginas <= 1 && pagina <= 1) return '';
  const a = (n: number) => {
    const q = new URLSearchParams({ ...consulta, ...(n > 1 ? { pagina: String(n) } : {}) });
    if (n <= 1) q.delete('pagina');
    const qs = q.toString();
    return esc(`${ruta}${qs ? `?${qs}` : ''}`);
  };
  return `<nav class="paginacion" aria-label="Paginación">${
    pagina > 1 ? `<a href="${a(Math.min(pagina - 1, paginas))}" rel="prev">← Anterior</a>` : '<span></span>'
  }<span>Página ${pagina} de ${paginas}</span>${pagina < paginas ? `<a href="${a(pagina + 1)}" rel="next">Siguiente →</a>` : '<span></span>'}</nav>`;
}

export type Busqueda = {
  /** What the visitor typed, drawn back in the form and kept in the pages' links. */
  valores: Record<string, string>;
  errores: Record<string, string>;
  tipos: string[];
  municipios: { id: number; municipio: string }[];
  barrios: { id: number; barrio: string; municipio: string | null }[];
  inmuebles: InmueblePublico[];
  total: number;
  /** How many of all the matches have a point (the map draws them all when the page holds fewer). */
  ubicados: number;
  pagina: number;
  porPagina: number;
  mapa: MapaSitio;
};

/** The company's tile server and its credit (Configurar), for the site's maps. */
export type MapaSitio = { teselas: string; atribucion: string };

const compacto = new Intl.NumberFormat('es-CO', { notation: 'compact', maximumFractionDigits: 1 });
/** A price pill's text: «$ 2,5 M» (the canon when the property is offered both ways). */
const precioCorto = (i: Pick<InmueblePublico, 'canon' | 'precio_venta'>) => {
  const v = i.canon ?? i.precio_venta;
  return v ? `$ ${compacto.format(v).replace(/\u00a0/g, ' ')}` : 'Ver';
};

/**
 * A map of properties, drawn by /sitio/mapa.js with Leaflet once it scrolls near the screen. The points
 * travel in a data attribute (the page sends no inline script); only properties with a location, and that
 * location is the rounded one of `publico.inmuebles`. `zona` draws an area instead of price pills (a
 * property's own page). Without script the note stays and the page lacks nothing else.
 */
export function mapa(
  idEmpresa: number,
  m: MapaSitio,
  inmuebles: InmueblePublico[],
  o: { titulo: string; zona?: boolean; todos?: string | undefined },
): string {
  const puntos = inmuebles
    .filter((i) => i.ubicacion)
    .map((i) => ({
      consecutivo: i.consecutivo,
      lat: i.ubicacion!.lat,
      lng: i.ubicacion!.lng,
      titulo: tituloInmueble(i),
      precio: precio(i),
      corto: precioCorto(i),
    }));
  if (!puntos.length && !o.todos) return '';
  return `<section class="mapa-seccion" aria-labelledby="mapa-titulo">
<h2 id="mapa-titulo">${esc(o.titulo)}</h2>
<div id="mapa" class="mapa" role="region" aria-label="${esc(o.titulo)}" data-leaflet="${RUTA_LEAFLET}" data-teselas="${esc(m.teselas)}" data-atribucion="${esc(m.atribucion)}" data-enlace="/sitio/${idEmpresa}/inmuebles/"${o.zona ? ' data-zona' : ''}${
    o.todos ? ` data-todos="${esc(o.todos)}"` : ''
  } data-puntos="${esc(JSON.stringify(puntos))}"><p class="mapa-aviso">El mapa se muestra con JavaScript activado.</p></div>
<p class="ayuda">${o.zona ? 'La ubicación es aproximada (unos 200 m a la redonda): el asesor le da la dirección.' : 'Ubicaciones aproximadas: el asesor le da la dirección de cada inmueble.'}</p>
</section>
<script src="/sitio/mapa.js" defer></script>`;
}

/**
 * When the results take more than one page, the map draws all of them: its script asks this address (the
 * public API's points, with the search's filters) for every located match, a few bytes each.
 */
export function urlPuntos(idEmpresa: number, valores: Record<string, string>): string {
  const q = new URLSearchParams(Object.entries(valores).filter(([k]) => k !== 'pagina'));
  const consulta = q.toString();
  return `/api/publico/${idEmpresa}/inmuebles/puntos${consulta ? `?${consulta}` : ''}`;
}

export function buscador(e: EmpresaSitio, b: Busqueda): string {
  const v = (k: string) => b.valores[k] ?? '';
  const err = (k: string) => (b.errores[k] ? `<p class="error" id="error-${k}">${esc(b.errores[k])}</p>` : '');
  const attrs = (k: string) => (b.errores[k] ? ` aria-invalid="true" aria-describedby="error-${k}"` : '');
  const opcion = (valor: string, texto: string, k: string) =>
    `<option value="${esc(valor)}"${v(k) === valor ? ' selected' : ''}>${esc(texto)}</option>`;
  const ruta = `/sitio/${e.id_empresa}/inmuebles`;
  const errores = Object.keys(b.errores).length;
  // A mistake without a field of its own (the page number) is told in the message above the form.
  const sinCampo = Object.entries(b.errores)
    .filter(
      ([k]) => !['gestion', 'tipo', 'municipio', 'barrio', 'precio_min', 'precio_max', 'habitaciones_min', 'codigo'].includes(k),
    )
    .map(([, m]) => m)
    .join(' ');
  const resultados = errores
    ? ''
    : b.inmuebles.length
      ? `<p class="conteo" role="status">${b.total === 1 ? '1 inmueble encontrado' : `${b.total.toLocaleString('es-CO')} inmuebles encontrados`}${
          b.ubicados > 0 ? ` · <a href="#mapa-titulo">Ver en el mapa</a>` : ''
        }</p>
<ul class="rejilla">${b.inmuebles.map((i) => tarjetaInmueble(e.id_empresa, i)).join('')}</ul>
${paginacion(ruta, b.valores, b.pagina, b.total, b.porPagina)}
${mapa(e.id_empresa, b.mapa, b.inmuebles, {
  titulo: 'Mapa de los inmuebles',
  todos: b.ubicados > b.inmuebles.filter((i) => i.ubicacion).length ? urlPuntos(e.id_empresa, b.valores) : undefined,
})}`
      : `<div class="vacio" role="status"><p><strong>No encontramos inmuebles con esos filtros.</strong></p><p>Pruebe con otro precio, municipio o tipo, o <a href="${ruta}">vea todos los inmuebles</a>.</p></div>`;
  return `<h1>Inmuebles en arriendo y venta</h1>
<form class="filtros" method="get" action="${ruta}" aria-label="Buscar inmuebles">
  ${errores ? `<p class="error" role="alert">Revise los filtros marcados.${sinCampo ? ` ${esc(sinCampo)}` : ''}</p>` : ''}
  <div class="filtro"><label for="gestion">Gestión</label><select id="gestion" name="gestion"${attrs('gestion')}>${opcion('', 'Todas', 'gestion')}${opcion('arriendo', 'Arriendo', 'gestion')}${opcion('venta', 'Venta', 'gestion')}</select>${err('gestion')}</div>
  <div class="filtro"><label for="tipo">Tipo</label><select id="tipo" name="tipo"${attrs('tipo')}>${opcion('', 'Todos', 'tipo')}${b.tipos
    .map((t) => opcion(t, ETIQUETAS_TIPO[t as TipoInmueble] ?? t, 'tipo'))
    .join('')}</select>${err('tipo')}</div>
  <div class="filtro"><label for="municipio">Municipio</label><select id="municipio" name="municipio"${attrs('municipio')}>${opcion('', 'Todos', 'municipio')}${b.municipios
    .map((m) => opcion(String(m.id), m.municipio, 'municipio'))
    .join('')}</select>${err('municipio')}</div>
  <div class="filtro"><label for="barrio">Barrio</label><select id="barrio" name="barrio"${attrs('barrio')}>${opcion('', 'Todos', 'barrio')}${b.barrios
    // With a municipio chosen its barrios suffice; otherwise each says where it is (names repeat across towns).
    .map((x) => opcion(String(x.id), v('municipio') || !x.municipio ? x.barrio : `${x.barrio} · ${x.municipio}`, 'barrio'))
    .join('')}</select>${err('barrio')}</div>
  <div class="filtro"><label for="precio_min">Precio desde</label><input id="precio_min" name="precio_min" inputmode="numeric" placeholder="$ mínimo" value="${esc(v('precio_min'))}"${attrs('precio_min')}>${err('precio_min')}</div>
  <div class="filtro"><label for="precio_max">Precio hasta</label><input id="precio_max" name="precio_max" inputmode="numeric" placeholder="$ máximo" value="${esc(v('precio_max'))}"${attrs('precio_max')}>${err('precio_max')}</div>
  <div class="filtro"><label for="habitaciones_min">Habitaciones</label><select id="habitaciones_min" name="habitaciones_min"${attrs('habitaciones_min')}>${opcion('', 'Cualquiera', 'habitaciones_min')}${[
    '1',
    '2',
    '3',
    '4',
  ]
    .map((n) => opcion(n, `${n} o más`, 'habitaciones_min'))
    .join('')}</select>${err('habitaciones_min')}</div>
  <div class="filtro"><label for="codigo">Código</label><input id="codigo" name="codigo" inputmode="numeric" placeholder="p. ej. 1024" value="${esc(v('codigo'))}"${attrs('codigo')}>${err('codigo')}</div>
  <div class="acciones"><button type="submit">Buscar</button><a href="${ruta}">Limpiar filtros</a></div>
</form>
<section aria-label="Resultados">${resultados}</section>`;
}

export function listaNoticias(
  e: EmpresaSitio,
  ns: NoticiaPublica[],
  pagina: number,
  total: number,
  porPagina: number,
  etiqueta?: string,
): string {
  const ruta = `/sitio/${e.id_empresa}/noticias`;
  const vacio = etiqueta
    ? `No hay noticias con la etiqueta «${esc(etiqueta)}».`
    : pagina > 1
      ? 'No hay más noticias.'
      : 'Aún no hay noticias.';
  const lista = ns.length
    ? `<ul class="rejilla">${ns.map((n) => tarjetaNoticia(e.id_empresa, n)).join('')}</ul>${paginacion(ruta, etiqueta ? { etiqueta } : {}, pagina, total, porPagina)}`
    : `<div class="vacio" role="status"><p>${vacio}</p>${pagina > 1 || etiqueta ? `<p><a href="${ruta}">Ver las más recientes</a></p>` : ''}</div>`;
  return etiqueta
    ? `<h1>Noticias: #${esc(etiqueta)}</h1><p><a href="${ruta}">Ver todas las noticias</a></p>${lista}`
    : `<h1>Noticias</h1>${lista}`;
}

/** Contacto: the company's data, the text published in Sesión de texto and the website form. */
export function contacto(
  e: EmpresaSitio,
  d: { texto: TextoSitioPublico | null; formularios: Pick<FormularioPublico, 'id' | 'nombre' | 'descripcion'>[] },
  f: EstadoFormulario,
): string {
  const p = empresaPublica(e);
  const datos = [
    p.direccion ? `<div><dt>Dirección</dt><dd>${esc(p.direccion)}</dd></div>` : '',
    p.telefonos
      ? `<div><dt>Teléfono</dt><dd><a href="tel:${esc(p.telefonos.replace(/[^\d+]/g, ''))}">${esc(p.telefonos)}</a></dd></div>`
      : '',
    p.email ? `<div><dt>Correo</dt><dd><a href="mailto:${esc(p.email)}">${esc(p.email)}</a></dd></div>` : '',
  ].join('');
  const form = e.clave_formulario_web
    ? formularioContacto(f, {
        titulo: 'Envíenos un mensaje',
        accion: `/sitio/${e.id_empresa}/contacto`,
        mensaje: '',
        consentimiento: 'para que respondan mi mensaje',
      })
    : '';
  return `<h1>${esc(d.texto?.titulo || 'Contacto')}</h1>
${datos ? `<dl class="datos-inmueble datos-contacto">${datos}</dl>` : ''}
${d.texto ? `<div class="texto-sitio"><div class="cuerpo">${sanearHtml(d.texto.contenido)}</div></div>` : ''}
${form}
${listaFormularios(e.id_empresa, d.formularios)}`;
}

/**
 * A page served by the company's own domain: its links, forms and og:url drop `/sitio/<id>` (relative,
 * or after the domain), since there the site lives at `/`. `/sitio/estilos.css` and `/api/…` stay.
 */
export function sinPrefijoSitio(h: string, idEmpresa: number): string {
  return h.replace(new RegExp(`(["'])((?:https?://[^"'/\\s]+)?)/sitio/${idEmpresa}(?=[/"'?#])/?`, 'g'), '$1$2/');
}
