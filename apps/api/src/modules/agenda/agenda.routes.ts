import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IDM_AGENDA,
  IDM_MODIFICACIONES_AGENDA,
  ZBorrarCitaQuery,
  ZCitaCambios,
  ZCitaForm,
  ZCitasExportarQuery,
  ZCitasQuery,
  ZIdParam,
  ZInvitarCita,
  ZModificacionesAgendaExportarQuery,
  ZModificacionesAgendaQuery,
  ZCita,
  ZCitaCalendario,
  ZInvitacionCita,
  ZModificacionAgenda,
  ZOpcionesAgenda,
  ZVinculoCita,
} from '@predio/contract/agenda';
import { zListResult } from '@predio/contract/list';
import { entero, ZConsecutivoParam } from '@predio/contract/campos';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, YA_RESPONDIDO } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { crearCacheCalendario } from './agenda-cache.ts';
import * as feed from './agenda-feed.service.ts';
import * as service from './agenda.service.ts';

const tags = ['agenda'];
const permiso = IDM_AGENDA;

const ZArchivoFeed = z.object({
  archivo: z.string().regex(/^[A-Za-z0-9_-]{32}\.ics$/, { error: 'archivo debe ser la clave del calendario seguida de .ics' }),
});
const ZBuscar = z.object({ q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).optional() });
const ZPreferencias = z.object({ minutos: entero('Minutos del recordatorio', 0, 10_080) });

