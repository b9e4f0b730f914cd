import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZConsecutivoParam } from '@predio/contract/campos';
import { IDMS_LECTURA_INMUEBLE } from '@predio/contract/inmuebles';
import {
  IDM_CERRAR_CLIENTES_CASCADA,
  IDM_CLIENTES_ATENDIDOS,
  ZBuscarTercerosQuery,
  ZCerrarCascada,
  ZCierre,
  ZClienteActualizar,
  ZClienteForm,
  ZClientesExportarQuery,
  ZClientesQuery,
  ZConvertir,
  ZCriteriosCascada,
  ZEnviarFichaAClientes,
  ZEnviarInmuebles,
  ZNotaBody,
  ZAsesorOpcion,
  ZClienteCoincidente,
  ZClienteDetalle,
  ZClienteResumen,
  ZEnvioFichaAClientes,
  ZEnvioInmuebles,
  ZInmuebleCoincidente,
  ZResultadoCascada,
  ZTerceroOpcion,
  ZVistaPreviaCascada,
} from '@predio/contract/clientes';
import { zListResult } from '@predio/contract/list';
import { z } from 'zod';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, afterCommit, envelope } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { inTenant } from '../../platform/tenant.ts';
import * as coincidencias from './clientes-coincidencias.service.ts';
import * as envio from './clientes-envio.service.ts';
import * as service from './clientes.service.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';

const tags = ['clientes'];
const permiso = IDM_CLIENTES_ATENDIDOS;
const base = '/clientes-atendidos';

