import type { FastifyInstance } from 'fastify';
import {
  IDM_CONTRATOS,
  IDM_CONTRATOS_COEM,
  IDM_PLANTILLAS_CONTRATOS,
  ZCambioEstadoContrato,
  ZContratoForm,
  ZContratosQuery,
  ZEnviarContrato,
  ZIdContratoParam,
  ZOpcionesQuery,
  ZPlantillaContratoForm,
  ZPlantillasContratoQuery,
  ZVersionParam,
  ZVistaPreviaContrato,
  type ProgramaContrato,
  ZContrato,
  ZContratoResumen,
  ZOpcionContrato,
  ZPlantillaContrato,
  ZPlantillaContratoResumen,
} from '@predio/contract/contratos';
import { ZGrupoCampos, ZProblemaPlantilla } from '@predio/contract/documentos';
import { zListResult } from '@predio/contract/list';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, afterCommit } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import { registrarAlCompletar } from '../firmas/firmas.service.ts';
import * as service from './contratos.service.ts';

const tags = ['contratos'];
const P = IDM_PLANTILLAS_CONTRATOS;

export function contratosRoutes(app: FastifyInstance, deps: Deps): void {
  // ---- templates (idm 10599)
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/plantillas-contratos',
    permiso: P,
    schema: {
      response: z.array(ZPlantillaContratoResumen),
      querystring: ZPlantillasContratoQuery,
      tags,
      summary: 'Las plantillas de contratos de la empresa',
    },
    handler: ({ tx, query }) => service.listarPlantillas({ tx, ...query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/plantillas-contratos/campos',
    permiso: P,
    schema: { response: z.array(ZGrupoCampos), tags, summary: 'Los campos combinables de una plantilla de contrato, por grupo' },
    handler: async () => service.campos(),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/plantillas-contratos/tipos-documento',
    permiso: P,
    schema: { response: z.array(ZOpcionContrato), tags, summary: 'Los tipos de documentos a firmar activos (maestro 10592)' },
    handler: ({ tx }) => service.tiposDocumento(tx),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmas/plantillas-contratos/vista-previa',
    permiso: P,
    schema: {
      response: z.object({ html: z.string() }),
      body: ZVistaPreviaContrato,
      tags,
      summary: 'La plantilla llenada con valores de ejemplo, en HTML',
    },
    handler: ({ body }) => service.vistaPreviaPlantilla(body.contenido),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmas/plantillas-contratos/revisar',
    permiso: P,
    schema: {
      response: z.object({ problemas: z.array(ZProblemaPlantilla) }),
      body: ZVistaPreviaContrato,
      tags,
      summary: 'Revisa una plantilla sin guardarla: todos sus errores',
    },
    handler: async ({ body }) => service.revisarContenido(body.contenido),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/plantillas-contratos/:id',
    permiso: P,
    schema: {
      response: ZPlantillaContrato,
      params: ZIdContratoParam,
      tags,
      summary: 'Una plantilla de contrato (su última versión) y su historial',
    },
    handler: ({ tx, params }) => service.obtenerPlantilla({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/firmas/plantillas-contratos/:id/versiones/:version',
    permiso: P,
    schema: {
      response: ZPlantillaContrato,
      params: ZVersionParam,
      tags,
      summary: 'Una versión anterior de una plantilla de contrato',
    },
    handler: ({ tx, params }) => service.obtenerPlantilla({ tx, id: params.id, version: params.version }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/firmas/plantillas-contratos',
    permiso: P,
    schema: {
      response: ZPlantillaContrato,
      body: ZPlantillaContratoForm,
      tags,
      summary: 'Crea una plantilla de contrato (versión 1)',
    },
    handler: ({ tx, user, req, body }) => service.crearPlantilla({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/firmas/plantillas-contratos/:id',
    permiso: P,
    schema: {
      response: ZPlantillaContrato,
      params: ZIdContratoParam,
      body: ZPlantillaContratoForm,
      tags,
      summary: 'Guarda una plantilla: una versión nueva',
    },
    handler: ({ tx, user, req, params, body }) => service.guardarPlantilla({ tx, user, ip: req.ip, id: params.id, body }),
  });

  // ---- contracts: the same endpoints for each register, each under its own permission
  const cifrador = cifradorDe(deps.config);
  registrarAlCompletar('contratos', (o, d) => service.alFirmarTodos(o, d));
  const registros: [ProgramaContrato, string, number][] = [
    ['contratos', '/firmas/contratos', IDM_CONTRATOS],
    ['coem', '/firmas/contratos-coem', IDM_CONTRATOS_COEM],
  ];
  for (const [programa, base, permiso] of registros) {
    const que = programa === 'coem' ? 'contrato de mandato/consignación' : 'contrato';
    defineRoute(app, deps, {
      method: 'GET',
      url: base,
      permiso,
      schema: {
        response: zListResult(ZContratoResumen),
        querystring: ZContratosQuery,
        tags,
        summary: `Lista de ${que}s, con búsqueda y filtros`,
      },
      handler: ({ tx, query }) => service.listar({ tx, programa, query }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/opciones/inmuebles`,
      permiso,
      schema: {
        response: z.array(ZOpcionContrato),
        querystring: ZOpcionesQuery,
        tags,
        summary: 'Inmuebles para el formulario (por dirección o número)',
      },
      handler: ({ tx, query }) => service.opcionesInmuebles(tx, query.q, query.id),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/opciones/terceros`,
      permiso,
      schema: {
        response: z.array(ZOpcionContrato),
        querystring: ZOpcionesQuery,
        tags,
        summary: 'Terceros para el formulario (por nombre o documento)',
      },
      handler: ({ tx, query }) => service.opcionesTerceros(tx, query.q, query.id),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/opciones/plantillas`,
      permiso,
      schema: {
        response: z.array(ZOpcionContrato.extend({ clase: z.string() })),
        tags,
        summary: 'Las plantillas activas de este registro',
      },
      handler: ({ tx }) => service.opcionesPlantillas(tx, programa),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/:id`,
      permiso,
      schema: { response: ZContrato, params: ZIdContratoParam, tags, summary: `Un ${que}: partes, estado e historial` },
      handler: ({ tx, params }) => service.obtener({ tx, programa, id: params.id }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: base,
      permiso,
      schema: {
        response: ZContrato,
        body: ZContratoForm,
        tags,
        summary: `Crea un ${que} desde un inmueble, sus partes y una plantilla`,
      },
      handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, programa, body }),
    });
    defineRoute(app, deps, {
      method: 'PUT',
      url: `${base}/:id`,
      permiso,
      schema: {
        response: ZContrato,
        params: ZIdContratoParam,
        body: ZContratoForm,
        tags,
        summary: `Modifica un ${que} en borrador`,
      },
      handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, user, ip: req.ip, programa, id: params.id, body }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/:id/estado`,
      permiso,
      schema: {
        response: ZContrato,
        params: ZIdContratoParam,
        body: ZCambioEstadoContrato,
        tags,
        summary: 'Cambia el estado (vigente, terminado)',
      },
      handler: ({ tx, user, req, params, body }) =>
        service.cambiarEstado({ tx, user, ip: req.ip, programa, id: params.id, body }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/:id/pdf`,
      permiso,
      schema: {
        response: FILE_RESPONSE,
        params: ZIdContratoParam,
        tags,
        summary: `El ${que} en PDF, llenado desde su plantilla`,
      },
      handler: async ({ tx, user, params, reply, onCommit }) => {
        const doc = await service.documento({ tx, user, programa, id: params.id });
        return afterCommit(onCommit, reply, async () =>
          enviarArchivo(reply, await service.pdfDe({ user, storage: deps.storage, doc })),
        );
      },
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `${base}/:id/firmado`,
      permiso,
      schema: {
        response: FILE_RESPONSE,
        params: ZIdContratoParam,
        tags,
        summary: `El ${que} firmado por todas las partes y sellado`,
      },
      handler: async ({ tx, params, reply }) =>
        enviarArchivo(reply, await service.pdfFirmado({ tx, storage: deps.storage, programa, id: params.id })),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/:id/enviar`,
      permiso,
      schema: {
        response: ZContrato,
        params: ZIdContratoParam,
        body: ZEnviarContrato,
        tags,
        summary: 'Envía el contrato a firma electrónica a sus partes',
      },
      handler: ({ tx, onCommit, user, req, params, body }) =>
        service.enviarAFirma({
          tx,
          onCommit,
          user,
          ip: req.ip,
          storage: deps.storage,
          mailer: deps.mailer,
          hub: deps.hub,
          cifrador,
          base: urlPublica(deps.mailer.urlPublica, req),
          programa,
          id: params.id,
          body,
        }),
    });
  }
}
