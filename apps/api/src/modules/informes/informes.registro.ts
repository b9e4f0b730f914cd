import { sql } from 'drizzle-orm';
import { INFORMES, type ClaveInforme } from '@predio/contract/informes';
import { diaEnPeriodo, enPeriodo, filas, type DefInforme, type Filtros } from './informes.ts';

/*
 * The reports, one declaration each (docs/informes.md says what each counts). Counts are cast to int
 * and sums to float8: node-postgres answers bigint and numeric as text. Row-level security keeps every
 * query inside the caller's company, so none of them names id_empresa.
 */

const asesorEs = (col: ReturnType<typeof sql>, f: Filtros) => (f.asesor ? sql`${col} = ${f.asesor}` : sql`true`);
const inmuebleEnlace = sql`'/propiedades/inmueble/' || i.consecutivo`;

const citasporasesor: DefInforme = {
  clave: 'citasporasesor',
  columnas: [
    { clave: 'asesor', titulo: 'Asesor', tipo: 'texto' },
    { clave: 'total', titulo: 'Citas', tipo: 'entero', total: true },
    { clave: 'pendientes', titulo: 'Programadas', tipo: 'entero', total: true },
    { clave: 'realizadas', titulo: 'Realizadas', tipo: 'entero', total: true },
    { clave: 'canceladas', titulo: 'Canceladas', tipo: 'entero', total: true },
    { clave: 'no_asistio', titulo: 'No asistió', tipo: 'entero', total: true },
  ],
  // A cita with two asesores counts once for each: each had it in their agenda.
  filas: (tx, f) =>
    filas(
      tx,
      sql`select coalesce(u.nombre, 'Sin asesor') as asesor, ca.id_usuario as id_asesor,
            count(*)::int as total,
            count(*) filter (where c.estado in ('programada', 'confirmada'))::int as pendientes,
            count(*) filter (where c.estado = 'realizada')::int as realizadas,
            count(*) filter (where c.estado = 'cancelada')::int as canceladas,
            count(*) filter (where c.estado = 'no_asistio')::int as no_asistio,
            case when ca.id_usuario is null then null else '/archivo/agenda' end as enlace
          from cita c
          left join cita_asesor ca on ca.id_cita = c.id
          left join usuarios u on u.id = ca.id_usuario
          where ${enPeriodo(sql`c.inicio`, f.periodo)} and ${asesorEs(sql`ca.id_usuario`, f)}
          group by u.nombre, ca.id_usuario
          order by total desc, asesor`,
    ),
  grafico: { etiqueta: 'asesor', valores: ['realizadas', 'pendientes', 'canceladas', 'no_asistio'] },
};

const visitas: DefInforme = {
  clave: 'visitas',
  columnas: [
    { clave: 'fecha', titulo: 'Fecha', tipo: 'fecha' },
    { clave: 'inmueble', titulo: 'Inmueble', tipo: 'texto' },
    { clave: 'asesores', titulo: 'Asesor', tipo: 'texto' },
    { clave: 'resultado', titulo: 'Resultado', tipo: 'texto' },
    { clave: 'interes', titulo: 'Interés (1 a 5)', tipo: 'entero' },
    { clave: 'comentario', titulo: 'Comentario del cliente', tipo: 'texto' },
  ],
  // A visit is a cita about a property that took place (estado realizada).
  filas: (tx, f) =>
    filas(
      tx,
      sql`select to_char(c.inicio at time zone 'America/Bogota', 'YYYY-MM-DD') as fecha,
            i.consecutivo || ' · ' || i.direccion as inmueble,
            coalesce((select string_agg(u.nombre, ', ' order by u.nombre) from cita_asesor ca join usuarios u on u.id = ca.id_usuario
                      where ca.id_cita = c.id), '') as asesores,
            coalesce(r.nombre, '') as resultado, c.interes::int as interes, c.comentario_resultado as comentario,
            ${inmuebleEnlace} as enlace
          from cita c
          join inmueble i on i.id = c.id_inmueble
          left join resultados_agenda r on r.id = c.id_resultado
          where c.estado = 'realizada' and ${enPeriodo(sql`c.inicio`, f.periodo)}
            and ${f.asesor ? sql`exists (select 1 from cita_asesor ca where ca.id_cita = c.id and ca.id_usuario = ${f.asesor})` : sql`true`}
          order by c.inicio desc, c.id desc`,
    ),
  grafico: { etiqueta: 'asesor', valores: ['visitas'] },
  serie: async (tx, f) =>
    (
      await filas<{ asesor: string; visitas: number }>(
        tx,
        sql`select coalesce(u.nombre, 'Sin asesor') as asesor, count(*)::int as visitas
            from cita c left join cita_asesor ca on ca.id_cita = c.id left join usuarios u on u.id = ca.id_usuario
            where c.estado = 'realizada' and c.id_inmueble is not null and ${enPeriodo(sql`c.inicio`, f.periodo)}
              and ${asesorEs(sql`ca.id_usuario`, f)}
            group by u.nombre order by visitas desc, asesor limit 20`,
      )
    ).map((r) => ({ etiqueta: r.asesor, valores: { visitas: r.visitas } })),
};

