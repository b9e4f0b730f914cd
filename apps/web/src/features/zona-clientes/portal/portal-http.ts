import { guardarBlob } from '../../../lib/descargar.ts';
import { CODES } from '@predio/contract/codes';

// The portal's own calls: its token is not the staff's (another realm), kept under its own key per
// company, and never sent by the staff's http client.

const clave = (empresa: number) => `predio-zona-clientes-${empresa}`;
export const tokenPortal = (empresa: number) => localStorage.getItem(clave(empresa));
export const guardarToken = (empresa: number, t: string | null) =>
  t === null ? localStorage.removeItem(clave(empresa)) : localStorage.setItem(clave(empresa), t);

export class PortalError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
  /** The session ended (closed, expired, portal turned off): back to the login page. */
  get sesion(): boolean {
    return [CODES.TOKEN_ILEGAL, CODES.TOKEN_EXPIRADO, CODES.OTRO_CLIENTE].includes(this.code as 50008);
  }
}

export async function portal<T>(empresa: number, metodo: string, ruta: string, cuerpo?: unknown): Promise<T> {
  const token = tokenPortal(empresa);
  const esForm = cuerpo instanceof FormData;
  const r = await fetch(`/api${ruta}`, {
    method: metodo,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cuerpo !== undefined && !esForm ? { 'content-type': 'application/json' } : {}),
    },
    body: cuerpo === undefined ? undefined : esForm ? cuerpo : JSON.stringify(cuerpo),
  });
  const b = (await r.json().catch(() => ({ code: r.status, message: 'Error de red' }))) as {
    code: number;
    message: string;
    data: T;
  } & Record<string, unknown>;
  if (b.code !== CODES.OK) throw new PortalError(b.message, b.code);
  return (b.token !== undefined ? { token: b.token } : b.data) as T;
}

/** A photo of the client's request, as an object URL (the token travels in the header, not the URL). */
export async function fotoUrl(empresa: number, consecutivo: number, id: number): Promise<string> {
  const r = await fetch(`/api/portal/solicitudes/${consecutivo}/fotos/${id}`, {
    headers: { authorization: `Bearer ${tokenPortal(empresa) ?? ''}` },
  });
  if (!r.ok) throw new PortalError('No se pudo cargar la foto', r.status);
  return URL.createObjectURL(await r.blob());
}

/** Downloads a PDF of the client's (an inventory, its acta) with the token in the header, as a file. */
export async function descargarPortal(empresa: number, ruta: string, nombre: string): Promise<void> {
  const r = await fetch(`/api${ruta}`, { headers: { authorization: `Bearer ${tokenPortal(empresa) ?? ''}` } });
  if (!r.ok) throw new PortalError('No se pudo descargar el documento', r.status);
  guardarBlob(await r.blob(), nombre);
}