/** Archivo > Agenda (idm 489): the calendar's citas. */
export function agendaRoutes(app: FastifyInstance, deps: Deps): void {
  const aviso = { hub: deps.hub, mailer: deps.mailer };
  const cache = crearCacheCalendario();
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas',
    permiso,
    schema: {
      response: z.array(ZCitaCalendario),
      querystring: ZCitasQuery,
      tags,
      summary: 'Citas que se cruzan con [desde, hasta), por asesores y categorías',
    },
    handler: ({ tx, user, query }) => service.listar({ tx, query, idEmpresa: user.idEmpresa, cache }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/exportar',
    permiso,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZCitasExportarQuery,
      tags,
      summary: 'Las citas del rango y filtros del calendario en Excel, CSV o iCalendar (.ics)',
    },
    handler: async ({ tx, user, query, reply }) => enviarArchivo(reply, await service.exportar({ tx, user, query })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/opciones',
    permiso,
    schema: {
      response: ZOpcionesAgenda,
      tags,
      summary: 'Asesores (color, desactivado en agenda), categorías y resultados de la agenda',
    },
    handler: ({ tx }) => service.opciones({ tx }),
  });
  // The user's private ICS feed: its state, a new URL (the old one stops), revocation.
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/feed',
    permiso,
    schema: {
      response: z.object({ activo: z.boolean(), creado_en: z.string().nullable() }),
      tags,
      summary: 'Si el usuario tiene un calendario privado (ICS) publicado',
    },
    handler: ({ tx, user }) => feed.estadoFeed({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/citas/feed',
    permiso,
    schema: {
      response: z.object({ url: z.string() }),
      tags,
      summary: 'Crea la URL privada del calendario ICS del usuario (la anterior deja de servir)',
    },
    handler: ({ tx, user, req }) => feed.crearFeed({ tx, user, base: `${req.protocol}://${req.host}` }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/citas/feed',
    permiso,
    schema: { response: z.object({ activo: z.literal(false) }), tags, summary: 'Revoca el calendario ICS del usuario' },
    handler: ({ tx, user }) => feed.revocarFeed({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/agenda/ical/:archivo',
    permiso: 'publico',
    schema: {
      response: FILE_RESPONSE,
      params: ZArchivoFeed,
      tags,
      summary: 'Calendario ICS de un usuario (sin sesión: la clave privada de su URL)',
    },
    handler: async ({ params, reply }) => {
      const ics = await feed.feedIcs(deps, params.archivo.slice(0, -4));
      await reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(ics);
      return YA_RESPONDIDO;
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/terceros',
    permiso,
    schema: {
      response: z.array(
        z.object({ id: z.number(), nro_id: z.string(), nombre: z.string(), celular: z.string(), email: z.string() }),
      ),
      querystring: ZBuscar,
      tags,
      summary: 'Terceros activos para elegir los participantes (máximo 20)',
    },
    handler: ({ tx, query }) => service.buscarTerceros({ tx, q: query.q }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/preferencias',
    permiso,
    schema: {
      response: z.object({ minutos: z.number() }),
      tags,
      summary: 'Minutos antes de una cita en que llega su recordatorio (del usuario)',
    },
    handler: ({ tx, user }) => service.minutosRecordatorio({ tx, user }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/citas/preferencias',
    permiso,
    schema: {
      response: z.object({ minutos: z.number() }),
      body: ZPreferencias,
      tags,
      summary: 'Cambia los minutos del recordatorio del usuario',
    },
    handler: ({ tx, user, body }) => service.guardarMinutosRecordatorio({ tx, user, minutos: body.minutos }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/inmueble/:consecutivo',
    permiso,
    schema: { response: z.array(ZCita), params: ZConsecutivoParam, tags, summary: 'Citas de un inmueble, próximas y pasadas' },
    handler: ({ tx, params }) => service.deInmueble({ tx, consecutivo: params.consecutivo }),
  });
  // A lead and a tercero by id, a solicitud by its numero.
  for (const [tipo, quien] of [
    ['cliente', 'un cliente atendido'],
    ['solicitud', 'una solicitud (por número)'],
    ['tercero', 'un tercero (como participante)'],
  ] as const) {
    defineRoute(app, deps, {
      method: 'GET',
      url: `/citas/${tipo}/:id`,
      permiso,
      schema: { response: z.array(ZCita), params: ZIdParam, tags, summary: `Citas de ${quien}, próximas y pasadas` },
      handler: ({ tx, params }) => service.deRegistro({ tx, tipo, clave: params.id }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `/citas/vinculo/${tipo}/:id`,
      permiso,
      schema: { response: ZVinculoCita, params: ZIdParam, tags, summary: `Con qué empieza una cita nueva desde ${quien}` },
      handler: ({ tx, params }) => service.vinculo({ tx, tipo, clave: params.id }),
    });
  }
  // Archivo > Utilidades > Modificaciones de agenda (idm 19).
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/modificaciones',
    permiso: IDM_MODIFICACIONES_AGENDA,
    schema: {
      response: zListResult(ZModificacionAgenda),
      querystring: ZModificacionesAgendaQuery,
      tags,
      summary: 'Cambios de las citas campo por campo (fechas, cita, asesor)',
    },
    handler: ({ tx, query }) => service.modificaciones({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/modificaciones/exportar',
    permiso: IDM_MODIFICACIONES_AGENDA,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZModificacionesAgendaExportarQuery,
      tags,
      summary: 'Exporta los cambios del filtro (Excel o CSV)',
    },
    handler: async ({ tx, query, reply }) => enviarArchivo(reply, await service.exportarModificaciones({ tx, query })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/citas/:id',
    permiso,
    schema: { response: ZCita, params: ZIdParam, tags, summary: 'Una cita' },
    handler: ({ tx, params }) => service.obtener({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/citas',
    permiso,
    schema: { response: ZCita, body: ZCitaForm, tags, summary: 'Agenda una cita (409 con los cruces si no se confirmó)' },
    handler: ({ tx, onCommit, user, req, body }) => service.crear({ tx, onCommit, ...aviso, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PATCH',
    url: '/citas/:id',
    permiso,
    schema: {
      response: ZCita,
      params: ZIdParam,
      body: ZCitaCambios,
      tags,
      summary: 'Modifica una cita: mover, estado y resultado, datos',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.actualizar({ tx, onCommit, ...aviso, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/citas/:id/invitar',
    permiso,
    schema: {
      response: ZInvitacionCita,
      params: ZIdParam,
      body: ZInvitarCita,
      tags,
      summary: 'Envía la cita por correo a sus participantes, con un .ics para su calendario',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.invitarParticipantes({
        tx,
        onCommit,
        user,
        ip: req.ip,
        mailer: deps.mailer,
        storage: deps.storage,
        id: params.id,
        mensaje: body.mensaje,
      }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/citas/:id',
    permiso,
    schema: {
      response: z.null(),
      params: ZIdParam,
      querystring: ZBorrarCitaQuery,
      tags,
      summary: 'Elimina una cita, o las citas abiertas de su serie (alcance=serie); avisa a sus asesores',
    },
    handler: ({ tx, onCommit, user, req, params, query }) =>
      service.borrar({ tx, onCommit, ...aviso, user, ip: req.ip, id: params.id, alcance: query.alcance }),
  });
}
