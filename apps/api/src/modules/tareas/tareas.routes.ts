import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IDM_LISTAS_VERIFICACION,
  IDM_TAREAS,
  ZComentarioForm,
  ZConsecutivoTarea,
  ZIdParam,
  ZItemAgregar,
  ZItemCambio,
  ZItemParam,
  ZListaVerificacionForm,
  ZModTareaExportarQuery,
  ZModTareaQuery,
  ZPlaybookForm,
  ZTareaCambios,
  ZTareaForm,
  ZTareasExportarQuery,
  ZTareasQuery,
  ZGuionCategoria,
  ZListaVerificacion,
  ZModTarea,
  ZOpcionesTareas,
  ZTarea,
  ZTareaResumen,
} from '@predio/contract/tareas';
import { zListaAcotada, zListResult } from '@predio/contract/list';
import { idQuery } from '@predio/contract/campos';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { registrarDueno } from '../../platform/archivos/duenos.ts';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import * as service from './tareas.service.ts';

const tags = ['tareas'];
const permiso = IDM_TAREAS;
export const TIPO_DUENO_TAREA = 'tarea';

/** A task owns attachments in platform/archivos by its consecutivo (<Archivos tipo="tarea">). */
function registrarDuenoTarea(): void {
  registrarDueno({
    tipo: TIPO_DUENO_TAREA,
    nombre: 'La tarea',
    leer: [IDM_TAREAS],
    escribir: [IDM_TAREAS],
    resolver: async (tx, clave) => {
      const n = Number(clave);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      const [r] = await queryRows<{ id: number }>(tx, sql`select id from tarea where consecutivo = ${n}`);
      return r ? String(r.id) : null;
    },
    // Only who may see the task lists, downloads, adds or deletes its files.
    antesDeEscribir: ({ tx, user, clave }) => service.visible(tx, user, Number(clave)),
    antesDeLeer: ({ tx, user, clave }) => service.visible(tx, user, Number(clave)),
    categorias: { adjunto: { maxBytes: 25 * 1024 * 1024, maxPorDueno: 50, plural: 'adjuntos', recientesPrimero: true } },
    categoriaPorDefecto: 'adjunto',
    entidadAuditoria: service.ENTIDAD_TAREA,
  });
}

