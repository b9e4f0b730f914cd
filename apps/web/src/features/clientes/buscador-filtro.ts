import type { ClientStatisticsFilter, OpcionFecha } from '../../lib/client-statistics-filter-store.ts';
import type { ClientesParams } from './clientes-params.ts';

/** The buscador's date criterion: which date (ingreso or cierre) and its range. */
export type CriterioFecha = { opcion: OpcionFecha; desde: string | null; hasta: string | null };

/** The client-statistics filter (spec §3) as list parameters. */
export function paramsDesdeFiltro(f: ClientStatisticsFilter): Partial<ClientesParams> {
  return {
    consecutivo: f.consecutivo_cliente,
    ingresoDesde: f.fecha_ingreso_inicial,
    ingresoHasta: f.fecha_ingreso_final,
    cierreDesde: f.fecha_cierre_inicial,
    cierreHasta: f.fecha_cierre_final,
  };
}

/** The list parameters and the chosen date option as the client-statistics filter. */
export function filtroDesdeParams(p: ClientesParams, opcion: OpcionFecha): Partial<ClientStatisticsFilter> {
  const desde = opcion === 'ingreso' ? p.ingresoDesde : p.cierreDesde;
  const hasta = opcion === 'ingreso' ? p.ingresoHasta : p.cierreHasta;
  return {
    consecutivo_cliente: p.consecutivo,
    fecha_ingreso_inicial: p.ingresoDesde,
    fecha_ingreso_final: p.ingresoHasta,
    fecha_cierre_inicial: p.cierreDesde,
    fecha_cierre_final: p.cierreHasta,
    opcionFecha: opcion,
    rangoFechas: desde && hasta ? [desde, hasta] : null,
  };
}

/** A date criterion as list parameters: the chosen date gets the range, the other one is cleared. */
export function paramsDeFecha(c: CriterioFecha): Partial<ClientesParams> {
  return c.opcion === 'ingreso'
    ? { ingresoDesde: c.desde, ingresoHasta: c.hasta, cierreDesde: null, cierreHasta: null }
    : { cierreDesde: c.desde, cierreHasta: c.hasta, ingresoDesde: null, ingresoHasta: null };
}

export const filtroVacio = (f: Partial<ClientesParams>) => Object.values(f).every((v) => v === null || v === undefined);
