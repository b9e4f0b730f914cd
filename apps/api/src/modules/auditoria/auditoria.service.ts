import { CODES } from '@predio/contract/codes';
import { ACCIONES, AUDITORIA_EXPORT_MAX, type Auditoria, type AuditoriaQuery } from '@predio/contract/auditoria';
import type { ListResult } from '@predio/contract/list';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import * as repo from './auditoria.repo.ts';

type Fila = Awaited<ReturnType<typeof repo.listar>>['items'][number];

const aItem = (f: Fila): Auditoria => ({
  id: f.id,
  fecha: (f.creadoEn instanceof Date ? f.creadoEn : new Date(f.creadoEn)).toISOString(),
  id_usuario: f.idUsuario,
  usuario: f.usuario,
  accion: f.accion,
  entidad: f.entidad,
  entidad_id: f.entidadId,
  cambios: f.cambios,
  ip: f.ip,
});

function rango(q: { desde?: string | undefined; hasta?: string | undefined }) {
  if (q.desde && q.hasta && q.desde > q.hasta)
    throw new AppError(CODES.VALIDACION, 'hasta: debe ser igual o posterior a desde', [
      { campo: 'hasta', mensaje: 'debe ser igual o posterior a desde' },
    ]);
}

export async function listar(o: { tx: Tx; query: AuditoriaQuery }): Promise<ListResult<Auditoria>> {
  const { page, pageSize, ...resto } = o.query;
  rango(resto);
  const r = await repo.listar(o.tx, { ...resto, limit: pageSize, offset: (page - 1) * pageSize });
  return { items: r.items.map(aItem), total: r.total };
}

export const valores = (o: { tx: Tx }) => repo.valores(o.tx);

/** 'campo: antes → después' per changed field, for a spreadsheet cell. */
function resumenCambios(c: unknown): string {
  if (typeof c !== 'object' || c === null) return '';
  return Object.entries(c as Record<string, unknown>)
    .map(([k, v]) => {
      if (typeof v === 'object' && v !== null && 'antes' in v && 'despues' in v) {
        const { antes, despues } = v as { antes: unknown; despues: unknown };
        return `${k}: ${texto(antes)} → ${texto(despues)}`;
      }
      return `${k}: ${texto(v)}`;
    })
    .join('\n');
}
const texto = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

export async function exportar(o: { tx: Tx; query: AuditoriaQuery & { formato: 'csv' | 'xlsx' } }): Promise<Archivo> {
  const { formato, page: _p, pageSize: _s, ...resto } = o.query;
  rango(resto);
  const { items, total } = await repo.listar(o.tx, { ...resto, limit: AUDITORIA_EXPORT_MAX, offset: 0 });
  if (total > AUDITORIA_EXPORT_MAX)
    throw new AppError(
      CODES.VALIDACION,
      `La exportación admite máximo ${AUDITORIA_EXPORT_MAX.toLocaleString('es-CO')} filas y el filtro tiene ${total.toLocaleString('es-CO')}: acote las fechas.`,
    );
  const hoja = {
    encabezados: ['Fecha', 'Usuario', 'Acción', 'Entidad', 'Registro', 'Cambios', 'IP'],
    filas: items.map((f) => [
      f.creadoEn instanceof Date ? f.creadoEn : new Date(f.creadoEn),
      f.usuario,
      ACCIONES[f.accion] ?? f.accion,
      f.entidad,
      f.entidadId,
      resumenCambios(f.cambios),
      f.ip,
    ]),
  };
  return exportarHoja({ hoja, base: `logs-sistema`, titulo: 'Logs del sistema', formato });
}
