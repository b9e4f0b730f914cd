import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { notificacion } from '../../db/schema/notificaciones.ts';
import { auditoria } from '../../db/schema/plataforma.ts';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';

type Notif = {
  tipo_Carta: number;
  titulo: string;
  descripcion: string;
  in_App: boolean;
  email: boolean;
  sms: boolean;
  whatsapp: boolean;
};
type Modulo = { label: string; notificaciones: Notif[] };

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

const consultar = async (token: string): Promise<Modulo[]> => {
  const r = await as(t.app, token).get('/api/notificaciones/Consultar_config');
  expect(r.statusCode).toBe(200);
  expect(r.json()).toMatchObject({ code: 20000, exito: true });
  return r.json().data as Modulo[];
};
const buscar = (mods: Modulo[], tipo: number) => mods.flatMap((m) => m.notificaciones).find((n) => n.tipo_Carta === tipo)!;
const grabar = (token: string | null, body: unknown) => as(t.app, token).post('/api/notificaciones/Grabar_config', body);
const listar = async (token: string) => {
  const r = await as(t.app, token).get('/api/notificaciones');
  expect(r.statusCode).toBe(200);
  return r.json().data as {
    items: { id: number; titulo: string; tipo_Carta: number | null; leida: boolean }[];
    noLeidas: number;
  };
};
const config1 = (n: Partial<Notif> & { tipo_Carta: number }) => [
  {
    label: 'X',
    notificaciones: [{ titulo: 't', descripcion: 'd', in_App: true, email: false, sms: false, whatsapp: false, ...n }],
  },
];

describe('GET /notificaciones/Consultar_config', () => {
  it('lists the modules with their labels and each notification with its four switches', async () => {
    const mods = await consultar(admin1);
    expect(mods.map((m) => m.label)).toEqual([
      'Agenda',
      'Inmuebles',
      'Clientes',
      'Tareas',
      'Gestión documental',
      'Firmas electrónicas',
      'Zona clientes',
      'Página web',
      'Seguridad',
    ]);
    for (const m of mods) {
      expect(m.notificaciones.length).toBeGreaterThan(0);
      for (const n of m.notificaciones) {
        expect(n).toEqual({
          tipo_Carta: expect.any(Number),
          titulo: expect.any(String),
          descripcion: expect.any(String),
          in_App: expect.any(Boolean),
          email: expect.any(Boolean),
          sms: expect.any(Boolean),
          whatsapp: expect.any(Boolean),
        });
        expect(n.titulo).not.toBe('');
      }
    }
    expect(buscar(mods, 101)).toMatchObject({
      titulo: 'Nueva cita asignada',
      in_App: true,
      email: true,
      sms: false,
      whatsapp: false,
    });
  });

  it('needs a token', async () => {
    const r = await as(t.app, null).get('/api/notificaciones/Consultar_config');
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50008);
  });
});

describe('POST /notificaciones/Grabar_config', () => {
  it("saves the caller's switches only", async () => {
    const mods = await consultar(admin1);
    const n = buscar(mods, 102);
    expect(n.sms).toBe(false);
    n.sms = true;
    const r = await grabar(admin1, mods);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 20000, exito: true, mensaje: 'La configuración se guardó correctamente' });

    expect(buscar(await consultar(admin1), 102).sms).toBe(true);
    // Same company, other user; and another company's user with the same tipo: still the defaults.
    expect(buscar(await consultar(asesor1), 102).sms).toBe(false);
    expect(buscar(await consultar(admin2), 102).sms).toBe(false);

    // Saving again overwrites (switch back).
    expect((await grabar(admin1, config1({ tipo_Carta: 102, sms: false }))).json().exito).toBe(true);
    expect(buscar(await consultar(admin1), 102).sms).toBe(false);
  });

  it('audits what changed, switch by switch, and nothing when nothing changed', async () => {
    const leerAuditoria = () =>
      t.db.tenant(1, (tx) =>
        tx.select().from(auditoria).where(eq(auditoria.entidad, 'notificacion_config')).orderBy(desc(auditoria.id)),
      );
    const antes = (await leerAuditoria()).length;
    expect((await grabar(admin1, config1({ tipo_Carta: 103, whatsapp: true }))).json().exito).toBe(true);
    const filas = await leerAuditoria();
    expect(filas.length).toBe(antes + 1);
    expect(filas[0]).toMatchObject({
      usuario: 'admin',
      accion: 'actualizar',
      cambios: { '103.whatsapp': { antes: false, despues: true } },
    });
    await grabar(admin1, config1({ tipo_Carta: 103, whatsapp: true }));
    expect((await leerAuditoria()).length).toBe(antes + 1);
    await grabar(admin1, config1({ tipo_Carta: 103, whatsapp: false }));
  });

  it('names the path of a switch that is not a boolean', async () => {
    const r = await grabar(admin1, config1({ tipo_Carta: 101, in_App: 'si' as unknown as boolean }));
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe(40000);
    expect(r.json().message).toContain('0.notificaciones.0.in_App');
  });

  it('refuses an unknown tipo_Carta naming it', async () => {
    const r = await grabar(admin1, config1({ tipo_Carta: 987654 }));
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe(40000);
    expect(r.json().message).toContain('0.notificaciones.0.tipo_Carta');
  });

  it('refuses a body that is not a module list', async () => {
    const r = await grabar(admin1, { label: 'Agenda' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe(40000);
  });

  it('needs a token', async () => {
    const r = await grabar(null, config1({ tipo_Carta: 101 }));
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50008);
  });
});

