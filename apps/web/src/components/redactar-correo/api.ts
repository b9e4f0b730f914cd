import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CorreoRecibido } from '@predio/contract/bandeja';
import type { MensajeDeRegistro, SmsEncolado, SmsTercero } from '@predio/contract/mensajes';
import type {
  CorreoEncolado,
  CorreoRedactado,
  EntidadCorreo,
  MensajeRedactado,
  OpcionesRedactar,
  VistaPreviaCorreo,
} from '@predio/contract/redactar';
import { http } from '../../lib/http.ts';

/** A record e-mail is written from: its kind and the key its screen knows it by. */
export type RegistroCorreo = { entidad: EntidadCorreo; clave: number };

const RECIENTE_MS = 10 * 60_000;

const base = (r: RegistroCorreo) => `/mensajes/${r.entidad}/${r.clave}`;

export const mensajesRegistroKeys = {
  all: ['mensajes-registro'] as const,
  historial: (r: RegistroCorreo) => [...mensajesRegistroKeys.all, r.entidad, r.clave, 'historial'] as const,
  opciones: (r: RegistroCorreo) => [...mensajesRegistroKeys.all, r.entidad, r.clave, 'opciones'] as const,
};

export const historialOptions = (r: RegistroCorreo) =>
  queryOptions({
    queryKey: mensajesRegistroKeys.historial(r),
    queryFn: async ({ signal }) => (await http.get<MensajeDeRegistro[]>(`${base(r)}/historial`, { signal, silent: true })).data,
    // A message queued a moment ago leaves within seconds: its state is asked again while a recent one
    // waits. One still waiting after minutes (mail not configured, an SMS held until 7:00) is not polled.
    refetchInterval: (q) =>
      q.state.data?.some((m) => m.estado === 'en_cola' && Date.now() - Date.parse(m.creado_en) < RECIENTE_MS) ? 5000 : false,
  });

export const useHistorialMensajes = (r: RegistroCorreo) => useQuery(historialOptions(r));

/** What the tercero wrote to the user's own mailbox (Bandeja de correos); empty without a box. */
export const useCorreosRecibidos = (idTercero: number, activo: boolean) =>
  useQuery({
    queryKey: [...mensajesRegistroKeys.all, 'tercero', idTercero, 'recibidos'],
    queryFn: async ({ signal }) =>
      (await http.get<CorreoRecibido[]>(`/terceros/${idTercero}/correos-recibidos`, { signal, silent: true })).data,
    enabled: activo,
  });

export function useOpcionesRedactar(r: RegistroCorreo, activo: boolean) {
  return useQuery(
    queryOptions({
      queryKey: mensajesRegistroKeys.opciones(r),
      queryFn: async ({ signal }) => (await http.get<OpcionesRedactar>(`${base(r)}/correo`, { signal, silent: true })).data,
      enabled: activo,
      staleTime: 0,
    }),
  );
}

export function useEnviarCorreo(r: RegistroCorreo) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CorreoRedactado) =>
      (await http.post<CorreoEncolado>(`${base(r)}/correo`, body, { silent: true })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: mensajesRegistroKeys.historial(r) }),
  });
}

/** The subject and body filled with the record and signed, as they would leave; nothing is sent. */
export function useVistaPreviaCorreo(r: RegistroCorreo) {
  return useMutation({
    mutationFn: async (body: VistaPreviaCorreo) =>
      (await http.post<MensajeRedactado>(`${base(r)}/correo/vista-previa`, body, { silent: true })).data,
  });
}

/** An SMS to a tercero (its own route, with the Ley 1581 and Ley 2300 checks); it lands in the same history. */
export function useEnviarSms(idTercero: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SmsTercero) =>
      (await http.post<SmsEncolado>(`/terceros/${idTercero}/sms`, body, { silent: true })).data,
    onSuccess: () =>
      void qc.invalidateQueries({ queryKey: mensajesRegistroKeys.historial({ entidad: 'tercero', clave: idTercero }) }),
  });
}
