// «Fecha en letras» as Colombian letters and actas write it: «veintiocho (28) de noviembre de dos mil
// veintiséis (2026)». Only what a date needs: whole numbers from 0 to 9999.

const UNIDADES = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const DECENAS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const CENTENAS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];
const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function menorDeMil(n: number): string {
  if (n < 30) return UNIDADES[n]!;
  if (n < 100) return DECENAS[Math.floor(n / 10)]! + (n % 10 ? ` y ${UNIDADES[n % 10]}` : '');
  if (n === 100) return 'cien';
  return CENTENAS[Math.floor(n / 100)]! + (n % 100 ? ` ${menorDeMil(n % 100)}` : '');
}

/** 0…9999 in Spanish words («dos mil veintiséis»). */
export function numeroEnLetras(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 9999) throw new RangeError(`numeroEnLetras: ${n} fuera de 0…9999`);
  if (n < 1000) return menorDeMil(n);
  const miles = Math.floor(n / 1000);
  const resto = n % 1000;
  return `${miles === 1 ? 'mil' : `${menorDeMil(miles)} mil`}${resto ? ` ${menorDeMil(resto)}` : ''}`;
}

/** AAAA-MM-DD → «veintiocho (28) de noviembre de dos mil veintiséis (2026)»; the 1st reads «primero (1)». */
export function fechaEnLetras(iso: string): string {
  const [a, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  const dia = d === 1 ? 'primero' : d === 21 ? 'veintiuno' : d === 31 ? 'treinta y uno' : numeroEnLetras(d);
  return `${dia} (${d}) de ${MESES[m - 1]} de ${numeroEnLetras(a)} (${a})`;
}
