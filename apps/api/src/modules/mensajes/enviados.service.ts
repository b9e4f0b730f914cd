import {
  ENVIADOS_MAX_EXPORT,
  ETIQUETAS_ESTADO_MENSAJE,
  type Enviado,
  type EnviadosQuery,
  type TotalesEnviados,
} from '@predio/contract/mensajes';
import type { ListResult } from '@predio/contract/list';
import type { Tx } from '../../db/client.ts';
import { invalido } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import * as repo from './enviados.repo.ts';

// Informes › Correos enviados y SMS enviados (idm 10562): every message of the company, with its state.

type Base = { tx: Tx; informe: repo.Informe; query: EnviadosQuery };

function rango(q: EnviadosQuery) {
  if (q.desde && q.hasta && q.desde > q.hasta) throw invalido('hasta', 'debe ser igual o posterior a desde');
}

export async function listar(o: Base): Promise<ListResult<Enviado>> {
  rango(o.query);
  return repo.listar(o.tx, o.informe, o.query, o.query.pageSize, (o.query.page - 1) * o.query.pageSize);
}

export async function totales(o: Base): Promise<TotalesEnviados> {
  rango(o.query);
  return repo.totales(o.tx, o.informe, o.query);
}

export async function exportar(o: Base & { formato: 'csv' | 'xlsx' }): Promise<Archivo> {
  rango(o.query);
  const r = await repo.listar(o.tx, o.informe, o.query, ENVIADOS_MAX_EXPORT + 1, 0);
  if (r.total > ENVIADOS_MAX_EXPORT)
    throw invalido(
      'hasta',
      `La exportación admite máximo 50.000 filas y el filtro tiene ${r.total.toLocaleString('es-CO')}: acote las fechas.`,
    );
  const sms = o.informe === 'sms';
  const hoja = {
    encabezados: [
      'Creado',
      'Enviado',
      'Usuario',
      sms ? 'Número' : 'Para',
      sms ? 'Texto' : 'Asunto',
      'Tipo',
      ...(sms ? ['Canal', 'Segmentos', 'Costo'] : []),
      'Estado',
      'Intentos',
      'Error',
    ],
    filas: r.items.map((m) => [
      new Date(m.creado_en),
      m.enviado_en ? new Date(m.enviado_en) : null,
      m.usuario,
      m.para,
      m.asunto,
      m.tipo,
      ...(sms ? [m.canal === 'whatsapp' ? 'WhatsApp' : 'SMS', m.segmentos, m.costo] : []),
      ETIQUETAS_ESTADO_MENSAJE[m.estado],
      m.intentos,
      m.error,
    ]),
  };
  return exportarHoja({
    hoja,
    base: sms ? 'sms-enviados' : 'emails-enviados',
    titulo: sms ? 'SMS enviados' : 'Correos enviados',
    formato: o.formato,
  });
}
