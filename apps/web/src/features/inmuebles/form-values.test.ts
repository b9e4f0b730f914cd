import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ZInmuebleForm, type InmuebleDetalle } from '@predio/contract/inmuebles';
import { aContrato, sumaPropietarios, valoresDe, valoresIniciales } from './form-values.ts';

const detalle = {
  id: 1,
  consecutivo: 7,
  tipo: 'apartamento',
  gestion: 'arriendo',
  estado: 'disponible',
  id_causal_retiro: null,
  direccion: 'Calle 10 # 43-20',
  id_municipio: 5,
  municipio: 'Medellín',
  id_barrio: null,
  barrio: null,
  id_sector: null,
  id_zona: null,
  estrato: 4,
  area_construida: 72.5,
  area_privada: null,
  area_lote: null,
  habitaciones: 3,
  banos: 2,
  parqueaderos: 1,
  piso: 5,
  ascensor: true,
  anio_construccion: 2010,
  canon: 2_500_000,
  precio_venta: null,
  administracion: 350_000,
  caracteristicas: [3, 9],
  descripcion: 'Con balcón',
  observaciones_internas: '',
  propietarios: [
    { id_tercero: 11, nro_id: '1', nombre: 'Ana', porcentaje: 60 },
    { id_tercero: 12, nro_id: '2', nombre: 'Luis', porcentaje: 40 },
  ],
  id_asesor_captador: null,
  id_asesor_comercial: 2,
  id_captacion: null,
  fecha_consignacion: '2026-11-01',
  vigencia_consignacion: '2027-11-01',
  lat: null,
  lng: null,
  codigo_llaves: 'L-12',
  publicar: { fincaraiz: true, sitio_web: true },
  version: 3,
  creado_por: 'admin',
  creado_en: '2026-11-01T00:00:00Z',
  modificado_por: null,
  modificado_en: null,
} satisfies InmuebleDetalle;

describe('property form values', () => {
  it('round-trips a property into a body the contract accepts unchanged', () => {
    const v = valoresDe(detalle);
    expect(v.publicar).toEqual(['fincaraiz', 'sitio_web']);
    expect(dayjs.isDayjs(v.fecha_consignacion)).toBe(true);
    const body = ZInmuebleForm.parse(aContrato(v));
    expect(body.fecha_consignacion).toBe('2026-11-01');
    expect(body.publicar).toEqual({
      fincaraiz: true,
      metrocuadrado: false,
      ciencuadras: false,
      wasi: false,
      impulso_raiz: false,
      casa_raiz: false,
      inmueblesnetco: false,
      cerouno: false,
      proppit: false,
      domus: false,
      mercadolibre: false,
      sitio_web: true,
    });
    expect(body.propietarios).toEqual([
      { id_tercero: 11, porcentaje: 60 },
      { id_tercero: 12, porcentaje: 40 },
    ]);
    expect(body.caracteristicas).toEqual([3, 9]);
  });

  it('drops the untouched empty owner row of a new property', () => {
    const body = aContrato({ ...valoresIniciales(), tipo: 'casa' });
    expect(body.propietarios).toEqual([]);
  });

  it('sums shares the way the server does (hundredths)', () => {
    expect(
      sumaPropietarios([
        { id_tercero: 1, porcentaje: 33.33 },
        { id_tercero: 2, porcentaje: 66.67 },
      ]),
    ).toMatchObject({ suma: 100, resto: 0, estado: 'ok', texto: 'Suma de porcentajes: 100 %' });
    expect(sumaPropietarios([{ id_tercero: 1, porcentaje: 50 }])).toMatchObject({
      suma: 50,
      resto: 50,
      estado: 'incompleto',
      texto: 'Suma de porcentajes: 50 % — debe ser 100 %',
    });
  });

  it('is neither green nor counted for rows without their tercero (issue 24 §2)', () => {
    // The new form's one blank row at 100 %: nothing chosen yet, and no room for another row's share.
    expect(sumaPropietarios([{ id_tercero: null, porcentaje: 100 }])).toMatchObject({ suma: 0, resto: 0, estado: 'vacio' });
    // Owner A at 100 % and a blank owner B: not complete, and the summary says which row lacks its tercero.
    expect(
      sumaPropietarios([
        { id_tercero: 1, porcentaje: 100 },
        { id_tercero: null, porcentaje: null },
      ]),
    ).toMatchObject({
      suma: 100,
      estado: 'incompleto',
      sinTercero: [2],
      texto: 'Suma de porcentajes: 100 % — falta el tercero de la fila 2',
    });
    // A new row starts at what the rows already there leave.
    expect(
      sumaPropietarios([
        { id_tercero: 1, porcentaje: 60 },
        { id_tercero: null, porcentaje: 25 },
      ]).resto,
    ).toBe(15);
  });
});