const inmueblesnovisitados: DefInforme = {
  clave: 'inmueblesnovisitados',
  columnas: [
    { clave: 'consecutivo', titulo: 'Código', tipo: 'entero' },
    { clave: 'direccion', titulo: 'Dirección', tipo: 'texto' },
    { clave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
    { clave: 'asesor', titulo: 'Asesor comercial', tipo: 'texto' },
    { clave: 'ultima_visita', titulo: 'Última visita', tipo: 'fecha' },
    { clave: 'dias_sin_visita', titulo: 'Días sin visita', tipo: 'entero' },
  ],
  // Oldest first: never visited (counted from the day it was created), then the longest without one.
  filas: (tx, f) =>
    filas(
      tx,
      sql`select * from (
            select i.consecutivo, i.direccion, i.tipo, coalesce(u.nombre, 'Sin asesor') as asesor,
              to_char(v.ultima at time zone 'America/Bogota', 'YYYY-MM-DD') as ultima_visita,
              (current_date - (coalesce(v.ultima, i.creado_en) at time zone 'America/Bogota')::date)::int as dias_sin_visita,
              ${inmuebleEnlace} as enlace
            from inmueble i
            left join usuarios u on u.id = i.id_asesor_comercial
            left join lateral (select max(c.inicio) as ultima from cita c
                               where c.id_inmueble = i.id and c.estado = 'realizada') v on true
            where i.estado = 'disponible' and ${asesorEs(sql`i.id_asesor_comercial`, f)}
              and (v.ultima is null or v.ultima < now() - make_interval(days => ${f.dias ?? INFORMES.inmueblesnovisitados.diasPorDefecto}))
          ) x order by dias_sin_visita desc, consecutivo`,
    ),
  grafico: { etiqueta: 'asesor', valores: ['inmuebles'] },
  serie: async (tx, f) => {
    const r = await inmueblesnovisitados.filas(tx, f);
    const por = new Map<string, number>();
    for (const x of r) por.set(String(x.asesor), (por.get(String(x.asesor)) ?? 0) + 1);
    return [...por].sort((a, b) => b[1] - a[1]).map(([etiqueta, n]) => ({ etiqueta, valores: { inmuebles: n } }));
  },
};

const ESTADOS = ['captado', 'disponible', 'reservado', 'arrendado', 'vendido', 'retirado'] as const;
const propiedadesporasesor: DefInforme = {
  clave: 'propiedadesporasesor',
  columnas: [
    { clave: 'asesor', titulo: 'Asesor captador', tipo: 'texto' },
    { clave: 'total', titulo: 'Propiedades', tipo: 'entero', total: true },
    ...ESTADOS.map((e) => ({
      clave: e,
      titulo: `${e[0]!.toUpperCase()}${e.slice(1)}s`,
      tipo: 'entero' as const,
      total: true,
    })),
    { clave: 'arriendo', titulo: 'Para arriendo', tipo: 'entero', total: true },
    { clave: 'venta', titulo: 'Para venta', tipo: 'entero', total: true },
  ],
  // Arriendo_venta counts in both gestión columns.
  filas: (tx, f) =>
    filas(
      tx,
      sql`select coalesce(u.nombre, 'Sin asesor') as asesor, count(*)::int as total,
            ${sql.join(
              ESTADOS.map((e) => sql`count(*) filter (where i.estado = ${e})::int as ${sql.identifier(e)}`),
              sql`, `,
            )},
            count(*) filter (where i.gestion in ('arriendo', 'arriendo_venta'))::int as arriendo,
            count(*) filter (where i.gestion in ('venta', 'arriendo_venta'))::int as venta
          from inmueble i left join usuarios u on u.id = i.id_asesor_captador
          where ${asesorEs(sql`i.id_asesor_captador`, f)}
          group by u.nombre order by total desc, asesor`,
    ),
  grafico: { etiqueta: 'asesor', valores: ['disponible', 'arrendado', 'vendido', 'retirado'] },
};

const propiedadesconsignadas: DefInforme = {
  clave: 'propiedadesconsignadas',
  columnas: [
    { clave: 'fecha_consignacion', titulo: 'Consignación', tipo: 'fecha' },
    { clave: 'consecutivo', titulo: 'Código', tipo: 'entero' },
    { clave: 'direccion', titulo: 'Dirección', tipo: 'texto' },
    { clave: 'gestion', titulo: 'Gestión', tipo: 'texto' },
    { clave: 'medio', titulo: 'Medio de captación', tipo: 'texto' },
    { clave: 'asesor', titulo: 'Asesor captador', tipo: 'texto' },
    { clave: 'vigencia', titulo: 'Fin de la consignación', tipo: 'fecha' },
    { clave: 'canon', titulo: 'Canon', tipo: 'dinero', total: true },
    { clave: 'precio_venta', titulo: 'Precio de venta', tipo: 'dinero', total: true },
  ],
  filas: (tx, f) =>
    filas(
      tx,
      sql`select to_char(i.fecha_consignacion, 'YYYY-MM-DD') as fecha_consignacion, i.consecutivo, i.direccion, i.gestion,
            coalesce(m.nombre, 'Sin medio') as medio, coalesce(u.nombre, 'Sin asesor') as asesor,
            to_char(i.vigencia_consignacion, 'YYYY-MM-DD') as vigencia,
            coalesce(i.canon, 0)::float8 as canon, coalesce(i.precio_venta, 0)::float8 as precio_venta,
            ${inmuebleEnlace} as enlace
          from inmueble i
          left join medios_captacion m on m.id = i.id_captacion
          left join usuarios u on u.id = i.id_asesor_captador
          where i.fecha_consignacion is not null and ${diaEnPeriodo(sql`i.fecha_consignacion`, f.periodo)}
            and ${asesorEs(sql`i.id_asesor_captador`, f)}
          order by i.fecha_consignacion desc, i.consecutivo desc`,
    ),
  grafico: { etiqueta: 'medio', valores: ['propiedades'] },
  serie: async (tx, f) => {
    const r = await propiedadesconsignadas.filas(tx, f);
    const por = new Map<string, number>();
    for (const x of r) por.set(String(x.medio), (por.get(String(x.medio)) ?? 0) + 1);
    return [...por].sort((a, b) => b[1] - a[1]).map(([etiqueta, n]) => ({ etiqueta, valores: { propiedades: n } }));
  },
};

const retiros = (f: Filtros) =>
  sql`from inmueble_estado_historial h
      join inmueble i on i.id = h.id_inmueble
      left join causales_retiro k on k.id = h.id_causal
      where h.hasta = 'retirado' and ${enPeriodo(sql`h.fecha`, f.periodo)} and ${asesorEs(sql`i.id_asesor_captador`, f)}`;
const propiedadesretiradascausal: DefInforme = {
  clave: 'propiedadesretiradascausal',
  columnas: [
    { clave: 'causal', titulo: 'Causal', tipo: 'texto' },
    { clave: 'retiradas', titulo: 'Retiradas', tipo: 'entero', total: true },
    { clave: 'arriendo', titulo: 'De arriendo', tipo: 'entero', total: true },
    { clave: 'venta', titulo: 'De venta', tipo: 'entero', total: true },
  ],
  // Each withdrawal is a change of state to «retirado»: a property withdrawn twice counts twice.
  filas: (tx, f) =>
    filas(
      tx,
      sql`select coalesce(k.nombre, 'Sin causal') as causal, count(*)::int as retiradas,
            count(*) filter (where i.gestion in ('arriendo', 'arriendo_venta'))::int as arriendo,
            count(*) filter (where i.gestion in ('venta', 'arriendo_venta'))::int as venta
          ${retiros(f)}
          group by k.nombre order by retiradas desc, causal`,
    ),
  grafico: { etiqueta: 'mes', valores: ['retiradas'], tipo: 'linea' },
  serie: async (tx, f) =>
    (
      await filas<{ mes: string; retiradas: number }>(
        tx,
        sql`select to_char(h.fecha at time zone 'America/Bogota', 'YYYY-MM') as mes, count(*)::int as retiradas
            ${retiros(f)} group by 1 order by 1`,
      )
    ).map((r) => ({ etiqueta: r.mes, valores: { retiradas: r.retiradas } })),
};

const CANALES: Record<string, string> = {
  sitio_web: 'Sitio web',
  portal: 'Portal',
  telefono: 'Teléfono',
  presencial: 'Presencial',
  whatsapp: 'WhatsApp',
  correo: 'Correo',
};
const solicitudes: DefInforme = {
  clave: 'solicitudes',
  columnas: [
    { clave: 'canal', titulo: 'Canal', tipo: 'texto' },
    { clave: 'total', titulo: 'Solicitudes', tipo: 'entero', total: true },
    { clave: 'abiertas', titulo: 'Abiertas', tipo: 'entero', total: true },
    { clave: 'resueltas', titulo: 'Resueltas', tipo: 'entero', total: true },
    { clave: 'descartadas', titulo: 'Descartadas', tipo: 'entero', total: true },
    { clave: 'horas_respuesta', titulo: 'Horas a la primera respuesta (promedio)', tipo: 'entero' },
  ],
  // The first answer is the first entry of its history after the creation (assignment, state or note).
  filas: async (tx, f) =>
    (
      await filas(
        tx,
        sql`select s.canal, count(*)::int as total,
              count(*) filter (where s.estado in ('nueva', 'asignada', 'en_tramite'))::int as abiertas,
              count(*) filter (where s.estado = 'resuelta')::int as resueltas,
              count(*) filter (where s.estado = 'descartada')::int as descartadas,
              round(avg(extract(epoch from (r.primera - s.fecha_recepcion)) / 3600))::int as horas_respuesta,
              '/propiedades/solicitudes' as enlace
            from solicitud s
            left join lateral (select min(h.fecha) as primera from solicitud_historial h
                               where h.id_solicitud = s.id and h.tipo <> 'creacion') r on true
            where ${enPeriodo(sql`s.fecha_recepcion`, f.periodo)} and ${asesorEs(sql`s.id_asignado`, f)}
            group by s.canal order by total desc, s.canal`,
      )
    ).map((r) => ({ ...r, canal: CANALES[String(r.canal)] ?? String(r.canal) })),
  grafico: { etiqueta: 'canal', valores: ['abiertas', 'resueltas', 'descartadas'] },
};

const clientesatendidos: DefInforme = {
  clave: 'clientesatendidos',
  columnas: [
    { clave: 'medio', titulo: 'Medio publicitario', tipo: 'texto' },
    { clave: 'total', titulo: 'Clientes', tipo: 'entero', total: true },
    { clave: 'activos', titulo: 'Activos', tipo: 'entero', total: true },
    { clave: 'en_seguimiento', titulo: 'En seguimiento', tipo: 'entero', total: true },
    { clave: 'cerrados', titulo: 'Cerrados', tipo: 'entero', total: true },
    { clave: 'con_nosotros', titulo: 'Cerraron con nosotros', tipo: 'entero', total: true },
  ],
  filas: (tx, f) =>
    filas(
      tx,
      sql`select coalesce(m.nombre, 'Sin medio') as medio, count(*)::int as total,
            count(*) filter (where c.estado = 'activo')::int as activos,
            count(*) filter (where c.estado = 'en_seguimiento')::int as en_seguimiento,
            count(*) filter (where c.estado = 'cerrado')::int as cerrados,
            count(*) filter (where c.resultado in ('arrendo_con_nosotros', 'compro_con_nosotros'))::int as con_nosotros,
            '/propiedades/clientes-atendidos' as enlace
          from cliente_atendido c left join medios_publicitarios m on m.id = c.id_medio
          where ${diaEnPeriodo(sql`c.fecha_ingreso`, f.periodo)} and ${asesorEs(sql`c.id_asesor`, f)}
          group by m.nombre order by total desc, medio`,
    ),
  grafico: { etiqueta: 'medio', valores: ['activos', 'en_seguimiento', 'cerrados'] },
};

const seguimientoAsesores: DefInforme = {
  clave: 'seguimiento-asesores',
  columnas: [
    { clave: 'asesor', titulo: 'Asesor', tipo: 'texto' },
    { clave: 'clientes_abiertos', titulo: 'Clientes abiertos', tipo: 'entero', total: true },
    { clave: 'sin_seguimiento', titulo: 'Sin seguimiento', tipo: 'entero', total: true },
    { clave: 'tareas_vencidas', titulo: 'Tareas vencidas', tipo: 'entero', total: true },
    { clave: 'citas_sin_resultado', titulo: 'Citas sin resultado', tipo: 'entero', total: true },
  ],
  // Active users only; a lead counts as without follow-up when neither a note nor its entry is newer than N days.
  filas: (tx, f) =>
    filas(
      tx,
      sql`select * from (
            select u.nombre as asesor,
              (select count(*) from cliente_atendido c where c.id_asesor = u.id and c.estado <> 'cerrado')::int as clientes_abiertos,
              (select count(*) from cliente_atendido c where c.id_asesor = u.id and c.estado <> 'cerrado'
                 and coalesce(c.ultimo_seguimiento, c.fecha_ingreso::timestamptz) < now() - make_interval(days => ${f.dias ?? INFORMES['seguimiento-asesores'].diasPorDefecto}))::int as sin_seguimiento,
              (select count(*) from tarea_persona p where p.id_usuario = u.id and p.rol = 'responsable' and p.abierta
                 and p.vence_en < now())::int as tareas_vencidas,
              (select count(*) from cita_asesor ca join cita c on c.id = ca.id_cita where ca.id_usuario = u.id
                 and c.fin < now() and c.estado <> 'cancelada' and c.id_resultado is null)::int as citas_sin_resultado
            from usuarios u where u.activo and ${asesorEs(sql`u.id`, f)}
          ) x where clientes_abiertos + tareas_vencidas + citas_sin_resultado > 0
          order by sin_seguimiento + tareas_vencidas + citas_sin_resultado desc, asesor`,
    ),
  grafico: { etiqueta: 'asesor', valores: ['sin_seguimiento', 'tareas_vencidas', 'citas_sin_resultado'] },
};

export const REGISTRO: Record<ClaveInforme, DefInforme> = {
  citasporasesor,
  visitas,
  inmueblesnovisitados,
  propiedadesporasesor,
  propiedadesconsignadas,
  propiedadesretiradascausal,
  solicitudes,
  clientesatendidos,
  'seguimiento-asesores': seguimientoAsesores,
};
