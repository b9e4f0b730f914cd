// Colombian formats for what the server writes for people: PDFs, notices, audit texts.

const COP = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });

/** "$ 2.500.000": COP without decimals, with a plain space (Intl writes a no-break one after the sign). */
export const pesos = (n: number): string => COP.format(n).replace(/\u00a0/g, ' ');

/** Lower-case words inside a Colombian place name: "San José del Guaviare", "Cartagena de Indias". */
const ENLACES = new Set(['de', 'del', 'y', 'e', 'en']);
/** Articles, lower-case after "de" only: "Campo de la Cruz", but "María La Baja", "Castilla La Nueva". */
const ARTICULOS = new Set(['la', 'las', 'los', 'el']);

/**
 * A DANE name as people write it: "SAN JOSÉ DE LA MONTAÑA" → "San José de la Montaña",
 * "BOGOTÁ, D.C." → "Bogotá, D.C.", "MIRITI - PARANÁ" → "Miriti - Paraná".
 */
export function nombrePropio(s: string): string {
  return s
    .trim()
    .toLocaleLowerCase('es-CO')
    .split(/\s+/)
    .map((w, i, ws) => {
      if (/^(\p{L}\.)+$/u.test(w)) return w.toLocaleUpperCase('es-CO');
      if (i > 0 && (ENLACES.has(w) || (ARTICULOS.has(w) && ws[i - 1] === 'de'))) return w;
      return w.charAt(0).toLocaleUpperCase('es-CO') + w.slice(1);
    })
    .join(' ');
}
