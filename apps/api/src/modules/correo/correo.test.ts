import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorreoEnCola, EstadoCorreo } from '@predio/contract/correo';
import { correoSalida } from '../../db/schema/correo.ts';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';

// Issue 24 §1: without SMTP_URL a ficha was «en la bandeja de salida» in green and nothing ever left, with
// no way to see the queue. The server now says whether mail leaves, and shows its administrator the queue.

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin1, asesor1, admin2] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.asesor1),
    await login(t.app, DEMO.admin2),
  ];
  await t.db.tenant(1, (tx) =>
    tx.insert(correoSalida).values([
      { para: 'ana@correo.co', asunto: 'Ficha del inmueble 7', texto: '…', origen: 'ficha' },
      {
        para: 'bruno@correo.co',
        asunto: 'Fichas',
        texto: '…',
        origen: 'ficha',
        estado: 'error',
        intentos: 5,
        ultimoError: '550 buzón no existe',
      },
      { para: 'carla@correo.co', asunto: 'Ya enviado', texto: '…', origen: 'aviso', estado: 'enviado' },
    ]),
  );
  await t.db.tenant(2, (tx) =>
    tx.insert(correoSalida).values({ para: 'norte@correo.co', asunto: 'De la otra empresa', texto: '…', origen: 'aviso' }),
  );
});
afterAll(() => t.close());

const estado = async (token: string) => {
  const r = await as(t.app, token).get('/api/correo/estado');
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as EstadoCorreo;
};

describe('GET /correo/estado', () => {
  it('says mail is not configured; counts what waits and failed for the administrator only', async () => {
    expect(await estado(admin1)).toEqual({ configurado: false, enCola: 1, conError: 1 });
    expect(await estado(asesor1)).toEqual({ configurado: false, enCola: null, conError: null });
    expect(await estado(admin2)).toEqual({ configurado: false, enCola: 1, conError: 0 });
    expect((await as(t.app, null).get('/api/correo/estado')).statusCode).toBe(401);
  });

  it('says it is configured when the server has SMTP_URL', async () => {
    const conSmtp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const token = await login(conSmtp.app, DEMO.asesor1);
      expect((await as(conSmtp.app, token).get('/api/correo/estado')).json().data.configurado).toBe(true);
    } finally {
      await conSmtp.close();
    }
  });
});

describe('GET /correo/cola', () => {
  it('lists the company’s waiting and failed messages, newest first, with the error', async () => {
    const r = await as(t.app, admin1).get('/api/correo/cola');
    expect(r.statusCode, r.body).toBe(200);
    const cola = r.json().data as CorreoEnCola[];
    expect(cola.map((c) => [c.para, c.estado, c.intentos, c.ultimo_error])).toEqual([
      ['bruno@correo.co', 'error', 5, '550 buzón no existe'],
      ['ana@correo.co', 'pendiente', 0, null],
    ]);
    const errores = (await as(t.app, admin1).get('/api/correo/cola?estado=error')).json().data as CorreoEnCola[];
    expect(errores.map((c) => c.para)).toEqual(['bruno@correo.co']);
  });

  it('is for the company administrator; a bad estado names the parameter', async () => {
    const r = await as(t.app, asesor1).get('/api/correo/cola');
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Solo el administrador de la empresa ve los correos en cola.');
    const mal = await as(t.app, admin1).get('/api/correo/cola?estado=perdido');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('estado');
    const otra = (await as(t.app, admin2).get('/api/correo/cola')).json().data as CorreoEnCola[];
    expect(otra.map((c) => c.para)).toEqual(['norte@correo.co']);
  });
});
