import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CODES, type Code } from '@predio/contract/codes';
import { FOTO_MAX_BYTES } from '@predio/contract/terceros';
import { mensajeValidacion, type CampoError } from '@predio/contract/validation';
import { ResponseOutOfContract } from '../http/response.ts';
import { AppError } from './app-error.ts';

const PARTE: Record<string, string> = { body: 'cuerpo', querystring: 'consulta', params: 'ruta', headers: 'cabecera' };

// Framework errors (body parser, multipart) carry only an HTTP status: give them the catalogue code of that status.
const CODIGO_POR_ESTADO: Record<number, Code> = {
  404: CODES.NO_ENCONTRADO,
  413: CODES.ARCHIVO_GRANDE,
  415: CODES.ARCHIVO_INVALIDO,
};

type ErrorMultipart = FastifyError & { part?: { fieldname?: string } };

/** Maps every error to the envelope of spec §8; bad input is never a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.status).send({
        code: err.code,
        message: err.message,
        ...(err.campos ? { campos: err.campos } : {}),
        ...(err.data !== undefined ? { data: err.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const campos: CampoError[] = err.validation.map((v) => {
        const campo = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { campo: campo || `(${PARTE[err.validationContext ?? ''] ?? 'entrada'})`, mensaje: v.message ?? 'valor inválido' };
      });
      return reply.status(400).send({ code: CODES.VALIDACION, message: mensajeValidacion(campos), campos });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: CODIGO_POR_ESTADO[status] ?? CODES.VALIDACION, message: traducir(err) });
    }
    req.log.error({ err }, 'error no controlado');
    // Only development and tests check answers against their contract: say which field broke it.
    if (err instanceof ResponseOutOfContract) return reply.status(500).send({ code: CODES.ERROR_INTERNO, message: err.message });
    return reply.status(500).send({ code: CODES.ERROR_INTERNO, message: 'Ocurrió un error inesperado. Intente de nuevo.' });
  });
}

function traducir(err: ErrorMultipart): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de contenido no soportado.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'El cuerpo de la petición está vacío.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'El cuerpo de la petición es demasiado grande.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'El cuerpo de la petición no es JSON válido.';
    case 'FST_REQ_FILE_TOO_LARGE':
      return `${err.part?.fieldname ?? 'file'}: el archivo supera el tamaño máximo permitido (${FOTO_MAX_BYTES / 1024} KB).`;
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'La petición debe ser multipart/form-data.';
    default:
      return err.statusCode === 404 ? 'Recurso no encontrado.' : 'Petición inválida.';
  }
}
