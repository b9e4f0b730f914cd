import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { siguienteHoraContacto, type ProveedorConfigurado } from '@predio/contract/mensajes';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import { CLAVE_HABLAME, FakeProveedores, TOKEN_WHATSAPP } from '../../test/fake-proveedores.ts';
import { notificar } from '../notificar/notificar.ts';
import { inTenant } from '../tenant.ts';
import { Cifrador, cifradorDe } from './cifrado.ts';
import { generico, hablame, whatsappCloud, type ErrorProveedor } from './proveedores.ts';
import { encolarMensaje, enviarMensaje, normalizarTelefono, type NuevoMensaje } from './salida.ts';

// SMS and WhatsApp (issue 27 §2): each adapter against a local server speaking the provider's contract,
// with faults; the job's state machine (retries, «fallido», never twice); Ley 2300 hours with a test
// clock; credentials encrypted at rest and never answered.

const fake = new FakeProveedores();
let t: TestApp;
let admin1: string;
let admin2: string;
let cifrador: Cifrador;

beforeAll(async () => {
  await fake.start();
  t = await createTestApp();
  cifrador = cifradorDe(t.deps.config);
  [admin1, admin2] = [await login(t.app, DEMO.admin1), await login(t.app, DEMO.admin2)];
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.fallas = [];
});

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

const ajustesHablame = () => ({
  proveedor: 'hablame',
  url: fake.url,
  remitente: '',
  cuerpo: '',
  cabecera: '',
  secreto: CLAVE_HABLAME,
});

describe('adapters against the providers’ contracts', () => {
  const envio = { para: '+573001234567', texto: 'Inmobiliaria Demo: cita mañana 9 am', referencia: 'predio-1' };

  it('Hablame sends with X-Hablame-Key and reads id, parts and cost; status and balance', async () => {
    const p = hablame(ajustesHablame());
    const r = await p.enviar(envio);
    expect(r).toEqual({ idExterno: expect.stringMatching(/^hab-/), segmentos: 1, costo: 9.5 });
    const ultimo = fake.aceptados.at(-1)!;
    expect(ultimo.cuerpo.messages).toEqual([{ to: '573001234567', text: envio.texto, reference01: 'predio-1' }]);
    expect(await p.estado(r.idExterno!)).toEqual({ estado: 'entregado', detalle: null });
    expect(await p.saldo()).toBe(1234);
  });

  it('tells a passing fault (429, 5xx, timeout) from a lasting one (bad credentials)', async () => {
    const p = hablame(ajustesHablame());
    const fallo = async (signal?: AbortSignal) => {
      try {
        await p.enviar(envio, signal);
      } catch (e) {
        return e as ErrorProveedor;
      }
      throw new Error('debía fallar');
    };
    fake.fallas = ['429'];
    expect(await fallo()).toMatchObject({ reintentable: true, message: 'Hablame limitó los envíos (429): se reintentará' });
    fake.fallas = ['500'];
    expect(await fallo()).toMatchObject({ reintentable: true, message: 'Hablame falló (500): Internal error' });
    fake.fallas = ['lento'];
    const inicio = Date.now();
    expect(await fallo(AbortSignal.timeout(300))).toMatchObject({ reintentable: true, message: 'Hablame no respondió a tiempo' });
    expect(Date.now() - inicio).toBeLessThan(3000);
    const malas = hablame({ ...ajustesHablame(), secreto: 'otra' });
    await expect(malas.enviar(envio)).rejects.toMatchObject({
      reintentable: false,
      message: 'Hablame rechazó las credenciales (401): revíselas en Configurar mensajes',
    });
  });

  it('WhatsApp Cloud sends an approved template with its body parameters', async () => {
    const p = whatsappCloud({
      proveedor: 'whatsapp_cloud',
      url: `${fake.url}/v21.0`,
      remitente: '1234567890',
      cuerpo: '',
      cabecera: '',
      secreto: TOKEN_WHATSAPP,
    });
    const r = await p.enviar({ ...envio, whatsappPlantilla: 'cita_asignada', whatsappParametros: ['Ana', 'Visita casa 12'] });
    expect(r.idExterno).toMatch(/^wamid\./);
    expect(fake.aceptados.at(-1)).toMatchObject({
      ruta: '/v21.0/1234567890/messages',
      cuerpo: {
        to: '573001234567',
        type: 'template',
        template: {
          name: 'cita_asignada',
          language: { code: 'es' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: 'Visita casa 12' },
              ],
            },
          ],
        },
      },
    });
    const malo = whatsappCloud({
      proveedor: 'whatsapp_cloud',
      url: `${fake.url}/v21.0`,
      remitente: '1',
      cuerpo: '',
      cabecera: '',
      secreto: 'x',
    });
    await expect(malo.enviar({ ...envio, whatsappPlantilla: 'x' })).rejects.toMatchObject({ reintentable: false });
    await expect(p.enviar(envio)).rejects.toThrow('no tiene plantilla de WhatsApp aprobada');
  });

  it('the generic adapter fills its JSON body (escaped) and sends the secret in the header it names', async () => {
    const p = generico({
      proveedor: 'generico',
      url: `${fake.url}/generico/enviar`,
      remitente: '',
      cuerpo: '{"numero":"{{para}}","mensaje":"{{texto}}"}',
      cabecera: 'X-Api-Key',
      secreto: 'secreto-generico',
    });
    const r = await p.enviar({ ...envio, texto: 'Dijo "hola"\nadiós' });
    expect(r.idExterno).toMatch(/^gen-/);
    expect(fake.aceptados.at(-1)!.cuerpo).toEqual({ numero: '+573001234567', mensaje: 'Dijo "hola"\nadiós' });
  });
});

