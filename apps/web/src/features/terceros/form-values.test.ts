import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ZTerceroForm } from '@predio/contract/terceros';
import { aContrato, ayudaNit, valoresIniciales } from './form-values.ts';

describe('tercero form values', () => {
  it('starts with the defaults of spec §3', () => {
    expect(valoresIniciales()).toMatchObject({
      tipo_dcto: 13,
      tipo_contribuyente: 2,
      correspondencia: 'Enviar',
      propietario: true,
      empleado: false,
      activo: true,
    });
  });

  it('turns the form into a body the contract accepts, with dates as AAAA-MM-DD and the composed name', () => {
    const body = aContrato({
      ...valoresIniciales(),
      nro_id: '1017123456',
      nombre1: 'Óscar',
      apellido1: 'Gómez',
      cumpleanos: dayjs('1990-05-17'),
    });
    expect(body.cumpleanos).toBe('1990-05-17');
    expect(ZTerceroForm.parse(body)).toMatchObject({ nombre: 'Óscar Gómez', cumpleanos: '1990-05-17' });
  });

  it('shows the DV of a NIT while typed and says whether the typed one is right', () => {
    expect(ayudaNit('900123456')).toEqual({ dv: 8, ok: null });
    expect(ayudaNit('900123456-8')).toEqual({ dv: 8, ok: true });
    expect(ayudaNit('900654321-1')).toEqual({ dv: 0, ok: false });
    expect(ayudaNit('12')).toBeNull();
  });
});
