import { sql, type SQL } from 'drizzle-orm';
import {
  INFORMES,
  MAX_ANIOS_INFORME,
  type ClaveInforme,
  type ColumnaInforme,
  type FilaInforme,
  type ConfirmacionDisponibilidad,
  type FiltrosInforme,
  type RespuestaInforme,
  type TableroGerencia,
  type CifraTablero,
  type ClienteInforme,
  veTodosLosAsesores,
} from '@predio/contract/informes';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import { escaparLike } from '../../db/like.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';

/*
 * The report framework (docs/informes.md). A report declares its filters, one query giving its rows,
 * its columns (those with `total` are summed into the totals and the summary tiles) and its chart; the
 * runner fills in the period, compares with the period before, and the same result feeds the screen,
 * the Excel file and the PDF, so the three always agree.
 */

/** The period a query reads, as Bogotá days and as the instants that bound them. */
export type Periodo = { desde: string; hasta: string };
export type Filtros = FiltrosInforme & { periodo: Periodo | null };

export type DefInforme = {
  clave: ClaveInforme;
  columnas: ColumnaInforme[];
  /** The rows, already grouped and ordered as the screen shows them. */
  filas: (tx: Tx, f: Filtros) => Promise<FilaInforme[]>;
  /**
   * A list without summed columns is summarised by its row count, so for the previous period only that
   * count is needed: `contar` gives it without reading (and formatting) every row again.
   */
  contar?: (tx: Tx, f: Filtros) => Promise<number>;
  /** The chart: the column that labels each point and the columns drawn (default: the table's rows). */
  grafico: { etiqueta: string; valores: string[]; tipo?: 'barras' | 'linea'; max?: number };
  /**
   * A chart that is not the table (a trend by month, a count per asesor): labels first. It gets the
   * period's rows already read, so a chart counted from them does not run the report's query again.
   */
  serie?: (tx: Tx, f: Filtros, filas: FilaInforme[]) => Promise<{ etiqueta: string; valores: Record<string, number> }[]>;
};

const hoyBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
const dia = (d: Date) => d.toISOString().slice(0, 10);
const aFecha = (s: string) => new Date(`${s}T00:00:00Z`);
const sumarDias = (s: string, n: number) => dia(new Date(aFecha(s).getTime() + n * 86_400_000));

/** desde/hasta checked and defaulted (this month until today); the same length just before it. */
export function periodoDe(f: FiltrosInforme): { actual: Periodo; anterior: Periodo } {
  const hoy = hoyBogota();
  const hasta = f.hasta ?? (f.desde && f.desde > hoy ? f.desde : hoy);
  const desde = f.desde ?? `${hasta.slice(0, 7)}-01`;
  if (desde > hasta) throw invalido('hasta', 'debe ser igual o posterior a desde');
  const limite = new Date(aFecha(desde));
  limite.setUTCFullYear(limite.getUTCFullYear() + MAX_ANIOS_INFORME);
  if (aFecha(hasta) >= limite) throw invalido('hasta', `el rango no puede superar ${MAX_ANIOS_INFORME} años; acote las fechas`);
  const largo = Math.round((aFecha(hasta).getTime() - aFecha(desde).getTime()) / 86_400_000);
  const finAnterior = sumarDias(desde, -1);
  return { actual: { desde, hasta }, anterior: { desde: sumarDias(finAnterior, -largo), hasta: finAnterior } };
}

/** `columna` falls in the period's Bogotá days (a timestamptz column). */
export const enPeriodo = (columna: SQL, p: Periodo | null): SQL =>
  p
    ? sql`${columna} >= (${p.desde}::date)::timestamp at time zone 'America/Bogota' and ${columna} < (${p.hasta}::date + 1)::timestamp at time zone 'America/Bogota'`
    : sql`true`;
/** `columna` (a date column) falls in the period. */
export const diaEnPeriodo = (columna: SQL, p: Periodo | null): SQL =>
  p ? sql`${columna} between ${p.desde}::date and ${p.hasta}::date` : sql`true`;

/**
 * Reports only read, and a mistaken or huge query must not hold the database: the transaction is
 * read-only (the report routes open it REPEATABLE READ READ ONLY, one snapshot for the period, the
 * previous one and the chart; `set transaction read only` keeps it so when a caller did not) and
 * statements stop at 15 s. JIT is off: compiling a report's expressions cost PostgreSQL ~90 ms a query,
 * more than it saved on these row counts.
 */
export async function soloLectura(tx: Tx): Promise<void> {
  await tx.execute(sql`set transaction read only`);
  await tx.execute(sql`select set_config('statement_timeout', '15s', true), set_config('jit', 'off', true)`);
}