describe('numbers and credentials', () => {
  it('normalises Colombian numbers to E.164 (+57 by default)', () => {
    expect(normalizarTelefono('300 123 4567')).toBe('+573001234567');
    expect(normalizarTelefono('+57 (300) 123-4567')).toBe('+573001234567');
    expect(normalizarTelefono('12')).toBeNull();
  });

  it('encrypts with AES-GCM; another key cannot read it', () => {
    const c = new Cifrador('uno');
    const sobre = c.cifrar('mi-clave');
    expect(sobre).toMatch(/^v1\./);
    expect(sobre).not.toContain('mi-clave');
    expect(c.descifrar(sobre)).toBe('mi-clave');
    expect(new Cifrador('otro').descifrar(sobre)).toBeNull();
  });

  it('stores the provider’s secret encrypted and never answers it; another company does not see it', async () => {
    const r = await put(admin1, '/api/mensajes/proveedores/sms', ajustesHablame());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).not.toContain(CLAVE_HABLAME);
    expect(r.json().data).toMatchObject({ canal: 'sms', proveedor: 'hablame', con_secreto: true });
    const lista = await as(t.app, admin1).get('/api/mensajes/proveedores');
    expect(lista.body).not.toContain(CLAVE_HABLAME);
    const [fila] = await t.db.tenant(1, (tx) =>
      queryRows<{ credenciales: string }>(tx, sql`select credenciales from mensaje_proveedor`),
    );
    expect(fila!.credenciales).not.toContain(CLAVE_HABLAME);
    expect(cifrador.descifrar(fila!.credenciales)).toBe(CLAVE_HABLAME);
    // Saving again without the secret keeps it.
    await put(admin1, '/api/mensajes/proveedores/sms', { ...ajustesHablame(), secreto: '' });
    const [otra] = await t.db.tenant(1, (tx) =>
      queryRows<{ credenciales: string }>(tx, sql`select credenciales from mensaje_proveedor`),
    );
    expect(cifrador.descifrar(otra!.credenciales)).toBe(CLAVE_HABLAME);
    expect((await as(t.app, admin2).get('/api/mensajes/proveedores')).json().data).toEqual([]);
  });

  it('refuses a provider of another channel and a generic one without its URL, naming the field', async () => {
    const mal = await put(admin1, '/api/mensajes/proveedores/whatsapp', ajustesHablame());
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('proveedor');
    const sinUrl = await put(admin1, '/api/mensajes/proveedores/sms', { proveedor: 'generico' });
    expect(sinUrl.json().message).toBe('url: es obligatoria para el proveedor genérico');
    expect((await put(admin1, '/api/mensajes/proveedores/fax', ajustesHablame())).statusCode).toBe(400);
    const asesor = await login(t.app, DEMO.asesor1);
    expect((await put(asesor, '/api/mensajes/proveedores/sms', ajustesHablame())).statusCode).toBe(403);
  });
});

