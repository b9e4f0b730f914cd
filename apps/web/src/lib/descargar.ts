import { http } from './http.ts';

// Exports of large lists (up to 50,000 rows) take longer than the 5 s of an ordinary call.
export const EXPORT_TIMEOUT_MS = 120_000;

/**
 * Downloads through the HTTP client (it carries the token; a bare link would not) and lets the browser
 * save the file under the server's name, which it returns.
 */
export async function descargar(path: string, timeoutMs = EXPORT_TIMEOUT_MS): Promise<string> {
  const { blob, nombre } = await http.download(path, { timeoutMs });
  guardarBlob(blob, nombre);
  return nombre;
}

/** Lets the browser save bytes already fetched under a name (the URL is freed once the save began). */
export function guardarBlob(blob: Blob, nombre: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
