/**
 * The address clients reach this server at, for links that leave it (e-mails, QR codes, the website):
 * PUBLIC_URL when set, else the address the request came to (behind a proxy, as trust-proxy reports it).
 */
export function urlPublica(publicUrl: string | null, req: { protocol: string; host: string }): string {
  return publicUrl ?? `${req.protocol}://${req.host}`;
}

/** A property's page on its company's website (Página web), where a published property is shown. */
export function urlInmuebleEnSitio(base: string, idEmpresa: number, consecutivo: number): string {
  return `${base}/sitio/${idEmpresa}/inmuebles/${consecutivo}`;
}

/** A published image (a property's photo, a banner, a news cover) at its public address. */
export function urlFotoPublica(base: string, idEmpresa: number, idArchivo: number): string {
  return `${base}/api/publico/${idEmpresa}/archivos/${idArchivo}`;
}
