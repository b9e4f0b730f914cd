import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTER_EXPIRY_MS } from '@predio/contract/constants';
import { CLIENT_STATISTICS_DEFAULTS, useClientStatisticsFilter } from './client-statistics-filter-store.ts';

const pick = () => {
  const { set: _set, reset: _reset, ...filter } = useClientStatisticsFilter.getState();
  return filter;
};

describe('client statistics filter store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useClientStatisticsFilter.getState().reset();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the filter while there is activity and resets it after 300000 ms of inactivity', () => {
    const { set } = useClientStatisticsFilter.getState();
    set({ consecutivo_cliente: 42, fecha_ingreso_inicial: '2025-01-01' });
    vi.advanceTimersByTime(FILTER_EXPIRY_MS - 1000);
    set({ opcionFecha: 'cierre' });
    vi.advanceTimersByTime(FILTER_EXPIRY_MS - 1000);
    expect(pick()).toMatchObject({ consecutivo_cliente: 42, fecha_ingreso_inicial: '2025-01-01', opcionFecha: 'cierre' });

    vi.advanceTimersByTime(1000);
    expect(pick()).toEqual(CLIENT_STATISTICS_DEFAULTS);
  });

  it('reset clears at once and cancels the pending expiry', () => {
    const { set, reset } = useClientStatisticsFilter.getState();
    set({ clientes: [{ consecutivo_cliente: 1, nombre: 'Ana' }] });
    reset();
    expect(pick()).toEqual(CLIENT_STATISTICS_DEFAULTS);
    expect(vi.getTimerCount()).toBe(0);
  });
});
