import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { Link } from 'react-router';
import type { CifraTablero } from '@predio/contract/informes';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatFecha, formatMoneda, formatNumero } from '../../lib/format.ts';
import { useTablero } from './api/get-tablero.ts';

const cifra = (c: CifraTablero, v: number) => (c.dinero ? formatMoneda(v) : formatNumero(v));

/** Inicio for a manager (issue 33 «Dashboards»): the agency's month, each figure opening its report. */
export function TableroGerencia() {
  const tablero = useTablero(true);
  const t = tablero.data;
  return (
    <Card
      title="El mes de la agencia"
      extra={t ? <span className="inicio-periodo">{`${formatFecha(t.desde)} a ${formatFecha(t.hasta)}`}</span> : null}
      className="inicio-tablero"
    >
      {tablero.isError ? (
        <ErrorDeCarga titulo="No se pudieron cargar las cifras del mes" onReintentar={() => void tablero.refetch()} />
      ) : !t ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : (
        <Row gutter={[16, 16]}>
          {t.cifras.map((c) => (
            <Col key={c.clave} xs={12} md={8} xl={6}>
              <Statistic title={c.titulo} value={c.valor} formatter={(v) => cifra(c, Number(v))} />
              {c.anterior === null ? null : <div className="inicio-anterior">Mes anterior: {cifra(c, c.anterior)}</div>}
              <Link to={`/informes/${c.informe}`} aria-label={`Ver informe: ${c.titulo}`}>
                Ver informe →
              </Link>
            </Col>
          ))}
          <Col xs={24} md={8} xl={6}>
            <div className="inicio-medios-titulo">Clientes por medio</div>
            {t.medios.length === 0 ? (
              <div className="inicio-anterior">Sin clientes este mes.</div>
            ) : (
              <ol className="inicio-medios">
                {t.medios.map((m) => (
                  <li key={m.medio}>
                    {m.medio}: <strong>{formatNumero(m.clientes)}</strong>
                  </li>
                ))}
              </ol>
            )}
            <Link to="/informes/clientesatendidos" aria-label="Ver informe: Clientes atendidos">
              Ver informe →
            </Link>
          </Col>
        </Row>
      )}
    </Card>
  );
}
