import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { auditoria } from '../../db/schema/plataforma.ts';
import { avisoSoporte } from '../../platform/auth/soporte.ts';
import { as, createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';

const MAL = { code: 40100, message: 'Empresa, usuario o contraseña incorrectos.' };

// Three servers: the demo as `npm start` makes it, production without SUPPORT_PASSWORD, and with it.
let demo: TestApp;
let produccion: TestApp;
let conClave: TestApp;
beforeAll(async () => {
  demo = await createTestApp();
  produccion = await createTestApp({ produccion: true });
  conClave = await createTestApp({ produccion: true, supportPassword: 'Soporte.Propio.2026' });
});
afterAll(async () => {
  await demo?.close();
  await produccion?.close();
  await conClave?.close();
});

const intento = (t: TestApp, payload: { idEmpresa: number; usuario: string; clave: string }, ip = '10.7.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/usuarios/login', payload, remoteAddress: ip });

describe('the support login outside the demo (issue 22, finding 3)', () => {
  it('the demo keeps the README password', async () => {
    expect((await intento(demo, DEMO.soporte1)).json().code).toBe(20000);
  });

  it('in production without SUPPORT_PASSWORD it is off, and answers like a wrong password', async () => {
    const r = await intento(produccion, DEMO.soporte1);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual(MAL);
    // The demo users of that database still log in: only the support login is off.
    expect((await intento(produccion, DEMO.admin1)).json().code).toBe(20000);
  });

  it('on a database the demo seed did not create, without SUPPORT_PASSWORD, it is off', async () => {
    const origen = await demo.db.system((tx) =>
      queryRows<{ valor: string }>(tx, sql`delete from instalacion where clave = 'origen' returning valor`),
    );
    try {
      expect((await intento(demo, DEMO.soporte1)).json()).toEqual(MAL);
    } finally {
      await demo.db.system((tx) => tx.execute(sql`insert into instalacion (clave, valor) values ('origen', 'demo')`));
    }
    expect(origen).toEqual([{ valor: 'demo' }]);
    // With SEED=none the database is not taken for the demo either.
    demo.deps.config.seed = 'none';
    try {
      expect((await intento(demo, DEMO.soporte1)).json()).toEqual(MAL);
    } finally {
      demo.deps.config.seed = 'demo';
    }
  });

  it('with SUPPORT_PASSWORD set it works, with that password only', async () => {
    expect((await intento(conClave, DEMO.soporte1)).json()).toEqual(MAL);
    const r = await intento(conClave, { ...DEMO.soporte1, clave: 'Soporte.Propio.2026' });
    expect(r.json().code).toBe(20000);
  });

  it('every support login is in the company audit log and tells its administrators in-app', async () => {
    const avisos = async (token: string) =>
      (
        (await as(demo.app, token).get('/api/notificaciones')).json().data.items as { tipo_Carta: number; cuerpo: string }[]
      ).filter((n) => n.tipo_Carta === 9002);
    const [admin1, asesor1, admin2] = [
      await login(demo.app, DEMO.admin1),
      await login(demo.app, DEMO.asesor1),
      await login(demo.app, DEMO.admin2),
    ];
    const antes = (await avisos(admin1)).length;

    expect((await intento(demo, DEMO.soporte1, '10.7.9.9')).json().code).toBe(20000);

    const filas = await demo.db.tenant(1, (tx) =>
      tx
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.usuario, 'EMPATIA'), eq(auditoria.accion, 'login_soporte'), eq(auditoria.ip, '10.7.9.9'))),
    );
    expect(filas).toEqual([expect.objectContaining({ entidad: 'sesion', idUsuario: null })]);
    const delAdmin = await avisos(admin1);
    expect(delAdmin).toHaveLength(antes + 1);
    expect(delAdmin[0]!.cuerpo).toContain('10.7.9.9');
    expect(await avisos(asesor1)).toEqual([]);
    expect(await avisos(admin2)).toEqual([]);
    // Logs del sistema names the action.
    const logs = await as(demo.app, admin1).get('/api/auditoria?accion=login_soporte');
    expect(logs.json().data.items[0]).toMatchObject({ usuario: 'EMPATIA', accion: 'login_soporte' });
  });

  it('the start log says whether the support login is on and why', () => {
    expect(avisoSoporte({ clave: null, motivo: 'produccion' })).toEqual({
      nivel: 'warn',
      texto: 'Ingreso de soporte (EMPATIA) apagado: NODE_ENV=production y SUPPORT_PASSWORD no está definida.',
    });
    expect(avisoSoporte({ clave: null, motivo: 'sin_demo' }).texto).toBe(
      'Ingreso de soporte (EMPATIA) apagado: la base de datos no es la de demostración y SUPPORT_PASSWORD no está definida.',
    );
    expect(avisoSoporte({ clave: 'soporte1234', motivo: 'demo' })).toEqual({
      nivel: 'warn',
      texto:
        'Ingreso de soporte (EMPATIA) con la contraseña de demostración «soporte1234»: defina SUPPORT_PASSWORD antes de guardar datos reales.',
    });
    expect(avisoSoporte({ clave: 'x', motivo: 'configurada' })).toEqual({
      nivel: 'info',
      texto: 'Ingreso de soporte (EMPATIA) con la contraseña de SUPPORT_PASSWORD.',
    });
  });
});
