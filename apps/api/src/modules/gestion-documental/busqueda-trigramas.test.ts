import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Radicado } from '@predio/contract/gestion-documental';
import type { ListaAcotada, ListResult } from '@predio/contract/list';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, type TestApp, ok as okDe, type Respondida } from '../../test/harness.ts';
import { trigramasDe } from './radicados.repo.ts';

// The search's words in the radicado's number and asunto are found by their trigrams (radicado_trigrama,
// migration 0286) and then checked as a part of the text, so the results are those of strpos over every
// radicado: «trepo» still finds «Restrepo», a word in no radicado finds none, a correction is searched by
// its new asunto, another company's radicado is never a candidate.

let t: TestApp;
let admin1: string;
let admin2: string;
let area: number;
let tercero: number;
const RAD = '/api/gestion-documental/radicados';
const BUSCAR = '/api/gestion-documental/buscar';

const ok = <T = Radicado>(r: Respondida): T => okDe<T>(r);
const ids = async (q: string, token = admin1, extra = '') =>
  ok<ListResult<Radicado>>(await as(t.app, token).get(`${BUSCAR}?q=${encodeURIComponent(q)}${extra}`))
    .items.map((r) => r.id)
    .sort((a, b) => a - b);
const radicar = async (asunto: string, conTercero = false, token = admin1, idArea = area) =>
  ok(
    await as(t.app, token).post(RAD, {
      tipo: 'entrada',
      fecha: '2026-11-20',
      asunto,
      id_area: idArea,
      ...(conTercero ? { id_tercero: tercero } : {}),
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  area = (await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from areas_empresa where codigo = '200'`)))[0]!
    .id;
  tercero = (
    await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`insert into terceros (nro_id, nombre) values ('79865432', 'Eulalia Zuluaga Restrepo') returning id`,
      ),
    )
  )[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('búsqueda por partes del número, el asunto y el tercero', () => {
  it('cuts a word into the trigrams of its runs of letters and digits', () => {
    expect(trigramasDe('restrepo').sort()).toEqual(['epo', 'est', 'rep', 'res', 'str', 'tre']);
    expect(trigramasDe('000123-2')).toEqual(['000', '001', '012', '123']);
    expect(trigramasDe('ab')).toEqual([]);
    expect(trigramasDe('a@bc.co')).toEqual([]);
    expect(trigramasDe('ana@mail.com').sort()).toEqual(['ail', 'ana', 'com', 'mai']);
  });

  it('finds parts of words, accents and case aside, exactly as a walk with strpos would', async () => {
    const a = await radicar('Solicitud de prórroga del arrendamiento');
    const b = await radicar('Reclamación por humedad en el sótano');
    const c = await radicar('Comunicación del tercero', true);
    const d = await radicar('Prórroga 50% del canon_mensual');
    expect(await ids('rroga')).toEqual([a.id, d.id]);
    expect(await ids('PRORROGA')).toEqual([a.id, d.id]);
    expect(await ids('sotano humedad')).toEqual([b.id]);
    expect(await ids('rrendam')).toEqual([a.id]);
    // The tercero's name, inside a word («trepo» of Restrepo) and its document.
    expect(await ids('trepo')).toEqual([c.id]);
    expect(await ids('986543')).toEqual([c.id]);
    // A part of the number (its consecutive) and the full number.
    const consecutivo = a.radicado.split('-')[2]!;
    expect(await ids(consecutivo)).toEqual([a.id]);
    expect(await ids(a.radicado)).toEqual([a.id]);
    // Short words (no trigram) and characters that are no letter still match as parts of the text.
    expect(await ids('50%')).toEqual([d.id]);
    expect(await ids('canon_mensual')).toEqual([d.id]);
    expect(await ids('el')).toEqual(expect.arrayContaining([b.id, c.id]));
    // Trigrams all present but not in a row: no match.
    expect(await ids('rogarro')).toEqual([]);
    expect(await ids('helicoptero')).toEqual([]);
    // Combined with a filter and the count.
    const r = ok<ListaAcotada<Radicado>>(await as(t.app, admin1).get(`${RAD}?q=rroga&tipo=entrada&pageSize=1`));
    expect(r.total).toBe(2);
    expect(r.totalExacto).toBeUndefined();
    expect(r.items).toHaveLength(1);
  });

  it('follows a correction of the asunto, and never finds another company’s radicado', async () => {
    const e = await radicar('Inventario de llaves');
    expect(await ids('llaves')).toContain(e.id);
    ok(
      await t.app.inject({
        method: 'PUT',
        url: `${RAD}/${e.id}`,
        payload: { asunto: 'Inventario de candados', id_area: area },
        headers: { authorization: `Bearer ${admin1}` },
      }),
    );
    expect(await ids('llaves')).not.toContain(e.id);
    expect(await ids('candados')).toEqual([e.id]);
    const area2 = (
      await t.db.tenant(2, (tx) => queryRows<{ id: number }>(tx, sql`select id from areas_empresa where codigo = '200'`))
    )[0]!.id;
    const ajeno = await radicar('Carta de candados ajena', false, admin2, area2);
    expect(await ids('candados')).toEqual([e.id]);
    expect(await ids('candados', admin2)).toEqual([ajeno.id]);
    // Each company's trigrams are its own rows.
    const [n] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from radicado_trigrama where id_radicado = ${ajeno.id} and empresa = 2`,
      ),
    );
    expect(n!.n).toBe(1);
  });
});