export const filas = <T extends FilaInforme>(tx: Tx, q: SQL) => queryRows<T>(tx, q);

function sumar(columnas: ColumnaInforme[], fs: FilaInforme[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const c of columnas) if (c.total) t[c.clave] = fs.reduce((n, f) => n + Number(f[c.clave] ?? 0), 0);
  return t;
}

export async function ejecutar(tx: Tx, def: DefInforme, f: FiltrosInforme): Promise<RespuestaInforme> {
  const meta = INFORMES[def.clave];
  const periodos = meta.periodo ? periodoDe(f) : null;
  await soloLectura(tx);
  const filtros: Filtros = { ...f, periodo: periodos?.actual ?? null };
  const fs = await def.filas(tx, filtros);
  const totales = sumar(def.columnas, fs);
  const conTotal = def.columnas.filter((c) => c.total);
  const anteriores = periodos ? { ...f, periodo: periodos.anterior } : null;
  const soloCuenta = conTotal.length === 0 && def.contar !== undefined;
  const previas = anteriores && !soloCuenta ? await def.filas(tx, anteriores) : null;
  const previos = previas ? sumar(def.columnas, previas) : null;
  const cuentaPrevia = anteriores && def.contar && soloCuenta ? await def.contar(tx, anteriores) : (previas?.length ?? null);
  // A report without summed columns (a list of records) is summarised by how many it lists.
  const resumen =
    conTotal.length > 0
      ? conTotal.map((c) => ({
          clave: c.clave,
          titulo: c.titulo,
          valor: totales[c.clave]!,
          anterior: previos?.[c.clave] ?? null,
        }))
      : [{ clave: 'registros', titulo: 'Registros', valor: fs.length, anterior: cuentaPrevia }];
  const g = def.grafico;
  let etiquetas: string[];
  let series: { nombre: string; valores: number[] }[];
  if (def.serie) {
    const s = await def.serie(tx, filtros, fs);
    etiquetas = s.map((p) => p.etiqueta);
    series = g.valores.map((v) => ({ nombre: titulo(def, v), valores: s.map((p) => p.valores[v] ?? 0) }));
  } else {
    const puntos = fs.slice(0, g.max ?? 20);
    etiquetas = puntos.map((p) => String(p[g.etiqueta] ?? 'Sin dato'));
    series = g.valores.map((v) => ({ nombre: titulo(def, v), valores: puntos.map((p) => Number(p[v] ?? 0)) }));
  }
  return {
    informe: def.clave,
    titulo: meta.titulo,
    filtros: { ...f, ...(periodos ? periodos.actual : {}) },
    anterior: periodos?.anterior ?? null,
    resumen,
    serie: { tipo: g.tipo ?? 'barras', etiquetas, series },
    columnas: def.columnas,
    filas: fs,
    totales,
  };
}

const titulo = (def: DefInforme, clave: string) =>
  def.columnas.find((c) => c.clave === clave)?.titulo ?? `${clave[0]!.toUpperCase()}${clave.slice(1)}`;

/**
 * An asesor without the manager's permission sees only their own rows in every report with the asesor
 * filter (that filter already says whose rows: the asesor of the cita, the property, the lead…): the
 * filter is fixed to them, and asking for someone else is a 403.
 */
export function alcance<F extends FiltrosInforme>(clave: ClaveInforme, user: Principal, f: F): F {
  if (!(INFORMES[clave].filtros as readonly string[]).includes('asesor') || veTodosLosAsesores(user)) return f;
  if (f.asesor !== undefined && f.asesor !== user.idUsuario)
    throw new AppError(CODES.SIN_PERMISO, 'Solo puede ver sus propios datos en este informe: quite el filtro de asesor.');
  return { ...f, asesor: user.idUsuario };
}

/** The asesor filter's options: the company's active users, or only oneself for who sees only their own. */
export const asesores = (tx: Tx, user: Principal) =>
  queryRows<{ id: number; nombre: string }>(
    tx,
    sql`select id, nombre from usuarios where activo and ${veTodosLosAsesores(user) ? sql`true` : sql`id = ${user.idUsuario}`}
        order by nombre, id`,
  );

/**
 * The client filter's options in the register (spec §3 consecutivo_cliente): leads by N.º or name, the
 * asesor's own only for who sees only their own rows, as the report itself.
 */
