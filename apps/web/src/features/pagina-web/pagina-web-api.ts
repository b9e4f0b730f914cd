import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ListaAcotada } from '@predio/contract/list';
import type { AutorNoticia, Banner, BannerForm, Noticia, NoticiaForm } from '@predio/contract/pagina-web';
import type { EnvioFormulario, Formulario, FormularioForm } from '@predio/contract/pagina-web-formularios';
import type {
  EnlaceEncuesta,
  EnlaceEncuestaForm,
  Encuesta,
  EncuestaForm,
  EnviarEncuesta,
  EnvioEncuesta,
  ResultadosEncuesta,
  TerceroEncuesta,
} from '@predio/contract/pagina-web-encuestas';
import type { SeccionTexto, TextoSitio, TextoSitioForm } from '@predio/contract/pagina-web-textos';
import type { Popup, PopupForm } from '@predio/contract/pagina-web-popup';
import type { Postulacion, RevisionPostulacion, Vacante, VacanteForm } from '@predio/contract/pagina-web-banco';
import { http } from '../../lib/http.ts';
import type { ConsultaOpciones, OpcionRemota } from '../../components/remote-select.tsx';

/** Every query of Página web hangs from this key: a write refreshes the lists it touches. */
export const paginaWebKeys = {
  all: ['pagina-web'] as const,
  noticias: () => [...paginaWebKeys.all, 'noticias'] as const,
  listaNoticias: (consulta: string) => [...paginaWebKeys.noticias(), 'lista', consulta] as const,
  banners: () => [...paginaWebKeys.all, 'banners'] as const,
  listaBanners: (consulta: string) => [...paginaWebKeys.banners(), 'lista', consulta] as const,
};

const datos = async <T>(p: Promise<{ data: T }>) => (await p).data;

export const useNoticias = (consulta: string) =>
  useQuery({
    queryKey: paginaWebKeys.listaNoticias(consulta),
    queryFn: ({ signal }) => datos(http.get<ListaAcotada<Noticia>>(`/paginaweb/noticias?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });

/** The users who can sign a news; `incluir` keeps an inactive one the news already has. */
export const useAutoresNoticia = (incluir: number | null) =>
  useQuery({
    queryKey: [...paginaWebKeys.noticias(), 'autores', incluir],
    queryFn: ({ signal }) =>
      datos(http.get<AutorNoticia[]>(`/paginaweb/noticias/autores${incluir ? `?incluir=${incluir}` : ''}`, { signal })),
    staleTime: 60_000,
  });

export const useBanners = (consulta: string) =>
  useQuery({
    queryKey: paginaWebKeys.listaBanners(consulta),
    queryFn: ({ signal }) => datos(http.get<ListaAcotada<Banner>>(`/paginaweb/banners?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });

function useEscritura<V, R>(clave: readonly unknown[], fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: clave }) });
}

export const useGuardarNoticia = () =>
  useEscritura(paginaWebKeys.noticias(), (v: { id: number | null; body: NoticiaForm }) =>
    datos(
      v.id === null
        ? http.post<Noticia>('/paginaweb/noticias', v.body)
        : http.put<Noticia>(`/paginaweb/noticias/${v.id}`, v.body),
    ),
  );
export const useBorrarNoticia = () =>
  useEscritura(paginaWebKeys.noticias(), (id: number) => datos(http.delete(`/paginaweb/noticias/${id}`)));

export const useGuardarBanner = () =>
  useEscritura(paginaWebKeys.banners(), (v: { id: number | null; body: BannerForm }) =>
    datos(
      v.id === null ? http.post<Banner>('/paginaweb/banners', v.body) : http.put<Banner>(`/paginaweb/banners/${v.id}`, v.body),
    ),
  );
export const useBorrarBanner = () =>
  useEscritura(paginaWebKeys.banners(), (id: number) => datos(http.delete(`/paginaweb/banners/${id}`)));

// ----- formularios (idm 10536)

export const formulariosKeys = {
  all: [...paginaWebKeys.all, 'formularios'] as const,
  lista: (consulta: string) => [...formulariosKeys.all, 'lista', consulta] as const,
  envios: (id: number, consulta: string) => [...formulariosKeys.all, 'envios', id, consulta] as const,
};