describe('in-app notifications', () => {
  it('prueba creates one; leer and leer-todas mark them read', async () => {
    const antes = await listar(asesor1);
    const r = await as(t.app, asesor1).post('/api/notificaciones/prueba');
    expect(r.statusCode).toBe(200);
    const creada = r.json().data as { id: number; titulo: string; leida: boolean };
    expect(creada).toMatchObject({ titulo: 'Notificación de prueba', leida: false, enlace: '/inicio' });

    const despues = await listar(asesor1);
    expect(despues.noLeidas).toBe(antes.noLeidas + 1);
    expect(despues.items[0]).toMatchObject({ id: creada.id, titulo: 'Notificación de prueba', leida: false });

    expect((await as(t.app, asesor1).post(`/api/notificaciones/${creada.id}/leer`)).statusCode).toBe(200);
    const leida = await listar(asesor1);
    expect(leida.noLeidas).toBe(antes.noLeidas);
    expect(leida.items.find((i) => i.id === creada.id)!.leida).toBe(true);

    await as(t.app, asesor1).post('/api/notificaciones/prueba');
    await as(t.app, asesor1).post('/api/notificaciones/prueba');
    const todas = await as(t.app, asesor1).post('/api/notificaciones/leer-todas');
    expect(todas.json().data.marcadas).toBe(antes.noLeidas + 2);
    expect((await listar(asesor1)).noLeidas).toBe(0);
  });

  it("cannot mark or see another user's notification", async () => {
    const creada = (await as(t.app, asesor1).post('/api/notificaciones/prueba')).json().data as { id: number };
    for (const token of [admin1, admin2]) {
      const r = await as(t.app, token).post(`/api/notificaciones/${creada.id}/leer`);
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe(40400);
      expect((await listar(token)).items.map((i) => i.id)).not.toContain(creada.id);
    }
    expect((await listar(asesor1)).items.find((i) => i.id === creada.id)!.leida).toBe(false);
  });

  it("does not show another company's row even when it names the same user id", async () => {
    const idAdmin2 = tokenClaims(admin2).idUsuario;
    const [fila] = await t.db.tenant(1, (tx) =>
      tx.insert(notificacion).values({ idUsuario: idAdmin2, titulo: 'De la empresa 1' }).returning({ id: notificacion.id }),
    );
    expect((await listar(admin2)).items.map((i) => i.id)).not.toContain(fila!.id);
    expect((await as(t.app, admin2).post(`/api/notificaciones/${fila!.id}/leer`)).statusCode).toBe(404);
  });

  it('names id when it is not a number', async () => {
    const r = await as(t.app, asesor1).post('/api/notificaciones/abc/leer');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('id');
  });

  it('needs a token', async () => {
    for (const [m, url] of [
      ['GET', '/api/notificaciones'],
      ['POST', '/api/notificaciones/prueba'],
      ['POST', '/api/notificaciones/1/leer'],
      ['POST', '/api/notificaciones/leer-todas'],
    ] as const) {
      const r = await t.app.inject({ method: m, url });
      expect(r.statusCode, url).toBe(401);
      expect(r.json().code, url).toBe(50008);
    }
  });

  it('creates no notification of a type whose in-app switch is off', async () => {
    const nuevosInicios = async () => (await listar(asesor1)).items.filter((i) => i.tipo_Carta === 9001).length;
    const entrar = (ua: string) =>
      t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload: DEMO.asesor1, headers: { 'user-agent': ua } });

    const n = await nuevosInicios();
    expect((await entrar('Navegador 1')).json().code).toBe(20000);
    expect(await nuevosInicios()).toBe(n + 1);

    expect((await grabar(asesor1, config1({ tipo_Carta: 9001, in_App: false }))).json().exito).toBe(true);
    expect((await entrar('Navegador 2')).json().code).toBe(20000);
    expect(await nuevosInicios()).toBe(n + 1);
  });
});

describe('live delivery over WebSocket', () => {
  const esperar = async (cond: () => boolean, ms = 3000) => {
    const hasta = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > hasta) throw new Error('tiempo de espera agotado');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('says conectado, then pushes the notifications of that user only', async () => {
    const mensajes: { tipo: string; data: { titulo?: string } | null }[] = [];
    const ws = await t.app.injectWS(
      '/api/ws',
      {},
      {
        onInit: (s) => s.on('message', (m: Buffer) => mensajes.push(JSON.parse(String(m)))),
      },
    );
    ws.send(JSON.stringify({ tipo: 'autenticar', token: asesor1 }));
    try {
      await esperar(() => mensajes.length >= 1);
      expect(mensajes[0]).toEqual({ tipo: 'conectado', data: null });

      await as(t.app, admin1).post('/api/notificaciones/prueba');
      await as(t.app, asesor1).post('/api/notificaciones/prueba');
      await esperar(() => mensajes.length >= 2);
      expect(mensajes).toHaveLength(2);
      expect(mensajes[1]).toMatchObject({ tipo: 'notificacion', data: { titulo: 'Notificación de prueba' } });
    } finally {
      ws.terminate();
    }
  });

  it('closes the connection of a bad token', async () => {
    const mensajes: { tipo: string }[] = [];
    let cierre: number | null = null;
    const ws = await t.app.injectWS(
      '/api/ws',
      {},
      {
        onInit: (s) => {
          s.on('message', (m: Buffer) => mensajes.push(JSON.parse(String(m))));
          s.on('close', (code: number) => (cierre = code));
        },
      },
    );
    ws.send(JSON.stringify({ tipo: 'autenticar', token: 'no-es-un-token' }));
    await esperar(() => cierre !== null);
    expect(cierre).toBe(4401);
    expect(mensajes.map((m) => m.tipo)).toEqual(['error']);
  });

  it('answers a plain HTTP request without a token with 401', async () => {
    const r = await as(t.app, null).get('/api/ws');
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe(50008);
  });
});
