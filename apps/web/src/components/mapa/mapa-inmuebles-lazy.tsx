import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { MapaInmueblesProps } from './tipos.ts';

// Leaflet and its CSS load only when a page shows a map.
const Mapa = lazy(() => import('./mapa-inmuebles.tsx').then((m) => ({ default: m.MapaLeaflet })));

/** The property map, loaded on first use. See ./tipos.ts for the props. */
export function MapaInmuebles(props: MapaInmueblesProps) {
  return (
    <Suspense
      fallback={
        <div style={{ height: props.alto ?? 420 }} aria-busy="true">
          <Skeleton.Node active style={{ width: '100%', height: props.alto ?? 420 }}>
            <span>Cargando mapa…</span>
          </Skeleton.Node>
        </div>
      }
    >
      <Mapa {...props} />
    </Suspense>
  );
}