export function clientesDelRegistro(tx: Tx, user: Principal, q: string | undefined): Promise<ClienteInforme[]> {
  const texto = (q ?? '').trim();
  const numero = /^\d{1,9}$/.test(texto) ? Number(texto) : null;
  const patron = `%${escaparLike(texto)}%`;
  return queryRows<ClienteInforme>(
    tx,
    sql`select c.consecutivo, t.nombre from cliente_atendido c join terceros t on t.id = c.id_tercero
        where ${veTodosLosAsesores(user) ? sql`true` : sql`c.id_asesor = ${user.idUsuario}`}
          and ${texto === '' ? sql`true` : numero !== null ? sql`c.consecutivo = ${numero}` : sql`lower(predio_unaccent(t.nombre)) like lower(predio_unaccent(${patron}::text))`}
        order by c.consecutivo desc limit 20`,
  );
}

/**
 * «Confirmar disponibilidad» (verificar-disponibilidad): records that the owner confirmed today that the
 * property is still available, with who confirmed, and audits it. Only a disponible property, and for an
 * asesor without the manager's permission only one they are the asesor comercial of (the rows they see).
 */
export async function confirmarDisponibilidad(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  consecutivo: number;
}): Promise<ConfirmacionDisponibilidad> {
  const [i] = await queryRows<{ id: number; estado: string; id_asesor_comercial: number | null }>(
    o.tx,
    sql`select id, estado, id_asesor_comercial from inmueble where consecutivo = ${o.consecutivo}`,
  );
  if (!i) throw noEncontrado(`El inmueble ${o.consecutivo}`);
  if (!veTodosLosAsesores(o.user) && i.id_asesor_comercial !== o.user.idUsuario)
    throw new AppError(CODES.SIN_PERMISO, 'Solo puede confirmar la disponibilidad de sus propios inmuebles.');
  if (i.estado !== 'disponible') throw invalido('consecutivo', `el inmueble ${o.consecutivo} no está disponible (${i.estado})`);
  const [r] = await queryRows<{ fecha: Date | string }>(
    o.tx,
    sql`insert into inmueble_disponibilidad (id_inmueble, id_usuario, usuario)
        values (${i.id}, ${o.user.idUsuario || null}, ${o.user.usuario}) returning fecha`,
  );
  const fecha = new Date(r!.fecha).toISOString();
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'confirmar disponibilidad',
    // The property's own audit entity, so the confirmation shows in its history of changes.
    entidad: 'inmuebles',
    entidadId: String(o.consecutivo),
    cambios: { disponibilidad_confirmada: { antes: null, despues: fecha } },
    ip: o.ip,
  });
  return { consecutivo: o.consecutivo, fecha, usuario: o.user.usuario };
}

/**
 * The manager's month on Inicio (issue 33 «Dashboards»): figures taken from the reports themselves, this
 * month against the one before, so a figure and the report it opens always agree.
 */
export async function tablero(tx: Tx, registro: Record<ClaveInforme, DefInforme>): Promise<TableroGerencia> {
  const gc = await ejecutar(tx, registro['gestion-comercial'], {});
  const pc = await ejecutar(tx, registro.propiedadesconsignadas, {});
  const ca = await ejecutar(tx, registro.clientesatendidos, {});
  const sa = await ejecutar(tx, registro['seguimiento-asesores'], {});
  const de = (r: RespuestaInforme, informe: ClaveInforme, claves?: string[]): CifraTablero[] =>
    r.resumen
      .filter((c) => !claves || claves.includes(c.clave))
      .map((c) => ({
        clave: `${informe}.${c.clave}`,
        titulo: c.titulo,
        valor: c.valor,
        anterior: c.anterior,
        dinero: r.columnas.find((x) => x.clave === c.clave)?.tipo === 'dinero',
        informe,
      }));
  return {
    desde: gc.filtros.desde ?? '',
    hasta: gc.filtros.hasta ?? '',
    cifras: [
      {
        clave: 'propiedadesconsignadas.captaciones',
        titulo: 'Captaciones',
        valor: pc.filas.length,
        anterior: null,
        dinero: false,
        informe: 'propiedadesconsignadas',
      },
      ...de(gc, 'gestion-comercial', ['arrendados', 'vendidos', 'clientes', 'visitas', 'valor']),
      ...de(sa, 'seguimiento-asesores', ['sin_seguimiento', 'tareas_vencidas']),
    ],
    // The report's rows are medio × asesor: summed per medio.
    medios: [
      ...ca.filas.reduce(
        (por, f) =>
          por.set(String(f.medio ?? 'Sin medio'), (por.get(String(f.medio ?? 'Sin medio')) ?? 0) + Number(f.total ?? 0)),
        new Map<string, number>(),
      ),
    ]
      .map(([medio, clientes]) => ({ medio, clientes }))
      .filter((m) => m.clientes > 0)
      .sort((a, b) => b.clientes - a.clientes)
      .slice(0, 6),
  };
}
