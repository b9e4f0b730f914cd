import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useConfiguracion } from '../../lib/api/get-configuracion.ts';
import { popup } from './popup.ts';
import { CENTRO_COLOMBIA, type MapaInmueblesProps } from './tipos.ts';
import './mapa.css';

const ZOOM_PAIS = 5;
const ZOOM_PUNTO = 16;
/** Tiles that failed with none loaded: the base map is unreachable (no internet, wrong URL). */
const FALLOS_SIN_MAPA = 2;

const iconoUbicacion = L.divIcon({
  className: 'mapa-pin',
  html: '<span class="mapa-pin-cabeza"></span>',
  iconSize: [28, 38],
  iconAnchor: [14, 38],
});

/**
 * Properties on a Leaflet map. The base map's tiles come from configuración (ajustes.urlMosaicoMapa);
 * without them (no internet) the points still show on a plain background, with a note.
 * Markers are vector circles and a CSS pin: no icon is fetched from anywhere.
 */
export function MapaLeaflet({
  puntos,
  seleccionado,
  onSeleccionar,
  ubicacion,
  onMover,
  alto = 420,
  ajustar = true,
  etiqueta = 'Mapa de inmuebles',
}: MapaInmueblesProps) {
  const navigate = useNavigate();
  const config = useConfiguracion();
  const contenedor = useRef<HTMLDivElement>(null);
  const mapa = useRef<L.Map | null>(null);
  const capaPuntos = useRef<L.FeatureGroup | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const encuadre = useRef('');
  const dibujado = useRef('');
  const [sinMapaBase, setSinMapaBase] = useState(false);
  const [intento, setIntento] = useState(0);
  // Latest callbacks, read by Leaflet's handlers without re-creating the map.
  const alMover = useRef(onMover);
  const alSeleccionar = useRef(onSeleccionar);
  const abrir = useRef((c: number) => void navigate(`/propiedades/inmueble/${c}`));
  useEffect(() => {
    alMover.current = onMover;
    alSeleccionar.current = onSeleccionar;
    abrir.current = (c: number) => void navigate(`/propiedades/inmueble/${c}`);
  });

  const urlTeselas = config.data?.ajustes.urlMosaicoMapa;
  const atribucion = config.data?.ajustes.atribucionMapa ?? '';

  // The map itself: created once.
  useEffect(() => {
    if (!contenedor.current) return;
    const m = L.map(contenedor.current, {
      center: CENTRO_COLOMBIA,
      zoom: ZOOM_PAIS,
      zoomControl: false,
      attributionControl: true,
    });
    // Leaflet's own control speaks English; the buttons are named in Spanish like the rest of the screen.
    L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(m);
    m.attributionControl.setPrefix(false);
    capaPuntos.current = L.featureGroup().addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => alMover.current?.({ lat: e.latlng.lat, lng: e.latlng.lng }));
    mapa.current = m;
    // A map inside a tab or a drawer gets its size late.
    const ro = new ResizeObserver(() => m.invalidateSize());
    ro.observe(contenedor.current);
    return () => {
      ro.disconnect();
      m.remove();
      mapa.current = null;
      capaPuntos.current = null;
      pin.current = null;
      dibujado.current = '';
      encuadre.current = '';
    };
  }, []);

  // Base map tiles, and whether they load.
  useEffect(() => {
    const m = mapa.current;
    if (!m || !urlTeselas) return;
    let cargadas = 0;
    let fallidas = 0;
    setSinMapaBase(false);
    // Plain text: the attribution control renders HTML.
    const texto = document.createElement('span');
    texto.textContent = atribucion;
    const capa = L.tileLayer(urlTeselas, { maxZoom: 19, attribution: texto.innerHTML });
    capa.on('tileload', () => {
      cargadas += 1;
      setSinMapaBase(false);
    });
    capa.on('tileerror', () => {
      fallidas += 1;
      if (cargadas === 0 && fallidas >= FALLOS_SIN_MAPA) {
        // Offline: every pan or zoom would ask again and fill the console with failures, so the layer
        // goes until the user asks to try again.
        setSinMapaBase(true);
        capa.remove();
      }
    });
    capa.addTo(m);
    return () => {
      capa.remove();
    };
  }, [urlTeselas, atribucion, intento]);

  // The properties' points.
  useEffect(() => {
    const capa = capaPuntos.current;
    const m = mapa.current;
    if (!capa || !m) return;
    // A parent that re-renders with equal points must not redraw them (that would close an open popup).
    const dibujo = JSON.stringify([puntos, seleccionado ?? null]);
    if (dibujo === dibujado.current) return;
    dibujado.current = dibujo;
    capa.clearLayers();
    for (const p of puntos) {
      const activo = p.consecutivo === seleccionado;
      const c = L.circleMarker([p.lat, p.lng], {
        radius: activo ? 10 : 7,
        color: '#ffffff',
        weight: 2,
        fillColor: activo ? '#d4380d' : '#1677ff',
        fillOpacity: 0.95,
        bubblingMouseEvents: false,
      });
      c.bindTooltip(`Nº ${p.consecutivo}`, { direction: 'top', offset: [0, -6] });
      c.bindPopup(popup(p, (x) => abrir.current(x)));
      c.on('click', () => alSeleccionar.current?.(p.consecutivo));
      c.addTo(capa);
      if (activo) c.bringToFront();
    }
    // Fit the view when the set of points changes, not when only the selection does.
    const clave = puntos.map((p) => `${p.consecutivo}:${p.lat}:${p.lng}`).join('|');
    if (ajustar && puntos.length > 0 && clave !== encuadre.current) {
      const b = capa.getBounds();
      if (b.isValid()) m.fitBounds(b, { padding: [32, 32], maxZoom: puntos.length === 1 ? ZOOM_PUNTO : 15 });
    }
    encuadre.current = clave;
  }, [puntos, seleccionado, ajustar]);

  // The draggable pin that places a property.
  useEffect(() => {
    const m = mapa.current;
    if (!m) return;
    if (!ubicacion) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    const ll = L.latLng(ubicacion.lat, ubicacion.lng);
    if (!pin.current) {
      pin.current = L.marker(ll, {
        icon: iconoUbicacion,
        draggable: Boolean(onMover),
        keyboard: false,
        title: 'Ubicación del inmueble',
        alt: 'Ubicación del inmueble',
      }).addTo(m);
      pin.current.on('dragend', () => {
        const p = pin.current?.getLatLng();
        if (p) alMover.current?.({ lat: p.lat, lng: p.lng });
      });
    } else {
      pin.current.setLatLng(ll);
    }
    if (!m.getBounds().pad(-0.1).contains(ll)) m.setView(ll, Math.max(m.getZoom(), ZOOM_PUNTO - 2));
  }, [ubicacion, onMover]);

  return (
    <div className="mapa-inmuebles" style={{ height: alto }}>
      <div ref={contenedor} className="mapa-inmuebles-lienzo" role="region" aria-label={etiqueta} />
      {sinMapaBase ? (
        <div className="mapa-aviso" role="status">
          No se pudo cargar el mapa base: los inmuebles se muestran sobre un fondo simple.{' '}
          <button type="button" className="mapa-aviso-reintentar" onClick={() => setIntento((n) => n + 1)}>
            Reintentar
          </button>
        </div>
      ) : null}
    </div>
  );
}