export function clientesRoutes(app: FastifyInstance, deps: Deps): void {
  const avisos = { hub: deps.hub, mailer: deps.mailer };
  /**
   * The fichas are laid out and stored once the request's transaction commits (afterCommit),
   * then queued in a second one. If that fails (a lead was closed meanwhile), the stored fichas are
   * removed.
   */
  const conFichas = <T>(
    c: { user: Principal; ip: string; urlPublica: string; reply: FastifyReply; onCommit: (fn: () => void) => void },
    preparado: { pedidos: envio.PedidoFicha[] },
    encolar: (o: envio.Encolar) => Promise<T>,
  ) =>
    afterCommit(c.onCommit, c.reply, async () => {
      const adjuntos = await envio.guardarFichas({ user: c.user, storage: deps.storage, preparado, urlPublica: c.urlPublica });
      try {
        const r = await inTenant(deps.db, c.user.idEmpresa, (scope) =>
          encolar({ ...scope, mailer: deps.mailer, user: c.user, ip: c.ip, adjuntos }),
        );
        await c.reply.send(envelope(r));
      } catch (e) {
        await envio.borrarFichas(deps.storage, adjuntos);
        throw e;
      }
    });
  defineRoute(app, deps, {
    method: 'GET',
    url: base,
    permiso,
    schema: {
      response: zListResult(ZClienteResumen),
      querystring: ZClientesQuery,
      tags,
      summary: 'Clientes atendidos: búsqueda, filtros, orden y página',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${base}/exportar`,
    permiso,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZClientesExportarQuery,
      tags,
      summary: 'Exporta los clientes del filtro actual (Excel o CSV)',
    },
    handler: async ({ tx, user, query, reply, onCommit }) => {
      const { escribir } = await service.exportar({ tx, query });
      return afterCommit(onCommit, reply, async () => enviarArchivo(reply, await escribir(deps.db, user.idEmpresa)));
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${base}/terceros`,
    permiso,
    schema: {
      response: z.array(ZTerceroOpcion),
      querystring: ZBuscarTercerosQuery,
      tags,
      summary: 'Terceros activos para elegir el del cliente (máximo 20)',
    },
    handler: ({ tx, query }) => service.buscarTerceros({ tx, q: query.q }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${base}/asesores`,
    permiso,
    schema: {
      response: z.array(ZAsesorOpcion),
      tags,
      summary: 'Usuarios activos de la empresa que pueden ser asesores; porDefecto, el de un cliente nuevo',
    },
    handler: ({ tx, user }) => service.asesores({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: base,
    permiso,
    schema: {
      response: ZClienteDetalle,
      body: ZClienteForm,
      tags,
      summary: 'Registra un cliente atendido con el siguiente consecutivo',
    },
    handler: ({ tx, onCommit, user, req, body }) => service.crear({ tx, onCommit, ...avisos, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${base}/:consecutivo`,
    permiso,
    schema: {
      response: ZClienteDetalle,
      params: ZConsecutivoParam,
      tags,
      summary: 'Un cliente atendido con requisitos y seguimiento',
    },
    handler: ({ tx, params }) => service.obtener({ tx, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: `${base}/:consecutivo`,
    permiso,
    schema: {
      response: ZClienteDetalle,
      params: ZConsecutivoParam,
      body: ZClienteActualizar,
      tags,
      summary: 'Modifica un cliente abierto (version: la que se editó)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.actualizar({ tx, onCommit, ...avisos, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${base}/:consecutivo/notas`,
    permiso,
    schema: {
      response: ZClienteDetalle,
      params: ZConsecutivoParam,
      body: ZNotaBody,
      tags,
      summary: 'Anota un seguimiento (pasa a en seguimiento)',
    },
    handler: ({ tx, user, req, params, body }) =>
      service.agregarNota({ tx, user, ip: req.ip, consecutivo: params.consecutivo, texto: body.texto }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${base}/:consecutivo/cerrar`,
    permiso,
    schema: {
      response: ZClienteDetalle,
      params: ZConsecutivoParam,
      body: ZCierre,
      tags,
      summary: 'Cierra el cliente con un resultado',
    },
    handler: ({ tx, user, req, params, body }) => service.cerrar({ tx, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${base}/:consecutivo/reabrir`,
    permiso,
    schema: {
      response: ZClienteDetalle,
      params: ZConsecutivoParam,
      tags,
      summary: 'Reabre un cliente cerrado (queda en seguimiento)',
    },
    handler: ({ tx, user, req, params }) => service.reabrir({ tx, user, ip: req.ip, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${base}/:consecutivo/convertir`,
    permiso,
    schema: {
      response: ZClienteDetalle,
      params: ZConsecutivoParam,
      body: ZConvertir,
      tags,
      summary: 'Marca al tercero del cliente como propietario o arrendatario',
    },
    handler: ({ tx, user, req, params, body }) =>
      service.convertir({ tx, user, ip: req.ip, consecutivo: params.consecutivo, rol: body.rol }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${base}/:consecutivo/enviar-inmuebles`,
    permiso,
    schema: {
      response: ZEnvioInmuebles,
      params: ZConsecutivoParam,
      body: ZEnviarInmuebles,
      tags,
      summary: 'Envía al cliente por correo la ficha en PDF de los inmuebles elegidos y lo anota en el seguimiento',
    },
    handler: async ({ tx, user, req, reply, params, body, onCommit }) => {
      const preparado = await envio.prepararEnvio({ tx, user, consecutivo: params.consecutivo, body });
      return conFichas(
        { user, ip: req.ip, urlPublica: urlPublica(deps.config.publicUrl, req), reply, onCommit },
        preparado,
        (o) => envio.encolarEnvio({ ...o, preparado }),
      );
    },
  });
  // The property's side: one property's ficha to several of its matching leads, one message each.
  // Writes to leads (463); the ficha needs the property screens too, which pedidoFicha checks.
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inmuebles/:consecutivo/enviar-a-clientes',
    permiso,
    schema: {
      response: ZEnvioFichaAClientes,
      params: ZConsecutivoParam,
      body: ZEnviarFichaAClientes,
      tags,
      summary:
        'Envía la ficha en PDF del inmueble a varios clientes atendidos, un correo a cada uno, y lo anota en su seguimiento',
    },
    handler: async ({ tx, user, req, reply, params, body, onCommit }) => {
      const preparado = await envio.prepararEnvioVarios({ tx, user, consecutivo: params.consecutivo, body });
      return conFichas(
        { user, ip: req.ip, urlPublica: urlPublica(deps.config.publicUrl, req), reply, onCommit },
        preparado,
        (o) => envio.encolarEnvioVarios({ ...o, preparado }),
      );
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: `${base}/:consecutivo/coincidencias`,
    permiso,
    schema: {
      response: z.array(ZInmuebleCoincidente),
      params: ZConsecutivoParam,
      tags,
      summary: 'Inmuebles disponibles que coinciden, con puntaje y motivos',
    },
    handler: ({ tx, params }) => service.coincidencias({ tx, consecutivo: params.consecutivo }),
  });
  // Shown on the property page: from the form (490) or the search (491).
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/clientes-coincidentes',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: z.array(ZClienteCoincidente),
      params: ZConsecutivoParam,
      tags,
      summary: 'Clientes abiertos a los que les sirve el inmueble, con puntaje y motivos',
    },
    handler: ({ tx, user, params }) => coincidencias.clientesParaInmueble({ tx, user, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${base}/cascada/vista-previa`,
    permiso: IDM_CERRAR_CLIENTES_CASCADA,
    schema: {
      response: ZVistaPreviaCascada,
      body: ZCriteriosCascada,
      tags,
      summary: 'Cuántos y cuáles clientes cerraría la cascada (primeros 200)',
    },
    handler: ({ tx, body }) => service.vistaPreviaCascada({ tx, criterios: body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: `${base}/cascada/cerrar`,
    permiso: IDM_CERRAR_CLIENTES_CASCADA,
    schema: {
      response: ZResultadoCascada,
      body: ZCerrarCascada,
      tags,
      summary: 'Cierra en una transacción los clientes de los criterios (esperados: el conteo confirmado)',
    },
    handler: ({ tx, user, req, body }) => service.cerrarCascada({ tx, user, ip: req.ip, body }),
  });
}
