import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLock } from '../../db/schema/plataforma.ts';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin1, asesor1, admin2] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
  ]);
});
afterAll(() => t.close());

const manana = () => new Date(Date.now() + 86_400_000);
const bloqueos = (idEmpresa: number) =>
  t.db.tenant(idEmpresa, (tx) =>
    tx.select({ clave: editLock.clave, idUsuario: editLock.idUsuario }).from(editLock).orderBy(editLock.clave),
  );

describe('GET /inmueble/quitarMarcaEditandoTodos', () => {
  beforeAll(async () => {
    const idAdmin1 = tokenClaims(admin1).idUsuario;
    const idAsesor1 = tokenClaims(asesor1).idUsuario;
    await t.db.tenant(1, (tx) =>
      tx.insert(editLock).values([
        { recurso: 'inmueble', clave: '1001', idUsuario: idAdmin1, usuario: 'admin', expiraEn: manana() },
        { recurso: 'inmueble', clave: '1002', idUsuario: idAsesor1, usuario: 'asesor', expiraEn: manana() },
      ]),
    );
    // Lock 2001 of company 2 carries company 1 admin's user id on purpose: only RLS keeps it apart.
    await t.db.tenant(2, (tx) =>
      tx.insert(editLock).values([
        { recurso: 'inmueble', clave: '2001', idUsuario: idAdmin1, usuario: 'admin', expiraEn: manana() },
        { recurso: 'inmueble', clave: '2002', idUsuario: tokenClaims(admin2).idUsuario, usuario: 'admin', expiraEn: manana() },
      ]),
    );
  });

  it("releases only the caller's locks in the caller's company", async () => {
    const r = await as(t.app, admin1).get('/api/inmueble/quitarMarcaEditandoTodos');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ code: 20000, message: 'ok', data: { liberados: 1 } });
    expect((await bloqueos(1)).map((b) => b.clave)).toEqual(['1002']);
    expect((await bloqueos(2)).map((b) => b.clave)).toEqual(['2001', '2002']);

    expect((await as(t.app, admin1).get('/api/inmueble/quitarmarcaeditandotodos')).json().data).toEqual({ liberados: 0 });
  });

  it('still works after cerrarsesion (spec §4 logout calls both)', async () => {
    expect((await as(t.app, asesor1).get('/api/Usuarios/cerrarsesion')).statusCode).toBe(200);
    const r = await as(t.app, asesor1).get('/api/inmueble/quitarMarcaEditandoTodos');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ liberados: 1 });
    expect(await bloqueos(1)).toEqual([]);
    expect((await bloqueos(2)).map((b) => b.clave)).toEqual(['2001', '2002']);
  });

  it('needs a token', async () => {
    const r = await as(t.app, null).get('/api/inmueble/quitarMarcaEditandoTodos');
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50008);
    expect((await bloqueos(2)).map((b) => b.clave)).toEqual(['2001', '2002']);
  });

  it("releases company 2 admin's lock and nothing else", async () => {
    expect((await as(t.app, admin2).get('/api/inmueble/quitarMarcaEditandoTodos')).json().data).toEqual({ liberados: 1 });
    expect((await bloqueos(2)).map((b) => b.clave)).toEqual(['2001']);
  });
});
