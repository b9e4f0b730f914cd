import { sql } from 'drizzle-orm';
import { INFORMES, type ClaveInforme } from '@predio/contract/informes';
import {
  ETIQUETA_ESTADO_CLIENTE,
  ETIQUETA_GESTION_CLIENTE,
  etiquetaResultado,
  type EstadoCliente,
} from '@predio/contract/clientes';
import type { Gestion } from '@predio/contract/inmuebles';
import { TIPOS_SOLICITUD } from '@predio/contract/solicitudes';
import { cruce, motivos } from '../clientes/clientes-coincidencias.service.ts';
import { filasInforme as filasEncuestas } from '../pagina-web/encuestas.service.ts';
import { queryRows } from '../../db/rows.ts';
import { pesos } from '../../platform/formato.ts';
import { diaEnPeriodo, enPeriodo, filas, type DefInforme, type Filtros } from './informes.ts';

/*
 * The reports, one declaration each (docs/informes.md says what each counts). Counts are cast to int
 * and sums to float8: node-postgres answers bigint and numeric as text. Row-level security keeps every
 * query inside the caller's company, so none of them names id_empresa.
 */

const asesorEs = (col: ReturnType<typeof sql>, f: Filtros) => (f.asesor ? sql`${col} = ${f.asesor}` : sql`true`);
const inmuebleEnlace = sql`'/propiedades/inmueble/' || i.consecutivo`;

/** A chart per `col` over rows that are finer (canal × tipo, medio × asesor): each value summed. */
const sumarPor = (fs: Record<string, unknown>[], col: string, claves: string[]) => {
  const por = new Map<string, Record<string, number>>();
  for (const x of fs) {
    const v = por.get(String(x[col])) ?? Object.fromEntries(claves.map((k) => [k, 0]));
    for (const k of claves) v[k] = (v[k] ?? 0) + Number(x[k] ?? 0);
    por.set(String(x[col]), v);
  }
  return [...por].map(([etiqueta, valores]) => ({ etiqueta, valores }));
};

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
  contar: async (tx, f) =>
    (
      await filas<{ n: number }>(
        tx,
        sql`select count(*)::int as n from cita c join inmueble i on i.id = c.id_inmueble
            where c.estado = 'realizada' and ${enPeriodo(sql`c.inicio`, f.periodo)}
              and ${f.asesor ? sql`exists (select 1 from cita_asesor ca where ca.id_cita = c.id and ca.id_usuario = ${f.asesor})` : sql`true`}`,
      )
    )[0]!.n,
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
  serie: async (_tx, _f, r) => {
    const por = new Map<string, number>();
    for (const x of r) por.set(String(x.asesor), (por.get(String(x.asesor)) ?? 0) + 1);
    return [...por].sort((a, b) => b[1] - a[1]).map(([etiqueta, n]) => ({ etiqueta, valores: { inmuebles: n } }));
  },
};

