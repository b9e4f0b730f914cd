import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { decimal, entero, fecha, fechaQuery, id, ids, opcion, si, texto, textoObligatorio } from './campos.ts';
import { ETIQUETAS_GESTION, GESTIONES, ZInmuebleForm } from './inmuebles.ts';

/** The messages a schema gives for a value, as the form shows them. */
const mensajes = (schema: z.ZodType, valor: unknown) => {
  const r = schema.safeParse(valor);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('body fields name the field by its label', () => {
  it('says a missing choice is obligatorio and a wrong one is not a record', () => {
    expect(mensajes(id('Municipio'), undefined)).toEqual(['El campo Municipio es obligatorio']);
    expect(mensajes(id('Municipio'), null)).toEqual(['El campo Municipio es obligatorio']);
    expect(mensajes(id('Municipio'), 'x')).toEqual(['El campo Municipio debe ser un número']);
    expect(mensajes(id('Municipio'), -3)).toEqual(['El campo Municipio debe ser un registro existente']);
    expect(mensajes(id('Municipio'), 7)).toEqual([]);
  });

  it('gives bounds as Colombians write figures', () => {
    expect(mensajes(entero('Año de construcción', 1800, 2100), 2200)).toEqual([
      'El campo Año de construcción debe ser como máximo 2100',
    ]);
    expect(mensajes(decimal('Área construida', 1_000_000), 2_000_000)).toEqual([
      'El campo Área construida debe ser como máximo 1.000.000',
    ]);
    expect(mensajes(decimal('Área construida', 10), -1)).toEqual(['El campo Área construida no puede ser negativo']);
    expect(mensajes(entero('Piso', 0, 200), 1.5)).toEqual(['El campo Piso debe ser un número entero']);
  });

  it('trims text, bounds it and tells a required one apart', () => {
    expect(texto('Descripción', 10).parse('  hola  ')).toBe('hola');
    expect(texto('Descripción', 10).parse(undefined)).toBe('');
    expect(mensajes(texto('Descripción', 3), 'abcd')).toEqual(['El campo Descripción admite máximo 3 caracteres']);
    expect(mensajes(textoObligatorio('Dirección', 10), '   ')).toEqual(['El campo Dirección es obligatorio']);
    expect(mensajes(textoObligatorio('Dirección', 10), undefined)).toEqual(['El campo Dirección es obligatorio']);
  });

  it('lists the labels of the allowed options, not their keys', () => {
    const gestion = opcion('Gestión', GESTIONES, ETIQUETAS_GESTION);
    expect(mensajes(gestion, undefined)).toEqual(['El campo Gestión es obligatorio']);
    const [m] = mensajes(gestion, 'permuta');
    expect(m).toMatch(/^El campo Gestión debe ser uno de: /);
    for (const g of GESTIONES) expect(m).toContain(ETIQUETAS_GESTION[g]);
    expect(mensajes(si('Ascensor'), 'si')).toEqual(['El campo Ascensor debe ser Sí o No']);
  });

  it('deduplicates and sorts a list of ids', () => {
    expect(ids('Barrios', 5).parse([3, 1, 3])).toEqual([1, 3]);
    expect(mensajes(ids('Barrios', 2), [1, 2, 3])).toEqual(['El campo Barrios admite máximo 2 valores']);
  });

  it('refuses dates that are not a real day without throwing', () => {
    const f = fecha('Fecha de ingreso');
    for (const malo of ['2026-13-45', '2026-02-30', '2025-02-29', '21/11/2026', '2026-1-5', '']) {
      expect(mensajes(f, malo), malo).toEqual(['El campo Fecha de ingreso debe ser una fecha válida (AAAA-MM-DD)']);
    }
    expect(mensajes(f, 20261121)).toEqual(['El campo Fecha de ingreso debe ser una fecha']);
    expect(mensajes(f, '2024-02-29')).toEqual([]);
  });
});

describe('the property form', () => {
  it('names its fields by label when a new property comes empty', () => {
    const m = mensajes(ZInmuebleForm, {});
    expect(m).toContain('El campo Dirección es obligatorio');
    expect(m).toContain('El campo Municipio es obligatorio');
    expect(m.join('\n')).not.toMatch(/\b(direccion|id_municipio)\b/);
  });
});

describe('query dates', () => {
  it('refuse a day the calendar does not have, which the database would refuse with an error', () => {
    expect(fechaQuery('desde').safeParse('2026-02-30').success).toBe(false);
    expect(fechaQuery('desde').safeParse('2026-13-01').success).toBe(false);
    expect(fechaQuery('desde').parse('2026-02-28')).toBe('2026-02-28');
    expect(fechaQuery('desde').parse(undefined)).toBeUndefined();
  });
});

describe('rules between fields', () => {
  it('show with the other mistakes, not only once those are fixed', () => {
    const m = mensajes(ZInmuebleForm, { gestion: 'arriendo' });
    expect(m).toContain('El campo Tipo de inmueble es obligatorio');
    expect(m).toContain('El campo Canon de arrendamiento es obligatorio cuando la gestión incluye arriendo');
  });

  it('wait while a field they read is itself wrong', () => {
    const m = mensajes(ZInmuebleForm, { gestion: 'permuta' });
    expect(m.some((x) => x.startsWith('El campo Gestión debe ser uno de'))).toBe(true);
    expect(m.some((x) => x.includes('Canon'))).toBe(false);
  });
});
