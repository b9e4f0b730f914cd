import { sql, type SQL } from 'drizzle-orm';
import type { Enviado, EnviadosQuery, TotalesEnviados } from '@predio/contract/mensajes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type Informe = 'correo' | 'sms';

// Both outboxes as one shape; the e-mail outbox's own states read as the report's (en cola, enviado, fallido).
const FUENTE: Record<Informe, SQL> = {
  correo: sql`select c.id, c.creado_en, c.enviado_en, c.id_usuario, c.para, c.asunto, c.tipo_carta, c.origen,
      'correo'::text as canal,
      case when c.estado in ('pendiente', 'enviando') then 'en_cola' when c.estado = 'error' then 'fallido' else c.estado end as estado,
      c.ultimo_error as error, c.intentos, null::int as segmentos, null::float8 as costo
    from correo_salida c`,
  sms: sql`select m.id, m.creado_en, m.enviado_en, m.id_usuario, m.para, m.texto as asunto, m.tipo_carta, m.origen, m.canal,
      case when m.estado = 'enviando' then 'en_cola' else m.estado end as estado,
      m.ultimo_error as error, m.intentos, m.segmentos, m.costo::float8 as costo
    from mensaje_salida m`,
};

function donde(q: EnviadosQuery): SQL {
  const c: SQL[] = [sql`true`];
  // Days are Bogotá days.
  if (q.desde) c.push(sql`b.creado_en >= (${q.desde}::date::timestamp at time zone 'America/Bogota')`);
  if (q.hasta) c.push(sql`b.creado_en < ((${q.hasta}::date + 1)::timestamp at time zone 'America/Bogota')`);
  if (q.usuario) c.push(sql`b.id_usuario = ${q.usuario}`);
  if (q.para) c.push(sql`b.para ilike ${`%${q.para.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (q.tipo_carta) c.push(sql`b.tipo_carta = ${q.tipo_carta}`);
  if (q.estado) c.push(sql`b.estado = ${q.estado}`);
  if (q.canal) c.push(sql`b.canal = ${q.canal}`);
  return sql.join(c, sql` and `);
}

const TIPO = sql`case when b.origen = 'prueba' then 'Prueba de plantilla' || coalesce(' · ' || nt.titulo, '')
  else coalesce(nt.titulo, case b.origen when 'ficha' then 'Ficha de inmueble' when 'redactado' then 'Correo escrito' when 'aviso' then 'Aviso' else b.origen end) end`;
const USUARIO = sql`coalesce(nullif(t.nombre, ''), nullif(u.nombre, ''), u.usuario, 'Sistema')`;
const JOINS = sql`left join usuarios u on u.id = b.id_usuario
  left join terceros t on t.id_empresa = u.id_empresa and t.nro_id = u.nro_id
  left join notificacion_tipo nt on nt.tipo_carta = b.tipo_carta`;

export async function listar(
  tx: Tx,
  informe: Informe,
  q: EnviadosQuery,
  limit: number,
  offset: number,
): Promise<{ items: Enviado[]; total: number }> {
  const filas = await queryRows<
    Omit<Enviado, 'creado_en' | 'enviado_en'> & { creado_en: Date | string; enviado_en: Date | string | null; total: number }
  >(
    tx,
    sql`with b as (${FUENTE[informe]})
        select b.id::int as id, b.creado_en, b.enviado_en, ${USUARIO} as usuario, b.para, b.asunto, ${TIPO} as tipo, b.canal,
               b.estado, b.error, b.intentos, b.segmentos, b.costo, count(*) over ()::int as total
        from b ${JOINS}
        where ${donde(q)}
        order by b.creado_en desc, b.id desc limit ${limit} offset ${offset}`,
  );
  const total = filas[0]?.total ?? (offset > 0 ? await contar(tx, informe, q) : 0);
  return {
    total,
    items: filas.map(({ total: _t, ...f }) => ({
      ...f,
      creado_en: new Date(f.creado_en).toISOString(),
      enviado_en: f.enviado_en ? new Date(f.enviado_en).toISOString() : null,
    })),
  };
}

async function contar(tx: Tx, informe: Informe, q: EnviadosQuery): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`with b as (${FUENTE[informe]}) select count(*)::int as n from b where ${donde(q)}`,
  );
  return r?.n ?? 0;
}

export async function totales(tx: Tx, informe: Informe, q: EnviadosQuery): Promise<TotalesEnviados> {
  const porDia = await queryRows<{ dia: string; total: number; fallidos: number }>(
    tx,
    sql`with b as (${FUENTE[informe]})
        select to_char(b.creado_en at time zone 'America/Bogota', 'YYYY-MM-DD') as dia, count(*)::int as total,
               count(*) filter (where b.estado in ('fallido', 'rebotado'))::int as fallidos
        from b where ${donde(q)} group by 1 order by 1`,
  );
  const porUsuario = await queryRows<{ id_usuario: number | null; usuario: string; total: number }>(
    tx,
    sql`with b as (${FUENTE[informe]})
        select b.id_usuario, ${USUARIO} as usuario, count(*)::int as total
        from b ${JOINS} where ${donde(q)} group by 1, 2 order by 3 desc, 2 limit 50`,
  );
  const porTipo = await queryRows<{ tipo_carta: number; tipo: string; total: number }>(
    tx,
    sql`with b as (${FUENTE[informe]})
        select b.tipo_carta, nt.titulo as tipo, count(*)::int as total
        from b join notificacion_tipo nt on nt.tipo_carta = b.tipo_carta where ${donde(q)} group by 1, 2 order by 2`,
  );
  return { porDia, porUsuario, porTipo };
}