/** Tareas (idm 10584) and Listas de verificación (idm 10586). */
export function tareasRoutes(app: FastifyInstance, deps: Deps): void {
  registrarDuenoTarea();
  const aviso = { hub: deps.hub, mailer: deps.mailer };
  defineRoute(app, deps, {
    method: 'GET',
    url: '/tareas',
    permiso,
    schema: {
      response: zListaAcotada(ZTareaResumen),
      querystring: ZTareasQuery,
      tags,
      summary: 'Tareas: mías, asignadas por mí o todas (quien puede), con filtros',
    },
    handler: ({ tx, user, query }) => service.listar({ tx, user, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/tareas/exportar',
    permiso,
    schema: { response: FILE_RESPONSE, querystring: ZTareasExportarQuery, tags, summary: 'Las tareas del filtro en Excel o CSV' },
    handler: async ({ tx, user, query, reply }) => enviarArchivo(reply, await service.exportar({ tx, user, query })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/tareas/opciones',
    permiso,
    schema: {
      response: ZOpcionesTareas,
      tags,
      summary: 'Usuarios, categorías (con su playbook), prioridades y listas de verificación',
    },
    handler: ({ tx, user }) => service.opciones({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/tareas/modificaciones',
    permiso,
    schema: {
      response: zListResult(ZModTarea),
      querystring: ZModTareaQuery,
      tags,
      summary: 'Cambios de las tareas campo por campo (Informes > Modificaciones de tareas)',
    },
    handler: ({ tx, query }) => service.modificaciones({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/tareas/modificaciones/exportar',
    permiso,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZModTareaExportarQuery,
      tags,
      summary: 'Exporta los cambios del filtro (Excel o CSV)',
    },
    handler: async ({ tx, query, reply }) => enviarArchivo(reply, await service.exportarModificaciones({ tx, query })),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/tareas',
    permiso,
    schema: { response: ZTarea, body: ZTareaForm, tags, summary: 'Crea una tarea (409 si vence en el pasado y no se confirmó)' },
    handler: ({ tx, onCommit, user, req, body }) => service.crear({ tx, onCommit, ...aviso, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/tareas/:consecutivo',
    permiso,
    schema: { response: ZTarea, params: ZConsecutivoTarea, tags, summary: 'Una tarea con su lista, comentarios e historial' },
    handler: ({ tx, user, params }) => service.obtener({ tx, user, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'PATCH',
    url: '/tareas/:consecutivo',
    permiso,
    schema: {
      response: ZTarea,
      params: ZConsecutivoTarea,
      body: ZTareaCambios,
      tags,
      summary: 'Modifica una tarea (estado, responsables, vencimiento…)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.actualizar({ tx, onCommit, ...aviso, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/tareas/:consecutivo/items',
    permiso,
    schema: {
      response: ZTarea,
      params: ZConsecutivoTarea,
      body: ZItemAgregar,
      tags,
      summary: 'Agrega un ítem a la lista de la tarea',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.agregarItem({ tx, onCommit, ...aviso, user, ip: req.ip, consecutivo: params.consecutivo, ...body }),
  });
  defineRoute(app, deps, {
    method: 'PATCH',
    url: '/tareas/:consecutivo/items/:idItem',
    permiso,
    schema: { response: ZTarea, params: ZItemParam, body: ZItemCambio, tags, summary: 'Marca o desmarca un ítem de la lista' },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.marcarItem({
        tx,
        onCommit,
        ...aviso,
        user,
        ip: req.ip,
        consecutivo: params.consecutivo,
        idItem: params.idItem,
        hecho: body.hecho,
      }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/tareas/:consecutivo/comentarios',
    permiso,
    schema: {
      response: ZTarea,
      params: ZConsecutivoTarea,
      body: ZComentarioForm,
      tags,
      summary: 'Comenta la tarea (avisa a participantes y mencionados)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.comentar({ tx, onCommit, ...aviso, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });

  // Listas de verificación and the categories' playbooks (idm 10586).
  const p2 = IDM_LISTAS_VERIFICACION;
  const t2 = ['listas-verificacion'];
  defineRoute(app, deps, {
    method: 'GET',
    url: '/listas-verificacion',
    permiso: p2,
    schema: { response: z.array(ZListaVerificacion), tags: t2, summary: 'Plantillas de listas de verificación con sus ítems' },
    handler: ({ tx }) => service.listas({ tx }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/listas-verificacion',
    permiso: p2,
    schema: { response: ZListaVerificacion, body: ZListaVerificacionForm, tags: t2, summary: 'Crea una lista de verificación' },
    handler: ({ tx, onCommit, user, req, body }) =>
      service.guardarLista({ tx, onCommit, ...aviso, user, ip: req.ip, id: null, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/listas-verificacion/:id',
    permiso: p2,
    schema: {
      response: ZListaVerificacion,
      params: ZIdParam,
      body: ZListaVerificacionForm,
      tags: t2,
      summary: 'Reemplaza una lista (las tareas ya creadas no cambian)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.guardarLista({ tx, onCommit, ...aviso, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/listas-verificacion/:id',
    permiso: p2,
    schema: { response: z.null(), params: ZIdParam, tags: t2, summary: 'Elimina una lista de verificación' },
    handler: ({ tx, onCommit, user, req, params }) =>
      service.borrarLista({ tx, onCommit, ...aviso, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/tareas-categorias/:id/playbook',
    permiso: p2,
    schema: {
      response: ZGuionCategoria,
      params: z.object({ id: idQuery('id') }),
      tags: t2,
      summary: 'El guion de la categoría: su lista de verificación y días hábiles de vencimiento',
    },
    handler: ({ tx, params }) => service.guion({ tx, idCategoria: params.id }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/tareas-categorias/:id/playbook',
    permiso: p2,
    schema: {
      response: z.object({ ok: z.literal(true) }),
      params: z.object({ id: idQuery('id') }),
      body: ZPlaybookForm,
      tags: t2,
      summary: 'Lista y días hábiles de vencimiento con que empiezan las tareas de la categoría',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.guardarPlaybook({ tx, onCommit, ...aviso, user, ip: req.ip, idCategoria: params.id, body }),
  });
}
