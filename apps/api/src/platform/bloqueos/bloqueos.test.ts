import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../errors/app-error.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { libreDeOtros, liberar, liberarTodos, tomar, vigente } from './bloqueos.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ana = { idUsuario: 901, usuario: 'ana' };
const beto = { idUsuario: 902, usuario: 'beto' };
const en = <T>(idEmpresa: number, fn: (tx: Tx) => Promise<T>) => t.db.tenant(idEmpresa, fn);
const mensaje = (usuario: string, desde: string) => `La cita la está editando ${usuario} desde ${desde}.`;

describe('edit locks of any recurso', () => {
  it('lets one user hold a record and tells the others who holds it', async () => {
    const r = await en(1, (tx) => tomar(tx, { recurso: 'cita', clave: '7', ...ana }));
    expect(r).toMatchObject({ propio: true, titular: { usuario: 'ana', id_usuario: 901 } });
    const otro = await en(1, (tx) => tomar(tx, { recurso: 'cita', clave: '7', ...beto }));
    expect(otro).toMatchObject({ propio: false, titular: { usuario: 'ana' } });
    // Renewing keeps when it was taken.
    const renovado = await en(1, (tx) => tomar(tx, { recurso: 'cita', clave: '7', ...ana }));
    expect(new Date(renovado.titular.tomado_en).getTime()).toBe(new Date(r.titular.tomado_en).getTime());
  });

  it('keeps records of different recursos with the same clave apart, and companies apart', async () => {
    expect((await en(1, (tx) => tomar(tx, { recurso: 'tarea', clave: '7', ...beto }))).propio).toBe(true);
    expect((await en(2, (tx) => tomar(tx, { recurso: 'cita', clave: '7', ...beto }))).propio).toBe(true);
    expect((await en(1, (tx) => vigente(tx, 'cita', '7')))?.usuario).toBe('ana');
    expect((await en(2, (tx) => vigente(tx, 'cita', '7')))?.usuario).toBe('beto');
  });

  it('refuses a write by another user with a 409 naming the holder, and lets the holder through', async () => {
    const b = { recurso: 'cita', clave: '7' };
    const e = await en(1, (tx) => libreDeOtros(tx, { ...b, idUsuario: beto.idUsuario }, mensaje)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(409);
    expect((e as AppError).message).toMatch(/^La cita la está editando ana desde \d/);
    expect((e as AppError).data).toMatchObject({ usuario: 'ana', desde: expect.any(String), expira: expect.any(String) });
    expect(await en(1, (tx) => libreDeOtros(tx, { ...b, idUsuario: ana.idUsuario }, mensaje))).toMatchObject({ usuario: 'ana' });
    expect(await en(1, (tx) => libreDeOtros(tx, { recurso: 'cita', clave: '8', idUsuario: beto.idUsuario }, mensaje))).toBeNull();
  });

  it('lets anyone take an expired lock', async () => {
    await en(1, (tx) => tomar(tx, { recurso: 'cita', clave: '9', ...ana }));
    await en(1, (tx) =>
      tx.execute(sql`update edit_lock set expira_en = now() - interval '1 second' where recurso = 'cita' and clave = '9'`),
    );
    expect(await en(1, (tx) => vigente(tx, 'cita', '9'))).toBeNull();
    expect(await en(1, (tx) => tomar(tx, { recurso: 'cita', clave: '9', ...beto }))).toMatchObject({
      propio: true,
      titular: { usuario: 'beto' },
    });
  });

  it("releases only the holder's lock unless forced, and all of a user's locks at logout", async () => {
    expect(await en(1, (tx) => liberar(tx, 'cita', '7', beto.idUsuario))).toBe(false);
    expect(await en(1, (tx) => liberar(tx, 'cita', '7', null))).toBe(true);
    // beto holds tarea 7 and cita 9 in company 1, cita 7 in company 2.
    expect(await en(1, (tx) => liberarTodos(tx, beto.idUsuario))).toBe(2);
    expect(await en(1, (tx) => vigente(tx, 'tarea', '7'))).toBeNull();
    expect((await en(2, (tx) => vigente(tx, 'cita', '7')))?.usuario).toBe('beto');
  });
});
