import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CLAVES_INFORME,
  IDM_GERENTE_INFORMES,
  INFORMES,
  ZBuscarClienteInforme,
  ZConfirmarDisponibilidad,
  ZProgramacionActivo,
  ZProgramacionForm,
  ZProgramacionParams,
  zFiltros,
  ZAsesorInforme,
  ZClienteInforme,
  ZConfirmacionDisponibilidad,
  ZDestinatarioInforme,
  ZEnvioInformeEncolado,
  ZProgramacionInforme,
  ZRespuestaInforme,
  ZTableroGerencia,
} from '@predio/contract/informes';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, afterCommit } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { alcance, asesores, clientesDelRegistro, confirmarDisponibilidad, ejecutar, tablero } from './informes.ts';
import * as exportar from './informes.exportar.ts';
import { ConcurrencyLimit } from '../../platform/concurrency-limit.ts';
import { REGISTRO } from './informes.registro.ts';
import * as programacion from './informes-programacion.ts';

const tags = ['informes'];

/**
 * Informes (spec §2 /informes): every declared report gets the same two endpoints, guarded by its menu
 * idm: `GET /informes/<clave>/datos` (summary, chart, rows, totals) and `/exportar?formato=xlsx|pdf`.
 */
export function informesRoutes(app: FastifyInstance, deps: Deps): void {
  // Reports read a lot: two at a time on PostgreSQL (each a backend on the machine's cores and rows to
  // serialise on the API's one thread), one on PGlite (whose one connection would otherwise hold the
  // waiting reports' transactions ahead of every other request). Others wait their turn.
  const limite = new ConcurrencyLimit(deps.db.kind === 'pglite' ? 1 : 2);
  for (const clave of CLAVES_INFORME) {
    const def = REGISTRO[clave];
    const meta = INFORMES[clave];
    const querystring = zFiltros(meta.filtros);
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${clave}/datos`,
      permiso: meta.idm,
      instantanea: true,
      limite,
      schema: { querystring, response: ZRespuestaInforme, tags, summary: `${meta.titulo}: resumen, gráfico y filas` },
      handler: ({ tx, user, query }) => ejecutar(tx, def, alcance(clave, user, query)),
    });
    // The asesor filter's options, under the report's own idm (the users' list needs another permission).
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${clave}/asesores`,
      permiso: meta.idm,
      schema: { response: z.array(ZAsesorInforme), tags, summary: 'Usuarios activos de la empresa, para el filtro de asesor' },
      handler: ({ tx, user }) => asesores(tx, user),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${clave}/exportar`,
      permiso: meta.idm,
      instantanea: true,
      limite,
      schema: { querystring, response: FILE_RESPONSE, tags, summary: `${meta.titulo} en Excel o PDF` },
      handler: async ({ tx, user, query, reply, onCommit }) => {
        const { agrupar, ...filtros } = query;
        const r = await ejecutar(tx, def, alcance(clave, user, filtros));
        const grupos = exportar.gruposExportados(r, typeof agrupar === 'string' ? agrupar : undefined);
        if (query.formato === 'pdf') {
          // The HTML is checked inside the transaction (a 400 for too many rows); the layout runs after it.
          const html = await exportar.pdfHtml(r, grupos);
          const empresa = await exportar.empresaDe(tx);
          return afterCommit(onCommit, reply, async () =>
            enviarArchivo(reply, await exportar.pdf(html, { empresa, idEmpresa: user.idEmpresa, storage: deps.storage }, r)),
          );
        }
        return enviarArchivo(reply, await exportar.xlsx(r, grupos));
      },
    });
    // «Programar envío»: the report's schedules, under its own idm (docs/informes.md).
    const base = `/informes/${clave}/programaciones`;
    defineRoute(app, deps, {
      method: 'GET',
      url: base,
      permiso: meta.idm,
      schema: { response: z.array(ZProgramacionInforme), tags, summary: `${meta.titulo}: envíos programados por correo` },
      handler: ({ tx, user }) => programacion.listar({ tx, user, clave }),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${clave}/destinatarios`,
      permiso: meta.idm,
      schema: {
        response: z.array(ZDestinatarioInforme),
        tags,
        summary: 'Usuarios activos de la empresa que pueden recibir el informe, y si tienen correo',
      },
      handler: ({ tx }) => programacion.destinatarios(tx),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: base,
      permiso: meta.idm,
      schema: {
        body: ZProgramacionForm,
        response: ZProgramacionInforme,
        tags,
        summary: `Programa el envío semanal o mensual de ${meta.titulo}`,
      },
      handler: ({ tx, user, req, body }) => programacion.crear({ tx, user, ip: req.ip, clave, body }),
    });
    defineRoute(app, deps, {
      method: 'PUT',
      url: `${base}/:id`,
      permiso: meta.idm,
      schema: {
        params: ZProgramacionParams,
        body: ZProgramacionForm,
        response: ZProgramacionInforme,
        tags,
        summary: 'Cambia un envío programado',
      },
      handler: ({ tx, user, req, params, body }) => programacion.modificar({ tx, user, ip: req.ip, clave, id: params.id, body }),
    });
    defineRoute(app, deps, {
      method: 'PATCH',
      url: `${base}/:id`,
      permiso: meta.idm,
      schema: {
        params: ZProgramacionParams,
        body: ZProgramacionActivo,
        response: ZProgramacionInforme,
        tags,
        summary: 'Activa o desactiva un envío programado',
      },
      handler: ({ tx, user, req, params, body }) =>
        programacion.activar({ tx, user, ip: req.ip, clave, id: params.id, activo: body.activo }),
    });
    defineRoute(app, deps, {
      method: 'DELETE',
      url: `${base}/:id`,
      permiso: meta.idm,
      schema: { params: ZProgramacionParams, response: z.null(), tags, summary: 'Elimina un envío programado' },
      handler: ({ tx, user, req, params }) => programacion.eliminar({ tx, user, ip: req.ip, clave, id: params.id }),
    });
    defineRoute(app, deps, {
      method: 'POST',
      url: `${base}/:id/enviar`,
      permiso: meta.idm,
      schema: {
        params: ZProgramacionParams,
        response: ZEnvioInformeEncolado,
        tags,
        summary: 'Envía el informe ahora a los destinatarios (el periodo anterior completo)',
      },
      handler: ({ tx, user, req, params }) => programacion.enviarAhora({ tx, user, ip: req.ip, clave, id: params.id }),
    });
  }
  // Inicio's manager figures: whoever sees every asesor's rows (Gestión comercial; administrators hold all).
  defineRoute(app, deps, {
    method: 'GET',
    url: '/informes/tablero',
    permiso: IDM_GERENTE_INFORMES,
    instantanea: true,
    limite,
    schema: {
      response: ZTableroGerencia,
      tags,
      summary: 'El mes de la agencia para la página de inicio, cifra por cifra desde sus informes',
    },
    handler: ({ tx }) => tablero(tx, REGISTRO),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/informes/clientesatendidosregistro/clientes',
    permiso: INFORMES.clientesatendidosregistro.idm,
    schema: {
      querystring: ZBuscarClienteInforme,
      response: z.array(ZClienteInforme),
      tags,
      summary: 'Clientes atendidos por N.º o nombre, para el filtro de cliente',
    },
    handler: ({ tx, user, query }) => clientesDelRegistro(tx, user, query.q),
  });
  const disponibilidad = INFORMES['verificar-disponibilidad'];
  defineRoute(app, deps, {
    method: 'POST',
    url: `/informes/verificar-disponibilidad/${disponibilidad.accion.ruta}`,
    permiso: disponibilidad.idm,
    schema: {
      body: ZConfirmarDisponibilidad,
      response: ZConfirmacionDisponibilidad,
      tags,
      summary: 'Registra que el propietario confirmó la disponibilidad',
    },
    handler: ({ tx, user, req, body }) => confirmarDisponibilidad({ tx, user, ip: req.ip, consecutivo: body.consecutivo }),
  });
}
