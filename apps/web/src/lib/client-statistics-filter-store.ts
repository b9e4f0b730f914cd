import { create } from 'zustand';
import { FILTER_EXPIRY_MS } from '@predio/contract/constants';

/** Which date the range applies to. */
export type OpcionFecha = 'ingreso' | 'cierre';

export type ClienteFiltro = { consecutivo_cliente: number; nombre: string };

/** Client-statistics filter state of spec §3; dates are ISO 'YYYY-MM-DD'. */
export type ClientStatisticsFilter = {
  consecutivo_cliente: number | null;
  fecha_ingreso_inicial: string | null;
  fecha_ingreso_final: string | null;
  fecha_cierre_inicial: string | null;
  fecha_cierre_final: string | null;
  opcionFecha: OpcionFecha;
  rangoFechas: [string, string] | null;
  clientes: ClienteFiltro[];
};

export const CLIENT_STATISTICS_DEFAULTS: ClientStatisticsFilter = {
  consecutivo_cliente: null,
  fecha_ingreso_inicial: null,
  fecha_ingreso_final: null,
  fecha_cierre_inicial: null,
  fecha_cierre_final: null,
  opcionFecha: 'ingreso',
  rangoFechas: null,
  clientes: [],
};

type ClientStatisticsFilterState = ClientStatisticsFilter & {
  set: (patch: Partial<ClientStatisticsFilter>) => void;
  reset: () => void;
};

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

// spec §4: the filter returns to its defaults after 5 minutes without changes.
export const useClientStatisticsFilter = create<ClientStatisticsFilterState>()((set) => ({
  ...CLIENT_STATISTICS_DEFAULTS,
  set: (patch) => {
    clearTimeout(expiryTimer);
    expiryTimer = setTimeout(() => set(CLIENT_STATISTICS_DEFAULTS), FILTER_EXPIRY_MS);
    set(patch);
  },
  reset: () => {
    clearTimeout(expiryTimer);
    set(CLIENT_STATISTICS_DEFAULTS);
  },
}));
