import { describe, expect, it } from 'vitest';
import { partirNombre } from './solicitud-acciones.tsx';

describe('partirNombre', () => {
  it('splits a contact name into first names and surnames, the way a Colombian name reads', () => {
    expect(partirNombre('Ana')).toEqual({ nombre1: 'Ana', nombre2: '', apellido1: '', apellido2: '' });
    expect(partirNombre(' Álvaro  Núñez ')).toEqual({ nombre1: 'Álvaro', nombre2: '', apellido1: 'Núñez', apellido2: '' });
    expect(partirNombre('Mariana Cuéllar Rojas')).toEqual({
      nombre1: 'Mariana',
      nombre2: '',
      apellido1: 'Cuéllar',
      apellido2: 'Rojas',
    });
    expect(partirNombre('Laura Marcela Ospina Rojas')).toEqual({
      nombre1: 'Laura',
      nombre2: 'Marcela',
      apellido1: 'Ospina',
      apellido2: 'Rojas',
    });
  });
});
