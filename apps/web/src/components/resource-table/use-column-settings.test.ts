import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BARRIOS, INMOBILIARIAS } from '@predio/contract/maestros/resources';
import { useColumnSettings } from './use-column-settings.ts';

describe('column settings', () => {
  afterEach(() => localStorage.clear());

  it('starts from the listed fields, and keeps each resource’s choice across visits', () => {
    const primera = renderHook(() => useColumnSettings(INMOBILIARIAS));
    expect(primera.result.current.visibles).not.toContain('fecha_convenio');
    act(() =>
      primera.result.current.mostrar([...primera.result.current.visibles.filter((k) => k !== 'email'), 'fecha_convenio']),
    );
    expect(primera.result.current.visibles).toContain('fecha_convenio');
    expect(primera.result.current.visibles).not.toContain('email');
    primera.unmount();

    const otraVisita = renderHook(() => useColumnSettings(INMOBILIARIAS));
    expect(otraVisita.result.current.visibles).toContain('fecha_convenio');
    expect(otraVisita.result.current.visibles).not.toContain('email');
    expect(renderHook(() => useColumnSettings(BARRIOS)).result.current.visibles).toEqual([
      'id_municipio',
      'nombre',
      'estrato',
      'activo',
    ]);

    act(() => otraVisita.result.current.restablecer());
    expect(otraVisita.result.current.visibles).toContain('email');
    expect(localStorage.length).toBe(0);
  });

  it('ignores a stored value it cannot read', () => {
    localStorage.setItem('predio:columnas:barrios', '{no es json');
    expect(renderHook(() => useColumnSettings(BARRIOS)).result.current.visibles).toContain('nombre');
  });
});
