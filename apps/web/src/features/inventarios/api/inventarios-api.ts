import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  CategoriaConItems,
  CategoriaForm,
  Comparacion,
  ContratoInventario,
  DetalleCambios,
  FirmaForm,
  Inventario,
  InventarioFila,
  InventarioCambios,
  InventarioForm,
  ItemForm,
  OpcionesInventario,
  ParteForm,
  Plantilla,
  PlantillaAsistente,
  PlantillaConCategorias,
  PlantillaForm,
  RolFirma,
  TerceroInventario,
  FirmaRemotaForm,
} from '@predio/contract/inventarios';
import type { ConsultaOpciones, OpcionRemota } from '../../../components/remote-select.tsx';
import type { ListResult } from '@predio/contract/list';
import { descargar } from '../../../lib/descargar.ts';
import { http } from '../../../lib/http.ts';
import { listaInventarios, type InventariosParams } from '../inventarios-params.ts';

/** Every query of the module hangs from this key, so one invalidation refreshes lists and details. */
export const inventariosKeys = {
  all: ['inventarios'] as const,
  plantillas: () => [...inventariosKeys.all, 'plantillas'] as const,
  plantilla: (id: number) => [...inventariosKeys.plantillas(), id] as const,
  categoria: (id: number) => [...inventariosKeys.plantillas(), 'categoria', id] as const,
  lista: (p: InventariosParams) => [...inventariosKeys.all, 'lista', p] as const,
  opciones: () => [...inventariosKeys.all, 'opciones'] as const,
  detalle: (id: number) => [...inventariosKeys.all, 'detalle', id] as const,
  comparacion: (id: number) => [...inventariosKeys.all, 'comparacion', id] as const,
  deInmueble: (consecutivo: number) => [...inventariosKeys.all, 'inmueble', consecutivo] as const,
  contratos: (consecutivo: number) => [...inventariosKeys.all, 'contratos', consecutivo] as const,
  terceros: (q: string, id?: number) => [...inventariosKeys.all, 'terceros', q, id ?? null] as const,
};

const datos = async <T>(p: Promise<{ data: T }>) => (await p).data;

// ---- templates

export const usePlantillas = () =>
  useQuery({ queryKey: inventariosKeys.plantillas(), queryFn: () => datos(http.get<Plantilla[]>('/inventarios/plantillas')) });

export const usePlantilla = (id: number) =>
  useQuery({
    queryKey: inventariosKeys.plantilla(id),
    queryFn: () => datos(http.get<PlantillaConCategorias>(`/inventarios/plantillas/${id}/categorias`)),
  });

export const useCategoria = (id: number) =>
  useQuery({
    queryKey: inventariosKeys.categoria(id),
    queryFn: () => datos(http.get<CategoriaConItems>(`/inventarios/categorias/${id}/items`)),
  });

/** A write of the templates: afterwards every template query is read again. */
function usePlantillasMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: inventariosKeys.plantillas() }) });
}

export const useGuardarPlantilla = () =>
  usePlantillasMutation((v: { id?: number; body: PlantillaForm }) =>
    datos(
      v.id === undefined
        ? http.post<Plantilla>('/inventarios/plantillas', v.body)
        : http.put<Plantilla>(`/inventarios/plantillas/${v.id}`, v.body),
    ),
  );
export const useBorrarPlantilla = () =>
  usePlantillasMutation((id: number) => datos(http.delete(`/inventarios/plantillas/${id}`)));
export const useCrearSugeridas = () =>
  usePlantillasMutation(() => datos(http.post<Plantilla[]>('/inventarios/plantillas/sugeridas')));
export const useAsistente = () =>
  usePlantillasMutation((body: PlantillaAsistente) => datos(http.post<Plantilla>('/inventarios/plantillas/asistente', body)));

export const useGuardarCategoria = () =>
  usePlantillasMutation((v: { plantilla: number; id?: number; body: CategoriaForm }) =>
    datos(
      v.id === undefined
        ? http.post(`/inventarios/plantillas/${v.plantilla}/categorias`, v.body)
        : http.put(`/inventarios/categorias/${v.id}`, v.body),
    ),
  );
export const useBorrarCategoria = () =>
  usePlantillasMutation((id: number) => datos(http.delete(`/inventarios/categorias/${id}`)));
export const useOrdenarCategorias = () =>
  usePlantillasMutation((v: { plantilla: number; ids: number[] }) =>
    datos(http.put(`/inventarios/plantillas/${v.plantilla}/categorias/orden`, { ids: v.ids })),
  );

export const useGuardarItem = () =>
  usePlantillasMutation((v: { categoria: number; id?: number; body: ItemForm }) =>
    datos(
      v.id === undefined
        ? http.post(`/inventarios/categorias/${v.categoria}/items`, v.body)
        : http.put(`/inventarios/items/${v.id}`, v.body),
    ),
  );
export const useBorrarItem = () => usePlantillasMutation((id: number) => datos(http.delete(`/inventarios/items/${id}`)));
export const useOrdenarItems = () =>
  usePlantillasMutation((v: { categoria: number; ids: number[] }) =>
    datos(http.put(`/inventarios/categorias/${v.categoria}/items/orden`, { ids: v.ids })),
  );

// ---- inventories

export function inventariosQueryOptions(p: InventariosParams) {
  return queryOptions({
    queryKey: inventariosKeys.lista(p),
    queryFn: ({ signal }) =>
      datos(http.get<ListResult<InventarioFila>>(`/inventarios?${listaInventarios.consulta(p, true)}`, { signal, silent: true })),
    placeholderData: keepPreviousData,
  });
}
export const useInventarios = (p: InventariosParams) => useQuery(inventariosQueryOptions(p));

