import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CamposContrato,
  Contrato,
  ContratoForm,
  ContratoResumen,
  EstadoContrato,
  OpcionContrato,
  PlantillaContrato,
  PlantillaContratoForm,
  PlantillaContratoResumen,
  ProgramaContrato,
} from '@predio/contract/contratos';
import type { ProblemaPlantilla } from '@predio/contract/documentos';
import type { ListResult } from '@predio/contract/list';
import type { ConsultaOpciones } from '../../components/remote-select.tsx';
import { http } from '../../lib/http.ts';

/** Every query of contracts and their templates hangs from this key: a write refreshes what it touches. */
export const contratosKeys = {
  todo: ['contratos'] as const,
  plantillas: () => [...contratosKeys.todo, 'plantillas'] as const,
  plantilla: (id: number, version?: number) => [...contratosKeys.plantillas(), id, version ?? 'ultima'] as const,
  lista: (programa: ProgramaContrato, consulta: string) => [...contratosKeys.todo, programa, 'lista', consulta] as const,
  uno: (programa: ProgramaContrato, id: number) => [...contratosKeys.todo, programa, id] as const,
};
const datos = async <T>(p: Promise<{ data: T }>) => (await p).data;
export const baseDe = (programa: ProgramaContrato) => (programa === 'coem' ? '/firmas/contratos-coem' : '/firmas/contratos');

export const usePlantillasContrato = (q: string) =>
  useQuery({
    queryKey: [...contratosKeys.plantillas(), 'lista', q],
    queryFn: ({ signal }) =>
      datos(http.get<PlantillaContratoResumen[]>(`/firmas/plantillas-contratos?q=${encodeURIComponent(q)}`, { signal })),
    placeholderData: keepPreviousData,
  });
export const usePlantillaContrato = (id: number | null, version?: number) =>
  useQuery({
    queryKey: contratosKeys.plantilla(id ?? 0, version),
    queryFn: ({ signal }) =>
      datos(
        http.get<PlantillaContrato>(
          version ? `/firmas/plantillas-contratos/${id}/versiones/${version}` : `/firmas/plantillas-contratos/${id}`,
          { signal },
        ),
      ),
    enabled: id !== null,
  });
export const useCamposContrato = () =>
  useQuery({
    queryKey: [...contratosKeys.plantillas(), 'campos'],
    queryFn: ({ signal }) => datos(http.get<CamposContrato>('/firmas/plantillas-contratos/campos', { signal })),
    staleTime: Infinity,
  });
export const useTiposDocumento = () =>
  useQuery({
    queryKey: [...contratosKeys.plantillas(), 'tipos'],
    queryFn: ({ signal }) => datos(http.get<OpcionContrato[]>('/firmas/plantillas-contratos/tipos-documento', { signal })),
  });
export const useGuardarPlantillaContrato = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number | null; body: PlantillaContratoForm }) =>
      datos(
        v.id === null
          ? http.post<PlantillaContrato>('/firmas/plantillas-contratos', v.body)
          : http.put<PlantillaContrato>(`/firmas/plantillas-contratos/${v.id}`, v.body),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: contratosKeys.plantillas() }),
  });
};
export const versionPlantilla = (id: number, version: number) =>
  datos(http.get<PlantillaContrato>(`/firmas/plantillas-contratos/${id}/versiones/${version}`));
export const vistaPreviaContrato = (contenido: string) =>
  datos(http.post<{ html: string }>('/firmas/plantillas-contratos/vista-previa', { contenido }));
export const revisarContrato = (contenido: string) =>
  datos(http.post<{ problemas: ProblemaPlantilla[] }>('/firmas/plantillas-contratos/revisar', { contenido }));

export const contratosOptions = (programa: ProgramaContrato, consulta: string) =>
  queryOptions({
    queryKey: contratosKeys.lista(programa, consulta),
    queryFn: ({ signal }) => datos(http.get<ListResult<ContratoResumen>>(`${baseDe(programa)}?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });
export const useContratos = (programa: ProgramaContrato, consulta: string) => useQuery(contratosOptions(programa, consulta));
export const useContrato = (programa: ProgramaContrato, id: number | null) =>
  useQuery({
    queryKey: contratosKeys.uno(programa, id ?? 0),
    queryFn: ({ signal }) => datos(http.get<Contrato>(`${baseDe(programa)}/${id}`, { signal })),
    enabled: id !== null,
  });
export const usePlantillasDeRegistro = (programa: ProgramaContrato) =>
  useQuery({
    queryKey: [...contratosKeys.todo, programa, 'plantillas'],
    queryFn: ({ signal }) =>
      datos(http.get<(OpcionContrato & { clase: string })[]>(`${baseDe(programa)}/opciones/plantillas`, { signal })),
  });

/** Options typed into a RemoteSelect: the register's own endpoints (its permission, not the other modules'). */
export const opcionesDe =
  (programa: ProgramaContrato, que: 'inmuebles' | 'terceros'): ConsultaOpciones =>
  (q, id) => ({
    queryKey: [...contratosKeys.todo, programa, que, q, id ?? null],
    queryFn: ({ signal }) =>
      datos(
        http.get<OpcionContrato[]>(`${baseDe(programa)}/opciones/${que}?q=${encodeURIComponent(q)}${id ? `&id=${id}` : ''}`, {
          signal,
        }),
      ),
  });

function useEscritura<V>(programa: ProgramaContrato, fn: (v: V) => Promise<Contrato>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (c) => {
      qc.setQueryData(contratosKeys.uno(programa, c.id), c);
      void qc.invalidateQueries({ queryKey: [...contratosKeys.todo, programa, 'lista'] });
    },
  });
}
export const useGuardarContrato = (programa: ProgramaContrato) =>
  useEscritura(programa, (v: { id: number | null; body: ContratoForm }) =>
    datos(
      v.id === null ? http.post<Contrato>(baseDe(programa), v.body) : http.put<Contrato>(`${baseDe(programa)}/${v.id}`, v.body),
    ),
  );
export const useEnviarContrato = (programa: ProgramaContrato) =>
  useEscritura(programa, (v: { id: number; mensaje: string; vence_dias: number }) =>
    datos(http.post<Contrato>(`${baseDe(programa)}/${v.id}/enviar`, { mensaje: v.mensaje, vence_dias: v.vence_dias })),
  );
export const useEstadoContrato = (programa: ProgramaContrato) =>
  useEscritura(programa, (v: { id: number; estado: EstadoContrato; observacion: string }) =>
    datos(http.post<Contrato>(`${baseDe(programa)}/${v.id}/estado`, { estado: v.estado, observacion: v.observacion })),
  );
