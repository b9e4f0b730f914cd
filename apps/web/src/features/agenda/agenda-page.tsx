import { useCallback, useMemo, useRef, useState } from 'react';
import { App, Button, Dropdown, Grid, Select, Space, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { tituloAvisos } from './avisos.ts';
import { CODES } from '@predio/contract/codes';
import type { AlcanceCita, AvisosCita, Cita, VinculoCita } from '@predio/contract/agenda';
import { preguntarAlcance } from './alcance.tsx';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { useAvisos } from '../../components/foco.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { ApiError, http } from '../../lib/http.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { descargar } from '../../lib/descargar.ts';
import { agendaKeys, citasRangoQuery, guardarCita, invalidarCitas, useOpcionesAgenda } from './api/citas.ts';
import { Calendario, type Hueco, type Movimiento } from './calendario.tsx';
import { CitaForm, type Inicial } from './cita-form.tsx';
import { MiCalendario } from './mi-calendario.tsx';
import './agenda.css';

type Abierta = { cita: Cita | null; inicial: Inicial | null } | null;

const lista = (v: string | null) =>
  v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : [];

/** Archivo > Agenda (idm 489). */
export function AgendaPage() {
  const movil = !Grid.useBreakpoint().md;
  const { message } = App.useApp();
  const modal = useAvisos();
  const queryClient = useQueryClient();
  const opciones = useOpcionesAgenda();
  const [params, setParams] = useSearchParams();
  const asesoresSel = useMemo(() => lista(params.get('asesores')), [params]);
  const categoriasSel = useMemo(() => lista(params.get('categorias')), [params]);
  const [elegida, setAbierta] = useState<Abierta>(null);
  // «Agendar visita» from a property (?visita=consecutivo) and a notice's link (?cita=id) open the form.
  const visita = Number(params.get('visita')) || null;
  const idCita = Number(params.get('cita')) || null;
  const citaUrl = useQuery({
    queryKey: agendaKeys.cita(idCita ?? 0),
    queryFn: async ({ signal }) => (await http.get<Cita>(`/citas/${idCita}`, { signal })).data,
    enabled: idCita !== null,
  });
  // A cita from a lead, a solicitud or a tercero (?cliente=, ?solicitud=, ?tercero=): the link and its tercero.
  const origen = (['cliente', 'solicitud', 'tercero'] as const)
    .map((tipo) => ({ tipo, id: Number(params.get(tipo)) || null }))
    .find((o) => o.id !== null);
  const vinculo = useQuery({
    queryKey: [...agendaKeys.all, 'vinculo', origen?.tipo, origen?.id],
    queryFn: async ({ signal }) => (await http.get<VinculoCita>(`/citas/vinculo/${origen!.tipo}/${origen!.id}`, { signal })).data,
    enabled: origen !== undefined,
  });
  const inicialVisita = useMemo<Inicial | null>(() => {
    if (visita === null && !vinculo.data) return null;
    const inicio = new Date();
    inicio.setHours(inicio.getHours() + 1, 0, 0, 0);
    return {
      inicio,
      fin: new Date(inicio.getTime() + 3_600_000),
      todoElDia: false,
      asesor: null,
      ...(visita !== null ? { consecutivoInmueble: visita } : {}),
      ...(vinculo.data ? { vinculo: vinculo.data } : {}),
    };
  }, [visita, vinculo.data]);
  const abierta: Abierta =
    elegida ??
    (inicialVisita ? { cita: null, inicial: inicialVisita } : citaUrl.data ? { cita: citaUrl.data, inicial: null } : null);
  const [recarga, setRecarga] = useState(0);
  // The range the calendar shows now, for «Exportar» (what is on screen, with the same filters).
  const rango = useRef<{ desde: string; hasta: string } | null>(null);
  const [exportando, setExportando] = useState(false);

  const poner = (clave: string, ids: number[]) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (ids.length) n.set(clave, ids.join(','));
        else n.delete(clave);
        return n;
      },
      { replace: true },
    );

  // Asesores hidden in the agenda (their tercero's desactivadoEnAgenda) get no column, unless asked for.
  const visibles = useMemo(() => {
    const todos = opciones.data?.asesores ?? [];
    return asesoresSel.length ? todos.filter((a) => asesoresSel.includes(a.id)) : todos.filter((a) => !a.desactivado);
  }, [opciones.data, asesoresSel]);

  const cargar = useCallback(
    async (desde: Date, hasta: Date) => {
      rango.current = { desde: desde.toISOString(), hasta: hasta.toISOString() };
      const cs = await queryClient.fetchQuery({
        ...citasRangoQuery({
          desde: desde.toISOString(),
          hasta: hasta.toISOString(),
          asesores: asesoresSel.length ? asesoresSel : undefined,
          categorias: categoriasSel.length ? categoriasSel : undefined,
        }),
        staleTime: 0,
      });
      const ocultos = new Set((opciones.data?.asesores ?? []).filter((a) => a.desactivado).map((a) => a.id));
      return asesoresSel.length ? cs : cs.filter((c) => c.asesores.some((a) => !ocultos.has(a)));
    },
    [queryClient, asesoresSel, categoriasSel, opciones.data],
  );

  const mover = async (m: Movimiento, confirmar = false, alcanceElegido?: AlcanceCita): Promise<void> => {
    let alcance = alcanceElegido;
    if (m.cita.id_serie !== null && !alcance) {
      alcance = (await preguntarAlcance(modal)) ?? undefined;
      if (!alcance) return m.revertir();
    }
    const asesores =
      m.asesor !== null && !m.cita.asesores.includes(m.asesor) ? [m.asesor, ...m.cita.asesores.slice(1)] : undefined;
    try {
      const c = await guardarCita({
        id: m.cita.id,
        valores: {
          inicio: m.inicio.toISOString(),
          fin: m.fin.toISOString(),
          ...(asesores ? { asesores } : {}),
          ...(alcance ? { alcance } : {}),
          confirmar,
        },
      });
      void message.success(
        alcance === 'serie'
          ? `Serie «${c.titulo}» movida: ${c.serie?.descripcion ?? ''}`
          : `«${c.titulo}» movida al ${formatFechaHora(c.inicio)}`,
      );
      void invalidarCitas(queryClient);
      setRecarga((n) => n + 1);
    } catch (e) {
      const avisos = e instanceof ApiError ? (e.data as AvisosCita | undefined) : undefined;
      if (
        e instanceof ApiError &&
        e.code === CODES.CONFLICTO &&
        (avisos?.conflictos?.length || avisos?.festivo || avisos?.fueraDeHorario)
      ) {
        modal.confirm({
          title: tituloAvisos(avisos),
          content: e.message,
          okText: 'Mover de todos modos',
          cancelText: 'Dejarla donde estaba',
          onOk: () => mover(m, true, alcance),
          onCancel: m.revertir,
        });
        return;
      }
      m.revertir();
      void message.error(e instanceof Error ? e.message : 'No se pudo mover la cita');
    }
  };

  const exportar = async (formato: string) => {
    if (!rango.current) return;
    const q = new URLSearchParams({ ...rango.current, formato });
    if (asesoresSel.length) q.set('asesores', asesoresSel.join(','));
    if (categoriasSel.length) q.set('categorias', categoriasSel.join(','));
    setExportando(true);
    try {
      await descargar(`/citas/exportar?${q.toString()}`);
    } catch {
      // The HTTP client already said why.
    } finally {
      setExportando(false);
    }
  };

  const olvidarUrl = () =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const k of ['visita', 'cita', 'cliente', 'solicitud', 'tercero']) n.delete(k);
        return n;
      },
      { replace: true },
    );
  // A cita opens through the URL (?cita=id, as a notice's link does): the form reads it whole.
  const abrirCita = (id: number) => {
    setAbierta(null);
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const k of ['visita', 'cliente', 'solicitud', 'tercero']) n.delete(k);
        n.set('cita', String(id));
        return n;
      },
      { replace: true },
    );
  };
  const cerrar = () => {
    setAbierta(null);
    olvidarUrl();
  };
  const listo = () => {
    cerrar();
    setRecarga((n) => n + 1);
  };

  if (opciones.isPending) return <PageLoading />;
  if (opciones.isError)
    return (
      <ErrorDeCarga titulo="No se pudo cargar la agenda" error={opciones.error} onReintentar={() => void opciones.refetch()} />
    );

  return (
    <div className="agenda-page">
      <Space className="agenda-filtros" wrap>
        <Select
          mode="multiple"
          aria-label="Asesores"
          placeholder="Todos los asesores"
          value={asesoresSel}
          onChange={(v: number[]) => poner('asesores', v)}
          options={opciones.data.asesores.map((a) => ({ value: a.id, label: a.nombre }))}
          optionFilterProp="label"
          maxTagCount="responsive"
          allowClear
          className="agenda-filtro"
        />
        <Select
          mode="multiple"
          aria-label="Categorías"
          placeholder="Todas las categorías"
          value={categoriasSel}
          onChange={(v: number[]) => poner('categorias', v)}
          options={opciones.data.categorias.map((c) => ({ value: c.id, label: c.nombre }))}
          optionFilterProp="label"
          maxTagCount="responsive"
          allowClear
          className="agenda-filtro"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbierta({ cita: null, inicial: null })}>
          Nueva cita
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'xlsx', label: 'Excel (.xlsx)' },
              { key: 'csv', label: 'CSV (.csv)' },
              { key: 'ics', label: 'Calendario (.ics)' },
            ],
            onClick: ({ key }) => void exportar(key),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={exportando} aria-label="Exportar lo que muestra el calendario">
            {movil ? null : 'Exportar'}
          </Button>
        </Dropdown>
        <MiCalendario soloIcono={movil} />
      </Space>
      <div className="agenda-leyenda">
        {opciones.data.categorias.map((c) => (
          <span key={c.id}>
            <span className="agenda-punto" style={{ background: c.color }} />
            {c.nombre}
          </span>
        ))}
      </div>
      <Calendario
        movil={movil}
        asesores={visibles}
        categorias={opciones.data.categorias}
        cargar={cargar}
        recarga={`${recarga}|${asesoresSel.join()}|${categoriasSel.join()}`}
        alElegirHueco={(h: Hueco) => setAbierta({ cita: null, inicial: h })}
        alAbrir={(c) => abrirCita(c.id)}
        alMover={(m) => void mover(m)}
      />
      <AppDrawer
        open={abierta !== null || (idCita !== null && citaUrl.isFetching)}
        onClose={cerrar}
        title={abierta?.cita ? `Cita: ${abierta.cita.titulo}` : 'Nueva cita'}
        size={movil ? '100%' : 520}
        destroyOnHidden
      >
        {!abierta && <PageLoading />}
        {abierta && (
          <CitaForm
            key={abierta.cita ? `c${abierta.cita.id}` : `n${abierta.inicial?.inicio.getTime() ?? 0}`}
            cita={abierta.cita}
            inicial={abierta.inicial}
            opciones={opciones.data}
            alGuardar={listo}
            alBorrar={listo}
          />
        )}
      </AppDrawer>
      {opciones.data.asesores.length === 0 && (
        <Typography.Paragraph type="secondary">No hay asesores activos en la empresa.</Typography.Paragraph>
      )}
    </div>
  );
}
