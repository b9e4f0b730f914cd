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
});
