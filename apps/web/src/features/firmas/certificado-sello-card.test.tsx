import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import type { CertificadoFirma } from '@predio/contract/firmas';
import { firmasKeys } from './api/firmas-api.ts';
import { CertificadoSelloCard } from './certificado-sello-card.tsx';

function mostrar(c: CertificadoFirma) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(firmasKeys.certificado, c);
  render(
    <QueryClientProvider client={qc}>
      <App>
        <CertificadoSelloCard />
      </App>
    </QueryClientProvider>,
  );
}

const propio: CertificadoFirma = {
  existe: true,
  autogenerado: false,
  sujeto: 'Inmobiliaria Propia SAS',
  emisor: 'AC Prueba',
  vence_en: '2027-06-30T12:00:00Z',
  url_tsa: 'https://tsa.ejemplo.co/tsr',
  puede_cambiar: true,
};

describe('CertificadoSelloCard', () => {
  it('shows the company’s own certificate and lets an administrator go back to a self-generated one', () => {
    mostrar(propio);
    expect(screen.getByText('Propio')).toBeTruthy();
    expect(screen.getByText('Inmobiliaria Propia SAS')).toBeTruthy();
    expect(screen.getByText('AC Prueba')).toBeTruthy();
    expect(screen.getByText('30/06/2027')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Volver al certificado autogenerado/ })).toBeTruthy();
    expect(screen.getByLabelText('Contraseña del certificado')).toBeTruthy();
  });

  it('labels the self-generated one and hides the forms from who is not administrator', () => {
    mostrar({ ...propio, autogenerado: true, sujeto: 'Demo (sello autogenerado por Predio)', puede_cambiar: false });
    expect(screen.getByText('Autogenerado')).toBeTruthy();
    expect(screen.getByText(/no lo emite una entidad de certificación/)).toBeTruthy();
    expect(screen.getByText('Solo un administrador de la empresa cambia el certificado del sello.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Usar este certificado' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Volver al certificado autogenerado/ })).toBeNull();
  });
});
