import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, proxiesDeConfianza } from '../../config.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

// The address a login is audited with is req.ip, the same the login throttle and the public form's
// per-address limit count by.
const dir = mkdtempSync(join(tmpdir(), 'predio-proxy-'));
const abiertos: TestApp[] = [];
afterAll(async () => {
  for (const t of abiertos) await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function servidor(trustProxy: string | undefined): Promise<TestApp> {
  const config = loadConfig({ DATA_DIR: dir, ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) });
  const t = await createTestApp({ trustProxy: config.trustProxy });
  abiertos.push(t);
  return t;
}

/** Logs in with that X-Forwarded-For from that connection, and returns the address the audit log recorded. */
async function ipAuditada(t: TestApp, xff: string | null, remoteAddress = '127.0.0.1'): Promise<string> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/usuarios/login',
    payload: DEMO.asesor1,
    remoteAddress,
    headers: xff === null ? {} : { 'x-forwarded-for': xff },
  });
  expect(r.json().code, r.body).toBe(20000);
  const filas = await t.db.tenant(1, (tx) =>
    queryRows<{ ip: string }>(tx, sql`select ip from auditoria where accion = 'login' order by id desc limit 1`),
  );
  return filas[0]!.ip;
}

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-For is ignored, the address is the connection', async () => {
    const t = await servidor(undefined);
    expect(await ipAuditada(t, '6.6.6.6')).toBe('127.0.0.1');
  });

  it('a hop count: the address the nearest proxy saw; what the client wrote to the left does not count', async () => {
    const t = await servidor('1');
    // The client sent «X-Forwarded-For: 6.6.6.6»; the proxy appended the address it came from.
    expect(await ipAuditada(t, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipAuditada(t, '7.7.7.7, 6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipAuditada(t, null)).toBe('127.0.0.1');
  });

  it('true counts as one proxy, so a spoofed leftmost address is not believed', async () => {
    const t = await servidor('true');
    expect(await ipAuditada(t, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('a list of proxy addresses: only a connection from one of them may name the client', async () => {
    const t = await servidor('127.0.0.1, 10.0.0.0/8');
    expect(await ipAuditada(t, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipAuditada(t, '6.6.6.6, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    expect(await ipAuditada(t, '6.6.6.6', '198.51.100.9')).toBe('198.51.100.9');
  });
});

describe('TRUST_PROXY values', () => {
  it('reads a hop count, a list of addresses and networks, or nothing', () => {
    expect(proxiesDeConfianza(undefined)).toEqual({ trustProxy: false, aviso: null });
    expect(proxiesDeConfianza('')).toEqual({ trustProxy: false, aviso: null });
    expect(proxiesDeConfianza('false')).toEqual({ trustProxy: false, aviso: null });
    expect(proxiesDeConfianza('0')).toEqual({ trustProxy: false, aviso: null });
    expect(proxiesDeConfianza('2')).toEqual({ trustProxy: 2, aviso: null });
    expect(proxiesDeConfianza(' 127.0.0.1 ,10.0.0.0/8,::1, fd00::/8,loopback')).toEqual({
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
      aviso: null,
    });
  });

  it('takes true as one proxy, and says so in the start log', () => {
    const r = proxiesDeConfianza('true');
    expect(r.trustProxy).toBe(1);
    expect(r.aviso).toContain('TRUST_PROXY=true');
  });

  it('stops the start with the reason on anything else', () => {
    for (const malo of ['-1', '1.5', 'yes', '10.0.0.0/33', '300.1.1.1', 'proxy.local'])
      expect(() => proxiesDeConfianza(malo)).toThrow('TRUST_PROXY');
  });
});
