import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, InputNumber, Segmented, Select, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  INFORMES,
  type ClaveInforme,
  type ColumnaInforme,
  type FilaInforme,
  type RespuestaInforme,
} from '@predio/contract/informes';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { descargar } from '../../lib/descargar.ts';
import { formatFecha, formatMoneda, formatNumero } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
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
  const [params, set] = useUrlEstado(path);
  const filtros = meta.filtros as readonly string[];
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
  const [exportando, setExportando] = useState<'xlsx' | 'pdf' | null>(null);
  const exportar = async (formato: 'xlsx' | 'pdf') => {
    setExportando(formato);
    try {
      await descargar(`/informes/${clave}/exportar?${qs}${qs ? '&' : ''}formato=${formato}`);
    } finally {
      setExportando(null);
    }
  };

  const orden = params.get('orden');
  const dir = params.get('dir') === 'desc' ? 'descend' : params.get('dir') === 'asc' ? 'ascend' : null;
  const r = datos.data;
  const columnas: ColumnsType<FilaInforme> = useMemo(
    () => [
      ...(r?.columnas ?? []).map<ColumnsType<FilaInforme>[number]>((c, i) => ({
        key: c.clave,
        dataIndex: c.clave,
        title: c.titulo,
        align: c.tipo === 'texto' || c.tipo === 'fecha' ? ('left' as const) : ('right' as const),
        sorter: (a: FilaInforme, b: FilaInforme) => comparar(a[c.clave], b[c.clave]),
        sortOrder: orden === c.clave ? dir : null,
        render: (_v: unknown, f: FilaInforme) => {
          const texto = valor(c, f[c.clave]);
          // Drill-down: the first column leads to the record (or the list) the row stands for.
          return i === 0 && f.enlace ? <Link to={f.enlace}>{texto || '—'}</Link> : texto;
        },
      })),
      ...(accion
        ? [
            {
              key: 'accion',
              title: '',
              // Kept in sight on a narrow screen, where the other columns scroll under it.
              fixed: 'right' as const,
              render: (_v: unknown, f: FilaInforme) => (
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
    [r?.columnas, orden, dir, accion, enAccion],
  );

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
          <label htmlFor={`${clave}-dias`}>Días</label>
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
          <Table<FilaInforme>
            size="small"
            // Report rows have no id of their own: their position is their key.
            rowKey="__fila"
            columns={columnas}
            dataSource={r.filas.map((f, i) => ({ ...f, __fila: i }))}
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
