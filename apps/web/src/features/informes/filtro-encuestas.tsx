import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { ETIQUETAS_ORIGEN, ORIGENES_ENLACE } from '@predio/contract/pagina-web-encuestas';
import { http } from '../../lib/http.ts';

type Props = {
  params: URLSearchParams;
  set: (cambios: Record<string, string | number | null>) => void;
};

/** /informes/encuestas: one survey, and how its links went out (by hand, «Enviar» or a trigger). */
export function FiltroEncuestas({ params, set }: Props) {
  const encuestas = useQuery({
    queryKey: ['informes', 'encuestas', 'opciones'],
    queryFn: async ({ signal }) =>
      (await http.get<{ id: number; titulo: string }[]>('/informes/encuestas/opciones', { signal, silent: true })).data,
    staleTime: 60_000,
  });
  const encuesta = Number(params.get('encuesta')) || undefined;
  const origen = params.get('origen') ?? undefined;
  return (
    <>
      <Select
        aria-label="Encuesta"
        placeholder="Todas las encuestas"
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 220 }}
        value={encuesta}
        onChange={(v: number | undefined) => set({ encuesta: v ?? null })}
        options={(encuestas.data ?? []).map((e) => ({ value: e.id, label: e.titulo }))}
      />
      <Select
        aria-label="Origen del envío"
        placeholder="Todos los orígenes"
        allowClear
        style={{ minWidth: 200 }}
        value={origen}
        onChange={(v: string | undefined) => set({ origen: v ?? null })}
        options={ORIGENES_ENLACE.map((o) => ({ value: o, label: ETIQUETAS_ORIGEN[o] }))}
      />
    </>
  );
}
