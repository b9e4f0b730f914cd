import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuracion } from '../../db/schema/empresa.ts';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let admin3: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin1, asesor1, admin2, admin3] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
    login(t.app, DEMO.admin3),
  ]);
});
afterAll(() => t.close());

const sinToken = async (url: string) => {
  const r = await as(t.app, null).get(url);
  expect(r.statusCode).toBe(401);
  expect(r.json().code).toBe(50008);
};

describe('GET /Empresa/GetEmpresa', () => {
  it("returns the caller's company, whoever asks", async () => {
    const r = await as(t.app, admin1).get('/api/Empresa/GetEmpresa');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      code: 20000,
      data: { id_Empresa: 1, nombre: 'Inmobiliaria Demo S.A.S.', nit: '900123456-8', defaultAgencia: 0 },
    });
    expect((await as(t.app, asesor1).get('/api/Empresa/GetEmpresa')).json().data.id_Empresa).toBe(1);
    expect((await as(t.app, admin2).get('/api/Empresa/GetEmpresa')).json().data).toMatchObject({
      id_Empresa: 2,
      nombre: 'Inmobiliaria del Norte',
    });
    expect((await as(t.app, admin3).get('/api/Empresa/GetEmpresa')).json().data).toMatchObject({ id_Empresa: 3, nombre: '' });
  });

  it('routes case-insensitively', async () => {
    const r = await as(t.app, admin2).get('/api/empresa/getempresa');
    expect(r.statusCode).toBe(200);
    expect(r.json().data.nombre).toBe('Inmobiliaria del Norte');
  });

  it('answers the support user with the company he logged into', async () => {
    const soporte = await login(t.app, { ...DEMO.soporte1, idEmpresa: 2 });
    expect((await as(t.app, soporte).get('/api/Empresa/GetEmpresa')).json().data.id_Empresa).toBe(2);
  });

  it('needs a token', () => sinToken('/api/Empresa/GetEmpresa'));
});

describe('GET /Empresa/GetInfoEmpresa', () => {
  it("counts only the company's own active users", async () => {
    const r = await as(t.app, admin1).get('/api/Empresa/GetInfoEmpresa');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ id_Empresa: 1, nombre: 'Inmobiliaria Demo S.A.S.', usuariosActivos: 2, agencias: [] });
    expect((await as(t.app, admin2).get('/api/empresa/getinfoempresa')).json().data).toMatchObject({
      id_Empresa: 2,
      usuariosActivos: 1,
    });
  });

  it('needs a token', () => sinToken('/api/Empresa/GetInfoEmpresa'));
});

describe('GET /configurarPredio/GetConfiguracion', () => {
  it('returns objConfigurar', async () => {
    for (const token of [admin1, asesor1, admin3]) {
      const r = await as(t.app, token).get('/api/configurarPredio/GetConfiguracion');
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({ carpeta_de_archivos_web: '', https: true });
    }
  });

  it("reads the caller's company only", async () => {
    await t.db.tenant(1, (tx) => tx.update(configuracion).set({ carpetaDeArchivosWeb: 'archivos-demo', https: false }));
    expect((await as(t.app, asesor1).get('/api/configurarPredio/GetConfiguracion')).json().data).toMatchObject({
      carpeta_de_archivos_web: 'archivos-demo',
      https: false,
    });
    expect((await as(t.app, admin2).get('/api/configurarPredio/GetConfiguracion')).json().data).toMatchObject({
      carpeta_de_archivos_web: '',
      https: true,
    });
  });

  it('needs a token', () => sinToken('/api/configurarpredio/getconfiguracion'));
});
