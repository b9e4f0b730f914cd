/** The slide after moving `paso` from `i` among `n`, wrapping around both ends. */
export function siguienteIndice(i: number, paso: number, n: number): number {
  if (n <= 0) return 0;
  return (((Math.min(i, n - 1) + paso) % n) + n) % n;
}
