import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { CODES } from '@predio/contract/codes';

/**
 * Response contracts (docs/architecture.md, «The response's contract»). A route declares the schema of its `data`
 * (`schema.response`), from packages/contract; the envelope around it is added here. In development and
 * tests every answer is checked against it as the browser receives it (after JSON), and a field the
 * schema does not declare is an error too, so the contract, the SQL behind it and the web's types
 * cannot drift apart. In production the answer is only serialised.
 */

/** A route that answers a file or a stream, not the envelope. */
export const FILE_RESPONSE = { archivo: true } as const;
export type FileResponse = typeof FILE_RESPONSE;
/** A route that answers 204 without a body (a CORS preflight). */
export const NO_CONTENT = { sinContenido: true } as const;
export type NoContent = typeof NO_CONTENT;
/** Fields beside `data` at the top of the envelope (the login's token, GetUsuario's sesion). */
export type WithExtra = { data: z.ZodType; extra: z.ZodRawShape };
export type ResponseSpec = z.ZodType | FileResponse | NoContent | WithExtra;

/** The envelope every JSON answer travels in; `extra` for fields beside `data` (token, sesion...). */
export function envelopeSchema(data: z.ZodType, extra: z.ZodRawShape = {}) {
  return z.object({ code: z.literal(CODES.OK), message: z.string(), ...extra, data });
}

/** Fastify's `schema.response` for a route's declared response. */
export function fastifyResponse(r: ResponseSpec): Record<string, unknown> {
  if ('sinContenido' in r) return { 204: z.null().describe('Sin contenido') };
  if ('archivo' in r)
    return {
      200: {
        description: 'Un archivo (PDF, Excel, CSV, imagen...) o un flujo',
        content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
      },
    };
  return { 200: r instanceof z.ZodType ? envelopeSchema(r) : envelopeSchema(r.data, r.extra) };
}

/**
 * What a handler may return for a response declared as `R`: the same shape, where a text may still be a
 * Date (JSON writes it as its ISO text), or an answer it sends itself.
 */
export type BeforeJson<T> = T extends string
  ? string extends T
    ? T | Date
    : T
  : T extends readonly (infer U)[]
    ? readonly BeforeJson<U>[]
    : T extends object
      ? { [K in keyof T]: BeforeJson<T[K]> }
      : T;

/** The first path where `valor` holds a key the parsed value dropped (an undeclared field), or null. */
function undeclared(valor: unknown, limpio: unknown, ruta: string): string | null {
  if (Array.isArray(valor) && Array.isArray(limpio)) {
    for (let i = 0; i < valor.length; i++) {
      const r = undeclared(valor[i], limpio[i], `${ruta}[${i}]`);
      if (r) return r;
    }
    return null;
  }
  if (valor && typeof valor === 'object' && limpio && typeof limpio === 'object') {
    for (const [k, v] of Object.entries(valor)) {
      if (!(k in limpio)) return `${ruta}.${k}`;
      const r = undeclared(v, (limpio as Record<string, unknown>)[k], `${ruta}.${k}`);
      if (r) return r;
    }
  }
  return null;
}

export class ResponseOutOfContract extends Error {}

/**
 * The serializer of every route with a response schema. `validar` (development and tests): the answer is
 * parsed back from its JSON and checked against the schema, undeclared fields included.
 */
export function responseSerializer(validar: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zod = schema instanceof z.ZodType ? schema : null;
    return (data: unknown) => {
      const texto = JSON.stringify(data);
      if (!validar || !zod) return texto;
      const enCable: unknown = JSON.parse(texto);
      const r = zod.safeParse(enCable);
      const donde = `${method} ${url}`;
      if (!r.success)
        throw new ResponseOutOfContract(
          `La respuesta de ${donde} no cumple su contrato: ${r.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('; ')}`,
        );
      const campo = undeclared(enCable, r.data, '');
      if (campo)
        throw new ResponseOutOfContract(`La respuesta de ${donde} trae un campo que su contrato no declara: ${campo.slice(1)}`);
      return texto;
    };
  };
}
