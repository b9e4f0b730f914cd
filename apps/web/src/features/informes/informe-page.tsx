import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, InputNumber, Segmented, Select, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { INFORMES, type ClaveInforme, type ColumnaInforme, type RespuestaInforme } from '@predio/contract/informes';
import { IDM_CLIENTES_ATENDIDOS } from '@predio/contract/clientes';
import { hasIdm } from '@predio/contract/menu';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { descargar } from '../../lib/descargar.ts';
import { formatFecha, formatMoneda, formatNumero } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { agruparFilas, celda, columnasAgrupables, type FilaTabla } from './agrupar.ts';
import { EnviarFichaCruce } from './enviar-ficha-cruce.tsx';
import { FiltroEncuestas } from './filtro-encuestas.tsx';
import { FiltroRegistro, useEstadoRegistro } from './filtro-registro.tsx';
import { esPreset, PRESET_DEFECTO, PRESETS, rangoDe, type Preset } from './periodos.ts';
import { ProgramarEnvio } from './programar-envio.tsx';
import './informes.css';

const Grafico = lazy(() => import('./grafico.tsx'));
// The server stops a report's statements at 15 s; a list call's 5 s would give up on a busy server first.
const TIEMPO_INFORME_MS = 30_000;

const valor = (c: ColumnaInforme, v: string | number | null | undefined): string => {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number')
    return c.tipo === 'dinero' ? formatMoneda(v) : c.tipo === 'porcentaje' ? `${formatNumero(v)} %` : formatNumero(v);
  if (c.tipo === 'fecha') return formatFecha(`${v}T12:00:00`);
  return v;
};

const comparar = (a: string | number | null | undefined, b: string | number | null | undefined) =>
  typeof a === 'number' || typeof b === 'number'
    ? Number(a ?? 0) - Number(b ?? 0)
    : String(a ?? '').localeCompare(String(b ?? ''), 'es');

/** «+25 % frente al periodo anterior», or nothing without a previous figure. */
function Cambio({ valor: v, anterior }: { valor: number; anterior: number | null }) {
  if (anterior === null) return null;
  const texto =
    anterior === 0
      ? v === 0
        ? 'Igual que el periodo anterior'
        : `Antes: 0`
      : `${v >= anterior ? '+' : ''}${formatNumero(Math.round(((v - anterior) / anterior) * 100))} % frente al periodo anterior (${formatNumero(anterior)})`;
  return (
    <Typography.Text type="secondary" className="informe-cambio">
      {texto}
    </Typography.Text>
  );
}

