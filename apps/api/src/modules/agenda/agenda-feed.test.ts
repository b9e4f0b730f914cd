import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ical from 'node-ical';
import type { Cita } from '@predio/contract/agenda';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';

// The private ICS feed, read by an independent parser (node-ical), as a calendar app would.
let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  asesor1 = await login(t.app, DEMO.asesor1);
  admin2 = await login(t.app, DEMO.admin2);
});
afterAll(() => t.close());

describe('ICS feed per user', () => {
  it('gives the user’s citas of the last 30 and next 365 days with every field, and stops when revoked', async () => {
    const idAsesor = tokenClaims(asesor1).idUsuario;
    const [cat] = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from categorias_agenda where nombre = 'Visita'`),
    );
    const crear = async (body: Record<string, unknown>) => {
      const r = await as(t.app, admin1).post('/api/citas', { confirmar: true, ...body });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as Cita;
    };
    const visita = await crear({
      titulo: 'Visita apto Laureles',
      id_categoria: cat!.id,
      inicio: '2027-01-15T10:00:00-05:00',
      fin: '2027-01-15T11:30:00-05:00',
      asesores: [idAsesor],
      lugar: 'Carrera 76 # 35-20, Medellín',
      notas: 'Traer llaves',
    });
    const cancelada = await crear({
      titulo: 'Llamada',
      inicio: '2026-12-01T09:00:00-05:00',
      fin: '2026-12-01T09:30:00-05:00',
      asesores: [idAsesor],
    });
    expect((await pedir(admin1, 'PATCH', `/api/citas/${cancelada.id}`, { estado: 'cancelada' })).statusCode).toBe(200);
    await crear({
      titulo: 'De otro asesor',
      inicio: '2027-01-15T10:00:00-05:00',
      fin: '2027-01-15T11:00:00-05:00',
      asesores: [tokenClaims(admin1).idUsuario],
    });
    await crear({
      titulo: 'Muy lejos',
      inicio: '2029-01-15T10:00:00-05:00',
      fin: '2029-01-15T11:00:00-05:00',
      asesores: [idAsesor],
    });

    expect((await as(t.app, asesor1).get('/api/citas/feed')).json().data).toEqual({ activo: false, creado_en: null });
    const creado = await as(t.app, asesor1).post('/api/citas/feed');
    expect(creado.statusCode, creado.body).toBe(200);
    const url = new URL(creado.json().data.url as string);
    expect(url.pathname).toMatch(/^\/api\/agenda\/ical\/[A-Za-z0-9_-]{32}\.ics$/);

    const r = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/calendar/);
    expect(r.body).toContain('X-WR-TIMEZONE:America/Bogota');
    const eventos = Object.values(ical.sync.parseICS(r.body)).filter((c) => c.type === 'VEVENT') as ical.VEvent[];
    expect(eventos.map((e) => e.summary).sort()).toEqual(['Llamada', 'Visita apto Laureles']);
    const v = eventos.find((e) => e.summary === 'Visita apto Laureles')!;
    expect(v.uid).toBe(`cita-${visita.id}-1@predio`);
    expect(new Date(v.start).toISOString()).toBe('2027-01-15T15:00:00.000Z');
    expect(new Date(v.end).toISOString()).toBe('2027-01-15T16:30:00.000Z');
    expect(v.start.tz).toBe('America/Bogota');
    expect(v.location).toBe('Carrera 76 # 35-20, Medellín');
    expect((v as unknown as { categories?: string[] }).categories).toEqual(['Visita']);
    expect(v.status).toBe('TENTATIVE');
    expect(v.description).toContain('Traer llaves');
    expect(eventos.find((e) => e.summary === 'Llamada')!.status).toBe('CANCELLED');

    // A new URL replaces the old; revoking ends it; a made-up one is 404; another company's user has none.
    const nueva = new URL((await as(t.app, asesor1).post('/api/citas/feed')).json().data.url as string);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: nueva.pathname })).statusCode).toBe(200);
    expect((await pedir(asesor1, 'DELETE', '/api/citas/feed')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: nueva.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/agenda/ical/corto.ics' })).statusCode).toBe(400);
    expect((await as(t.app, admin2).get('/api/citas/feed')).json().data).toEqual({ activo: false, creado_en: null });
  });
});

describe('export of the calendar’s range', () => {
  it('gives the range’s citas as Excel, CSV and .ics, with the filters; 400 naming a bad formato; other companies see none', async () => {
    const idAsesor = tokenClaims(asesor1).idUsuario;
    const r = await as(t.app, admin1).post('/api/citas', {
      titulo: 'Firma contrato Belén',
      inicio: '2027-02-10T15:00:00-05:00',
      fin: '2027-02-10T16:00:00-05:00',
      asesores: [idAsesor],
      lugar: 'Oficina',
      confirmar: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    const rango = 'desde=2027-02-08T05:00:00.000Z&hasta=2027-02-15T05:00:00.000Z';

    const csv = await as(t.app, admin1).get(`/api/citas/exportar?${rango}&formato=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="agenda-[0-9-]+\.csv"/);
    expect(csv.body).toContain('Firma contrato Belén');
    // Bogotá wall-clock time, as the calendar shows it.
    expect(csv.body).toMatch(/10\/02\/2027,? 3:00\sp\.\sm\./);

    const xlsx = await as(t.app, admin1).get(`/api/citas/exportar?${rango}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    const ics = await as(t.app, admin1).get(`/api/citas/exportar?${rango}&formato=ics&asesores=${idAsesor}`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const eventos = Object.values(ical.sync.parseICS(ics.body)).filter((e) => e.type === 'VEVENT');
    expect(eventos.map((e) => (e as { summary: string }).summary)).toEqual(['Firma contrato Belén']);
    expect((eventos[0] as { start: Date }).start.toISOString()).toBe('2027-02-10T20:00:00.000Z');

    const otroAsesor = await as(t.app, admin1).get(
      `/api/citas/exportar?${rango}&formato=ics&asesores=${tokenClaims(admin1).idUsuario}`,
    );
    expect(otroAsesor.body).not.toContain('Firma contrato Belén');
    const otraEmpresa = await as(t.app, admin2).get(`/api/citas/exportar?${rango}&formato=csv`);
    expect(otraEmpresa.statusCode).toBe(200);
    expect(otraEmpresa.body).not.toContain('Firma contrato Belén');

    const malo = await as(t.app, admin1).get(`/api/citas/exportar?${rango}&formato=pdf`);
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toContain('formato');
  });
});
