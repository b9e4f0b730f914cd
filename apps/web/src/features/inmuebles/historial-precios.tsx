import { Empty, Skeleton, Timeline, Typography } from 'antd';
import { ETIQUETAS_INMUEBLE, type CambioPrecio } from '@predio/contract/inmuebles';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatFechaHora, formatMoneda } from '../../lib/format.ts';
import { usePrecios } from './api/get-precios.ts';

const porcentaje = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1, signDisplay: 'always' });

/** «Canon de arrendamiento: $ 2.500.000 → $ 2.300.000 (−8 %)»; the first price alone. */
export function textoCambio(c: CambioPrecio['cambios'][number]): string {
  const campo = ETIQUETAS_INMUEBLE[c.campo];
  if (c.antes === null) return `${campo}: ${c.despues === null ? 'sin precio' : formatMoneda(c.despues)}`;
  if (c.despues === null) return `${campo}: ${formatMoneda(c.antes)} → sin precio`;
  const variacion = c.antes > 0 ? ` (${porcentaje.format(((c.despues - c.antes) / c.antes) * 100)} %)` : '';
  return `${campo}: ${formatMoneda(c.antes)} → ${formatMoneda(c.despues)}${variacion}`;
}

/** When the property's canon, sale price and administración were set or changed, newest first. */
export function HistorialPrecios({ consecutivo }: { consecutivo: number }) {
  const precios = usePrecios(consecutivo);
  if (precios.isPending) return <Skeleton active />;
  if (precios.isError)
    return <ErrorDeCarga titulo="No se pudo cargar el historial de precios" onReintentar={() => void precios.refetch()} />;
  if (precios.data.length === 0) return <Empty description="Sin precios registrados" />;
  return (
    <Timeline
      items={[...precios.data].reverse().map((h) => ({
        color: h.cambios.some((c) => c.antes !== null && c.despues !== null && c.despues < c.antes) ? 'green' : 'blue',
        content: (
          <div>
            {h.cambios.map((c) => (
              <div key={c.campo}>
                <strong>{textoCambio(c)}</strong>
              </div>
            ))}
            <Typography.Text type="secondary">
              {formatFechaHora(h.fecha)} · {h.usuario}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
