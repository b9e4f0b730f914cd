import { useState } from 'react';
import { Button, Card, Empty, InputNumber, Segmented, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_ESTADO_ITEM,
  ETIQUETAS_RESPONSABLE,
  RESPONSABLES,
  type FilaComparacion,
  type Responsable,
} from '@predio/contract/inventarios';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatMoneda } from '../../lib/format.ts';
import { descargarActa, useComparacion, useCostoDetalle } from './api/inventarios-api.ts';

type Lado = NonNullable<FilaComparacion['antes']> | FilaComparacion['despues'];

const valor = (tipo: FilaComparacion['tipo'], l: Lado) =>
  tipo === 'lectura'
    ? l.lectura || '—'
    : tipo === 'llaves'
      ? l.cantidad === null
        ? '—'
        : `${l.cantidad} unidades`
      : l.estado
        ? ETIQUETAS_ESTADO_ITEM[l.estado]
        : 'Sin revisar';

function LadoVista({
  titulo,
  tipo,
  l,
  detalle,
}: {
  titulo: string;
  tipo: FilaComparacion['tipo'];
  l: Lado | null;
  detalle: number | null;
}) {
  return (
    <div className="comparacion-lado">
      <Typography.Text type="secondary">{titulo}</Typography.Text>
      {l ? (
        <>
          <div>
            <strong>{valor(tipo, l)}</strong>
          </div>
          {l.comentario && <div>{l.comentario}</div>}
          <div className="inventario-fotos">
            {l.fotos.map((f) => (
              <span key={f} className="inventario-foto">
                <img
                  src={`/api/archivos/inventario_detalle/${detalle}/${f}`}
                  alt={`Foto (${titulo.toLowerCase()})`}
                  loading="lazy"
                />
              </span>
            ))}
          </div>
        </>
      ) : (
        <div>No estaba en la entrega</div>
      )}
    </div>
  );
}

function Fila({ idInventario, f, soloLectura }: { idInventario: number; f: FilaComparacion; soloLectura: boolean }) {
  const costo = useCostoDetalle(idInventario);
  const [valorCosto, setValorCosto] = useState<number | null>(f.costo);
  const guardar = (c: { costo?: number | null; responsable?: Responsable | null }) =>
    costo.mutate({ detalle: f.id_detalle, body: c });
  return (
    <Card
      size="small"
      className={f.diferente ? 'comparacion-fila comparacion-diferente' : 'comparacion-fila'}
      title={
        <Space wrap>
          <span>
            {f.espacio} · {f.nombre}
          </span>
          {f.diferente && <Tag color="orange">Cambió</Tag>}
        </Space>
      }
    >
      <div className="comparacion-lados">
        <LadoVista titulo="Entrega" tipo={f.tipo} l={f.antes} detalle={f.antes?.id ?? null} />
        <LadoVista titulo="Devolución" tipo={f.tipo} l={f.despues} detalle={f.id_detalle} />
      </div>
      {f.diferente && (
        <Space wrap className="comparacion-costo">
          <InputNumber<number>
            size="large"
            min={0}
            step={10_000}
            value={valorCosto}
            disabled={soloLectura}
            prefix="$"
            placeholder="Costo"
            aria-label={`Costo de ${f.espacio} ${f.nombre}`}
            formatter={(n) => (n === undefined || n === null || String(n) === '' ? '' : Number(n).toLocaleString('es-CO'))}
            parser={(t) => Number((t ?? '').replace(/\D/g, '')) || 0}
            onChange={setValorCosto}
            onBlur={() => valorCosto !== f.costo && guardar({ costo: valorCosto === null ? null : Math.round(valorCosto) })}
          />
          <Select<Responsable>
            size="large"
            placeholder="Quién paga"
            aria-label={`Quién paga ${f.espacio} ${f.nombre}`}
            value={f.responsable ?? undefined}
            disabled={soloLectura}
            onChange={(r) => guardar({ responsable: r })}
            options={RESPONSABLES.map((r) => ({ value: r, label: ETIQUETAS_RESPONSABLE[r] }))}
            className="comparacion-responsable"
          />
        </Space>
      )}
    </Card>
  );
}

/** A devolución beside its entrega: differences first, their cost, who pays, totals and the acta. */
export function Comparacion({ id, activa, soloLectura }: { id: number; activa: boolean; soloLectura: boolean }) {
  const c = useComparacion(id, activa);
  const [ver, setVer] = useState<'diferencias' | 'todo'>('diferencias');
  if (c.isPending) return <Skeleton active />;
  if (c.isError)
    return <ErrorDeCarga titulo="No se pudo cargar la comparación" error={c.error} onReintentar={() => void c.refetch()} />;
  const filas = ver === 'diferencias' ? c.data.filas.filter((f) => f.diferente) : c.data.filas;
  const n = c.data.filas.filter((f) => f.diferente).length;
  return (
    <Space orientation="vertical" className="comparacion">
      <Typography.Text>
        Comparado con la entrega N° {c.data.entrega?.consecutivo} del {c.data.entrega?.fecha}: <strong>{n}</strong>{' '}
        {n === 1 ? 'diferencia' : 'diferencias'}.
      </Typography.Text>
      <Segmented
        block
        value={ver}
        onChange={(x) => setVer(x as typeof ver)}
        options={[
          { value: 'diferencias', label: `Diferencias (${n})` },
          { value: 'todo', label: `Todos los ítems (${c.data.filas.length})` },
        ]}
      />
      {filas.length ? (
        filas.map((f) => <Fila key={f.id_detalle} idInventario={id} f={f} soloLectura={soloLectura} />)
      ) : (
        <Empty description="No hay diferencias con la entrega" />
      )}
      <Card size="small" title="Totales" className="comparacion-totales">
        {RESPONSABLES.map((r) => (
          <div key={r}>
            {ETIQUETAS_RESPONSABLE[r]}: <strong>{formatMoneda(c.data.totales[r])}</strong>
          </div>
        ))}
      </Card>
      <Button size="large" block icon={<FilePdfOutlined />} onClick={() => void descargarActa(id)}>
        Acta de restitución (PDF)
      </Button>
    </Space>
  );
}
