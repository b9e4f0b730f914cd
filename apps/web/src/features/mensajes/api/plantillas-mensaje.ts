import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GrupoCampos, TipoPlantilla } from '@predio/contract/documentos';
import type {
  CanalMensaje,
  ConfigMensajes,
  EjemploNotificacion,
  MensajeLleno,
  MensajePrueba,
  MiFirma,
  PlantillaMensaje,
  PlantillaMensajeGuardar,
  PlantillaMensajeResumen,
  ProveedorConfigurado,
  ProveedorGuardar,
  WebhookWhatsapp,
} from '@predio/contract/mensajes';
import { http } from '../../../lib/http.ts';

export const mensajesKeys = {
  all: ['mensajes'] as const,
  lista: () => [...mensajesKeys.all, 'plantillas'] as const,
  una: (clave: string) => [...mensajesKeys.all, 'plantilla', clave] as const,
  campos: (tipoCarta: number | null, tipo: TipoPlantilla) => [...mensajesKeys.all, 'campos', tipoCarta, tipo] as const,
  ejemplos: (tipoCarta: number) => [...mensajesKeys.all, 'ejemplos', tipoCarta] as const,
  config: () => [...mensajesKeys.all, 'config'] as const,
  miFirma: () => [...mensajesKeys.all, 'mi-firma'] as const,
};

export function usePlantillasMensaje() {
  return useQuery(
    queryOptions({
      queryKey: mensajesKeys.lista(),
      queryFn: async ({ signal }) =>
        (await http.get<PlantillaMensajeResumen[]>('/mensajes/plantillas', { signal, silent: true })).data,
    }),
  );
}

export function usePlantillaMensaje(clave: string | null) {
  return useQuery({
    queryKey: mensajesKeys.una(clave ?? ''),
    queryFn: async ({ signal }) =>
      (await http.get<PlantillaMensaje>(`/mensajes/plantillas/${clave}`, { signal, silent: true })).data,
    enabled: clave !== null,
  });
}

export function useCamposMensaje(tipoCarta: number | null, tipo: TipoPlantilla) {
  return useQuery({
    queryKey: mensajesKeys.campos(tipoCarta, tipo),
    queryFn: async ({ signal }) =>
      (
        await http.get<GrupoCampos[]>(`/mensajes/campos?${tipoCarta !== null ? `tipo_carta=${tipoCarta}` : `tipo=${tipo}`}`, {
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
}

export function useEjemplosNotificacion(tipoCarta: number | null) {
  return useQuery({
    queryKey: mensajesKeys.ejemplos(tipoCarta ?? 0),
    queryFn: async ({ signal }) =>
      (await http.get<EjemploNotificacion[]>(`/mensajes/ejemplos?tipo_carta=${tipoCarta}`, { signal, silent: true })).data,
    enabled: tipoCarta !== null,
  });
}

export function useGuardarPlantillaMensaje() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ clave, body }: { clave: string | null; body: PlantillaMensajeGuardar }) =>
      (clave === null
        ? await http.post<PlantillaMensaje>('/mensajes/plantillas', body, { silent: true })
        : await http.put<PlantillaMensaje>(`/mensajes/plantillas/${clave}`, body, { silent: true })
      ).data,
    onSuccess: (p) => {
      qc.setQueryData(mensajesKeys.una(p.clave), p);
      return qc.invalidateQueries({ queryKey: mensajesKeys.lista() });
    },
  });
}

export function useEliminarPlantillaMensaje() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (clave: string) =>
      (await http.delete<{ clave: string }>(`/mensajes/plantillas/${clave}`, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: mensajesKeys.all }),
  });
}

export async function vistaPreviaMensaje(clave: string, body: MensajePrueba): Promise<MensajeLleno> {
  return (await http.post<MensajeLleno>(`/mensajes/plantillas/${clave}/vista-previa`, body, { silent: true })).data;
}

export async function enviarPrueba(clave: string, body: MensajePrueba): Promise<{ para: string; asunto: string }> {
  return (await http.post<{ para: string; asunto: string }>(`/mensajes/plantillas/${clave}/prueba`, body, { silent: true })).data;
}

export function useConfigMensajes() {
  return useQuery({
    queryKey: mensajesKeys.config(),
    queryFn: async ({ signal }) => (await http.get<ConfigMensajes>('/mensajes/configuracion', { signal, silent: true })).data,
  });
}

export function useGuardarConfigMensajes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConfigMensajes) =>
      (await http.put<ConfigMensajes>('/mensajes/configuracion', body, { silent: true })).data,
    onSuccess: (c) => qc.setQueryData(mensajesKeys.config(), c),
  });
}

export function useMiFirma() {
  return useQuery({
    queryKey: mensajesKeys.miFirma(),
    queryFn: async ({ signal }) => (await http.get<MiFirma>('/mensajes/mi-firma', { signal, silent: true })).data,
  });
}

export function useGuardarMiFirma() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: MiFirma) => (await http.put<MiFirma>('/mensajes/mi-firma', body, { silent: true })).data,
    onSuccess: (c) => qc.setQueryData(mensajesKeys.miFirma(), c),
  });
}

export function useProveedores() {
  return useQuery({
    queryKey: [...mensajesKeys.all, 'proveedores'] as const,
    queryFn: async ({ signal }) =>
      (await http.get<ProveedorConfigurado[]>('/mensajes/proveedores', { signal, silent: true })).data,
  });
}

/** Where the SMS gateway posts its delivery reports, with the company's shared secret. */
export function useEntregasSms() {
  return useQuery({
    queryKey: [...mensajesKeys.all, 'entregas-sms'] as const,
    queryFn: async ({ signal }) =>
      (await http.get<{ url: string; cabecera: string; clave: string }>('/mensajes/entregas-sms', { signal, silent: true })).data,
  });
}

export function useEntregasWhatsapp() {
  return useQuery({
    queryKey: [...mensajesKeys.all, 'entregas-whatsapp'] as const,
    queryFn: async ({ signal }) =>
      (await http.get<WebhookWhatsapp>('/mensajes/entregas-whatsapp', { signal, silent: true })).data,
  });
}

export function useGuardarProveedor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ canal, body }: { canal: CanalMensaje; body: ProveedorGuardar }) =>
      (await http.put<ProveedorConfigurado>(`/mensajes/proveedores/${canal}`, body, { silent: true })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...mensajesKeys.all, 'proveedores'] }),
  });
}
