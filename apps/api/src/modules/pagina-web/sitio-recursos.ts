import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// What the public site sends besides its pages: its answers compressed, Leaflet's files served by Predio
// itself (no CDN: the site keeps working where only Predio is reachable) and the script that draws a map.

/**
 * Brotli or gzip when the browser accepts them. Pages are a few kB and made per request, so brotli runs
 * at quality 5 (a fraction of a millisecond); fixed files are compressed once at 11.
 */
export function comprimir(req: FastifyRequest, reply: FastifyReply, cuerpo: string | Buffer, calidad = 5): string | Buffer {
  reply.header('vary', 'accept-encoding');
  const acepta = String(req.headers['accept-encoding'] ?? '');
  const datos = typeof cuerpo === 'string' ? Buffer.from(cuerpo) : cuerpo;
  if (datos.length < 1024) return cuerpo;
  if (/\bbr\b/.test(acepta)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(datos, {
      params: { [constants.BROTLI_PARAM_QUALITY]: calidad, [constants.BROTLI_PARAM_SIZE_HINT]: datos.length },
    });
  }
  if (/\bgzip\b/.test(acepta)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(datos, { level: calidad > 5 ? 9 : 6 });
  }
  return cuerpo;
}

type Fijo = { tipo: string; crudo: Buffer; br: Buffer; gz: Buffer };
const fijos = new Map<string, Fijo>();

