import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { envelope, YA_RESPONDIDO } from '../../platform/http/route.ts';
import { enTenant } from '../../platform/tenant.ts';
import * as publico from './publico.service.ts';

/**
 * A public read: limited per address and company, the company's data read under its RLS, and answered
 * with an ETag (a site polling the same list gets 304 without the body), readable from any origin.
 */
export async function leerPublico<T>(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  idEmpresa: number,
  leer: (tx: Tx, e: publico.EmpresaSitio) => Promise<T>,
): Promise<typeof YA_RESPONDIDO> {
  await publico.limitar(deps.db, req.ip, idEmpresa);
  const e = await publico.empresa(deps.db, idEmpresa);
  const data = await enTenant(deps.db, idEmpresa, ({ tx }) => leer(tx, e));
  const cuerpo = JSON.stringify(envelope(data));
  const etag = `"${createHash('sha1').update(cuerpo).digest('base64url')}"`;
  reply
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'public, max-age=60')
    .header('etag', etag)
    .header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === etag) await reply.code(304).send();
  else await reply.type('application/json; charset=utf-8').send(cuerpo);
  return YA_RESPONDIDO;
}
