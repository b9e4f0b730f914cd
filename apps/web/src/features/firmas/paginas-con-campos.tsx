import { useState, type ReactNode } from 'react';
import type { PaginaFirma, TipoCampoFirma } from '@predio/contract/firmas';

/** A field's box on its page, in fractions of the page from the top-left corner. */
export type Caja = { pagina: number; x: number; y: number; ancho: number; alto: number };

/** The size a new field takes, as a fraction of a Letter page: a signature is wider than a date. */
export const TAMANO_CAMPO: Record<TipoCampoFirma, { ancho: number; alto: number }> = {
  firma: { ancho: 0.3, alto: 0.07 },
  iniciales: { ancho: 0.1, alto: 0.045 },
  nombre: { ancho: 0.3, alto: 0.035 },
  fecha: { ancho: 0.18, alto: 0.035 },
  texto: { ancho: 0.3, alto: 0.035 },
  casilla: { ancho: 0.035, alto: 0.027 },
};

/** One colour per signer (the list's order), so each one's fields are told apart at a glance. */
export const COLORES_FIRMANTE = [
  '#1677ff',
  '#d4380d',
  '#389e0d',
  '#722ed1',
  '#c41d7f',
  '#08979c',
  '#d48806',
  '#531dab',
  '#0958d9',
  '#5b8c00',
];
export const colorFirmante = (orden: number) => COLORES_FIRMANTE[(orden - 1) % COLORES_FIRMANTE.length]!;

export const porcentaje = (f: number) => `${(f * 100).toFixed(3)}%`;
export const estiloCaja = (c: Caja) => ({
  left: porcentaje(c.x),
  top: porcentaje(c.y),
  width: porcentaje(c.ancho),
  height: porcentaje(c.alto),
});

/** A number kept inside [min, max]. */
export const acotar = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/**
 * The document's pages as the server draws them (PNG), each keeping the PDF's own proportions so a
 * field's fractions land in the same place on any screen. What sits on a page is the caller's.
 */
export function PaginasConCampos({
  paginas,
  src,
  encima,
  propsPagina,
}: {
  paginas: PaginaFirma[];
  src: (pagina: number) => string;
  encima: (pagina: number) => ReactNode;
  propsPagina?: (pagina: number) => React.HTMLAttributes<HTMLDivElement>;
}) {
  return (
    <div className="firmas-paginas">
      {paginas.map((p, i) => (
        <Pagina key={i} numero={i + 1} total={paginas.length} tamano={p} src={src(i + 1)} {...(propsPagina?.(i + 1) ?? {})}>
          {encima(i + 1)}
        </Pagina>
      ))}
    </div>
  );
}

function Pagina({
  numero,
  total,
  tamano,
  src,
  children,
  ...resto
}: {
  numero: number;
  total: number;
  tamano: PaginaFirma;
  src: string;
  children: ReactNode;
} & React.HTMLAttributes<HTMLDivElement>) {
  const [fallo, setFallo] = useState(false);
  return (
    <div
      className="firmas-hoja"
      data-pagina={numero}
      style={{ aspectRatio: `${tamano.ancho} / ${tamano.alto}` }}
      aria-label={`Página ${numero} de ${total}`}
      role="group"
      {...resto}
    >
      {fallo ? (
        <div className="firmas-hoja-sin-imagen">Página {numero} (no se pudo mostrar su imagen)</div>
      ) : (
        <img src={src} alt="" loading={numero > 2 ? 'lazy' : 'eager'} draggable={false} onError={() => setFallo(true)} />
      )}
      {children}
    </div>
  );
}
