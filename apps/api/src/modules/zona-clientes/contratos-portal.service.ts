import { sql } from 'drizzle-orm';
import { PROGRAMAS_CONTRATO, type Contrato } from '@predio/contract/contratos';
import { PAGE_SIZE_MAX } from '@predio/contract/list';
import type { ContratoPortal } from '@predio/contract/zona-clientes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ClientePortal } from '../../platform/auth/portal.ts';
import { noEncontrado } from '../../platform/errors/app-error.ts';
import * as contratos from '../contratos/contratos.service.ts';
import { firmadoParaCliente } from '../firmas/firmas.service.ts';
import { exigirAutorizacion } from './zona-clientes.service.ts';

// Contracts in the portal (issue 31): the ones the client is a party of, read through the contracts
// module's own service (its list, searched by the client's document number, then each one's parties).
// The signed PDF is the firmas document's, which firmas hands only to one of its signers.

async function suyos(tx: Tx, cliente: ClientePortal): Promise<Contrato[]> {
  const [t] = await queryRows<{ nro_id: string }>(tx, sql`select nro_id from terceros where id = ${cliente.idTercero}`);
  const q = t?.nro_id ?? '';
  const out: Contrato[] = [];
  for (const programa of PROGRAMAS_CONTRATO) {
    const lista = await contratos.listar({ tx, programa, query: { page: 1, pageSize: PAGE_SIZE_MAX, q } });
    for (const r of lista.items) {
      const c = await contratos.obtener({ tx, programa, id: r.id });
      // The search also matches addresses and numbers: only an actual party keeps the contract. A draft
      // is the agency's work in progress: parties see it once it goes out to sign.
      if (c.estado !== 'borrador' && c.partes.some((p) => p.id_tercero === cliente.idTercero)) out.push(c);
    }
  }
  return out;
}

const paraPortal = (c: Contrato, idTercero: number): ContratoPortal => ({
  id: c.id,
  numero: c.numero,
  clase: c.clase,
  estado: c.estado,
  direccion: c.direccion,
  fecha_inicio: c.fecha_inicio,
  fecha_fin: c.fecha_fin,
  canon: c.canon,
  rol: c.partes.find((p) => p.id_tercero === idTercero)!.rol,
  partes: c.partes.map((p) => ({ nombre: p.nombre, rol: p.rol })),
  firmado: c.estado_firma === 'firmado' && c.id_firma_documento !== null,
});

export async function contratosCliente(o: { tx: Tx; cliente: ClientePortal }): Promise<ContratoPortal[]> {
  await exigirAutorizacion(o);
  return (await suyos(o.tx, o.cliente)).map((c) => paraPortal(c, o.cliente.idTercero));
}

/** The sealed PDF of a contract of theirs; another's, or one not signed yet, is not found. */
export async function pdfFirmadoCliente(o: { tx: Tx; cliente: ClientePortal; id: number }) {
  await exigirAutorizacion(o);
  const c = (await suyos(o.tx, o.cliente)).find((x) => x.id === o.id);
  if (!c || c.estado_firma !== 'firmado' || c.id_firma_documento === null) throw noEncontrado(`El contrato firmado ${o.id}`);
  return firmadoParaCliente({ tx: o.tx, idTercero: o.cliente.idTercero, id: c.id_firma_documento });
}
