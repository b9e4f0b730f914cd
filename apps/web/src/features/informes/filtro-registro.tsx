import { useEffect, useRef } from 'react';
import { Select, Space } from 'antd';
import type { ClienteInforme, ClaveInforme, FilaInforme } from '@predio/contract/informes';
import { RemoteSelect, type ConsultaOpciones } from '../../components/remote-select.tsx';
import type { CambioUrl } from '../../components/lista/use-url-estado.ts';
import { http } from '../../lib/http.ts';
import { useClientStatisticsFilter } from '../../lib/client-statistics-filter-store.ts';

type Props = {
  clave: ClaveInforme;
  params: URLSearchParams;
  set: (cambio: CambioUrl, opciones?: { replace?: boolean }) => void;
  /** The period the report reads now (a preset's days or the chosen range). */
  rango: { desde: string; hasta: string };
};

/** The URL keys of the client-statistics filter on the register. */
const CLAVES = ['periodo', 'desde', 'hasta', 'fecha', 'cliente'] as const;

/**
 * The register's client-statistics filter (spec §3): the URL holds it while the page is open, and the
 * shared store keeps it for 5 minutes, so coming back from a lead within that time finds the same register
 * and coming back later starts afresh (the store resets itself after 5 minutes without changes).
 */
export function useEstadoRegistro({
  activo,
  params,
  set,
  rango,
  filas,
}: Omit<Props, 'clave'> & { activo: boolean; filas: FilaInforme[] | undefined }) {
  const restaurando = useRef(false);
  useEffect(() => {
    if (!activo) return;
    const f = useClientStatisticsFilter.getState();
    const vacia = CLAVES.every((k) => !params.has(k));
    if (!vacia) return;
    const cambio: CambioUrl = {};
    if (f.rangoFechas) Object.assign(cambio, { periodo: 'rango', desde: f.rangoFechas[0], hasta: f.rangoFechas[1] });
    if (f.opcionFecha === 'cierre') cambio.fecha = 'cierre';
    if (f.consecutivo_cliente) cambio.cliente = f.consecutivo_cliente;
    if (Object.keys(cambio).length === 0) return;
    restaurando.current = true;
    set(cambio, { replace: true });
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const clave = CLAVES.map((k) => params.get(k) ?? '').join('|');
  useEffect(() => {
    if (!activo) return;
    const vacia = CLAVES.every((k) => !params.has(k));
    if (restaurando.current) {
      if (vacia) return;
      restaurando.current = false;
    }
    const store = useClientStatisticsFilter.getState();
    if (vacia) {
      store.reset();
      return;
    }
    const opcion = params.get('fecha') === 'cierre' ? 'cierre' : 'ingreso';
    const cliente = Number(params.get('cliente')) || null;
    store.set({
      consecutivo_cliente: cliente,
      opcionFecha: opcion,
      rangoFechas: [rango.desde, rango.hasta],
      fecha_ingreso_inicial: opcion === 'ingreso' ? rango.desde : null,
      fecha_ingreso_final: opcion === 'ingreso' ? rango.hasta : null,
      fecha_cierre_inicial: opcion === 'cierre' ? rango.desde : null,
      fecha_cierre_final: opcion === 'cierre' ? rango.hasta : null,
    });
    // The URL's keys say everything; rango follows them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clave]);

  // The filter's client list: the register's clients as last shown (kept without restarting the expiry).
  useEffect(() => {
    if (!activo || !filas) return;
    useClientStatisticsFilter.setState({
      clientes: filas.map((f) => ({ consecutivo_cliente: Number(f.consecutivo), nombre: String(f.nombre ?? '') })),
    });
  }, [activo, filas]);
}

/** «Fecha de ingreso / de cierre» and «Cliente» on the register's filter bar. */
export function FiltroRegistro({ clave, params, set }: Omit<Props, 'rango'>) {
  const opcion = params.get('fecha') === 'cierre' ? 'cierre' : 'ingreso';
  const cliente = Number(params.get('cliente')) || null;
  const opciones: ConsultaOpciones = (q, id) => ({
    queryKey: ['informes', clave, 'clientes', q, id ?? null],
    queryFn: async ({ signal }) =>
      (
        await http.get<ClienteInforme[]>(`/informes/${clave}/clientes?q=${encodeURIComponent(id ? String(id) : q)}`, {
          signal,
          silent: true,
        })
      ).data.map((c) => ({ id: c.consecutivo, label: `${c.consecutivo} · ${c.nombre}` })),
    staleTime: 60_000,
  });
  return (
    <Space wrap>
      <Select
        aria-label="Fecha"
        value={opcion}
        style={{ minWidth: 170 }}
        options={[
          { value: 'ingreso', label: 'Fecha de ingreso' },
          { value: 'cierre', label: 'Fecha de cierre' },
        ]}
        onChange={(v) => set({ fecha: v === 'cierre' ? 'cierre' : null })}
      />
      <RemoteSelect
        fuente="informe-clientes"
        aria-label="Cliente"
        placeholder="Todos los clientes"
        style={{ minWidth: 240, width: 'auto' }}
        opciones={opciones}
        value={cliente}
        onChange={(v) => set({ cliente: v })}
      />
    </Space>
  );
}
