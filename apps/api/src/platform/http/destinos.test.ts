import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapaEstatico } from '../geo/mapa-estatico.ts';
import { generico } from '../mensajes/proveedores.ts';
import { createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';
import { DestinoInterno, destinoInternoEn, esDireccionInterna, fetchDestino, permitirDestinosInternos } from './destinos.ts';
import { llamarExterno, SinRespuesta } from './externo.ts';

// A server on 127.0.0.1 stands for whatever listens inside the server's network (the database, an
// admin port, a cloud's metadata service): it must never be reached through an address a company typed.
let servidor: Server;
let puerto: number;
let pedidos = 0;

beforeAll(async () => {
  permitirDestinosInternos(false);
  servidor = createServer((_req, res) => {
    pedidos += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"secreto":"interno"}');
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  puerto = (servidor.address() as AddressInfo).port;
});
afterAll(async () => {
  permitirDestinosInternos(true);
  await new Promise<void>((r) => servidor.close(() => r()));
});

describe('addresses a company types never reach the server’s own network', () => {
  it('tells internal addresses from public ones, IPv4 and IPv6', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0'])
      expect(esDireccionInterna(ip), ip).toBe(true);
    for (const ip of ['::1', '::', 'fe80::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'])
      expect(esDireccionInterna(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '190.85.12.34', '181.49.1.1', '2800:e2:1::1', '2001:4860:4860::8888'])
      expect(esDireccionInterna(ip), ip).toBe(false);
    expect(esDireccionInterna('no-es-ip')).toBe(true);
  });

  it('refuses a literal internal IP and a name that resolves to one, before any request', async () => {
    await expect(fetchDestino(`http://127.0.0.1:${puerto}/`)).rejects.toBeInstanceOf(DestinoInterno);
    await expect(fetchDestino(`http://[::1]:${puerto}/`)).rejects.toBeInstanceOf(DestinoInterno);
    // «localhost» is a name: it is refused when the connection looks it up.
    const e = await fetchDestino(`http://localhost:${puerto}/`).catch((x: unknown) => x);
    expect(destinoInternoEn(e)?.message).toMatch(/es de la red interna del servidor/);
    expect(pedidos).toBe(0);
    // The operator may allow it (EXTERNOS_INTERNOS=permitir), and then it goes through.
    const r = await fetchDestino(`http://localhost:${puerto}/`, {}, { permitirInternas: true });
    expect(await r.json()).toEqual({ secreto: 'interno' });
    expect(pedidos).toBe(1);
  });

  it('makes the SMS gateway and the map tiles refuse it, without retrying (the portal: portales.test)', async () => {
    pedidos = 0;
    const url = `http://localhost:${puerto}/enviar`;
    await expect(llamarExterno(url, {}, { tiempoMs: 5_000 })).rejects.toMatchObject({ destinoInterno: true, porTiempo: false });
    await expect(llamarExterno(url, {}, { tiempoMs: 5_000 })).rejects.toBeInstanceOf(SinRespuesta);

    const sms = generico({ proveedor: 'generico', url, remitente: '', cuerpo: '', cabecera: 'X-Api-Key', secreto: 'x' });
    const errSms = await sms.enviar({ para: '+573001234567', texto: 'Hola', referencia: 'r1' }).catch((x: unknown) => x);
    expect(errSms).toMatchObject({ reintentable: false });
    expect(String((errSms as Error).message)).toMatch(
      /red interna del servidor y no se permite\. Corrija la dirección en Configurar mensajes/,
    );

    const mapa = await mapaEstatico({
      lat: 6.24,
      lng: -75.58,
      urlTeselas: `http://127.0.0.1:${puerto}/{z}/{x}/{y}.png`,
      ancho: 300,
      alto: 200,
      agente: 'prueba',
    });
    expect(mapa).toBeNull();
    expect(pedidos).toBe(0);
  });
});

describe('saving an internal address', () => {
  let t: TestApp;
  let admin: string;
  const poner = (url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${admin}` } });
  beforeAll(async () => {
    t = await createTestApp({ destinosInternos: false });
    admin = await login(t.app, DEMO.admin1);
  });
  afterAll(async () => {
    await t.close();
    permitirDestinosInternos(false);
  });

  it('is refused naming the field (portal API, SMS gateway, map tiles); a public one saves', async () => {
    const wasi = await poner('/api/portales/wasi/configuracion', { url: 'http://169.254.169.254/latest', usuario: '1' });
    expect(wasi.statusCode).toBe(400);
    expect(wasi.json().message).toBe(
      'El campo Dirección de la API apunta a la red interna del servidor (169.254.169.254): escriba la dirección pública del servicio',
    );
    expect((await poner('/api/portales/wasi/configuracion', { url: 'https://api.wasi.co/v1', usuario: '1' })).statusCode).toBe(
      200,
    );

    const sms = await poner('/api/mensajes/proveedores/sms', {
      proveedor: 'generico',
      url: 'http://localhost:5432/',
      cabecera: 'X-Api-Key',
    });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().message).toMatch(/^El campo Dirección \(POST\) apunta a la red interna del servidor \(localhost\)/);

    const mapa = await poner('/api/configurarPredio/configuracion', {
      ajustes: { urlMosaicoMapa: 'https://10.0.0.7/{z}/{x}/{y}.png' },
    });
    expect(mapa.statusCode).toBe(400);
    expect(mapa.json().message).toMatch(/^El campo Dirección de los mosaicos del mapa apunta a la red interna/);
  });
});
