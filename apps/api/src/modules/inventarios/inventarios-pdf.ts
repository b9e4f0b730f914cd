import {
  ETIQUETAS_ESTADO_ITEM,
  ETIQUETAS_RESPONSABLE,
  ETIQUETAS_ROL_FIRMA,
  ETIQUETAS_ROL_PARTE,
  ETIQUETAS_TIPO_INVENTARIO,
  RESPONSABLES,
  type Comparacion,
  type Inventario,
} from '@predio/contract/inventarios';
import { pesos as formatearMoneda } from '../../platform/formato.ts';

// The inventory report and the acta de restitución as HTML for platform/documentos (htmlAPdf): the
// walker lays out headings, tables and images; photos are `/api/…` sources read by the caller.

const e = (s: string | number | null | undefined) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export const srcFoto = (idDetalle: number, idArchivo: number) => `/api/archivos/inventario_detalle/${idDetalle}/${idArchivo}`;

const fechaLarga = (dia: string) =>
  new Intl.DateTimeFormat('es-CO', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${dia}T00:00:00Z`));

function cabecera(v: Inventario): string {
  return `
    <p><strong>Inmueble:</strong> ${e(v.inmueble.consecutivo)} · ${e(v.inmueble.direccion)}</p>
    <p><strong>Tipo:</strong> ${e(ETIQUETAS_TIPO_INVENTARIO[v.tipo])} · <strong>Fecha:</strong> ${e(fechaLarga(v.fecha))}</p>
    <p><strong>Tomado por:</strong> ${e(v.tomado_por)}${v.plantilla ? ` · <strong>Plantilla:</strong> ${e(v.plantilla)}` : ''}</p>
    ${v.contrato ? `<p><strong>Contrato:</strong> ${e(v.contrato.numero)}</p>` : ''}
    ${v.origen ? `<p><strong>Comparado con la entrega N° ${e(v.origen.consecutivo)}</strong></p>` : ''}
    ${v.observaciones ? `<p><strong>Observaciones:</strong> ${e(v.observaciones)}</p>` : ''}
    ${
      v.partes.length
        ? `<h2>Partes presentes</h2>${v.partes
            .map(
              (p) =>
                `<p><strong>${e(ETIQUETAS_ROL_PARTE[p.rol])}:</strong> ${e(p.nombre)}${p.documento ? ` · Documento ${e(p.documento)}` : ''}</p>`,
            )
            .join('')}`
        : ''
    }`;
}

function firmas(v: Inventario): string {
  if (!v.firmas.length) return '';
  return `<h2>Firmas</h2>${v.firmas
    .map(
      (
        f,
      ) => `<p><strong>${e(ETIQUETAS_ROL_FIRMA[f.rol])}:</strong> ${e(f.nombre)}${f.documento ? ` · Documento ${e(f.documento)}` : ''}</p>
        <img src="${f.imagen}" width="220">`,
    )
    .join('')}`;
}

const valor = (d: { tipo: string; estado: string | null; cantidad: number | null; lectura: string }) =>
  d.tipo === 'lectura'
    ? d.lectura || '—'
    : d.tipo === 'llaves'
      ? d.cantidad === null
        ? '—'
        : String(d.cantidad)
      : d.estado
        ? ETIQUETAS_ESTADO_ITEM[d.estado as keyof typeof ETIQUETAS_ESTADO_ITEM]
        : 'Sin revisar';

/** The whole inventory: each space as a table of its items, then the photos of the space, then the signatures. */
export function htmlInventario(v: Inventario, fotos: Map<number, number[]>): string {
  const espacios = v.espacios
    .map((s) => {
      const filas = s.detalles
        .map((d) => `<tr><td>${e(d.nombre)}</td><td>${e(valor(d))}</td><td>${e(d.comentario)}</td></tr>`)
        .join('');
      const imgs = s.detalles
        .flatMap((d) =>
          (fotos.get(d.id) ?? []).map((a) => `<p>Foto: ${e(d.nombre)}</p><img src="${srcFoto(d.id, a)}" width="240">`),
        )
        .join('');
      return `<h2>${e(s.nombre)}</h2><table><tr><th>Ítem</th><th>Estado</th><th>Comentario</th></tr>${filas}</table>${imgs}`;
    })
    .join('');
  return `<h1>Inventario N° ${e(v.consecutivo)}</h1>${cabecera(v)}${espacios}${firmas(v)}`;
}

/** The acta de restitución: the differences with the entrega, their cost and who pays, totalled. */
export function htmlActa(v: Inventario, c: Comparacion): string {
  const dif = c.filas.filter((f) => f.diferente);
  const filas = dif
    .map(
      (f) => `<tr><td>${e(f.espacio)}</td><td>${e(f.nombre)}</td>
        <td>${e(f.antes ? valor({ tipo: f.tipo, ...f.antes }) : '—')}${f.antes?.comentario ? ` (${e(f.antes.comentario)})` : ''}</td>
        <td>${e(valor({ tipo: f.tipo, ...f.despues }))}${f.despues.comentario ? ` (${e(f.despues.comentario)})` : ''}</td>
        <td>${e(f.costo === null ? '—' : formatearMoneda(f.costo))}</td>
        <td>${e(f.responsable ? ETIQUETAS_RESPONSABLE[f.responsable] : '—')}</td></tr>`,
    )
    .join('');
  const totales = RESPONSABLES.map(
    (r) => `<p><strong>${e(ETIQUETAS_RESPONSABLE[r])}:</strong> ${e(formatearMoneda(c.totales[r]))}</p>`,
  ).join('');
  const tabla = dif.length
    ? `<table><tr><th>Espacio</th><th>Ítem</th><th>Entrega</th><th>Devolución</th><th>Costo</th><th>Quién paga</th></tr>${filas}</table>`
    : '<p>No hay diferencias con el inventario de entrega.</p>';
  return `<h1>Acta de restitución</h1>
    <p>Inventario de devolución N° ${e(v.consecutivo)}${c.entrega ? `, comparado con la entrega N° ${e(c.entrega.consecutivo)} del ${e(fechaLarga(c.entrega.fecha))}` : ''}.</p>
    ${cabecera(v)}
    <h2>Diferencias (${dif.length})</h2>${tabla}
    <h2>Totales</h2>${totales}
    <p>El arrendatario restituye el inmueble en el estado en que lo recibió, salvo el deterioro por el uso normal (Ley 820 de 2003, art. 9).</p>
    ${firmas(v)}`;
}
