import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZTrabajo, ZTrabajoParams, ZTrabajosQuery, type EstadoTrabajo, type Trabajo } from '@predio/contract/trabajos';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Principal } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';
import { invalido, noEncontrado, sinPermiso } from '../errors/app-error.ts';
import { defineRoute, afterCommit, envelope } from '../http/route.ts';
import type { Scope } from '../tenant.ts';
import type { FastifyReply } from 'fastify';
import { reintentar } from './trabajos.ts';

const tags = ['trabajos'];
// Beside Archivo > Utilidades > Logs del sistema.
const IDM = 31;
/** Recent: this many days; failed and unfinished ones are listed whatever their age. */
const DIAS_RECIENTES = 7;
const MAX_FILAS = 200;

/** The rows the caller may see: its company's, and for support the platform-wide ones too. */
const visibles = (user: Principal) => sql`(id_empresa = ${user.idEmpresa} ${user.soporte ? sql`or id_empresa is null` : sql``})`;

function listar(tx: Tx, user: Principal, estado: EstadoTrabajo | undefined): Promise<Trabajo[]> {
  return queryRows<Trabajo>(
    tx,
    // The instants as timestamps: JSON writes them in ISO 8601, as the other lists do.
    sql`select id::int as id, tipo, id_empresa, estado, intentos, max_intentos, ultimo_error, creado_en, ejecutar_en, terminado_en
        from trabajo
        where ${visibles(user)}
          and (estado <> 'terminado' or creado_en > now() - ${DIAS_RECIENTES} * interval '1 day')
          ${estado ? sql`and estado = ${estado}` : sql``}
        order by id desc limit ${MAX_FILAS}`,
  );
}

async function volverAIntentar(tx: Tx, user: Principal, id: number): Promise<{ id: number; estado: 'pendiente' }> {
  const [fila] = await queryRows<{ estado: string }>(tx, sql`select estado from trabajo where id = ${id} and ${visibles(user)}`);
  if (!fila) throw noEncontrado('El trabajo');
  if (fila.estado !== 'fallido' || !(await reintentar(tx, id, user.soporte)))
    throw invalido('id', 'solo se reintenta un trabajo fallido');
  return { id, estado: 'pendiente' };
}

/**
 * A company's jobs are read in the request's own transaction (row-level security). Support (EMPATIA)
 * also sees the platform-wide ones, which no company's policy shows: its work goes through db.system,
 * once the request's transaction has committed (PGlite runs one transaction at a time).
 */
function comoCorresponda<T>(
  deps: Deps,
  ctx: Scope & { user: Principal; reply: FastifyReply },
  fn: (tx: Tx) => Promise<T>,
): Promise<T | symbol> {
  if (!ctx.user.admemp) throw sinPermiso();
  if (!ctx.user.soporte) return fn(ctx.tx);
  return Promise.resolve(
    afterCommit(ctx.onCommit, ctx.reply, async () => ctx.reply.send(envelope(await deps.db.system((tx) => fn(tx))))),
  );
}

export function trabajosRoutes(app: FastifyInstance, deps: Deps): void {
  defineRoute(app, deps, {
    method: 'GET',
    url: '/trabajos',
    permiso: IDM,
    schema: {
      response: z.array(ZTrabajo),
      querystring: ZTrabajosQuery,
      tags,
      summary: 'Trabajos en segundo plano recientes y fallidos de la empresa',
    },
    handler: (ctx) => comoCorresponda(deps, ctx, (tx) => listar(tx, ctx.user, ctx.query.estado)),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/trabajos/:id/reintentar',
    permiso: IDM,
    schema: {
      response: z.object({ id: z.number(), estado: z.literal('pendiente') }),
      params: ZTrabajoParams,
      tags,
      summary: 'Vuelve a poner en cola un trabajo fallido',
    },
    handler: (ctx) => comoCorresponda(deps, ctx, (tx) => volverAIntentar(tx, ctx.user, ctx.params.id)),
  });
}
