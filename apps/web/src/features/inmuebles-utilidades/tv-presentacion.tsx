import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import {
  CloseOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HomeOutlined,
  LeftOutlined,
  PauseOutlined,
  CaretRightOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { ETIQUETAS_GESTION } from '@predio/contract/inmuebles';
import { rutaPortada } from '@predio/contract/inmuebles-archivos';
import { etiquetaTipo, type TvInmueble } from '@predio/contract/inmuebles-utilidades';
import { formatNumero } from '../../lib/format.ts';
import { API_BASE } from '../../lib/http.ts';
import { useTvInmuebles } from './api/tv.ts';
import { precioInmueble } from './formato.ts';
import { siguienteIndice } from './tv-indice.ts';

// The list is asked again every few minutes: a TV stays on all day.
const REFRESCO_MS = 5 * 60_000;

function Portada({ i }: { i: TvInmueble }) {
  const [fallo, setFallo] = useState(false);
  if (!i.con_foto || fallo)
    return (
      <div className="tv-foto tv-foto-vacia" role="img" aria-label="Inmueble sin foto">
        <HomeOutlined />
      </div>
    );
  return (
    <img
      className="tv-foto"
      src={`${API_BASE}${rutaPortada(i.consecutivo)}`}
      alt={`Foto del inmueble ${i.consecutivo}`}
      onError={() => setFallo(true)}
    />
  );
}

function Diapositiva({ i }: { i: TvInmueble }) {
  const area = i.area_construida ?? i.area_privada ?? i.area_lote;
  const datos: [string, string][] = [];
  if (area) datos.push(['Área', `${formatNumero(area)} m²`]);
  if (i.habitaciones) datos.push(['Habitaciones', formatNumero(i.habitaciones)]);
  if (i.banos) datos.push(['Baños', formatNumero(i.banos)]);
  if (i.parqueaderos) datos.push(['Parqueaderos', formatNumero(i.parqueaderos)]);
  if (i.estrato) datos.push(['Estrato', String(i.estrato)]);
  return (
    <article className="tv-diapositiva" aria-label={`Inmueble ${i.consecutivo}`}>
      <Portada key={i.consecutivo} i={i} />
      <div className="tv-datos">
        <div className="tv-gestion">{ETIQUETAS_GESTION[i.gestion]}</div>
        <h2 className="tv-tipo">{etiquetaTipo(i.tipo)}</h2>
        <div className="tv-lugar">{[i.barrio, i.municipio].filter(Boolean).join(', ') || i.direccion}</div>
        <div className="tv-precio">{precioInmueble(i)}</div>
        <dl className="tv-caracteristicas">
          {datos.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        <div className="tv-codigo">Código {i.consecutivo}</div>
      </div>
    </article>
  );
}

/**
 * The agency's TV: a full-window presentation of the selected available properties that advances by
 * itself. ←/→ move, space pauses, Esc leaves full screen (and then the presentation).
 */
export function TvPresentacion({ onCerrar, pantallaCompleta }: { onCerrar: () => void; pantallaCompleta: boolean }) {
  const datos = useTvInmuebles(REFRESCO_MS);
  const raiz = useRef<HTMLDivElement>(null);
  const [indice, setIndice] = useState(0);
  const [pausa, setPausa] = useState(false);
  const [enPantallaCompleta, setEnPantallaCompleta] = useState(false);
  const items = datos.data?.items ?? [];
  const n = items.length;
  const segundos = datos.data?.config.intervaloSegundos ?? 15;
  const actual = n > 0 ? Math.min(indice, n - 1) : 0;

  const mover = useCallback((paso: number) => setIndice((i) => siguienteIndice(i, paso, n)), [n]);

  const alternarPantalla = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void raiz.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  // Full screen when asked for from a click (the browser requires a gesture).
  useEffect(() => {
    if (pantallaCompleta) void raiz.current?.requestFullscreen?.().catch(() => undefined);
    const cambio = () => setEnPantallaCompleta(document.fullscreenElement === raiz.current);
    document.addEventListener('fullscreenchange', cambio);
    return () => {
      document.removeEventListener('fullscreenchange', cambio);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [pantallaCompleta]);

  useEffect(() => {
    if (pausa || n < 2) return;
    const t = setTimeout(() => mover(1), segundos * 1000);
    return () => clearTimeout(t);
  }, [pausa, n, segundos, actual, mover]);

  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') mover(1);
      else if (e.key === 'ArrowLeft') mover(-1);
      else if (e.key === ' ') setPausa((p) => !p);
      // In full screen the browser's Esc leaves it; in a window Esc closes the presentation.
      else if (e.key === 'Escape' && !document.fullscreenElement) onCerrar();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, [mover, onCerrar]);

  useEffect(() => raiz.current?.focus(), []);

  const empresa = datos.data?.empresa;
  const item = items[actual];
  return (
    <div ref={raiz} className="tv-presentacion" role="dialog" aria-label="Presentación de inmuebles" tabIndex={-1}>
      <header className="tv-encabezado">
        <div className="tv-empresa">
          {empresa?.logo ? <img src={empresa.logo} alt="" className="tv-logo" /> : null}
          <span>{empresa?.nombre || 'Inmuebles disponibles'}</span>
        </div>
        <div className="tv-controles">
          {n > 0 ? (
            <span className="tv-contador" aria-live="polite">
              {actual + 1} / {n}
            </span>
          ) : null}
          <Button type="text" aria-label="Anterior" icon={<LeftOutlined />} onClick={() => mover(-1)} disabled={n < 2} />
          <Button
            type="text"
            aria-label={pausa ? 'Reanudar' : 'Pausar'}
            icon={pausa ? <CaretRightOutlined /> : <PauseOutlined />}
            onClick={() => setPausa((p) => !p)}
            disabled={n < 2}
          />
          <Button type="text" aria-label="Siguiente" icon={<RightOutlined />} onClick={() => mover(1)} disabled={n < 2} />
          <Button
            type="text"
            aria-label={enPantallaCompleta ? 'Salir de pantalla completa' : 'Pantalla completa'}
            icon={enPantallaCompleta ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={alternarPantalla}
          />
          <Button type="text" aria-label="Cerrar presentación" icon={<CloseOutlined />} onClick={onCerrar} />
        </div>
      </header>
      <main className="tv-cuerpo">
        {datos.isPending ? (
          <Spin size="large" />
        ) : datos.isError && !datos.data ? (
          <div className="tv-vacio">
            <p>No se pudo cargar la lista de inmuebles. Se intentará de nuevo en unos minutos.</p>
            <Button onClick={() => void datos.refetch()}>Reintentar ahora</Button>
          </div>
        ) : item ? (
          <Diapositiva key={item.consecutivo} i={item} />
        ) : (
          <div className="tv-vacio">
            <HomeOutlined className="tv-vacio-icono" />
            <p>No hay inmuebles disponibles que coincidan con la selección de la TV.</p>
          </div>
        )}
      </main>
      {n > 1 ? (
        <div className="tv-progreso" aria-hidden>
          <div
            key={`${actual}-${pausa}`}
            className={pausa ? 'tv-progreso-barra tv-pausa' : 'tv-progreso-barra'}
            style={{ animationDuration: `${segundos}s` }}
          />
        </div>
      ) : null}
    </div>
  );
}