export const exportarInventarios = (o: { params: InventariosParams; formato: 'csv' | 'xlsx' }) =>
  descargar(`/inventarios/exportar?${listaInventarios.consulta(o.params, false)}&formato=${o.formato}`);

export const useOpcionesInventario = () =>
  useQuery({
    queryKey: inventariosKeys.opciones(),
    queryFn: () => datos(http.get<OpcionesInventario>('/inventarios/opciones')),
    staleTime: 60_000,
  });

export const useInventariosDeInmueble = (consecutivo: number) =>
  useQuery({
    queryKey: inventariosKeys.deInmueble(consecutivo),
    queryFn: () => datos(http.get<InventarioFila[]>(`/inventarios/inmueble/${consecutivo}`, { silent: true })),
  });

/** The contracts of a property an inventory may name (none asked for until a property is given). */
export const useContratosDeInmueble = (consecutivo: number | null | undefined) =>
  useQuery({
    queryKey: inventariosKeys.contratos(consecutivo ?? 0),
    queryFn: ({ signal }) =>
      datos(
        http.get<ContratoInventario[]>(`/inventarios/contratos?consecutivo_inmueble=${consecutivo}`, { signal, silent: true }),
      ),
    enabled: typeof consecutivo === 'number' && consecutivo > 0,
  });

export const useInventario = (id: number) =>
  useQuery({
    queryKey: inventariosKeys.detalle(id),
    queryFn: () => datos(http.get<Inventario>(`/inventarios/${id}`)),
    // Filing in gestión documental follows the closing by a few seconds: shown when it lands.
    refetchInterval: (q) => (q.state.data?.radicacion?.estado === 'pendiente' ? 4_000 : false),
  });

export const useComparacion = (id: number, activa: boolean) =>
  useQuery({
    queryKey: inventariosKeys.comparacion(id),
    queryFn: () => datos(http.get<Comparacion>(`/inventarios/${id}/comparacion`)),
    enabled: activa,
  });

export function useCrearInventario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InventarioForm) => datos(http.post<Inventario>('/inventarios', body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: inventariosKeys.all }),
  });
}

/** Writes that answer the whole inventory refresh its cache with it. */
function useInventarioMutation<V>(id: number, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: inventariosKeys.all }),
    onSettled: () => qc.invalidateQueries({ queryKey: inventariosKeys.detalle(id) }),
  });
}

export const useRepetirEspacio = (id: number) =>
  useInventarioMutation(id, (copiar_de: number) => http.post(`/inventarios/${id}/espacios`, { copiar_de }));
export const useFirmar = (id: number) =>
  useInventarioMutation(id, (v: { rol: RolFirma; body: FirmaForm }) => http.put(`/inventarios/${id}/firmas/${v.rol}`, v.body));
export const useQuitarFirma = (id: number) =>
  useInventarioMutation(id, (rol: RolFirma) => http.delete(`/inventarios/${id}/firmas/${rol}`));
export const useCambiarInventario = (id: number) =>
  useInventarioMutation(id, (body: InventarioCambios) => http.patch(`/inventarios/${id}`, body));
/** Drawing the PDF with its photos takes seconds on a busy server: not the 5 s of an ordinary call. */
export const useCerrarInventario = (id: number) =>
  useInventarioMutation(id, () => http.post(`/inventarios/${id}/cerrar`, undefined, { timeoutMs: 120_000 }));
/** Sending draws the PDF with its photos, like closing. */
export const useFirmaRemota = (id: number) =>
  useInventarioMutation(id, (body: FirmaRemotaForm) =>
    http.post(`/inventarios/${id}/firma-remota`, body, { timeoutMs: 120_000 }),
  );
export const useCancelarFirmaRemota = (id: number) =>
  useInventarioMutation(id, () => http.delete(`/inventarios/${id}/firma-remota`));
export const useBorrarInventario = (id: number) => useInventarioMutation(id, () => http.delete(`/inventarios/${id}`));

/** A devolución's cost and who pays for one item (online: it is done at the desk, not at the door). */
export function useCostoDetalle(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { detalle: number; body: DetalleCambios }) => http.patch(`/inventarios/${id}/detalles/${v.detalle}`, v.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: inventariosKeys.comparacion(id) }),
  });
}

/** Terceros for a party present (GET /inventarios/terceros: name, document, phone or e-mail), with the e-mail beside. */
export const consultaTercerosInventario: ConsultaOpciones = (q, id) =>
  queryOptions({
    queryKey: inventariosKeys.terceros(q, id) as QueryKey,
    queryFn: async ({ signal }): Promise<OpcionRemota[]> => {
      const p = new URLSearchParams(id !== undefined ? { id: String(id) } : q ? { q } : {});
      const r = await http.get<TerceroInventario[]>(`/inventarios/terceros?${p}`, { signal, silent: true });
      return r.data.map((t) => ({ id: t.id, label: `${t.nombre} (${t.nro_id})`, detalle: t.email }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useAgregarParte = (id: number) =>
  useInventarioMutation(id, (body: ParteForm) => http.post(`/inventarios/${id}/partes`, body));
export const useQuitarParte = (id: number) =>
  useInventarioMutation(id, (parte: number) => http.delete(`/inventarios/${id}/partes/${parte}`));

export const descargarPdf = (id: number) => descargar(`/inventarios/${id}/pdf`);
export const descargarActa = (id: number) => descargar(`/inventarios/${id}/acta`);
