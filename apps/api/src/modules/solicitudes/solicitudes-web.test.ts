import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';
import { buzon, confirmacion } from './solicitudes-web.service.ts';

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let admin2: string;
let sinEmpresa: string;
let clave: string;
let ipN = 0;

const cambiar = (token: string, activar: boolean | Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/empresa/formulario-web',
    payload: typeof activar === 'boolean' ? { activar } : activar,
    headers: { authorization: `Bearer ${token}` },
  });

/** Each test writes from its own connection unless it says otherwise: the limit is per connection. */
const enviar = (payload: Record<string, unknown>, ip = `10.0.0.${++ipN}`) =>
  t.app.inject({ method: 'POST', url: '/api/publico/solicitudes', payload, remoteAddress: ip });

const visitante = (extra: Record<string, unknown> = {}) => ({
  clave,
  nombre: 'Camilo Ruiz',
  telefono: '3104445566',
  email: 'Camilo.Ruiz@Example.com',
  mensaje: '¿Sigue disponible el apartamento de El Poblado? Quisiera verlo el sábado.',
  tipo: 'visita',
  autoriza_datos: true,
  ...extra,
});

type Detalle = {
  numero: number;
  canal: string;
  estado: string;
  tipo: string;
  contacto_nombre: string;
  contacto_telefono: string;
  contacto_email: string;
  creado_por: string;
  historial: { tipo: string; nota: string; usuario: string }[];
};

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  [admin1, admin2] = await Promise.all([login(t.app, DEMO.admin1), login(t.app, DEMO.admin2)]);
  await crearUsuario(t.db, 1, { usuario: 'solo73', nroId: '50073', permisos: '73' });
  sinEmpresa = await login(t.app, { idEmpresa: 1, usuario: 'solo73', clave: 'demo1234' });
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('the website form: solicitudes from the agency’s site', () => {
  it('is off until Compañía turns it on, which gives a key; only Compañía (idm 3) sees or changes it', async () => {
    expect((await as(t.app, admin1).get('/api/empresa/formulario-web')).json().data).toEqual({
      activo: false,
      clave: null,
      confirmar: true,
    });
    expect((await as(t.app, sinEmpresa).get('/api/empresa/formulario-web')).statusCode).toBe(403);
    expect((await cambiar(sinEmpresa, true)).statusCode).toBe(403);
    const r = await cambiar(admin1, true);
    expect(r.statusCode, r.body).toBe(200);
    clave = r.json().data.clave as string;
    expect(clave).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await as(t.app, admin1).get('/api/empresa/formulario-web')).json().data).toEqual({
      activo: true,
      clave,
      confirmar: true,
    });
    // Another company has its own (off) form.
    expect((await as(t.app, admin2).get('/api/empresa/formulario-web')).json().data).toEqual({
      activo: false,
      clave: null,
      confirmar: true,
    });
    // The audit says the form was turned on, never the key.
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: unknown }>(tx, sql`select cambios from auditoria where entidad = 'empresa' order by id desc limit 1`),
    );
    expect(JSON.stringify(audit[0]?.cambios)).not.toContain(clave);
    expect(audit[0]?.cambios).toEqual({ formulario_web: { antes: 'inactivo', despues: 'activo' } });
  });

  it('a visitor’s request becomes a new solicitud by the website, with the consent in its history, and everyone who attends solicitudes hears of it', async () => {
    const r = await enviar(visitante());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    const numero = r.json().data.numero as number;
    const d = (await as(t.app, admin1).get(`/api/solicitudes/${numero}`)).json().data as Detalle;
    expect(d).toMatchObject({
      canal: 'sitio_web',
      estado: 'nueva',
      tipo: 'visita',
      contacto_nombre: 'Camilo Ruiz',
      contacto_telefono: '3104445566',
      contacto_email: 'camilo.ruiz@example.com',
      creado_por: 'sitio web',
    });
    expect(d.historial.map((h) => h.nota)).toEqual(
      expect.arrayContaining([
        'Recibida por el sitio web',
        expect.stringMatching(
          /^El solicitante autorizó en el formulario del sitio web el tratamiento de sus datos personales \(Ley 1581 de 2012\), desde la dirección 10\.0\.0\.\d+\.$/,
        ),
      ]),
    );
    const avisos = await t.db.tenant(1, (tx) =>
      queryRows<{ usuario: string }>(
        tx,
        sql`select u.usuario from notificacion n join usuarios u on u.id = n.id_usuario
            where n.titulo = ${`Solicitud ${numero} desde el sitio web`} order by u.usuario`,
      ),
    );
    expect(avisos.map((a) => a.usuario)).toEqual(expect.arrayContaining(['admin', 'solo73']));
    // Company 2 does not have it.
    expect((await as(t.app, admin2).get(`/api/solicitudes/${numero}`)).statusCode).toBe(404);
  });

  it('a property the visitor names that does not exist (deleted, mistyped) leaves the request without it, saying which', async () => {
    const r = await enviar(visitante({ inmueble: 987654, email: '' }));
    expect(r.statusCode, r.body).toBe(200);
    const d = (await as(t.app, admin1).get(`/api/solicitudes/${r.json().data.numero}`)).json().data as Detalle & {
      inmueble: unknown;
    };
    expect(d.inmueble).toBeNull();
    expect(d.historial.map((h) => h.nota)).toContain(
      'El formulario nombró el inmueble 987654, que la inmobiliaria no tiene (pudo ser eliminado o estar mal escrito).',
    );
  });

  it('confirms by e-mail to a visitor who left one: the number and the agency, nothing the visitor wrote; Compañía can turn it off', async () => {
    const municipio = (await as(t.app, admin1).get('/api/maestros/municipios?q=medellin')).json().data.items[0].id as number;
    const creado = await as(t.app, admin1).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Calle 10 # 43-20',
      id_municipio: municipio,
      canon: 2_000_000,
    });
    expect(creado.statusCode, creado.body).toBe(200);
    const inmueble = creado.json().data.consecutivo as number;
    const r = await enviar(
      visitante({ nombre: 'Gane dinero en estafa.example', email: 'Ana.Mora@Example.com', inmueble, tipo: 'arrendar' }),
    );
    expect(r.statusCode, r.body).toBe(200);
    const numero = r.json().data.numero as number;
    await t.deps.mailer.idle();
    const m = (await sink.esperar(2)).find((x) => x.to.includes('ana.mora@example.com'));
    expect(m).toBeDefined();
    expect(asuntoDelMensaje(m!.data)).toBe(`Recibimos su solicitud N.º ${numero} · Inmobiliaria Demo S.A.S.`);
    expect(m!.data).toMatch(/^Reply-To: contacto@inmobiliariademo\.com\.co$/m);
    const texto = textoDelMensaje(m!.data).replace(/\r\n/g, '\n');
    expect(texto).toBe(
      [
        'Hola:',
        `Recibimos su solicitud N.º ${numero} (arrendar un inmueble), sobre el inmueble ${inmueble}, enviada desde nuestro sitio web. Un asesor de Inmobiliaria Demo S.A.S. se comunicará con usted pronto.`,
        'Si necesita algo antes, responda este correo o llámenos al 604 444 1234.',
        'Inmobiliaria Demo S.A.S.\n604 444 1234 · https://www.inmobiliariademo.com.co',
        'Este es un mensaje automático. Si usted no envió esta solicitud, puede ignorarlo.',
      ].join('\n\n'),
    );
    expect(texto).not.toContain('estafa');
    expect(texto).not.toContain('El Poblado');
    const d = (await as(t.app, admin1).get(`/api/solicitudes/${numero}`)).json().data as Detalle;
    expect(d.historial.map((h) => h.nota)).toContain(
      'Se envió al solicitante la confirmación de recibido por correo a ana.mora@example.com.',
    );

    // The same inbox again within the hour, however written, even several at once: the requests arrive,
    // no second confirmation.
    const otras = await Promise.all(
      ['ana.mora@example.com', 'Ana.Mora+casa@example.com', 'ana.mora+2@example.com'].map((email) =>
        enviar(visitante({ email })),
      ),
    );
    expect(otras.map((o) => o.statusCode)).toEqual([200, 200, 200]);
    await t.deps.mailer.idle();
    expect(sink.recibidos.filter((x) => x.to.some((a) => a.startsWith('ana.mora')))).toHaveLength(1);

    // Off in Compañía (the key stays): the request arrives, no e-mail goes out. Without an e-mail, none either.
    const off = await cambiar(admin1, { confirmar: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({ activo: true, clave, confirmar: false });
    // (The staff's notices of each request go by e-mail too: only the visitor's address counts here; one
    // that was never confirmed, so the hourly limit plays no part.)
    const alVisitante = () => sink.recibidos.filter((x) => x.to.includes('luis.paz@example.com')).length;
    const sinConfirmar = await enviar(visitante({ email: 'luis.paz@example.com' }));
    expect(sinConfirmar.statusCode).toBe(200);
    expect((await enviar(visitante({ email: '', telefono: '3104445566' }))).statusCode).toBe(200);
    await t.deps.mailer.idle();
    expect(alVisitante()).toBe(0);
    const d2 = (await as(t.app, admin1).get(`/api/solicitudes/${sinConfirmar.json().data.numero}`)).json().data as Detalle;
    expect(d2.historial.map((h) => h.nota).join(' ')).not.toContain('confirmación');
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: unknown }>(tx, sql`select cambios from auditoria where entidad = 'empresa' order by id desc limit 1`),
    );
    expect(audit[0]?.cambios).toEqual({ confirmar_formulario_web: { antes: true, despues: false } });
    expect((await cambiar(admin1, {})).statusCode).toBe(400);
    expect((await cambiar(admin1, { confirmar: true })).json().data.confirmar).toBe(true);
  });

  it('words the confirmation for what the agency has: no «responda» without a valid e-mail, no type for «otro»', () => {
    const e = { nombre: 'Inmobiliaria Sur', telefonos: '', web: '', email: '' };
    expect(confirmacion(e, 4, { tipo: 'otro', inmueble: null }).texto).toBe(
      [
        'Hola:',
        'Recibimos su solicitud N.º 4 enviada desde nuestro sitio web. Un asesor de Inmobiliaria Sur se comunicará con usted pronto.',
        'Inmobiliaria Sur',
        'Este es un mensaje automático. Si usted no envió esta solicitud, puede ignorarlo.',
      ].join('\n\n'),
    );
    expect(confirmacion({ ...e, telefonos: '604 111 2233' }, 4, { tipo: 'comprar', inmueble: null }).texto).toContain(
      'solicitud N.º 4 (comprar un inmueble) enviada desde nuestro sitio web.',
    );
    expect(confirmacion({ ...e, telefonos: '604 111 2233' }, 4, { tipo: 'otro', inmueble: null }).texto).toContain(
      'Si necesita algo antes, llámenos al 604 111 2233.',
    );
    expect(buzon(' Ana.Mora+Casa@Example.com')).toBe('ana.mora@example.com');
    expect(buzon('a.n.a+x@googlemail.com')).toBe('ana@gmail.com');
  });

  it('a form confirms at most 60 an hour, whoever they go to; the requests past that still arrive', async () => {
    const on = await cambiar(admin2, true);
    const clave2 = on.json().data.clave as string;
    const respuestas = [];
    for (let i = 0; i < 61; i++)
      respuestas.push(await enviar(visitante({ clave: clave2, email: `persona${i}@example.com` }), `10.2.0.${i + 1}`));
    expect(respuestas.every((r) => r.statusCode === 200)).toBe(true);
    const confirmadas = await t.db.tenant(2, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from correo_salida where origen like 'solicitud:%'`),
    );
    expect(confirmadas[0]?.n).toBe(60);
    await cambiar(admin2, false);
  });

  it('answers the browser’s CORS preflight, and its errors are readable from another site', async () => {
    const pre = await t.app.inject({ method: 'OPTIONS', url: '/api/publico/solicitudes' });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type',
    });
    const mala = await enviar(visitante({ autoriza_datos: false }));
    expect(mala.statusCode).toBe(400);
    expect(mala.headers['access-control-allow-origin']).toBe('*');
    expect(mala.json().message).toContain('Debe autorizar el tratamiento de sus datos personales');
    // Other API routes stay same-origin.
    expect((await as(t.app, admin1).get('/api/solicitudes')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes the form only from the origins the company listed, when it listed any', async () => {
    const desde = (origin: string | undefined, ip: string, host?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/publico/solicitudes',
        payload: visitante({ mensaje: `Desde ${origin ?? 'ningún sitio'}` }),
        remoteAddress: ip,
        headers: { ...(origin ? { origin } : {}), ...(host ? { host } : {}) },
      });
    const origenes = (lista: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/empresa/api-publica',
        payload: { origenes: lista },
        headers: { authorization: `Bearer ${admin1}` },
      });
    // Without a list, any site (the behaviour agencies' pages rely on).
    expect((await desde('https://cualquiera.example.co', '10.3.0.1')).statusCode).toBe(200);
    expect((await origenes(['https://www.inmobiliaria.co'])).statusCode).toBe(200);
    const ajena = await desde('https://copia.example.co', '10.3.0.2');
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json().message).toContain('no acepta envíos desde https://copia.example.co');
    expect(ajena.json().message).toContain('Orígenes permitidos');
    expect(ajena.headers['access-control-allow-origin']).toBe('*');
    const nada = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from solicitud where mensaje like 'Desde https://copia%'`),
    );
    expect(nada[0]?.n).toBe(0);
    // The listed site, one written in capitals by the browser, a server without Origin and Predio's own page.
    expect((await desde('https://www.inmobiliaria.co', '10.3.0.3')).statusCode).toBe(200);
    expect((await desde('https://WWW.Inmobiliaria.co', '10.3.0.4')).statusCode).toBe(200);
    expect((await desde(undefined, '10.3.0.5')).statusCode).toBe(200);
    expect((await desde('http://predio.example.co', '10.3.0.6', 'predio.example.co')).statusCode).toBe(200);
    expect((await origenes([])).statusCode).toBe(200);
    expect((await desde('https://copia.example.co', '10.3.0.7')).statusCode).toBe(200);
  });

  it('refuses what a person would need to fix, naming the field', async () => {
    const casos: [Record<string, unknown>, number, string][] = [
      [{ nombre: '' }, 400, 'El campo Nombre es obligatorio'],
      [{ telefono: '', email: '' }, 400, 'Escriba un teléfono o un correo electrónico para responderle'],
      [{ email: 'camilo@' }, 400, 'El campo Correo electrónico debe ser un correo electrónico válido'],
      [{ mensaje: '   ' }, 400, 'El campo Mensaje es obligatorio'],
      [{ tipo: 'comprar-ya' }, 400, 'El campo Tipo debe ser uno de'],
      [{ clave: 'no-es-una-clave' }, 404, 'la clave no corresponde a un formulario activo'],
    ];
    for (const [extra, status, mensaje] of casos) {
      const r = await enviar(visitante(extra));
      expect(r.statusCode, JSON.stringify(extra)).toBe(status);
      expect(r.json().message).toContain(mensaje);
    }
  });

  it('thanks a robot that fills the hidden field, and keeps nothing', async () => {
    const antes = (await as(t.app, admin1).get('/api/solicitudes')).json().data.total as number;
    const r = await enviar(visitante({ sitio: 'http://spam.example' }));
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ numero: null });
    expect((await as(t.app, admin1).get('/api/solicitudes')).json().data.total).toBe(antes);
  });

  it('takes at most 5 requests an hour from one connection', async () => {
    for (let i = 0; i < 5; i++) expect((await enviar(visitante(), '10.9.9.9')).statusCode).toBe(200);
    const sexta = await enviar(visitante(), '10.9.9.9');
    expect(sexta.statusCode).toBe(429);
    expect(sexta.headers['retry-after']).toBe('3600');
    expect(sexta.json().message).toContain('Ya recibimos varias solicitudes desde esta conexión');
    expect((await enviar(visitante(), '10.9.9.10')).statusCode).toBe(200);
  });

  it('a new key replaces the old one at once, and turning the form off stops it', async () => {
    const vieja = clave;
    clave = (await cambiar(admin1, true)).json().data.clave as string;
    expect(clave).not.toBe(vieja);
    expect((await enviar(visitante({ clave: vieja }))).statusCode).toBe(404);
    expect((await enviar(visitante())).statusCode).toBe(200);
    await cambiar(admin1, false);
    expect((await enviar(visitante())).statusCode).toBe(404);
  });
});
