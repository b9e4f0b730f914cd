import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from './query-client.ts';

afterEach(() => queryClient.clear());

describe('queryClient.invalidateQueries', () => {
  it('refetches a list whose first load is still in flight, so a write made meanwhile shows', async () => {
    const servidor = ['contrato.pdf'];
    let llamadas = 0;
    const observador = new QueryObserver(queryClient, {
      queryKey: ['documentos', 7],
      // The first answer is slow: it was read before the upload and arrives after it.
      queryFn: async ({ signal }) => {
        const n = ++llamadas;
        const foto = [...servidor];
        await new Promise((r) => setTimeout(r, n === 1 ? 80 : 5));
        signal.throwIfAborted();
        return foto;
      },
    });
    const datos: (string[] | undefined)[] = [];
    const quitar = observador.subscribe((r) => datos.push(r.data));
    await new Promise((r) => setTimeout(r, 10));
    servidor.push('escritura.pdf');
    await queryClient.invalidateQueries({ queryKey: ['documentos', 7] });
    await new Promise((r) => setTimeout(r, 120));
    expect(llamadas).toBe(2);
    expect(queryClient.getQueryData(['documentos', 7])).toEqual(['contrato.pdf', 'escritura.pdf']);
    // The older answer was never shown.
    expect(datos.filter(Boolean)).toEqual([['contrato.pdf', 'escritura.pdf']]);
    quitar();
  });

  it('leaves a query that already has data to the usual refetch, and other keys alone', async () => {
    queryClient.setQueryData(['documentos', 8], ['a.pdf']);
    queryClient.setQueryData(['fotos', 8], ['b.jpg']);
    let llamadas = 0;
    const observador = new QueryObserver(queryClient, {
      queryKey: ['documentos', 8],
      staleTime: 0,
      queryFn: () => {
        llamadas++;
        return Promise.resolve(['a.pdf', 'c.pdf']);
      },
    });
    const quitar = observador.subscribe(() => undefined);
    await queryClient.invalidateQueries({ queryKey: ['documentos', 8] });
    expect(queryClient.getQueryData(['documentos', 8])).toEqual(['a.pdf', 'c.pdf']);
    expect(queryClient.getQueryData(['fotos', 8])).toEqual(['b.jpg']);
    expect(llamadas).toBeGreaterThanOrEqual(1);
    quitar();
  });
});