/** One report page for every declared report (issue 33): filters in the URL, tiles, chart, table, exports. */
export function InformePage({ clave }: { clave: ClaveInforme }) {
  const meta = INFORMES[clave];
  const path = `/informes/${clave}`;
  const filtros = meta.filtros as readonly string[];
  // The register's client-statistics filter comes back from its 5-minute store, not from the tab's memory.
  const conFiltroClientes = filtros.includes('cliente');
  const [params, set] = useUrlEstado(path, [], !conFiltroClientes);
  const preset: Preset = esPreset(params.get('periodo')) ? (params.get('periodo') as Preset) : PRESET_DEFECTO;
  const rango =
    preset === 'rango'
      ? { desde: params.get('desde') ?? rangoDe('mes').desde, hasta: params.get('hasta') ?? rangoDe('mes').hasta }
      : rangoDe(preset);
  const asesor = params.get('asesor');
  const dias = params.get('dias');
  const consulta = new URLSearchParams();
  if (meta.periodo) {
    consulta.set('desde', rango.desde);
    consulta.set('hasta', rango.hasta);
  }
  if (filtros.includes('asesor') && asesor) consulta.set('asesor', asesor);
  if (filtros.includes('dias') && dias) consulta.set('dias', dias);
  for (const k of ['fecha', 'cliente', 'rol', 'encuesta', 'origen'] as const)
    if (filtros.includes(k) && params.get(k)) consulta.set(k, params.get(k)!);
  const qs = consulta.toString();

  const datos = useQuery({
    queryKey: ['informes', clave, qs],
    queryFn: async ({ signal }) =>
      (await http.get<RespuestaInforme>(`/informes/${clave}/datos?${qs}`, { signal, silent: true, timeoutMs: TIEMPO_INFORME_MS }))
        .data,
    placeholderData: keepPreviousData,
  });
  const asesores = useQuery({
    queryKey: ['informes', clave, 'asesores'],
    queryFn: async ({ signal }) =>
      (await http.get<{ id: number; nombre: string }[]>(`/informes/${clave}/asesores`, { signal, silent: true })).data,
    staleTime: 5 * 60_000,
  });
  useEstadoRegistro({ activo: conFiltroClientes, params, set, rango, filas: datos.data?.filas });
  const permisos = usePermisos();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // The report's row action (verificar-disponibilidad: «Confirmar disponibilidad»), then the report again.
  const accion = 'accion' in meta ? meta.accion : null;
  const [enAccion, setEnAccion] = useState<number | null>(null);
  const ejecutarAccion = async (consecutivo: number) => {
    if (!accion) return;
    setEnAccion(consecutivo);
    try {
      await http.post(`/informes/${clave}/${accion.ruta}`, { consecutivo }, { silent: true });
      void message.success(`Inmueble ${consecutivo}: disponibilidad confirmada`);
      await queryClient.invalidateQueries({ queryKey: ['informes', clave] });
    } catch (e) {
      void message.error(e instanceof Error ? e.message : 'No se pudo registrar la confirmación');
    } finally {
      setEnAccion(null);
    }
  };
  const agrupar = params.get('agrupar');
  const [exportando, setExportando] = useState<'xlsx' | 'pdf' | null>(null);
  const exportar = async (formato: 'xlsx' | 'pdf') => {
    setExportando(formato);
    try {
      // The export groups as the table does («Agrupar por»).
      const extra = new URLSearchParams({ formato });
      if (agrupar) extra.set('agrupar', agrupar);
      await descargar(`/informes/${clave}/exportar?${qs}${qs ? '&' : ''}${extra.toString()}`);
    } finally {
      setExportando(null);
    }
  };

  // The cruce sends a property's ficha to the lead from its row, for whoever may write to leads.
  const enviaFichas = clave === 'cruceclientesinmuebles' && hasIdm(permisos, IDM_CLIENTES_ATENDIDOS);
  const [plegados, setPlegados] = useState<ReadonlySet<string>>(new Set());
  const orden = params.get('orden');
  const dir = params.get('dir') === 'desc' ? 'descend' : params.get('dir') === 'asc' ? 'ascend' : null;
  const r = datos.data;
  const columnas: ColumnsType<FilaTabla> = useMemo(
    () => [
      ...(r?.columnas ?? []).map<ColumnsType<FilaTabla>[number]>((c, i) => ({
        key: c.clave,
        dataIndex: c.clave,
        title: c.titulo,
        align: c.tipo === 'texto' || c.tipo === 'fecha' ? ('left' as const) : ('right' as const),
        sorter: (a: FilaTabla, b: FilaTabla) =>
          a.__grupo !== undefined && b.__grupo !== undefined && !c.total
            ? a.__grupo.localeCompare(b.__grupo, 'es')
            : comparar(celda(a, c.clave), celda(b, c.clave)),
        sortOrder: orden === c.clave ? dir : null,
        render: (_v: unknown, f: FilaTabla) => {
          // A group's heading row: its name and count first, then the subtotals of the summed columns.
          if (f.__grupo !== undefined)
            return i === 0 ? <strong>{f.__grupo}</strong> : c.total ? <strong>{valor(c, celda(f, c.clave))}</strong> : '';
          const texto = valor(c, celda(f, c.clave));
          // Drill-down: the first column leads to the record (or the list) the row stands for.
          return i === 0 && f.enlace ? <Link to={f.enlace}>{texto || '—'}</Link> : texto;
        },
      })),
      ...(enviaFichas
        ? [
            {
              key: 'enviar',
              title: '',
              fixed: 'right' as const,
              render: (_v: unknown, f: FilaTabla) => (f.__grupo !== undefined ? null : <EnviarFichaCruce fila={f} />),
            },
          ]
        : []),
      ...(accion
        ? [
            {
              key: 'accion',
              title: '',
              // Kept in sight on a narrow screen, where the other columns scroll under it.
              fixed: 'right' as const,
              render: (_v: unknown, f: FilaTabla) =>
                f.__grupo !== undefined ? null : (
                  <Button
                    size="small"
                    loading={enAccion === Number(f.consecutivo)}
                    onClick={() => void ejecutarAccion(Number(f.consecutivo))}
                  >
                    {accion.titulo}
                  </Button>
                ),
            },
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ejecutarAccion only reads clave and accion, fixed per page
    [r?.columnas, orden, dir, accion, enAccion, enviaFichas],
  );

  const filasTabla = useMemo(() => (r ? agruparFilas(r.columnas, r.filas, agrupar) : []), [r, agrupar]);
  const grupos = filasTabla.filter((f) => f.__grupo !== undefined).map((f) => f.__fila);

  const filtroBar = (
    <Space wrap className="informe-filtros" aria-label="Filtros del informe">
      {meta.periodo ? (
        <>
          <Segmented
            aria-label="Periodo"
            value={preset}
            options={Object.entries(PRESETS).map(([value, label]) => ({ value, label }))}
            onChange={(v) => set({ periodo: v === PRESET_DEFECTO ? null : String(v), desde: null, hasta: null })}
          />
          {preset === 'rango' ? (
            <DatePicker.RangePicker
              aria-label="Rango de fechas"
              format="DD/MM/YYYY"
              allowClear={false}
              value={[dayjs(rango.desde), dayjs(rango.hasta)]}
              onChange={(v) => v?.[0] && v[1] && set({ desde: v[0].format('YYYY-MM-DD'), hasta: v[1].format('YYYY-MM-DD') })}
            />
          ) : (
            <Typography.Text type="secondary">
              {formatFecha(`${rango.desde}T12:00:00`)} a {formatFecha(`${rango.hasta}T12:00:00`)}
            </Typography.Text>
          )}
        </>
      ) : null}
      {filtros.includes('dias') ? (
        <Space>
          <label htmlFor={`${clave}-dias`}>{'etiquetaDias' in meta ? meta.etiquetaDias : 'Días'}</label>
          <InputNumber
            id={`${clave}-dias`}
            min={1}
            max={3650}
            value={dias ? Number(dias) : 'diasPorDefecto' in meta ? meta.diasPorDefecto : null}
            onChange={(v) => set({ dias: v === null ? null : String(v) })}
          />
        </Space>
      ) : null}
      {filtros.includes('asesor') ? (
        <Select
          aria-label="Asesor"
          placeholder="Todos los asesores"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 220 }}
          value={asesor ? Number(asesor) : (r?.filtros.asesor ?? undefined)}
          onChange={(v: number | undefined) => set({ asesor: v ?? null })}
          options={(asesores.data ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
        />
      ) : null}
      {filtros.includes('rol') ? (
        <Select
          aria-label="Asesor como"
          value={params.get('rol') === 'comercial' ? 'comercial' : 'captador'}
          style={{ minWidth: 170 }}
          options={[
            { value: 'captador', label: 'Asesor captador' },
            { value: 'comercial', label: 'Asesor comercial' },
          ]}
          onChange={(v) => set({ rol: v === 'comercial' ? 'comercial' : null })}
        />
      ) : null}
      {conFiltroClientes ? <FiltroRegistro clave={clave} params={params} set={set} /> : null}
      {filtros.includes('encuesta') ? <FiltroEncuestas params={params} set={set} /> : null}
      {r && columnasAgrupables(r.columnas).length > 0 ? (
        <Select
          aria-label="Agrupar por"
          placeholder="Agrupar por…"
          allowClear
          style={{ minWidth: 170 }}
          value={agrupar ?? undefined}
          onChange={(v: string | undefined) => {
            setPlegados(new Set());
            set({ agrupar: v ?? null }, { replace: true });
          }}
          options={columnasAgrupables(r.columnas).map((c) => ({
            value: c.clave,
            label: `Agrupar por ${c.titulo.toLowerCase()}`,
          }))}
        />
      ) : null}
      <Button icon={<FileExcelOutlined />} loading={exportando === 'xlsx'} onClick={() => void exportar('xlsx')}>
        Excel
      </Button>
      <Button icon={<FilePdfOutlined />} loading={exportando === 'pdf'} onClick={() => void exportar('pdf')}>
        PDF
      </Button>
      <ProgramarEnvio clave={clave} />
    </Space>
  );

  return (
    <Card title={meta.titulo} className="informe">
      {filtroBar}
      {datos.isError && !r ? (
        <ErrorDeCarga titulo="No se pudo cargar el informe" error={datos.error} onReintentar={() => void datos.refetch()} />
      ) : !r ? (
        <PageLoading />
      ) : (
        <>
          <div className="informe-resumen" aria-label="Resumen">
            {r.resumen.map((i) => (
              <Card key={i.clave} size="small" className="informe-tile">
                <Statistic
                  title={i.titulo}
                  value={i.valor}
                  formatter={(v) =>
                    r.columnas.find((c) => c.clave === i.clave)?.tipo === 'dinero'
                      ? formatMoneda(Number(v))
                      : formatNumero(Number(v))
                  }
                />
                <Cambio valor={i.valor} anterior={i.anterior} />
              </Card>
            ))}
          </div>
          <Suspense fallback={<PageLoading />}>
            <Grafico serie={r.serie} titulo={meta.titulo} />
          </Suspense>
          <Table<FilaTabla>
            size="small"
            // Report rows have no id of their own: their position (or their group's) is their key.
            rowKey="__fila"
            columns={columnas}
            dataSource={filasTabla}
            expandable={
              grupos.length > 0
                ? {
                    expandedRowKeys: grupos.filter((k) => !plegados.has(k)),
                    onExpand: (abierta, f) =>
                      setPlegados((p) => {
                        const n = new Set(p);
                        if (abierta) n.delete(f.__fila);
                        else n.add(f.__fila);
                        return n;
                      }),
                  }
                : undefined
            }
            loading={datos.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={r.filas.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            locale={{ emptyText: 'Sin datos para estos filtros' }}
            onChange={(_p, _f, s) => {
              const o = Array.isArray(s) ? s[0] : s;
              set(
                o?.order
                  ? { orden: String(o.columnKey), dir: o.order === 'descend' ? 'desc' : 'asc' }
                  : { orden: null, dir: null },
                { replace: true },
              );
            }}
            summary={() =>
              Object.keys(r.totales).length === 0 ? null : (
                <Table.Summary.Row className="informe-totales">
                  {r.columnas.map((c, i) => (
                    <Table.Summary.Cell
                      key={c.clave}
                      index={i}
                      align={c.tipo === 'texto' || c.tipo === 'fecha' ? 'left' : 'right'}
                    >
                      <strong>{i === 0 ? 'Total' : c.clave in r.totales ? valor(c, r.totales[c.clave]) : ''}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            }
          />
        </>
      )}
    </Card>
  );
}

/** A page component bound to one report, for the page registry (one menu leaf each). */
export const paginaDe = (clave: ClaveInforme): ComponentType => {
  const P = () => <InformePage clave={clave} />;
  P.displayName = `Informe(${clave})`;
  return P;
};
