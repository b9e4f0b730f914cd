import type { FastifyInstance } from 'fastify';
import { ZConsecutivoParam } from '@predio/contract/campos';
import {
  IDM_INMUEBLE,
  IDM_INMUEBLES_DISPONIBLES,
  IDMS_LECTURA_INMUEBLE,
  ZCambioEstado,
  ZEliminarInmueble,
  ZInmuebleActualizar,
  ZInmuebleForm,
  ZInmueblesConteoQuery,
  ZInmueblesExportarQuery,
  ZInmueblesQuery,
  ZLiberarBloqueoQuery,
  ZOpcionesQuery,
  ZVistaBuscador,
  ZBloqueo,
  ZCaracteristicaOpcion,
  ZOpcionInmueble,
  ZCambioPrecio,
  ZHistorialEstado,
  ZInmuebleDetalle,
  ZInmuebleEliminado,
  ZInmuebleResumen,
} from '@predio/contract/inmuebles';
import { ZConteo, zPaginaSinConteo } from '@predio/contract/list';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, afterCommit } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { liberarTodos } from '../../platform/bloqueos/bloqueos.ts';
import * as service from './inmuebles.service.ts';

const tags = ['inmuebles'];
const permiso = IDM_INMUEBLE;

export function inmueblesRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmueble/quitarMarcaEditandoTodos',
    permiso: 'token',
    schema: { response: z.object({ liberados: z.number() }), tags, summary: 'Libera todas las marcas de edición del usuario' },
    handler: async ({ tx, user }) => ({ liberados: await liberarTodos(tx, user.idUsuario) }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles',
    permiso: IDM_INMUEBLES_DISPONIBLES,
    schema: {
      response: zPaginaSinConteo(ZInmuebleResumen),
      querystring: ZInmueblesQuery,
      tags,
      summary: 'Busca inmuebles (inmuebles-disponibles): una página con filtros y orden, sin contarlos (hayMas)',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/conteo',
    permiso: IDM_INMUEBLES_DISPONIBLES,
    schema: {
      response: ZConteo,
      querystring: ZInmueblesConteoQuery,
      tags,
      summary: 'Cuántos inmuebles cumplen los filtros (hasta 1.000)',
    },
    handler: ({ tx, query }) => service.contar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/exportar',
    permiso: IDM_INMUEBLES_DISPONIBLES,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZInmueblesExportarQuery,
      tags,
      summary: 'Exporta el resultado de la búsqueda (Excel o CSV)',
    },
    handler: async ({ tx, user, query, reply, onCommit }) => {
      const { escribir } = await service.exportar({ tx, query });
      return afterCommit(onCommit, reply, async () => enviarArchivo(reply, await escribir(deps.db, user.idEmpresa)));
    },
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inmuebles',
    permiso,
    schema: {
      response: ZInmuebleDetalle,
      body: ZInmuebleForm,
      tags,
      summary: 'Crea un inmueble con el siguiente consecutivo de la empresa',
    },
    handler: ({ tx, onCommit, user, req, body }) => service.crear({ tx, onCommit, deps, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: ZInmuebleDetalle.extend({ bloqueo: ZBloqueo.nullable() }),
      params: ZConsecutivoParam,
      tags,
      summary: 'Un inmueble con propietarios y quién lo está editando',
    },
    handler: ({ tx, user, params }) => service.obtener({ tx, user, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inmuebles/:consecutivo',
    permiso,
    schema: {
      response: ZInmuebleDetalle,
      params: ZConsecutivoParam,
      body: ZInmuebleActualizar,
      tags,
      summary: 'Modifica un inmueble (exige el bloqueo de edición; version: la que se editó)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.actualizar({ tx, onCommit, deps, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inmuebles/:consecutivo/estado',
    permiso,
    schema: {
      response: ZInmuebleDetalle,
      params: ZConsecutivoParam,
      body: ZCambioEstado,
      tags,
      summary: 'Cambia el estado (retirado exige causal)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.cambiarEstado({ tx, onCommit, deps, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inmuebles/:consecutivo/eliminar',
    permiso,
    schema: {
      response: ZInmuebleEliminado,
      params: ZConsecutivoParam,
      body: ZEliminarInmueble,
      tags,
      summary:
        'Elimina un inmueble creado por error (administrador; no si está arrendado o vendido, o tiene solicitudes o envíos)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.eliminar({ tx, onCommit, storage: deps.storage, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/estados',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: z.array(ZHistorialEstado),
      params: ZConsecutivoParam,
      tags,
      summary: 'Historial de estados del inmueble (490 o 491)',
    },
    handler: ({ tx, user, params }) => service.historialEstados({ tx, user, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles/:consecutivo/precios',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: z.array(ZCambioPrecio),
      params: ZConsecutivoParam,
      tags,
      summary: 'Historial de precios del inmueble: canon, venta, administración (490 o 491)',
    },
    handler: ({ tx, user, params }) => service.historialPrecios({ tx, user, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inmuebles/:consecutivo/bloqueo',
    permiso,
    schema: {
      response: ZBloqueo,
      params: ZConsecutivoParam,
      tags,
      summary: 'Toma o renueva el bloqueo de edición (409 con quién lo tiene)',
    },
    handler: ({ tx, user, req, params }) => service.tomarBloqueo({ tx, user, ip: req.ip, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inmuebles/:consecutivo/bloqueo',
    permiso,
    schema: {
      response: z.object({ liberado: z.boolean() }),
      params: ZConsecutivoParam,
      querystring: ZLiberarBloqueoQuery,
      tags,
      summary: 'Libera el bloqueo propio; forzar=1 (administrador) rompe el de otro usuario',
    },
    handler: ({ tx, user, req, params, query }) =>
      service.liberarBloqueo({ tx, user, ip: req.ip, consecutivo: params.consecutivo, forzar: query.forzar }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles-opciones/asesores',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: z.array(ZOpcionInmueble),
      querystring: ZOpcionesQuery,
      tags,
      summary: 'Usuarios activos para asesor captador/comercial (490 o 491)',
    },
    handler: ({ tx, user, query }) => service.opcionesAsesores({ tx, user, q: query.q, id: query.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles-opciones/propietarios',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: z.array(ZOpcionInmueble),
      querystring: ZOpcionesQuery,
      tags,
      summary: 'Terceros activos para propietarios (490 o 491)',
    },
    handler: ({ tx, user, query }) => service.opcionesPropietarios({ tx, user, q: query.q, id: query.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inmuebles-opciones/caracteristicas',
    permiso: IDMS_LECTURA_INMUEBLE,
    schema: {
      response: z.array(ZCaracteristicaOpcion),
      tags,
      summary: 'El catálogo activo de características con su grupo (490 o 491)',
    },
    handler: ({ tx, user }) => service.caracteristicas({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inmuebles-vista',
    permiso: IDM_INMUEBLES_DISPONIBLES,
    schema: {
      response: z.object({ tipoVistaInmueblesBuscador: z.number() }),
      body: ZVistaBuscador,
      tags,
      summary: 'Recuerda la vista del buscador (tipoVistaInmueblesBuscador)',
    },
    handler: ({ tx, user, body }) => service.guardarVista({ tx, user, tipo: body.tipo }),
  });
}
