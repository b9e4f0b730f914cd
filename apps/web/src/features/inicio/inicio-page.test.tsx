import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { InicioResumen } from '@predio/contract/empresa';
import { useSession } from '../../lib/session-store.ts';
import type { TableroGerencia } from '@predio/contract/informes';
import { resumenKeys } from './api/get-resumen.ts';
import { tableroKeys } from './api/get-tablero.ts';
import { InicioPage } from './inicio-page.tsx';

const resumen: InicioResumen = {
  inmueblesDisponibles: 1234,
  consignacionesPorVencer: 2,
  clientesAbiertos: 5,
  solicitudesNuevas: 3,
  citasHoy: null,
  tareasAbiertas: null,
};

const tablero: TableroGerencia = {
  desde: '2026-11-01',
  hasta: '2026-11-30',
  cifras: [
    {
      clave: 'propiedadesconsignadas.captaciones',
      titulo: 'Captaciones',
      valor: 4,
      anterior: null,
      dinero: false,
      informe: 'propiedadesconsignadas',
    },
    {
      clave: 'gestion-comercial.valor',
      titulo: 'Valor de los negocios',
      valor: 3_150_000,
      anterior: 1_200_000,
      dinero: true,
      informe: 'gestion-comercial',
    },
  ],
  medios: [{ medio: 'Portal', clientes: 3 }],
};

function mostrar(permisos: string) {
  useSession.setState({
    claims: { idUsuario: 7, idempresa: 1, admemp: false, nro_id: '7', agencia: 0, permisos, nombre_usuario: 'asesor' },
  });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(resumenKeys.all, resumen);
  qc.setQueryData(tableroKeys.all, tablero);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <InicioPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const enlace = (name: string) => screen.getByRole('link', { name: new RegExp(name) }).getAttribute('href');

afterEach(() => useSession.setState({ claims: null }));

describe('InicioPage: the counters of the day', () => {
  it('shows each counter the user may open, linked to that work filtered to what was counted', () => {
    mostrar('491,463,73,489,10584');
    expect(screen.getByText('1.234')).toBeTruthy();
    expect(enlace('Ver inmuebles')).toBe('/propiedades/inmuebles-disponibles');
    expect(enlace('Ver cuáles')).toBe(
      '/propiedades/inmuebles-disponibles?estado=captado,disponible,reservado&consignacion=por_vencer&asesor=7',
    );
    expect(enlace('Ver clientes')).toBe('/propiedades/clientes-atendidos?asesor=7&estado=activo,en_seguimiento');
    expect(enlace('Ver solicitudes')).toBe('/propiedades/solicitudes?estado=nueva');
  });

  it('says «Módulo en construcción» for a module not built yet, never a made-up 0, and gives no link', () => {
    mostrar('491,489,10584');
    expect(screen.getByText('Citas hoy')).toBeTruthy();
    expect(screen.getAllByText('Módulo en construcción')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /Ver agenda/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Ver tareas/ })).toBeNull();
  });

  it('leaves out the counters of modules the user may not open', () => {
    mostrar('463');
    expect(screen.getByText('Mis clientes atendidos abiertos')).toBeTruthy();
    expect(screen.queryByText('Inmuebles disponibles')).toBeNull();
    expect(screen.queryByText('Solicitudes nuevas sin asignar')).toBeNull();
    expect(screen.queryByText('Citas hoy')).toBeNull();
  });

  it('shows a manager the agency’s month, each figure linked to its report', () => {
    mostrar('491,10590');
    expect(screen.getByText('El mes de la agencia')).toBeTruthy();
    expect(screen.getByText('Captaciones')).toBeTruthy();
    expect(enlace('Ver informe: Captaciones')).toBe('/informes/propiedadesconsignadas');
    expect(enlace('Ver informe: Valor de los negocios')).toBe('/informes/gestion-comercial');
    expect(screen.getByText(/Mes anterior: \$\s?1\.200\.000/)).toBeTruthy();
    expect(screen.getByText('Portal:')).toBeTruthy();
  });

  it('shows no agency figures to an asesor without Gestión comercial', () => {
    mostrar('491,463');
    expect(screen.queryByText('El mes de la agencia')).toBeNull();
  });
});