const ESTADOS = ['captado', 'disponible', 'reservado', 'arrendado', 'vendido', 'retirado'] as const;
const propiedadesporasesor: DefInforme = {
  clave: 'propiedadesporasesor',
  columnas: [
    { clave: 'asesor', titulo: 'Asesor', tipo: 'texto' },
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
  // Per asesor captador, or comercial with rol=comercial. Arriendo_venta counts in both gestión columns.
  filas: (tx, f) => {
    const col = f.rol === 'comercial' ? sql`i.id_asesor_comercial` : sql`i.id_asesor_captador`;
    return filas(
      tx,
      sql`select coalesce(u.nombre, 'Sin asesor') as asesor, count(*)::int as total,
            ${sql.join(
              ESTADOS.map((e) => sql`count(*) filter (where i.estado = ${e})::int as ${sql.identifier(e)}`),
              sql`, `,
            )},
            count(*) filter (where i.gestion in ('arriendo', 'arriendo_venta'))::int as arriendo,
            count(*) filter (where i.gestion in ('venta', 'arriendo_venta'))::int as venta
          from inmueble i left join usuarios u on u.id = ${col}
          where ${asesorEs(col, f)}
          group by u.nombre order by total desc, asesor`,
    );
  },
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
  serie: async (_tx, _f, r) => {
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
    { clave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
    { clave: 'total', titulo: 'Solicitudes', tipo: 'entero', total: true },
    { clave: 'abiertas', titulo: 'Abiertas', tipo: 'entero', total: true },
    { clave: 'resueltas', titulo: 'Resueltas', tipo: 'entero', total: true },
    { clave: 'descartadas', titulo: 'Descartadas', tipo: 'entero', total: true },
    { clave: 'horas_respuesta', titulo: 'Horas a la primera respuesta (promedio)', tipo: 'entero' },
    { clave: 'horas_cierre', titulo: 'Horas al cierre (promedio)', tipo: 'entero' },
    { clave: 'fuera_de_plazo', titulo: 'Respondidas fuera de plazo o sin respuesta', tipo: 'entero', total: true },
  ],
  /*
   * Per canal and tipo. The first answer is the first entry of its history after the creation (assignment,
   * state or note); the close, the first change to resuelta or descartada. Over the deadline: answered
   * after «Días para responder» (1 by default) or still unanswered past it.
   */
  filas: async (tx, f) =>
    (
      await filas(
        tx,
        sql`select s.canal, s.tipo, count(*)::int as total,
              count(*) filter (where s.estado in ('nueva', 'asignada', 'en_tramite'))::int as abiertas,
              count(*) filter (where s.estado = 'resuelta')::int as resueltas,
              count(*) filter (where s.estado = 'descartada')::int as descartadas,
              round(avg(extract(epoch from (r.primera - s.fecha_recepcion)) / 3600))::int as horas_respuesta,
              round(avg(extract(epoch from (r.cierre - s.fecha_recepcion)) / 3600))::int as horas_cierre,
              count(*) filter (where coalesce(r.primera, now()) - s.fecha_recepcion > make_interval(days => ${f.dias ?? 1}))::int
                as fuera_de_plazo,
              '/propiedades/solicitudes' as enlace
            from solicitud s
            left join lateral (
              select min(h.fecha) filter (where h.tipo <> 'creacion') as primera,
                     min(h.fecha) filter (where h.tipo = 'estado' and h.estado_nuevo in ('resuelta', 'descartada')) as cierre
              from solicitud_historial h where h.id_solicitud = s.id) r on true
            where ${enPeriodo(sql`s.fecha_recepcion`, f.periodo)} and ${asesorEs(sql`s.id_asignado`, f)}
            group by s.canal, s.tipo order by total desc, s.canal, s.tipo`,
      )
    ).map((r) => ({
      ...r,
      canal: CANALES[String(r.canal)] ?? String(r.canal),
      tipo: TIPOS_SOLICITUD.find((t) => t.value === r.tipo)?.label ?? String(r.tipo),
    })),
  grafico: { etiqueta: 'tipo', valores: ['abiertas', 'resueltas', 'descartadas'] },
  // The chart sums each tipo over the canales (the table's rows are canal × tipo).
  serie: async (_tx, _f, r) => sumarPor(r, 'tipo', ['abiertas', 'resueltas', 'descartadas']),
};

const clientesatendidos: DefInforme = {
  clave: 'clientesatendidos',
  columnas: [
    { clave: 'medio', titulo: 'Medio publicitario', tipo: 'texto' },
    { clave: 'asesor', titulo: 'Asesor', tipo: 'texto' },
    { clave: 'total', titulo: 'Clientes', tipo: 'entero', total: true },
    { clave: 'activos', titulo: 'Activos', tipo: 'entero', total: true },
    { clave: 'en_seguimiento', titulo: 'En seguimiento', tipo: 'entero', total: true },
    { clave: 'cerrados', titulo: 'Cerrados', tipo: 'entero', total: true },
    { clave: 'con_nosotros', titulo: 'Cerraron con nosotros', tipo: 'entero', total: true },
    { clave: 'con_otra', titulo: 'Cerraron con otra inmobiliaria', tipo: 'entero', total: true },
    { clave: 'sin_negocio', titulo: 'Desistieron o sin contacto', tipo: 'entero', total: true },
  ],
  // Per medio publicitario and asesor, with the leads' estado and how the closed ones ended.
  filas: (tx, f) =>
    filas(
      tx,
      sql`select coalesce(m.nombre, 'Sin medio') as medio, coalesce(u.nombre, 'Sin asesor') as asesor, count(*)::int as total,
            count(*) filter (where c.estado = 'activo')::int as activos,
            count(*) filter (where c.estado = 'en_seguimiento')::int as en_seguimiento,
            count(*) filter (where c.estado = 'cerrado')::int as cerrados,
            count(*) filter (where c.resultado in ('arrendo_con_nosotros', 'compro_con_nosotros'))::int as con_nosotros,
            count(*) filter (where c.resultado in ('arrendo_otra_inmobiliaria', 'compro_otra_inmobiliaria'))::int as con_otra,
            count(*) filter (where c.resultado in ('desistio', 'no_contactable', 'otro'))::int as sin_negocio,
            '/propiedades/clientes-atendidos' as enlace
          from cliente_atendido c left join medios_publicitarios m on m.id = c.id_medio
          left join usuarios u on u.id = c.id_asesor
          where ${diaEnPeriodo(sql`c.fecha_ingreso`, f.periodo)} and ${asesorEs(sql`c.id_asesor`, f)}
          group by m.nombre, u.nombre order by total desc, medio, asesor`,
    ),
  grafico: { etiqueta: 'medio', valores: ['activos', 'en_seguimiento', 'cerrados'] },
  // The chart sums each medio over its asesores.
  serie: async (_tx, _f, r) => sumarPor(r, 'medio', ['activos', 'en_seguimiento', 'cerrados']),
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
  // Each figure is counted once for every asesor (grouped), not once per user.
  filas: (tx, f) =>
    filas(
      tx,
      sql`select * from (
            select u.nombre as asesor,
              coalesce(c.abiertos, 0)::int as clientes_abiertos, coalesce(c.sin_seguimiento, 0)::int as sin_seguimiento,
              coalesce(t.vencidas, 0)::int as tareas_vencidas, coalesce(ci.sin_resultado, 0)::int as citas_sin_resultado
            from usuarios u
            left join (select c.id_asesor, count(*) as abiertos,
                         count(*) filter (where coalesce(c.ultimo_seguimiento, c.fecha_ingreso::timestamptz)
                           < now() - make_interval(days => ${f.dias ?? INFORMES['seguimiento-asesores'].diasPorDefecto})) as sin_seguimiento
                       from cliente_atendido c where c.estado <> 'cerrado' and ${asesorEs(sql`c.id_asesor`, f)}
                       group by c.id_asesor) c on c.id_asesor = u.id
            left join (select p.id_usuario, count(*) as vencidas from tarea_persona p
                       where p.rol = 'responsable' and p.abierta and p.vence_en < now() and ${asesorEs(sql`p.id_usuario`, f)}
                       group by p.id_usuario) t on t.id_usuario = u.id
            left join (select ca.id_usuario, count(*) as sin_resultado from cita_asesor ca join cita c on c.id = ca.id_cita
                       where c.fin < now() and c.estado <> 'cancelada' and c.id_resultado is null and ${asesorEs(sql`ca.id_usuario`, f)}
                       group by ca.id_usuario) ci on ci.id_usuario = u.id
            where u.activo and ${asesorEs(sql`u.id`, f)}
          ) x where clientes_abiertos + tareas_vencidas + citas_sin_resultado > 0
          order by sin_seguimiento + tareas_vencidas + citas_sin_resultado desc, asesor`,
    ),
  grafico: { etiqueta: 'asesor', valores: ['sin_seguimiento', 'tareas_vencidas', 'citas_sin_resultado'] },
};

/** Rows counted per one label column, for a chart of a list (one bar per asesor, medio…). */
const contarPor = (fs: Record<string, unknown>[], col: string, valor: string) => {
  const por = new Map<string, number>();
  for (const x of fs) por.set(String(x[col]), (por.get(String(x[col])) ?? 0) + 1);
  return [...por].sort((a, b) => b[1] - a[1]).map(([etiqueta, n]) => ({ etiqueta, valores: { [valor]: n } }));
};
const hoyBogotaSql = sql`(now() at time zone 'America/Bogota')::date`;

const verificarDisponibilidad: DefInforme = {
  clave: 'verificar-disponibilidad',
  columnas: [
    { clave: 'consecutivo', titulo: 'Código', tipo: 'entero' },
    { clave: 'direccion', titulo: 'Dirección', tipo: 'texto' },
    { clave: 'propietario', titulo: 'Propietario', tipo: 'texto' },
    { clave: 'celular', titulo: 'Celular', tipo: 'texto' },
    { clave: 'asesor', titulo: 'Asesor comercial', tipo: 'texto' },
    { clave: 'ultima_confirmacion', titulo: 'Última confirmación', tipo: 'fecha' },
    { clave: 'confirmo', titulo: 'Confirmó', tipo: 'texto' },
    { clave: 'dias_sin_confirmar', titulo: 'Días sin confirmar', tipo: 'entero' },
  ],
  // Disponible properties to call, longest unconfirmed first. Consigning it was the first word with the
  // owner, so a property never confirmed counts from its consignment (or, without one, its creation).
  // The owner with the largest share is the one to call (the others are in the property's form).
  filas: (tx, f) =>
    filas(
      tx,
      sql`select * from (
            select i.consecutivo, i.direccion, coalesce(p.nombre, '') as propietario, coalesce(p.celular, '') as celular,
              coalesce(u.nombre, 'Sin asesor') as asesor,
              to_char(d.fecha at time zone 'America/Bogota', 'YYYY-MM-DD') as ultima_confirmacion, coalesce(d.usuario, '') as confirmo,
              (${hoyBogotaSql} - coalesce((d.fecha at time zone 'America/Bogota')::date, i.fecha_consignacion,
                (i.creado_en at time zone 'America/Bogota')::date))::int as dias_sin_confirmar,
              ${inmuebleEnlace} as enlace
            from inmueble i
            left join usuarios u on u.id = i.id_asesor_comercial
            left join lateral (select x.fecha, x.usuario from inmueble_disponibilidad x where x.id_inmueble = i.id
                               order by x.fecha desc limit 1) d on true
            left join lateral (select t.nombre, t.celular from inmueble_propietario ip join terceros t on t.id = ip.id_tercero
                               where ip.id_inmueble = i.id order by ip.porcentaje desc, t.nombre limit 1) p on true
            where i.estado = 'disponible' and ${asesorEs(sql`i.id_asesor_comercial`, f)}
              and coalesce(d.fecha, i.fecha_consignacion::timestamp at time zone 'America/Bogota', i.creado_en)
                  < now() - make_interval(days => ${f.dias ?? INFORMES['verificar-disponibilidad'].diasPorDefecto})
          ) x order by dias_sin_confirmar desc, consecutivo`,
    ),
  grafico: { etiqueta: 'asesor', valores: ['inmuebles'] },
  serie: async (_tx, _f, r) => contarPor(r, 'asesor', 'inmuebles'),
};

const gestionComercial: DefInforme = {
  clave: 'gestion-comercial',
  columnas: [
    { clave: 'asesor', titulo: 'Asesor', tipo: 'texto' },
    { clave: 'clientes', titulo: 'Clientes nuevos', tipo: 'entero', total: true },
    { clave: 'visitas', titulo: 'Visitas', tipo: 'entero', total: true },
    { clave: 'contratos', titulo: 'Contratos de arriendo creados', tipo: 'entero', total: true },
    { clave: 'arrendados', titulo: 'Arrendados', tipo: 'entero', total: true },
    { clave: 'vendidos', titulo: 'Vendidos', tipo: 'entero', total: true },
    { clave: 'cerrados', titulo: 'Clientes cerrados con nosotros', tipo: 'entero', total: true },
    { clave: 'conversion', titulo: 'Conversión', tipo: 'porcentaje' },
    { clave: 'valor', titulo: 'Valor de los negocios', tipo: 'dinero', total: true },
    { clave: 'comision', titulo: 'Comisión', tipo: 'dinero', total: true },
  ],
  /*
   * The period's funnel per asesor: leads, visits, lease contracts drafted (the accepted offer on its way
   * to signature; Predio records no offer before it), closings. «Valor de los negocios» is the canon of
   * what was rented plus the price of what was sold (by the asesor comercial); «Comisión» applies to it the
   * owners' agreed percentage (terceros.pjecomision), each owner on their share. Conversion: leads closed
   * with us over new leads, both in the period.
   */
  filas: (tx, f) =>
    filas(
      tx,
      sql`select *, case when clientes = 0 then null else round(100.0 * cerrados / clientes)::int end as conversion from (
            select u.nombre as asesor, u.id as id_asesor,
              coalesce(cl.clientes, 0)::int as clientes, coalesce(v.visitas, 0)::int as visitas,
              coalesce(k.contratos, 0)::int as contratos,
              coalesce(h.arrendados, 0)::int as arrendados, coalesce(h.vendidos, 0)::int as vendidos,
              coalesce(ce.cerrados, 0)::int as cerrados, coalesce(h.valor, 0)::float8 as valor,
              coalesce(round(h.comision), 0)::float8 as comision
            from usuarios u
            left join (select c.id_asesor, count(*) as clientes from cliente_atendido c
                       where ${diaEnPeriodo(sql`c.fecha_ingreso`, f.periodo)} group by c.id_asesor) cl on cl.id_asesor = u.id
            left join (select ca.id_usuario, count(*) as visitas from cita_asesor ca join cita c on c.id = ca.id_cita
                       where c.estado = 'realizada' and c.id_inmueble is not null and ${enPeriodo(sql`c.inicio`, f.periodo)}
                       group by ca.id_usuario) v on v.id_usuario = u.id
            left join (select i.id_asesor_comercial, count(*) as contratos from contrato k join inmueble i on i.id = k.id_inmueble
                       where k.clase in ('arrendamiento_vivienda', 'arrendamiento_comercial') and ${enPeriodo(sql`k.creado_en`, f.periodo)}
                       group by i.id_asesor_comercial) k on k.id_asesor_comercial = u.id
            left join (select i.id_asesor_comercial, count(*) filter (where h.hasta = 'arrendado') as arrendados,
                         count(*) filter (where h.hasta = 'vendido') as vendidos,
                         sum(case when h.hasta = 'arrendado' then coalesce(i.canon, 0) else coalesce(i.precio_venta, 0) end) as valor,
                         sum(case when h.hasta = 'arrendado' then coalesce(i.canon, 0) else coalesce(i.precio_venta, 0) end
                           * coalesce((select sum(p.porcentaje * coalesce(t.pjecomision, 0)) from inmueble_propietario p
                                       join terceros t on t.id = p.id_tercero where p.id_inmueble = i.id), 0) / 10000) as comision
                       from inmueble_estado_historial h join inmueble i on i.id = h.id_inmueble
                       where h.hasta in ('arrendado', 'vendido') and ${enPeriodo(sql`h.fecha`, f.periodo)}
                       group by i.id_asesor_comercial) h on h.id_asesor_comercial = u.id
            left join (select c.id_asesor, count(*) as cerrados from cliente_atendido c
                       where c.resultado in ('arrendo_con_nosotros', 'compro_con_nosotros') and ${diaEnPeriodo(sql`c.fecha_cierre`, f.periodo)}
                       group by c.id_asesor) ce on ce.id_asesor = u.id
            where u.activo and ${asesorEs(sql`u.id`, f)}
          ) x where clientes + visitas + contratos + arrendados + vendidos + cerrados > 0
          order by cerrados + arrendados + vendidos desc, clientes desc, asesor`,
    ),
  grafico: { etiqueta: 'asesor', valores: ['clientes', 'visitas', 'contratos', 'arrendados', 'vendidos', 'cerrados'] },
};

/** A lead's requirements in one line: what the register prints in place of fourteen columns. */
type Requisitos = {
  tipos: string[];
  municipios_txt: string | null;
  barrios_txt: string | null;
  precio_min: string | number | null;
  precio_max: string | number | null;
  habitaciones_min: number | null;
  banos_min: number | null;
  area_min: string | number | null;
  area_max: string | number | null;
};
function requisitos(r: Requisitos): string {
  const rango = (a: string | number | null, b: string | number | null, f: (n: number) => string) =>
    a !== null && b !== null
      ? `${f(Number(a))} a ${f(Number(b))}`
      : a !== null
        ? `desde ${f(Number(a))}`
        : b !== null
          ? `hasta ${f(Number(b))}`
          : '';
  const precio = rango(r.precio_min, r.precio_max, pesos);
  const area = rango(r.area_min, r.area_max, (n) => `${n} m²`);
  return [
    r.tipos.join(', '),
    r.municipios_txt,
    r.barrios_txt,
    precio,
    r.habitaciones_min !== null ? `${r.habitaciones_min}+ habitaciones` : '',
    r.banos_min !== null ? `${r.banos_min}+ baños` : '',
    area,
  ]
    .filter(Boolean)
    .join(' · ');
}

type FilaRegistro = Requisitos & {
  consecutivo: number;
  fecha_ingreso: string;
  nombre: string;
  celular: string;
  asesor: string;
  medio: string;
  gestion: Gestion;
  estado: EstadoCliente;
  ultimo_seguimiento: string | null;
  notas: number;
  resultado: string | null;
  fecha_cierre: string | null;
  enlace: string;
};

const clientesatendidosregistro: DefInforme = {
  clave: 'clientesatendidosregistro',
  columnas: [
    { clave: 'consecutivo', titulo: 'Cliente N.º', tipo: 'entero' },
    { clave: 'fecha_ingreso', titulo: 'Ingreso', tipo: 'fecha' },
    { clave: 'nombre', titulo: 'Nombre', tipo: 'texto' },
    { clave: 'celular', titulo: 'Celular', tipo: 'texto' },
    { clave: 'asesor', titulo: 'Asesor', tipo: 'texto' },
    { clave: 'medio', titulo: 'Medio publicitario', tipo: 'texto' },
    { clave: 'gestion', titulo: 'Busca', tipo: 'texto' },
    { clave: 'requisitos', titulo: 'Requisitos', tipo: 'texto' },
    { clave: 'estado', titulo: 'Estado', tipo: 'texto' },
    { clave: 'ultimo_seguimiento', titulo: 'Último seguimiento', tipo: 'fecha' },
    { clave: 'notas', titulo: 'Notas', tipo: 'entero' },
    { clave: 'resultado', titulo: 'Resultado', tipo: 'texto' },
    { clave: 'fecha_cierre', titulo: 'Cierre', tipo: 'fecha' },
  ],
  /*
   * The register: every lead that came in during the period, newest first, as the paper register read;
   * or, with the client-statistics filter's date option on «cierre», every lead closed in the period.
   */
  filas: async (tx, f) =>
    (
      await queryRows<FilaRegistro>(
        tx,
        sql`select c.consecutivo, to_char(c.fecha_ingreso, 'YYYY-MM-DD') as fecha_ingreso, t.nombre, t.celular,
              coalesce(u.nombre, 'Sin asesor') as asesor, coalesce(m.nombre, 'Sin medio') as medio, c.gestion, c.estado,
              c.tipos, c.precio_min, c.precio_max, c.habitaciones_min, c.banos_min, c.area_min, c.area_max,
              (select string_agg(mu.municipio, ', ' order by mu.municipio) from municipios mu where mu.id = any(c.municipios)) as municipios_txt,
              (select string_agg(b.nombre, ', ' order by b.nombre) from barrios b where b.id = any(c.barrios)) as barrios_txt,
              to_char(c.ultimo_seguimiento at time zone 'America/Bogota', 'YYYY-MM-DD') as ultimo_seguimiento,
              (select count(*) from cliente_atendido_nota n where n.id_cliente = c.id)::int as notas,
              c.resultado, to_char(c.fecha_cierre, 'YYYY-MM-DD') as fecha_cierre,
              '/propiedades/clientes-atendidos?abrir=' || c.consecutivo as enlace
            from cliente_atendido c
            join terceros t on t.id = c.id_tercero
            left join usuarios u on u.id = c.id_asesor
            left join medios_publicitarios m on m.id = c.id_medio
            where ${diaEnPeriodo(f.fecha === 'cierre' ? sql`c.fecha_cierre` : sql`c.fecha_ingreso`, f.periodo)}
              and ${asesorEs(sql`c.id_asesor`, f)} and ${f.cliente ? sql`c.consecutivo = ${f.cliente}` : sql`true`}
            order by ${f.fecha === 'cierre' ? sql`c.fecha_cierre desc,` : sql``} c.fecha_ingreso desc, c.consecutivo desc`,
      )
    ).map((r) => ({
      consecutivo: r.consecutivo,
      fecha_ingreso: r.fecha_ingreso,
      nombre: r.nombre,
      celular: r.celular,
      asesor: r.asesor,
      medio: r.medio,
      gestion: ETIQUETA_GESTION_CLIENTE[r.gestion] ?? r.gestion,
      requisitos: requisitos(r),
      estado: ETIQUETA_ESTADO_CLIENTE[r.estado] ?? r.estado,
      ultimo_seguimiento: r.ultimo_seguimiento,
      notas: r.notas,
      resultado: etiquetaResultado(r.resultado),
      fecha_cierre: r.fecha_cierre,
      enlace: r.enlace,
    })),
  contar: async (tx, f) =>
    (
      await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from cliente_atendido c join terceros t on t.id = c.id_tercero
            where ${diaEnPeriodo(f.fecha === 'cierre' ? sql`c.fecha_cierre` : sql`c.fecha_ingreso`, f.periodo)}
              and ${asesorEs(sql`c.id_asesor`, f)} and ${f.cliente ? sql`c.consecutivo = ${f.cliente}` : sql`true`}`,
      )
    )[0]!.n,
  grafico: { etiqueta: 'medio', valores: ['clientes'] },
  serie: async (_tx, _f, r) => contarPor(r, 'medio', 'clientes'),
};

/** The pairs the report lists at most (also the PDF's limit): it is a work list, best matches first. */
const CRUCE_MAX = 2000;
const cruceclientesinmuebles: DefInforme = {
  clave: 'cruceclientesinmuebles',
  columnas: [
    { clave: 'cliente', titulo: 'Cliente', tipo: 'texto' },
    { clave: 'asesor', titulo: 'Asesor', tipo: 'texto' },
    { clave: 'inmueble', titulo: 'Inmueble', tipo: 'texto' },
    { clave: 'puntaje', titulo: 'Puntaje (%)', tipo: 'entero' },
    { clave: 'motivos', titulo: 'Motivos', tipo: 'texto' },
    { clave: 'enviado', titulo: 'Ficha enviada', tipo: 'fecha' },
  ],
  /*
   * The matching of modules/clientes (the same hard criteria, weights and reasons as the lead's and the
   * property's lists). The row opens the lead, whose «Inmuebles que coinciden» sends the fichas.
   */
  filas: async (tx, f) =>
    (await cruce(tx, f.asesor ?? null, CRUCE_MAX)).map((r) => ({
      cliente: `${r.cliente} · ${r.nombre}`,
      asesor: r.asesor ?? 'Sin asesor',
      inmueble: `${r.inmueble} · ${r.direccion}`,
      puntaje: Number(r.puntaje),
      motivos: motivos(r)
        .map((m) => m.texto)
        .join('; '),
      enviado:
        r.enviado === null ? null : new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(r.enviado)),
      enlace: `/propiedades/clientes-atendidos?abrir=${r.cliente}`,
      // Not columns: the page's «Enviar ficha» sends this property's ficha to this lead.
      consecutivo_cliente: Number(r.cliente),
      consecutivo_inmueble: Number(r.inmueble),
    })),
  grafico: { etiqueta: 'asesor', valores: ['coincidencias'] },
  serie: async (_tx, _f, r) => contarPor(r, 'asesor', 'coincidencias'),
};

// Per question of every survey answered in the period (Página web > Encuestas); the chart compares the
// share satisfied of the questions that have one (scales and yes/no).
const encuestas: DefInforme = {
  clave: 'encuestas',
  columnas: [
    { clave: 'encuesta', titulo: 'Encuesta', tipo: 'texto' },
    { clave: 'pregunta', titulo: 'Pregunta', tipo: 'texto' },
    { clave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
    { clave: 'respuestas', titulo: 'Respuestas', tipo: 'entero' },
    { clave: 'promedio', titulo: 'Promedio', tipo: 'texto' },
    { clave: 'satisfaccion', titulo: 'Satisfechos (4–5, Sí o 9–10)', tipo: 'porcentaje' },
    { clave: 'distribucion', titulo: 'Distribución', tipo: 'texto' },
  ],
  filas: (tx, f) => filasEncuestas(tx, f.periodo, f),
  grafico: { etiqueta: 'pregunta', valores: ['satisfaccion'] },
  serie: async (tx, f) =>
    (await filasEncuestas(tx, f.periodo, f))
      .filter((r) => r.satisfaccion !== null)
      .slice(0, 20)
      .map((r) => ({ etiqueta: r.pregunta, valores: { satisfaccion: r.satisfaccion! } })),
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
  'verificar-disponibilidad': verificarDisponibilidad,
  'gestion-comercial': gestionComercial,
  clientesatendidosregistro,
  cruceclientesinmuebles,
  encuestas,
};