describe('the sending job', () => {
  const LUNES_10AM = new Date('2026-11-23T15:00:00Z'); // Monday 10:00 in Bogotá

  async function nuevo(m: Partial<NuevoMensaje> = {}): Promise<number> {
    return inTenant(t.db, 1, (s) =>
      encolarMensaje(s, {
        canal: 'sms',
        para: '3001234567',
        texto: 'Inmobiliaria Demo: aviso',
        origen: 'prueba',
        aCliente: false,
        ...m,
      }),
    );
  }
  const fila = async (id: number) =>
    (
      await t.db.tenant(1, (tx) =>
        queryRows<{
          estado: string;
          intentos: number;
          ultimo_error: string | null;
          id_externo: string | null;
          costo: string | null;
          programado_para: Date;
        }>(
          tx,
          sql`select estado, intentos, ultimo_error, id_externo, costo, programado_para from mensaje_salida where id = ${id}`,
        ),
      )
    )[0]!;
  const intento = (id: number, n: number, extra: { ahora?: () => Date; cifrador?: Cifrador } = {}) =>
    enviarMensaje({
      db: t.db,
      cifrador: extra.cifrador ?? cifrador,
      idEmpresa: 1,
      id,
      intento: n,
      maxIntentos: 5,
      ahora: extra.ahora ?? (() => LUNES_10AM),
    });

  beforeAll(async () => {
    await put(admin1, '/api/mensajes/proveedores/sms', ajustesHablame());
  });

  it('takes the gateway delivery report (shared secret) to the message state', async () => {
    const entregado = await nuevo();
    const rebotado = await nuevo();
    await intento(entregado, 1);
    await intento(rebotado, 1);
    const idExt = (await fila(entregado)).id_externo!;
    const idExt2 = (await fila(rebotado)).id_externo!;

    const datos = await as(t.app, admin1).get('/api/mensajes/entregas-sms');
    expect(datos.statusCode, datos.body).toBe(200);
    const { url, clave, cabecera } = datos.json().data as { url: string; clave: string; cabecera: string };
    expect(cabecera).toBe('X-Predio-Clave');
    const asesor = await login(t.app, DEMO.asesor1);
    expect((await as(t.app, asesor).get('/api/mensajes/entregas-sms')).statusCode).toBe(403);
    expect(url).toMatch(new RegExp(`/api/publico/mensajes/entregas-sms/1\\?clave=${clave}$`));
    const ruta = new URL(url).pathname + new URL(url).search;
    const postear = (u: string, cuerpo: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app
        .inject({ method: 'POST', url: u, payload: cuerpo, headers })
        .then((r) => ({ statusCode: r.statusCode, body: r.body }));

    // No secret, another company's secret, or a user without Configurar mensajes: refused.
    const sin = await fake.reportarEntrega(postear, '/api/publico/mensajes/entregas-sms/1', idExt, 'Delivered');
    expect(sin.statusCode).toBe(403);
    const otra = (await as(t.app, admin2).get('/api/mensajes/entregas-sms')).json().data as { clave: string };
    expect(otra.clave).not.toBe(clave);
    const cruzada = await fake.reportarEntrega(
      postear,
      `/api/publico/mensajes/entregas-sms/1?clave=${otra.clave}`,
      idExt,
      'Delivered',
    );
    expect(cruzada.statusCode).toBe(403);
    // Company 2's own secret does not reach company 1's messages.
    const ajeno = await fake.reportarEntrega(
      postear,
      `/api/publico/mensajes/entregas-sms/2?clave=${otra.clave}`,
      idExt,
      'Delivered',
    );
    expect(ajeno.statusCode).toBe(404);
    expect((await fila(entregado)).estado).toBe('enviado');

    const malo = await postear(ruta, { status: 'Delivered' });
    expect(malo.statusCode).toBe(400);
    expect(JSON.parse(malo.body).message).toContain('id');
    const raro = await postear(ruta, { id: idExt, status: 'Perdido en el limbo' });
    expect(raro.statusCode).toBe(400);
    expect(JSON.parse(raro.body).message).toContain('status');
    expect((await postear(ruta, { id: 'no-existe', status: 'Delivered' })).statusCode).toBe(404);

    const ok = await fake.reportarEntrega(postear, ruta, idExt, 'Delivered');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await fila(entregado)).toMatchObject({ estado: 'entregado', ultimo_error: null });
    // The header works too; a late «Sent» takes nothing back.
    const tarde = await fake.reportarEntrega(
      (u, c) => postear(u, c, { 'x-predio-clave': clave }),
      '/api/publico/mensajes/entregas-sms/1',
      idExt,
      'Sent',
    );
    expect(JSON.parse(tarde.body).data).toMatchObject({ estado: 'entregado', cambio: false });
    const no = await fake.reportarEntrega(postear, ruta, idExt2, 'Undelivered');
    expect(no.statusCode).toBe(200);
    expect(await fila(rebotado)).toMatchObject({ estado: 'rebotado', ultimo_error: 'La pasarela informó: Número inactivo' });
  });

  it('queues the message with its job; a 429 and a 500 are retried, then it is sent once', async () => {
    const id = await nuevo();
    const [job] = await t.db.tenant(1, (tx) =>
      queryRows<{ tipo: string; clave: string }>(tx, sql`select tipo, clave from trabajo where clave = ${`mensaje:${id}`}`),
    );
    expect(job).toEqual({ tipo: 'mensajes.enviar', clave: `mensaje:${id}` });
    const antes = fake.aceptados.length;
    fake.fallas = ['429', '500'];
    await expect(intento(id, 1)).rejects.toThrow('429');
    expect(await fila(id)).toMatchObject({ estado: 'en_cola', ultimo_error: 'Hablame limitó los envíos (429): se reintentará' });
    await expect(intento(id, 2)).rejects.toThrow('500');
    expect(await intento(id, 3)).toMatchObject({ enviado: id });
    expect(await fila(id)).toMatchObject({
      estado: 'enviado',
      intentos: 3,
      ultimo_error: null,
      id_externo: expect.stringMatching(/^hab-/),
    });
    // The job run again (its process died before writing «Terminado»): nothing is sent twice.
    expect(await intento(id, 4)).toEqual({ omitir: 'enviado' });
    expect(fake.aceptados.length - antes).toBe(1);
  });

  it('after the last attempt it is «fallido» with the reason; bad credentials fail at once', async () => {
    const id = await nuevo();
    fake.fallas = ['500', '500', '500', '500', '500'];
    for (let n = 1; n < 5; n++) await expect(intento(id, n)).rejects.toThrow();
    expect(await intento(id, 5)).toMatchObject({ fallido: id });
    expect(await fila(id)).toMatchObject({ estado: 'fallido', intentos: 5, ultimo_error: 'Hablame falló (500): Internal error' });

    const otro = await nuevo();
    fake.fallas = ['401'];
    expect(await intento(otro, 1)).toMatchObject({ fallido: otro });
    expect((await fila(otro)).ultimo_error).toBe('Hablame rechazó las credenciales (401): revíselas en Configurar mensajes');
    const ilegible = await nuevo();
    expect(await intento(ilegible, 1, { cifrador: new Cifrador('otra-clave') })).toEqual({ omitir: 'fallido' });
    expect((await fila(ilegible)).ultimo_error).toMatch(/no se pueden leer/);
  });

  it('a message to a client on a Sunday waits until Monday 7:00 (Ley 2300); staff notices do not wait', async () => {
    const domingo = new Date('2026-11-22T20:00:00Z'); // Sunday 15:00 in Bogotá
    const id = await nuevo({ aCliente: true });
    expect(await intento(id, 1, { ahora: () => domingo })).toEqual({ aplazado: '2026-11-23T12:00:00.000Z' });
    expect((await fila(id)).estado).toBe('en_cola');
    const [job] = await t.db.tenant(1, (tx) =>
      queryRows<{ ejecutar_en: Date }>(
        tx,
        sql`select ejecutar_en from trabajo where clave = ${`mensaje:${id}@2026-11-23T12:00:00.000Z`}`,
      ),
    );
    expect(new Date(job!.ejecutar_en).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(await intento(id, 1, { ahora: () => new Date('2026-11-23T12:00:00Z') })).toMatchObject({ enviado: id });
    const staff = await nuevo({ aCliente: false });
    expect(await intento(staff, 1, { ahora: () => domingo })).toMatchObject({ enviado: staff });
  });

  it('knows the contact hours: weekdays 7–19, Saturday 8–15, never Sundays or holidays', () => {
    const bog = (s: string) => new Date(`${s}-05:00`);
    expect(siguienteHoraContacto(bog('2026-11-23T10:00:00'))).toEqual(bog('2026-11-23T10:00:00'));
    expect(siguienteHoraContacto(bog('2026-11-23T06:30:00'))).toEqual(bog('2026-11-23T07:00:00'));
    expect(siguienteHoraContacto(bog('2026-11-23T19:00:00'))).toEqual(bog('2026-11-24T07:00:00'));
    expect(siguienteHoraContacto(bog('2026-11-28T14:59:00'))).toEqual(bog('2026-11-28T14:59:00')); // Saturday
    expect(siguienteHoraContacto(bog('2026-11-28T15:00:00'))).toEqual(bog('2026-11-30T07:00:00'));
    expect(siguienteHoraContacto(bog('2026-12-07T20:00:00'))).toEqual(bog('2026-12-09T07:00:00')); // 8 Dec: holiday
    expect(siguienteHoraContacto(bog('2026-12-24T19:30:00'))).toEqual(bog('2026-12-26T08:00:00')); // Christmas, then Saturday
  });

  it('a notification whose SMS switch is on queues an SMS with the company’s name when a provider exists', async () => {
    const idUsuario = tokenClaims(admin1).idUsuario;
    await t.db.tenant(1, (tx) =>
      tx.execute(
        sql`insert into notificacion_config (id_usuario, tipo_carta, in_app, email, sms, whatsapp) values (${idUsuario}, 102, true, false, true, false)`,
      ),
    );
    await t.db.tenant(1, (tx) =>
      tx.execute(
        sql`update terceros set celular = '300 765 4321' where nro_id = (select nro_id from usuarios where id = ${idUsuario})`,
      ),
    );
    await inTenant(t.db, 1, (s) =>
      notificar(
        { ...s, hub: t.deps.hub, mailer: t.deps.mailer },
        { idEmpresa: 1, idUsuario, tipoCarta: 102, titulo: 'Recordatorio: visita casa 12', cuerpo: '', enlace: null },
      ),
    );
    const [m] = await t.db.tenant(1, (tx) =>
      queryRows<{ canal: string; para: string; texto: string; a_cliente: boolean; tipo_carta: number }>(
        tx,
        sql`select canal, para, texto, a_cliente, tipo_carta from mensaje_salida order by id desc limit 1`,
      ),
    );
    expect(m).toMatchObject({ canal: 'sms', para: '+573007654321', a_cliente: false, tipo_carta: 102 });
    expect(m!.texto).toMatch(/^.+: Recordatorio: visita casa 12$/);
  });

  it('lists the configured providers without secrets', async () => {
    const lista = (await as(t.app, admin1).get('/api/mensajes/proveedores')).json().data as ProveedorConfigurado[];
    expect(lista.map((p) => [p.canal, p.proveedor, p.con_secreto])).toEqual([['sms', 'hablame', true]]);
  });
});
