import type { FastifyReply } from 'fastify';
import { YA_RESPONDIDO } from './route.ts';

export type Archivo = { nombre: string; contentType: string; contenido: Buffer };

/** Sends a download (export of a list, a generated document) instead of the JSON envelope. */
export async function enviarArchivo(reply: FastifyReply, a: Archivo): Promise<typeof YA_RESPONDIDO> {
  await reply
    .header('content-type', a.contentType)
    .header('content-disposition', `attachment; filename="${a.nombre.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(a.contenido);
  return YA_RESPONDIDO;
}

/** Sends a stored image inline (photos, logos): private to the session, cached, never sniffed. */
export async function enviarImagen(
  reply: FastifyReply,
  img: { buf: Buffer; contentType: string },
): Promise<typeof YA_RESPONDIDO> {
  await reply
    .header('content-type', img.contentType)
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(img.buf);
  return YA_RESPONDIDO;
}
