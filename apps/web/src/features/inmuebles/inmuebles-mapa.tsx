import { useMemo } from 'react';
import { Alert } from 'antd';
import { ETIQUETAS_GESTION, ETIQUETAS_TIPO, type InmuebleResumen } from '@predio/contract/inmuebles';
import { MapaInmuebles } from '../../components/mapa/mapa-inmuebles-lazy.tsx';
import type { PuntoMapa } from '../../components/mapa/tipos.ts';
import { medidas, precios } from './presentacion.ts';

/** The search's current page on the map (Leaflet loads only when this view opens). */
export function InmueblesMapa({ items }: { items: InmuebleResumen[] }) {
  const puntos = useMemo<PuntoMapa[]>(
    () =>
      items.flatMap((i) =>
        i.lat === null || i.lng === null
          ? []
          : [
              {
                consecutivo: i.consecutivo,
                lat: i.lat,
                lng: i.lng,
                titulo: `${ETIQUETAS_TIPO[i.tipo]} en ${ETIQUETAS_GESTION[i.gestion].toLowerCase()}`,
                direccion: [i.direccion, i.barrio, i.municipio].filter(Boolean).join(', '),
                precio: precios(i).join(' · '),
                detalle: medidas(i, { parqueaderos: false, estrato: false }),
              },
            ],
      ),
    [items],
  );
  const sinUbicar = items.length - puntos.length;
  return (
    <>
      {sinUbicar > 0 ? (
        <Alert
          className="inm-aviso"
          type="info"
          showIcon
          title={`${sinUbicar} de los ${items.length} inmuebles de esta página no tienen coordenadas y no aparecen en el mapa.`}
          description="Ubíquelos en Archivo → Utilidades → Geolocalizar inmuebles."
        />
      ) : null}
      <MapaInmuebles puntos={puntos} alto={520} etiqueta="Mapa de los inmuebles encontrados" />
    </>
  );
}