/** A fixed file (the stylesheet, Leaflet, the map's script), compressed once on its first request. */
export function enviarFijo(
  req: FastifyRequest,
  reply: FastifyReply,
  clave: string,
  tipo: string,
  leer: () => string | Buffer,
  cache: string,
) {
  let f = fijos.get(clave);
  if (!f) {
    const crudo = Buffer.from(leer());
    f = {
      tipo,
      crudo,
      br: brotliCompressSync(crudo, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gz: gzipSync(crudo, { level: 9 }),
    };
    fijos.set(clave, f);
  }
  const acepta = String(req.headers['accept-encoding'] ?? '');
  reply.header('content-type', f.tipo).header('cache-control', cache).header('vary', 'accept-encoding');
  if (/\bbr\b/.test(acepta)) return reply.header('content-encoding', 'br').send(f.br);
  if (/\bgzip\b/.test(acepta)) return reply.header('content-encoding', 'gzip').send(f.gz);
  return reply.send(f.crudo);
}

const requerir = createRequire(import.meta.url);
/** Leaflet's version is in its files' address, so a browser may keep them for a year. */
export const VERSION_LEAFLET: string = (requerir('leaflet/package.json') as { version: string }).version;
export const RUTA_LEAFLET = `/sitio/leaflet-${VERSION_LEAFLET}`;
export const leerLeaflet = (archivo: 'leaflet.js' | 'leaflet.css') => readFileSync(requerir.resolve(`leaflet/dist/${archivo}`));

/**
 * Draws the map of a page (`#mapa`, see `mapa()` in sitio.html.ts) once it comes within 300 px of the
 * screen, so Leaflet's 40 kB never weigh on the first paint. Points are a price pill linking to the
 * property; pills that would overlap at the current zoom (44 px cells) are one pill with their count
 * («3 inmuebles»), which zooms in, or lists them when they share the spot. When the results take several
 * pages (`data-todos`), every located match is fetched from the public API's points and drawn. A
 * property's own page shows a circle, its location being approximate. Tiles come from the
 * company's tile server (Configurar): when they cannot load, the points still show on a plain background.
 */
export const SCRIPT_MAPA = `(function () {
  var el = document.getElementById('mapa');
  if (!el) return;
  function cargar() {
    var css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = el.getAttribute('data-leaflet') + '/leaflet.css';
    document.head.appendChild(css);
    var s = document.createElement('script');
    s.src = el.getAttribute('data-leaflet') + '/leaflet.js';
    s.onload = dibujar;
    s.onerror = function () { el.setAttribute('data-estado', 'error'); el.querySelector('.mapa-aviso').textContent = 'No se pudo cargar el mapa.'; };
    document.head.appendChild(s);
  }
  function dibujar() {
    var L = window.L;
    var puntos = JSON.parse(el.getAttribute('data-puntos') || '[]');
    var enlace = el.getAttribute('data-enlace');
    var zona = el.hasAttribute('data-zona');
    var todos = el.getAttribute('data-todos');
    var color = getComputedStyle(document.documentElement).getPropertyValue('--color').trim() || '#1d4ed8';
    el.textContent = '';
    var mapa = L.map(el, { scrollWheelZoom: false, zoomControl: false });
    // The page is in Spanish: Leaflet's own labels are English.
    L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(mapa);
    mapa.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    mapa.on('popupopen', function (e) {
      var cerrar = e.popup.getElement().querySelector('.leaflet-popup-close-button');
      if (cerrar) cerrar.setAttribute('aria-label', 'Cerrar');
    });
    L.tileLayer(el.getAttribute('data-teselas'), { attribution: el.getAttribute('data-atribucion'), maxZoom: 19 }).addTo(mapa);
    if (zona) {
      var area = L.featureGroup().addTo(mapa);
      puntos.forEach(function (p) {
        L.circle([p.lat, p.lng], { radius: 250, color: color, weight: 2, fillOpacity: 0.2 }).addTo(area);
      });
      mapa.setView([puntos[0].lat, puntos[0].lng], 15);
      el.setAttribute('data-estado', 'listo');
      return;
    }
    var corto = new Intl.NumberFormat('es-CO', { notation: 'compact', maximumFractionDigits: 1 });
    var capa = L.layerGroup().addTo(mapa);
    var CELDA = 44;
    function pildora(texto, clase, titulo, lugar) {
      var etiqueta = document.createElement('span');
      etiqueta.textContent = texto;
      return L.marker(lugar, {
        title: titulo,
        alt: titulo,
        riseOnHover: true,
        icon: L.divIcon({ className: clase, html: etiqueta.outerHTML, iconSize: null }),
      });
    }
    function vinculo(p) {
      var a = document.createElement('a');
      a.href = enlace + p.consecutivo;
      a.textContent = p.titulo;
      return a;
    }
    function uno(p) {
      var m = pildora(p.corto, 'mapa-precio', p.titulo + ', ' + p.precio, [p.lat, p.lng]);
      var caja = document.createElement('div');
      var precio = document.createElement('p');
      precio.textContent = p.precio;
      caja.appendChild(vinculo(p));
      caja.appendChild(precio);
      m.bindPopup(caja);
      return m;
    }
    // Pills closer than a pill's size (or in the very same rounded spot) become one with their count: a
    // click zooms in to them, or lists them when they share the spot or the map is at its closest.
    function grupo(ps) {
      var lat = 0, lng = 0;
      ps.forEach(function (p) { lat += p.lat; lng += p.lng; });
      var mismo = ps.every(function (p) { return p.lat === ps[0].lat && p.lng === ps[0].lng; });
      var titulo = ps.length + (mismo ? ' inmuebles en el mismo lugar' : ' inmuebles en esta zona: acercar');
      var m = pildora(ps.length + ' inmuebles', 'mapa-precio mapa-grupo', titulo, [lat / ps.length, lng / ps.length]);
      if (mismo || mapa.getZoom() >= 18) {
        var lista = document.createElement('ul');
        lista.className = 'mapa-lista';
        ps.slice(0, 30).forEach(function (p) {
          var li = document.createElement('li');
          li.appendChild(vinculo(p));
          li.appendChild(document.createTextNode(' · ' + p.precio));
          lista.appendChild(li);
        });
        if (ps.length > 30) {
          var mas = document.createElement('li');
          mas.textContent = 'y ' + (ps.length - 30) + ' más';
          lista.appendChild(mas);
        }
        m.bindPopup(lista);
      } else
        m.on('click', function () {
          mapa.fitBounds(L.latLngBounds(ps.map(function (p) { return [p.lat, p.lng]; })), { padding: [48, 48], maxZoom: 18 });
        });
      return m;
    }
    function agrupar() {
      capa.clearLayers();
      var z = mapa.getZoom();
      var celdas = {};
      var orden = [];
      puntos.forEach(function (p) {
        var px = mapa.project([p.lat, p.lng], z);
        var k = Math.floor(px.x / CELDA) + ':' + Math.floor(px.y / CELDA);
        if (!celdas[k]) { celdas[k] = []; orden.push(k); }
        celdas[k].push(p);
      });
      orden.forEach(function (k) { capa.addLayer(celdas[k].length === 1 ? uno(celdas[k][0]) : grupo(celdas[k])); });
      el.setAttribute('data-pildoras', String(orden.length));
    }
    function encuadrar() {
      if (!puntos.length) {
        el.setAttribute('data-estado', 'vacio');
        return;
      }
      var limites = L.latLngBounds(puntos.map(function (p) { return [p.lat, p.lng]; }));
      if (puntos.length === 1 || limites.getNorthEast().equals(limites.getSouthWest())) mapa.setView(limites.getCenter(), 16);
      else mapa.fitBounds(limites, { padding: [32, 32], maxZoom: 16 });
      agrupar();
      el.setAttribute('data-puntos-dibujados', String(puntos.length));
      el.setAttribute('data-estado', 'listo');
    }
    mapa.on('zoomend', function () { if (puntos.length) agrupar(); });
    if (!todos) return encuadrar();
    // Results on several pages: every located match, from the public API (the page's own keep their titles).
    fetch(todos, { headers: { accept: 'application/json' } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (j) {
        var conocidos = {};
        puntos.forEach(function (p) { conocidos[p.consecutivo] = true; });
        ((j && j.data) || []).forEach(function (p) {
          if (conocidos[p.consecutivo]) return;
          puntos.push({
            consecutivo: p.consecutivo,
            lat: p.lat,
            lng: p.lng,
            titulo: 'Inmueble N.º ' + p.consecutivo,
            precio: p.precio ? '$ ' + p.precio.toLocaleString('es-CO') : 'Ver el inmueble',
            corto: p.precio ? '$ ' + corto.format(p.precio).replace(/\u00a0/g, ' ') : 'Ver',
          });
        });
      })
      .catch(function () {})
      .then(encuadrar);
  }
  if ('IntersectionObserver' in window) {
    var mirador = new IntersectionObserver(function (vistos) {
      if (vistos.some(function (v) { return v.isIntersecting; })) { mirador.disconnect(); cargar(); }
    }, { rootMargin: '300px' });
    mirador.observe(el);
  } else cargar();
})();
`;

/** Predio's own icon (the back-office's favicon.svg): the site's icon when the company has no logo. */
export const ICONO_PREDIO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#96be0e"/><path d="M14 34 32 18l18 16v14a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2z" fill="#fff"/></svg>';

/** The icons already made, by company and logo file (a new logo has a new name); a few hundred at most. */
const iconos = new Map<string, Buffer>();
const MAX_ICONOS = 500;
const LADO_ICONO = 64;

/**
 * The site's favicon as a 64 px PNG: the company's logo fitted in the square (transparent around it), or
 * Predio's icon when it has none or its logo cannot be read. Browsers take a PNG at /favicon.ico.
 */
export async function iconoSitio(
  logo: { idEmpresa: number; logo: string } | null,
  leer: (nombre: string, idEmpresa: number) => Promise<Buffer>,
): Promise<Buffer> {
  const clave = logo ? `${logo.idEmpresa}/${logo.logo}` : 'predio';
  const hecho = iconos.get(clave);
  if (hecho) return hecho;
  const { default: sharp } = await import('sharp');
  const ajustar = (b: Buffer) =>
    sharp(b)
      .resize(LADO_ICONO, LADO_ICONO, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  let png: Buffer | null = null;
  if (logo)
    try {
      png = await ajustar(await leer(logo.logo, logo.idEmpresa));
    } catch {
      png = null; // a logo gone from storage or unreadable: Predio's icon, and tried again next time
    }
  if (!png) {
    iconoPredio ??= await ajustar(Buffer.from(ICONO_PREDIO_SVG));
    return iconoPredio;
  }
  if (iconos.size >= MAX_ICONOS) iconos.clear();
  iconos.set(clave, png);
  return png;
}
let iconoPredio: Buffer | null = null;
