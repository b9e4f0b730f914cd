import type { RespuestaInforme } from '@predio/contract/informes';
import { formatNumero } from '../../lib/format.ts';

// The report's chart: plain SVG, no chart library (docs/informes.md: ECharts adds ~1 MB for bars and a line).
// Loaded lazily by the report page, so no other screen downloads it.

const COLORES = ['#7a9a0b', '#1677ff', '#d46b08', '#cf1322', '#722ed1', '#08979c'];

/**
 * The axis's lines: a round step (1, 2 or 5 times a power of ten, never below 1) and at most five of
 * them above zero, so small counts read 0, 1, 2, 3 and not 0, 1, 2, 2, 3.
 */
export function escala(max: number): { tope: number; marcas: number[] } {
  const bruto = Math.max(1, max) / 5;
  const potencia = 10 ** Math.floor(Math.log10(bruto));
  const paso = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * potencia).find((p) => p >= bruto)!,
  );
  const tope = Math.max(paso, Math.ceil(max / paso) * paso);
  return { tope, marcas: Array.from({ length: Math.round(tope / paso) + 1 }, (_, k) => k * paso) };
}

export default function Grafico({ serie, titulo }: { serie: RespuestaInforme['serie']; titulo: string }) {
  const n = serie.etiquetas.length;
  if (n === 0) return <p className="informe-grafico-vacio">Sin datos para el gráfico</p>;
  const W = 800;
  const H = 300;
  const izq = 56;
  const abajo = 90;
  const alto = H - abajo - 16;
  const { tope, marcas } = escala(Math.max(0, ...serie.series.flatMap((s) => s.valores)));
  const paso = (W - izq - 12) / n;
  const y = (v: number) => 16 + alto - (v / tope) * alto;
  const ancho = (paso * 0.8) / Math.max(1, serie.series.length);
  return (
    <figure className="informe-grafico">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Gráfico: ${titulo}`} preserveAspectRatio="xMidYMid meet">
        {marcas.map((v) => {
          return (
            <g key={v}>
              <line x1={izq} x2={W - 12} y1={y(v)} y2={y(v)} stroke="#e5e5e5" />
              <text x={izq - 6} y={y(v) + 4} fontSize="12" textAnchor="end" fill="#595959">
                {formatNumero(v)}
              </text>
            </g>
          );
        })}
        {serie.series.map((s, j) =>
          serie.tipo === 'linea' ? (
            <polyline
              key={s.nombre}
              fill="none"
              stroke={COLORES[j % COLORES.length]}
              strokeWidth={3}
              points={s.valores.map((v, i) => `${izq + paso * (i + 0.5)},${y(v)}`).join(' ')}
            />
          ) : (
            s.valores.map((v, i) => (
              <rect
                key={`${s.nombre}-${i}`}
                x={izq + paso * i + paso * 0.1 + ancho * j}
                y={y(v)}
                width={ancho}
                height={16 + alto - y(v)}
                fill={COLORES[j % COLORES.length]}
              >
                <title>{`${serie.etiquetas[i]}: ${s.nombre} ${formatNumero(v)}`}</title>
              </rect>
            ))
          ),
        )}
        {serie.etiquetas.map((e, i) => {
          const x = izq + paso * (i + 0.5);
          return (
            <text
              key={i}
              x={x}
              y={H - abajo + 18}
              fontSize="12"
              textAnchor="end"
              fill="#262626"
              transform={`rotate(-35 ${x} ${H - abajo + 18})`}
            >
              {e.length > 22 ? `${e.slice(0, 21)}…` : e}
            </text>
          );
        })}
      </svg>
      <figcaption className="informe-leyenda">
        {serie.series.map((s, j) => (
          <span key={s.nombre}>
            <i style={{ background: COLORES[j % COLORES.length] }} aria-hidden />
            {s.nombre}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
