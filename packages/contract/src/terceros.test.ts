import { describe, expect, it } from 'vitest';
import {
  componerNombre,
  digitoVerificacion,
  emailEnvio,
  separarNit,
  telefonoEnvio,
  ZTerceroActualizar,
  ZTerceroForm,
} from './terceros.ts';

describe('digitoVerificacion (DIAN)', () => {
  it('gives the check digit of real NITs', () => {
    // DIAN 800197268-4, Ecopetrol 899999068-1, Bancolombia 890903938-8, Banco de Bogotá 860002964-4.
    for (const [nit, dv] of [
      ['900123456', 8],
      ['900654321', 0],
      ['860002964', 4],
      ['890903938', 8],
      ['800197268', 4],
      ['899999068', 1],
    ] as const)
      expect(digitoVerificacion(nit), nit).toBe(dv);
  });
  it('answers null for what is not a NIT of digits', () => {
    expect(digitoVerificacion('90012345A')).toBeNull();
    expect(digitoVerificacion('')).toBeNull();
    expect(digitoVerificacion('1234567890123456')).toBeNull();
  });
  it('splits the DV from a NIT written with it, dots and spaces aside', () => {
    expect(separarNit('900.123.456-8')).toEqual({ nit: '900123456', dv: 8 });
    expect(separarNit('900123456')).toEqual({ nit: '900123456', dv: null });
  });
});

describe('ZTerceroForm', () => {
  const persona = { nro_id: '1.017.123.456', nombre1: ' Ana ', nombre2: 'María', apellido1: 'Gómez', apellido2: '' };

  it('applies the defaults of spec §3 and composes the name', () => {
    const t = ZTerceroForm.parse(persona);
    expect(t).toMatchObject({
      nro_id: '1017123456',
      nombre: 'Ana María Gómez',
      tipo_dcto: 13,
      tipo_contribuyente: 2,
      correspondencia: 'Enviar',
      propietario: true,
      empleado: false,
      activo: true,
      razon_social: '',
    });
  });

  it('stores a company under its razón social and its NIT without the DV', () => {
    const t = ZTerceroForm.parse({
      tipo_contribuyente: 1,
      tipo_dcto: 31,
      nro_id: '900123456-8',
      razon_social: 'Constructora Andina S.A.S.',
      nombre1: 'x',
    });
    expect(t).toMatchObject({ nro_id: '900123456', nombre: 'Constructora Andina S.A.S.', nombre1: '' });
  });

  it('refuses a wrong or missing DV naming nro_id and the right digit', () => {
    const mal = ZTerceroForm.safeParse({ tipo_contribuyente: 1, tipo_dcto: 31, nro_id: '900123456-7', razon_social: 'X' });
    expect(mal.success).toBe(false);
    expect(mal.error!.issues[0]).toMatchObject({ path: ['nro_id'], message: expect.stringContaining('es 8, no 7') });
    const sin = ZTerceroForm.safeParse({ tipo_contribuyente: 1, tipo_dcto: 31, nro_id: '900654321', razon_social: 'X' });
    expect(sin.error!.issues[0]!.message).toContain('900654321-0');
  });

  it('names each field that is wrong', () => {
    const r = ZTerceroForm.safeParse({
      nro_id: '',
      email: 'no-es-correo',
      celular: 'abc',
      tipo_dcto: 99,
      aut_Manejo_Datos_Personales: true,
    });
    const campos = r.error!.issues.map((i) => i.path.join('.'));
    expect(campos).toEqual(expect.arrayContaining(['nro_id', 'email', 'celular', 'tipo_dcto']));
    expect(r.error!.issues.find((i) => i.path[0] === 'email')!.message).toContain('Correo electrónico');
  });

  it('asks for the medio and the date of a consent, and a company for a NIT', () => {
    const r = ZTerceroForm.safeParse({ ...persona, aut_Manejo_Datos_Personales: true });
    expect(r.error!.issues.map((i) => i.path[0])).toEqual(['id_medio_aut_datos', 'fecha_aut_datos']);
    const j = ZTerceroForm.safeParse({ tipo_contribuyente: 1, tipo_dcto: 13, nro_id: '123456', razon_social: '' });
    expect(j.error!.issues.map((i) => i.path[0])).toEqual(['tipo_dcto', 'razon_social']);
  });

  it('refuses a date that is no day, without throwing', () => {
    for (const f of ['2026-13-45', '2026-02-30']) {
      const r = ZTerceroForm.safeParse({
        ...persona,
        aut_Manejo_Datos_Personales: true,
        id_medio_aut_datos: 1,
        fecha_aut_datos: f,
      });
      expect(
        r.error!.issues.map((i) => i.path[0]),
        f,
      ).toEqual(['fecha_aut_datos']);
    }
  });

  it('needs the version on update', () => {
    expect(ZTerceroActualizar.safeParse(persona).error!.issues[0]!.path).toEqual(['version']);
    expect(ZTerceroActualizar.parse({ ...persona, version: 3 }).version).toBe(3);
  });
});

describe('helpers', () => {
  it('composes names without double spaces', () => {
    expect(componerNombre({ nombre1: 'Juan', nombre2: '', apellido1: 'Pérez  ', apellido2: 'Ruiz' })).toBe('Juan Pérez Ruiz');
  });
  it('sends from the corporate phone and e-mail when present (spec §3)', () => {
    expect(telefonoEnvio({ celular_Corporativo: '3001112233', celular: '3104445566' })).toBe('3001112233');
    expect(telefonoEnvio({ celular_Corporativo: '', celular: '3104445566' })).toBe('3104445566');
    expect(emailEnvio({ email_Corporativo: '', email: 'a@b.co' })).toBe('a@b.co');
    expect(emailEnvio({ email_Corporativo: 'c@d.co', email: 'a@b.co' })).toBe('c@d.co');
  });
});
