// Colombian formats for what the server writes for people: PDFs, notices, audit texts.

const COP = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });

/** "$ 2.500.000": COP without decimals, with a plain space (Intl writes a no-break one after the sign). */
export const pesos = (n: number): string => COP.format(n).replace(/\u00a0/g, ' ');
