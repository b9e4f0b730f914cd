import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp } from '../../test/harness.ts';
import { encolar, Trabajos } from './trabajos.ts';

// Trabajos en segundo plano under Logs del sistema: the company administrator sees its company's recent
// and failed jobs and retries a failed one; support also sees the platform-wide ones.
let t: TestApp;
let admin1: string;
let admin2: string;
let soporte: string;
const ids = { hecho: 0, fallido: 0, otra: 0, plataforma: 0 };

beforeAll(async () => {
  t = await createTestApp();
  [admin1, admin2, soporte] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.admin2),
    login(t.app, DEMO.soporte1),
  ]);
  ids.hecho = (await t.db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.bien' })))!;
  ids.fallido = (await t.db.tenant(1, (tx) => encolar(tx, { tipo: 'prueba.mal' })))!;
  ids.otra = (await t.db.tenant(2, (tx) => encolar(tx, { tipo: 'prueba.mal' })))!;
  ids.plataforma = (await t.db.system((tx) => encolar(tx, { tipo: 'prueba.mal', idEmpresa: null })))!;
  const r = new Trabajos(t.db).definir({ tipo: 'prueba.bien', manejar: async () => ({ ok: true }) }).definir({
    tipo: 'prueba.mal',
    maxIntentos: 1,
    manejar: () => Promise.reject(new Error('El servidor de correo no respondió')),
  });
  await r.vuelta();
});
afterAll(async () => {
  await t.close();
});

type Visto = { id: number; tipo: string; id_empresa: number | null; estado: string; ultimo_error: string | null };
const lista = async (token: string, q = '') => {
  const r = await as(t.app, token).get(`/api/trabajos${q}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Visto[];
};

describe('GET /api/trabajos', () => {
  it('lists the company’s recent and failed jobs with their error, newest first', async () => {
    const vistos = await lista(admin1);
    expect(vistos.map((v) => v.id)).toEqual([ids.fallido, ids.hecho]);
    expect(vistos[0]).toMatchObject({ estado: 'fallido', ultimo_error: 'El servidor de correo no respondió', id_empresa: 1 });
    expect(vistos[1]).toMatchObject({ estado: 'terminado', ultimo_error: null });
    expect((await lista(admin1, '?estado=fallido')).map((v) => v.id)).toEqual([ids.fallido]);
  });

  it('shows no other company’s jobs, nor the platform’s', async () => {
    expect((await lista(admin2)).map((v) => v.id)).toEqual([ids.otra]);
  });

  it('shows support the platform-wide jobs too', async () => {
    const vistos = await lista(soporte);
    expect(vistos.map((v) => v.id)).toEqual([ids.plataforma, ids.fallido, ids.hecho]);
    expect(vistos[0]).toMatchObject({ id_empresa: null, estado: 'fallido' });
  });

  it('refuses a user who is not the company administrator', async () => {
    await crearUsuario(t.db, 1, { usuario: 'conlogs', nroId: '70001', permisos: '31' });
    const conLogs = await login(t.app, { idEmpresa: 1, usuario: 'conlogs', clave: 'demo1234' });
    // It may read Logs del sistema, but the jobs are the administrator's.
    expect((await as(t.app, conLogs).get('/api/auditoria')).statusCode).toBe(200);
    expect((await as(t.app, conLogs).get('/api/trabajos')).statusCode).toBe(403);
    const asesor = await login(t.app, DEMO.asesor1);
    expect((await as(t.app, asesor).get('/api/trabajos')).statusCode).toBe(403);
    expect((await as(t.app, conLogs).post(`/api/trabajos/${ids.fallido}/reintentar`)).statusCode).toBe(403);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    const r = await as(t.app, admin1).get('/api/trabajos?estado=roto');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('estado');
  });
});

describe('POST /api/trabajos/:id/reintentar', () => {
  const estado = async (id: number) =>
    (
      await t.db.system((tx) =>
        queryRows<{ estado: string; intentos: number }>(tx, sql`select estado, intentos from trabajo where id = ${id}`),
      )
    )[0];

  it('puts a failed job back in the queue', async () => {
    const r = await as(t.app, admin1).post(`/api/trabajos/${ids.fallido}/reintentar`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ id: ids.fallido, estado: 'pendiente' });
    expect(await estado(ids.fallido)).toEqual({ estado: 'pendiente', intentos: 0 });
  });

  it('answers 400 for a job that has not failed and for a bad id', async () => {
    const hecho = await as(t.app, admin1).post(`/api/trabajos/${ids.hecho}/reintentar`);
    expect(hecho.statusCode).toBe(400);
    expect(hecho.json().message).toBe('id: solo se reintenta un trabajo fallido');
    for (const malo of ['abc', '0', '-3', '1.5']) {
      const r = await as(t.app, admin1).post(`/api/trabajos/${malo}/reintentar`);
      expect(r.statusCode, malo).toBe(400);
      expect(r.json().message).toContain('id');
    }
  });

  it('does not reach another company’s job nor, for a company, the platform’s', async () => {
    expect((await as(t.app, admin1).post(`/api/trabajos/${ids.otra}/reintentar`)).statusCode).toBe(404);
    expect((await as(t.app, admin1).post(`/api/trabajos/${ids.plataforma}/reintentar`)).statusCode).toBe(404);
    expect(await estado(ids.otra)).toMatchObject({ estado: 'fallido' });
    expect(await estado(ids.plataforma)).toMatchObject({ estado: 'fallido' });
  });

  it('lets support retry a platform-wide job', async () => {
    const r = await as(t.app, soporte).post(`/api/trabajos/${ids.plataforma}/reintentar`);
    expect(r.statusCode, r.body).toBe(200);
    expect(await estado(ids.plataforma)).toEqual({ estado: 'pendiente', intentos: 0 });
  });
});
