import type { FastifyInstance } from 'fastify';
import {
  CLAVES_INFORME,
  IDM_GERENTE_INFORMES,
  INFORMES,
  ZBuscarClienteInforme,
  ZConfirmarDisponibilidad,
  zFiltros,
} from '@predio/contract/informes';
import type { Deps } from '../../platform/deps.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { defineRoute, despuesDeConfirmar } from '../../platform/http/route.ts';
import { alcance, asesores, clientesDelRegistro, confirmarDisponibilidad, ejecutar, tablero } from './informes.ts';
import * as exportar from './informes.exportar.ts';
import { REGISTRO } from './informes.registro.ts';

const tags = ['informes'];

/**
 * Informes (spec §2 /informes): every declared report gets the same two endpoints, guarded by its menu
 * idm: `GET /informes/<clave>/datos` (summary, chart, rows, totals) and `/exportar?formato=xlsx|pdf`.
 */
export function informesRoutes(app: FastifyInstance, deps: Deps): void {
  for (const clave of CLAVES_INFORME) {
    const def = REGISTRO[clave];
    const meta = INFORMES[clave];
    const querystring = zFiltros(meta.filtros);
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${clave}/datos`,
      permiso: meta.idm,
      instantanea: true,
      schema: { querystring, tags, summary: `${meta.titulo}: resumen, gráfico y filas` },
      handler: ({ tx, user, query }) => ejecutar(tx, def, alcance(clave, user, query)),
    });
    // The asesor filter's options, under the report's own idm (the users' list needs another permission).
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${clave}/asesores`,
      permiso: meta.idm,
      schema: { tags, summary: 'Usuarios activos de la empresa, para el filtro de asesor' },
      handler: ({ tx, user }) => asesores(tx, user),
    });
    defineRoute(app, deps, {
      method: 'GET',
      url: `/informes/${clave}/exportar`,
      permiso: meta.idm,
      instantanea: true,
      schema: { querystring, tags, summary: `${meta.titulo} en Excel o PDF` },
      handler: async ({ tx, user, query, reply, alConfirmar }) => {
        const r = await ejecutar(tx, def, alcance(clave, user, query));
        if (query.formato === 'pdf') {
          // The HTML is checked inside the transaction (a 400 for too many rows); the layout runs after it.
          const html = await exportar.pdfHtml(r);
          const empresa = await exportar.empresaDe(tx);
          return despuesDeConfirmar(alConfirmar, reply, async () =>
            enviarArchivo(reply, await exportar.pdf(html, { empresa, idEmpresa: user.idEmpresa, storage: deps.storage }, r)),
          );
        }
        return enviarArchivo(reply, await exportar.xlsx(r));
      },
    });
  }
  // Inicio's manager figures: whoever sees every asesor's rows (Gestión comercial; administrators hold all).
  defineRoute(app, deps, {
    method: 'GET',
    url: '/informes/tablero',
    permiso: IDM_GERENTE_INFORMES,
    instantanea: true,
    schema: { tags, summary: 'El mes de la agencia para la página de inicio, cifra por cifra desde sus informes' },
    handler: ({ tx }) => tablero(tx, REGISTRO),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/informes/clientesatendidosregistro/clientes',
    permiso: INFORMES.clientesatendidosregistro.idm,
    schema: {
      querystring: ZBuscarClienteInforme,
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
    schema: { body: ZConfirmarDisponibilidad, tags, summary: 'Registra que el propietario confirmó la disponibilidad' },
    handler: ({ tx, user, req, body }) => confirmarDisponibilidad({ tx, user, ip: req.ip, consecutivo: body.consecutivo }),
  });
}
