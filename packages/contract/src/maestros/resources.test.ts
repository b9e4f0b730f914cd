import { describe, expect, it } from 'vitest';
import { LIST_PARAMS } from '../list.ts';
import { flattenMenu, MENU } from '../menu.ts';
import { campo, COLUMNAS_SISTEMA, type ResourceDef } from './resource.ts';
import { RECURSOS, recurso, recursoDeRuta } from './resources.ts';
import { zodActualizar, zodCrear, zodListaQuery } from './schemas.ts';

const hojas = flattenMenu(MENU);

describe.each(RECURSOS.map((d) => [d.key, d] as const))('definición %s', (_key, def: ResourceDef) => {
  it('has the idm of the menu route that shows it, and that route ends in its key', () => {
    const ruta = hojas.find((h) => h.fullPath === def.ruta);
    expect(ruta, def.ruta).toBeDefined();
    expect(ruta?.idm).toBe(def.idm);
    expect(def.ruta.split('/').at(-1)).toBe(def.key);
    expect(recursoDeRuta(def.ruta)).toBe(def);
  });

  it('names only fields it has (label, detail, sort, uniqueness, parent) and references that exist', () => {
    const keys = def.fields.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of [def.labelField, def.detailField, def.defaultSort.field, def.parent, ...def.unique.flat()])
      if (k !== undefined) expect(keys, k).toContain(k);
    if (def.parent) expect(campo(def, def.parent).type).toBe('reference');
    for (const f of def.fields) {
      expect(/^[a-z][a-z0-9_]*$/.test(f.key), f.key).toBe(true);
      expect([...LIST_PARAMS, ...COLUMNAS_SISTEMA, 'activo', 'id_empresa', 'formato', 'modo'], f.key).not.toContain(f.key);
      if (f.type === 'reference') expect(recurso(f.ref).fields.map((x) => x.key)).toContain(f.refLabel);
    }
    expect(campo(def, def.labelField).type).toBe('text');
  });
});

describe('RECURSOS', () => {
  it('declares every master of spec §2 (and the características catalogue of issue 4) once, each with its own table', () => {
    expect(RECURSOS.map((d) => d.key).sort()).toEqual(
      [
        'areas-de-la-empresa',
        'barrios',
        'captacion',
        'caracteristicas',
        'categoriasagenda',
        'categoriasdocumentosclientes',
        'causales',
        'estado-gestion-documental',
        'inmobiliarias',
        'mediosautmanejodatos',
        'mediospublicitarios',
        'municipios',
        'resultadosagenda',
        'sectores',
        'series-documentales',
        'subseries-documentales',
        'tareas-categorias',
        'tareas-prioridades',
        'tipos-documentales',
        'tipos-documentos-a-firmar',
        'zonas',
      ].sort(),
    );
    expect(new Set(RECURSOS.map((d) => d.table)).size).toBe(RECURSOS.length);
  });
});

describe('zodCrear / zodActualizar', () => {
  const barrios = recurso('barrios');
  const inmobiliarias = recurso('inmobiliarias');
  const mensajes = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

  it('accepts a valid body, trims and collapses spaces, and reads numbers from text', () => {
    const r = zodCrear(barrios).parse({ id_municipio: '5', nombre: '  El   Poblado ', estrato: '6', otro: 'x' });
    expect(r).toEqual({ id_municipio: 5, nombre: 'El Poblado', estrato: 6 });
  });

  it('names the label of each bad field in Spanish', () => {
    const r = zodCrear(barrios).safeParse({ nombre: '', estrato: 9 });
    expect(mensajes(r)).toEqual({
      id_municipio: 'El campo Municipio es obligatorio',
      nombre: 'El campo Nombre es obligatorio',
      estrato: 'El campo Estrato debe ser menor o igual a 6',
    });
    const m = mensajes(
      zodCrear(inmobiliarias).safeParse({
        nombre: 'x'.repeat(121),
        nit: 'abc',
        email: 'no-es-correo',
        comision: 10.555,
        fecha_convenio: '2024-02-30',
        telefono: 'llamar',
      }),
    );
    expect(m).toEqual({
      nombre: 'El campo Nombre admite máximo 120 caracteres',
      nit: expect.stringContaining('El campo NIT debe ser un NIT'),
      email: 'El campo Correo electrónico debe ser un correo electrónico válido',
      comision: 'El campo Comisión (%) admite máximo 2 decimales',
      fecha_convenio: 'El campo Fecha del convenio debe ser una fecha válida entre 1900 y 2199 (AAAA-MM-DD)',
      telefono: expect.stringContaining('El campo Teléfono debe ser un teléfono'),
    });
  });

  it('turns empty optional values into null, reads Sí/No, enums and colours', () => {
    expect(
      zodCrear(inmobiliarias).parse({ nombre: 'Aliada', nit: '', email: ' A@B.CO ', comision: '2.5', activo: 'No' }),
    ).toEqual({
      nombre: 'Aliada',
      nit: null,
      email: 'a@b.co',
      comision: 2.5,
      activo: false,
    });
    const sub = recurso('subseries-documentales');
    expect(mensajes(zodCrear(sub).safeParse({ disposicion_final: 'X' })).disposicion_final).toBe(
      'El campo Disposición final debe ser una de: Conservación total, Eliminación, Selección, Microfilmación/digitalización',
    );
    expect(zodCrear(recurso('categoriasagenda')).parse({ nombre: 'Visita', color: '#AABBCC' }).color).toBe('#aabbcc');
    expect(mensajes(zodCrear(recurso('categoriasagenda')).safeParse({ nombre: 'V', color: 'rojo' })).color).toBe(
      'El campo Color debe ser un color en formato #RRGGBB',
    );
  });

  it('keeps values inside what the columns hold: no control characters, dates 1900-2199, numbers in range', () => {
    const m = mensajes(zodCrear(inmobiliarias).safeParse({ nombre: 'a\u0000b', fecha_convenio: '0000-01-01', comision: 1e13 }));
    expect(m).toEqual({
      nombre: 'El campo Nombre tiene caracteres de control no permitidos',
      fecha_convenio: expect.stringContaining('entre 1900 y 2199'),
      comision: 'El campo Comisión (%) debe ser menor o igual a 100',
    });
    expect(zodCrear(inmobiliarias).parse({ nombre: 'Línea', contacto: 'Ana\tPérez' }).contacto).toBe('Ana Pérez');
  });

  it('updates any subset, refuses to empty a required field, and refuses an empty body', () => {
    expect(zodActualizar(barrios).parse({ activo: false })).toEqual({ activo: false });
    expect(mensajes(zodActualizar(barrios).safeParse({ nombre: ' ' })).nombre).toBe('El campo Nombre es obligatorio');
    expect(zodActualizar(barrios).safeParse({}).success).toBe(false);
    expect(zodActualizar(recurso('zonas')).parse({ activo: false, nombre: 'Sur' })).toEqual({ nombre: 'Sur' });
  });
});

describe('zodListaQuery', () => {
  it('reads page, size, sort among the listed fields, and the filters of the resource', () => {
    const q = zodListaQuery(recurso('barrios')).parse({ page: '2', sort: 'nombre', id_municipio: '7', activo: 'true' });
    expect(q).toEqual({ page: 2, pageSize: 20, sort: 'nombre', id_municipio: 7, activo: true });
    expect(zodListaQuery(recurso('barrios')).safeParse({ sort: 'clave_hash' }).success).toBe(false);
    expect(zodListaQuery(recurso('barrios')).safeParse({ pageSize: '201' }).success).toBe(false);
  });
});
