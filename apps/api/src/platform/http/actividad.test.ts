import { describe, expect, it } from 'vitest';
import { hayActividad, marcarActividad } from './actividad.ts';

describe('actividad', () => {
  it('knows a person asked the API lately; a health check is not a person', async () => {
    marcarActividad('/api/health');
    expect(hayActividad(20)).toBe(false);
    marcarActividad('/api/usuarios/GetUsuario');
    expect(hayActividad(20)).toBe(true);
    await new Promise((r) => setTimeout(r, 30));
    expect(hayActividad(20)).toBe(false);
    expect(hayActividad(10_000)).toBe(true);
  });

  it('leaves out what arrived before an instant: an export does not count its own request', () => {
    marcarActividad('/api/inmuebles/exportar');
    const inicio = performance.now();
    expect(hayActividad(2_000, inicio)).toBe(false);
    marcarActividad('/api/usuarios/GetUsuario');
    expect(hayActividad(2_000, inicio)).toBe(true);
  });
});
