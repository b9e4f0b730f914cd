/** A property on the map. `titulo` is what it is ("Apartamento en arriendo"); the rest shows in its popup. */
export type PuntoMapa = {
  consecutivo: number;
  lat: number;
  lng: number;
  titulo: string;
  direccion?: string | undefined;
  /** Already formatted, e.g. "$ 2.500.000 / mes". */
  precio?: string | undefined;
  detalle?: string | undefined;
};

export type LatLng = { lat: number; lng: number };

export type MapaInmueblesProps = {
  puntos: PuntoMapa[];
  /** Highlighted point (another colour, drawn on top). */
  seleccionado?: number | null | undefined;
  /** A point was clicked. */
  onSeleccionar?: ((consecutivo: number) => void) | undefined;
  /** A pin for the location being placed; with onMover it is draggable and a click on the map moves it. */
  ubicacion?: LatLng | null | undefined;
  onMover?: ((p: LatLng) => void) | undefined;
  /** CSS height of the map (number = px). */
  alto?: number | string | undefined;
  /** Fit the view to the points when they change (default true). */
  ajustar?: boolean | undefined;
  /** Accessible name of the map region. */
  etiqueta?: string | undefined;
};

/** Colombia, whole country in view at zoom 5. */
export const CENTRO_COLOMBIA: [number, number] = [4.5709, -74.2973];