export const useFormularios = (consulta: string) =>
  useQuery({
    queryKey: formulariosKeys.lista(consulta),
    queryFn: ({ signal }) => datos(http.get<ListaAcotada<Formulario>>(`/paginaweb/formularios?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const useEnviosFormulario = (id: number, consulta: string) =>
  useQuery({
    queryKey: formulariosKeys.envios(id, consulta),
    queryFn: ({ signal }) =>
      datos(http.get<ListaAcotada<EnvioFormulario>>(`/paginaweb/formularios/${id}/envios?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const useGuardarFormulario = () =>
  useEscritura(formulariosKeys.all, (v: { id: number | null; body: FormularioForm }) =>
    datos(
      v.id === null
        ? http.post<Formulario>('/paginaweb/formularios', v.body)
        : http.put<Formulario>(`/paginaweb/formularios/${v.id}`, v.body),
    ),
  );
export const useBorrarFormulario = () =>
  useEscritura(formulariosKeys.all, (id: number) => datos(http.delete(`/paginaweb/formularios/${id}`)));

// ----- encuestas (idm 10587)

export const encuestasKeys = {
  all: [...paginaWebKeys.all, 'encuestas'] as const,
  lista: (consulta: string) => [...encuestasKeys.all, 'lista', consulta] as const,
  enlaces: (id: number, consulta: string) => [...encuestasKeys.all, 'enlaces', id, consulta] as const,
  resultados: (id: number) => [...encuestasKeys.all, 'resultados', id] as const,
};

export const useEncuestas = (consulta: string) =>
  useQuery({
    queryKey: encuestasKeys.lista(consulta),
    queryFn: ({ signal }) => datos(http.get<ListaAcotada<Encuesta>>(`/paginaweb/encuestas?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const useEnlacesEncuesta = (id: number, consulta: string) =>
  useQuery({
    queryKey: encuestasKeys.enlaces(id, consulta),
    queryFn: ({ signal }) =>
      datos(http.get<ListaAcotada<EnlaceEncuesta>>(`/paginaweb/encuestas/${id}/enlaces?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });

export const useResultadosEncuesta = (id: number) =>
  useQuery({
    queryKey: encuestasKeys.resultados(id),
    queryFn: ({ signal }) => datos(http.get<ResultadosEncuesta>(`/paginaweb/encuestas/${id}/resultados`, { signal })),
  });

export const useGuardarEncuesta = () =>
  useEscritura(encuestasKeys.all, (v: { id: number | null; body: EncuestaForm }) =>
    datos(
      v.id === null
        ? http.post<Encuesta>('/paginaweb/encuestas', v.body)
        : http.put<Encuesta>(`/paginaweb/encuestas/${v.id}`, v.body),
    ),
  );
export const useBorrarEncuesta = () =>
  useEscritura(encuestasKeys.all, (id: number) => datos(http.delete(`/paginaweb/encuestas/${id}`)));
export const useCrearEnlaces = () =>
  useEscritura(encuestasKeys.all, (v: { id: number; body: EnlaceEncuestaForm }) =>
    datos(http.post<ListaAcotada<EnlaceEncuesta>>(`/paginaweb/encuestas/${v.id}/enlaces`, v.body)),
  );
export const useBorrarEnlace = () =>
  useEscritura(encuestasKeys.all, (v: { id: number; enlace: number }) =>
    datos(http.delete(`/paginaweb/encuestas/${v.id}/enlaces/${v.enlace}`)),
  );

// ----- sesión de texto (idm 10565)

export const textosKeys = { all: [...paginaWebKeys.all, 'sesion-texto'] as const };

export const useTextosSitio = () =>
  useQuery({
    queryKey: textosKeys.all,
    queryFn: ({ signal }) => datos(http.get<TextoSitio[]>('/paginaweb/sesion-texto', { signal })),
  });
export const useGuardarTextoSitio = () =>
  useEscritura(textosKeys.all, (v: { seccion: SeccionTexto; body: TextoSitioForm }) =>
    datos(http.put<TextoSitio>(`/paginaweb/sesion-texto/${v.seccion}`, v.body)),
  );

// ----- popup de inicio (idm 10538)

export const popupKeys = {
  all: [...paginaWebKeys.all, 'popupinicio'] as const,
  lista: (consulta: string) => [...popupKeys.all, 'lista', consulta] as const,
};
export const usePopups = (consulta: string) =>
  useQuery({
    queryKey: popupKeys.lista(consulta),
    queryFn: ({ signal }) => datos(http.get<ListaAcotada<Popup>>(`/paginaweb/popupinicio?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });
export const useGuardarPopup = () =>
  useEscritura(popupKeys.all, (v: { id: number | null; body: PopupForm }) =>
    datos(
      v.id === null
        ? http.post<Popup>('/paginaweb/popupinicio', v.body)
        : http.put<Popup>(`/paginaweb/popupinicio/${v.id}`, v.body),
    ),
  );
export const useBorrarPopup = () =>
  useEscritura(popupKeys.all, (id: number) => datos(http.delete(`/paginaweb/popupinicio/${id}`)));

// ----- banco de trabajo (idm 202)

export const bancoKeys = {
  all: [...paginaWebKeys.all, 'banco-de-trabajo'] as const,
  vacantes: (consulta: string) => [...bancoKeys.all, 'vacantes', consulta] as const,
  postulaciones: (consulta: string) => [...bancoKeys.all, 'postulaciones', consulta] as const,
};
const BANCO = '/paginaweb/banco-de-trabajo';
export const useVacantes = (consulta: string) =>
  useQuery({
    queryKey: bancoKeys.vacantes(consulta),
    queryFn: ({ signal }) => datos(http.get<ListaAcotada<Vacante>>(`${BANCO}/vacantes?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });
export const useGuardarVacante = () =>
  useEscritura(bancoKeys.all, (v: { id: number | null; body: VacanteForm }) =>
    datos(
      v.id === null ? http.post<Vacante>(`${BANCO}/vacantes`, v.body) : http.put<Vacante>(`${BANCO}/vacantes/${v.id}`, v.body),
    ),
  );
export const useBorrarVacante = () => useEscritura(bancoKeys.all, (id: number) => datos(http.delete(`${BANCO}/vacantes/${id}`)));
export const usePostulaciones = (consulta: string) =>
  useQuery({
    queryKey: bancoKeys.postulaciones(consulta),
    queryFn: ({ signal }) => datos(http.get<ListaAcotada<Postulacion>>(`${BANCO}/postulaciones?${consulta}`, { signal })),
    placeholderData: keepPreviousData,
  });
export const useRevisarPostulacion = () =>
  useEscritura(bancoKeys.all, (v: { id: number; body: RevisionPostulacion }) =>
    datos(http.put<Postulacion>(`${BANCO}/postulaciones/${v.id}`, v.body)),
  );
export const useBorrarPostulacion = () =>
  useEscritura(bancoKeys.all, (id: number) => datos(http.delete(`${BANCO}/postulaciones/${id}`)));

/** «Enviar»: an e-mail with a personal link to each tercero chosen. */
export const useEnviarEncuesta = () =>
  useEscritura(encuestasKeys.all, (v: { id: number; body: EnviarEncuesta }) =>
    datos(http.post<EnvioEncuesta>(`/paginaweb/encuestas/${v.id}/enviar`, v.body)),
  );

/** Terceros with an e-mail, by name or document (GET /paginaweb/encuestas/terceros, idm 10587). */
export const consultaTercerosEncuesta: ConsultaOpciones = (q, id) =>
  queryOptions({
    queryKey: [...encuestasKeys.all, 'terceros', q, id ?? null] as QueryKey,
    queryFn: async ({ signal }): Promise<OpcionRemota[]> => {
      const p = new URLSearchParams(id !== undefined ? { id: String(id) } : q ? { q } : {});
      const r = await http.get<TerceroEncuesta[]>(`/paginaweb/encuestas/terceros?${p}`, { signal, silent: true });
      return r.data.map((t) => ({ id: t.id, label: `${t.nombre} (${t.nro_id})`, detalle: t.email }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
