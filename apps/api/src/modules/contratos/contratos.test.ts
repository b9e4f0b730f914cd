import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Contrato, PlantillaContrato, PlantillaContratoResumen } from '@predio/contract/contratos';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, ok } from '../../test/harness.ts';
import { firmarPorEnlace, sellarFirmas } from '../../test/sellar-firmas.ts';
import { SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';

// Contract templates (10599) and contracts (76, 10600), signed through firmas (issue 29).

let t: TestApp;
const sink = new SmtpSink();
let admin: string;
let admin2: string;
let solo76: string;
let inmueble: number;
let estadoInicial: string;
let arrendatario: number;
let codeudor: number;

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

async function plantillaDe(clase: string): Promise<PlantillaContratoResumen> {
  const ps = ok<PlantillaContratoResumen[]>(await as(t.app, admin).get('/api/firmas/plantillas-contratos'));
  return ps.find((p) => p.clase === clase)!;
}

const contrato = (o: Record<string, unknown> = {}) => ({
  clase: 'arrendamiento_vivienda',
  inmueble,
  id_arrendatario: arrendatario,
  codeudores: [codeudor],
  canon: 1_800_000,
  fecha_inicio: '2027-01-01',
  duracion_meses: 12,
  dia_pago: 5,
  incremento: 'ipc',
  clausulas: 'Se permite una mascota pequeña.',
  ...o,
});

beforeAll(async () => {
  const smtpUrl = await sink.start();
  t = await createTestApp({ smtpUrl });
  admin = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'solo76', nroId: '80076', permisos: '76' });
  solo76 = await login(t.app, { idEmpresa: 1, usuario: 'solo76', clave: 'demo1234' });
  // Two owners (60/40), a tenant and a co-signer with e-mail, and a property of company 1 owned by the two.
  const ids = await t.db.tenant(1, async (tx) => {
    const out: number[] = [];
    for (const [doc, nombre, email] of [
      ['71000001', 'Pedro Propietario Díaz', 'pedro.prop@ejemplo.co'],
      ['43000002', 'Luz Propietaria Ríos', 'luz.prop@ejemplo.co'],
      ['1020304050', 'Ana Arrendataria Ruiz', 'ana.arr@ejemplo.co'],
      ['1020304051', 'Carlos Codeudor Gil', 'carlos.cod@ejemplo.co'],
    ] as const) {
      const [r] = await queryRows<{ id: number }>(
        tx,
        sql`insert into terceros (nro_id, nombre, email) values (${doc}, ${nombre}, ${email}) returning id`,
      );
      out.push(r!.id);
    }
    return out;
  });
  arrendatario = ids[2]!;
  codeudor = ids[3]!;
  const [m] = await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
  const r = await as(t.app, admin).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-20 Apto 501',
    id_municipio: m!.id,
    canon: 1_800_000,
    propietarios: [
      { id_tercero: ids[0], porcentaje: 60 },
      { id_tercero: ids[1], porcentaje: 40 },
    ],
  });
  const i = ok<{ consecutivo: number; estado: string }>(r);
  inmueble = i.consecutivo;
  estadoInicial = i.estado;
}, 90_000);
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('plantillas de contratos (10599)', () => {
  it('a company starts with the Spanish models, each with its tipo de documento', async () => {
    const ps = ok<PlantillaContratoResumen[]>(await as(t.app, admin).get('/api/firmas/plantillas-contratos'));
    const clases = ps.map((p) => p.clase);
    for (const c of ['arrendamiento_vivienda', 'arrendamiento_comercial', 'mandato', 'acta_entrega', 'autorizacion_datos'])
      expect(clases).toContain(c);
    const vivienda = ps.find((p) => p.clase === 'arrendamiento_vivienda')!;
    expect(vivienda.tipo_documento).toBe('Contrato de arrendamiento de vivienda');
    expect(ps.find((p) => p.clase === 'mandato')!.programa).toBe('coem');
    const p = ok<PlantillaContrato>(await as(t.app, admin).get(`/api/firmas/plantillas-contratos/${vivienda.id}`));
    expect(p.contenido).toContain('Ley 820 de 2003');
    expect(p.versiones).toHaveLength(1);
    // Another company has its own copies, not these.
    const otras = ok<PlantillaContratoResumen[]>(await as(t.app, admin2).get('/api/firmas/plantillas-contratos'));
    expect(otras.map((x) => x.id)).not.toContain(vivienda.id);
    expect((await as(t.app, admin2).get(`/api/firmas/plantillas-contratos/${vivienda.id}`)).statusCode).toBe(404);
  });

  it('each save is a new version; the history keeps the old text', async () => {
    const v = await plantillaDe('arrendamiento_vivienda');
    const p = ok<PlantillaContrato>(await as(t.app, admin).get(`/api/firmas/plantillas-contratos/${v.id}`));
    const contenido = `${p.contenido}<p>Cláusula de prueba: el canon es {{ contrato.canon | moneda }}.</p>`;
    const nueva = ok<PlantillaContrato>(
      await put(admin, `/api/firmas/plantillas-contratos/${v.id}`, {
        nombre: p.nombre,
        clase: p.clase,
        id_tipo_documento: p.id_tipo_documento,
        contenido,
        nota: 'Agrega cláusula de prueba',
      }),
    );
    expect(nueva.version).toBe(2);
    expect(nueva.versiones.map((x) => x.version)).toEqual([2, 1]);
    expect(nueva.versiones[0]!.nota).toBe('Agrega cláusula de prueba');
    const vieja = ok<PlantillaContrato>(await as(t.app, admin).get(`/api/firmas/plantillas-contratos/${v.id}/versiones/1`));
    expect(vieja.contenido).not.toContain('Cláusula de prueba');
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'plantilla_contrato' and entidad_id = ${String(v.id)}`,
      ),
    );
    expect(audit.map((a) => a.accion)).toContain('actualizar');
  });

  it('an unknown merge field is refused naming it; bad input names the field in Spanish', async () => {
    const v = await plantillaDe('acta_entrega');
    const r = await as(t.app, admin).post('/api/firmas/plantillas-contratos', {
      nombre: 'Con campo malo',
      clase: 'acta_entrega',
      id_tipo_documento: v.id_tipo_documento,
      contenido: '<p>Hola {{ arrendatario.apodo }}</p>',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('«arrendatario.apodo» no existe');
    const sinNombre = await as(t.app, admin).post('/api/firmas/plantillas-contratos', {
      nombre: '',
      clase: 'acta_entrega',
      id_tipo_documento: v.id_tipo_documento,
      contenido: '<p>x</p>',
    });
    expect(sinNombre.statusCode).toBe(400);
    expect(sinNombre.json().message).toContain('Nombre');
    const claseMala = await as(t.app, admin).post('/api/firmas/plantillas-contratos', {
      nombre: 'X',
      clase: 'hipoteca',
      id_tipo_documento: v.id_tipo_documento,
      contenido: '<p>x</p>',
    });
    expect(claseMala.json().message).toContain('Clase de contrato');
    const repetida = await as(t.app, admin).post('/api/firmas/plantillas-contratos', {
      nombre: v.nombre,
      clase: 'acta_entrega',
      id_tipo_documento: v.id_tipo_documento,
      contenido: '<p>x</p>',
    });
    expect(repetida.statusCode).toBe(409);
  });

  it('403 without the idm', async () => {
    expect((await as(t.app, solo76).get('/api/firmas/plantillas-contratos')).statusCode).toBe(403);
  });
});

describe('contratos (76) and contratos-coem (10600)', () => {
  let id: number;

  it('creates a lease from a property, its owners, a tenant and a template; renders its PDF', async () => {
    const p = await plantillaDe('arrendamiento_vivienda');
    const c = ok<Contrato>(await as(t.app, admin).post('/api/firmas/contratos', contrato({ id_plantilla: p.id })));
    id = c.id;
    expect(c.estado).toBe('borrador');
    expect(c.numero).toMatch(/^CT-\d{4}$/);
    expect(c.fecha_fin).toBe('2027-12-31');
    expect(c.partes.map((x) => x.rol)).toEqual(expect.arrayContaining(['propietario', 'arrendatario', 'codeudor']));
    expect(c.partes.find((x) => x.rol === 'propietario')!.porcentaje).toBeGreaterThan(0);
    expect(c.historial.map((h) => h.hasta)).toEqual(['borrador']);
    const pdf = await as(t.app, admin).get(`/api/firmas/contratos/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const texto = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString();
    expect(texto).toContain('Ana Arrendataria Ruiz');
    expect(texto).toContain('$ 1.800.000');
    expect(texto).toContain('Carlos Codeudor Gil');
    // The list finds it by the tenant's name.
    const l = ok<{ items: { id: number }[]; total: number }>(await as(t.app, admin).get('/api/firmas/contratos?q=Arrendataria'));
    expect(l.items.map((x) => x.id)).toContain(id);
  });

  it('bad input: a depósito (Ley 820), a missing tenant, a wrong class, a template of another class', async () => {
    const p = await plantillaDe('arrendamiento_vivienda');
    const dep = await as(t.app, admin).post('/api/firmas/contratos', contrato({ id_plantilla: p.id, deposito: 500000 }));
    expect(dep.statusCode).toBe(400);
    expect(dep.json().message).toContain('Depósito');
    expect(dep.json().message).toContain('Ley 820');
    const sinArr = await as(t.app, admin).post('/api/firmas/contratos', contrato({ id_plantilla: p.id, id_arrendatario: null }));
    expect(sinArr.json().message).toContain('Arrendatario');
    const canon = await as(t.app, admin).post('/api/firmas/contratos', contrato({ id_plantilla: p.id, canon: 'mucho' }));
    expect(canon.json().message).toContain('Canon');
    const fecha = await as(t.app, admin).post(
      '/api/firmas/contratos',
      contrato({ id_plantilla: p.id, fecha_inicio: '2027-02-30' }),
    );
    expect(fecha.json().message).toContain('Fecha de inicio');
    const mandato = await plantillaDe('mandato');
    const otraClase = await as(t.app, admin).post('/api/firmas/contratos', contrato({ id_plantilla: mandato.id }));
    expect(otraClase.statusCode).toBe(400);
    expect(otraClase.json().message).toContain('Plantilla');
    const enContratos = await as(t.app, admin).post(
      '/api/firmas/contratos',
      contrato({ clase: 'mandato', id_plantilla: mandato.id }),
    );
    expect(enContratos.json().message).toContain('Clase de contrato');
    const noHay = await as(t.app, admin).post('/api/firmas/contratos', contrato({ id_plantilla: p.id, inmueble: 999999 }));
    expect(noHay.json().message).toContain('Inmueble');
  });

  it('403 without the idm; another company cannot see it; the COEM register does not list leases', async () => {
    expect((await as(t.app, solo76).get('/api/firmas/contratos')).statusCode).toBe(200);
    expect((await as(t.app, solo76).get('/api/firmas/contratos-coem')).statusCode).toBe(403);
    expect((await as(t.app, admin2).get(`/api/firmas/contratos/${id}`)).statusCode).toBe(404);
    expect(ok<{ total: number }>(await as(t.app, admin2).get('/api/firmas/contratos?q=Arrendataria')).total).toBe(0);
    expect((await as(t.app, admin).get(`/api/firmas/contratos-coem/${id}`)).statusCode).toBe(404);
    // A draft has no signed PDF yet; another company's contract is not there.
    const borrador = await as(t.app, admin).get(`/api/firmas/contratos/${id}/firmado`);
    expect([borrador.statusCode, borrador.json().message]).toEqual([409, expect.stringContaining('no se ha enviado a firma')]);
    expect((await as(t.app, admin2).get(`/api/firmas/contratos/${id}/firmado`)).statusCode).toBe(404);
  });

  it('a mandate goes to the COEM register with the owners only', async () => {
    const m = await plantillaDe('mandato');
    const c = ok<Contrato>(
      await as(t.app, admin).post(
        '/api/firmas/contratos-coem',
        contrato({ clase: 'mandato', id_plantilla: m.id, id_arrendatario: null, codeudores: [] }),
      ),
    );
    expect(c.numero).toMatch(/^CM-/);
    expect(c.partes.every((x) => x.rol === 'propietario')).toBe(true);
    const l = ok<{ items: { id: number }[] }>(await as(t.app, admin).get('/api/firmas/contratos-coem'));
    expect(l.items.map((x) => x.id)).toContain(c.id);
    const leases = ok<{ items: { id: number }[] }>(await as(t.app, admin).get('/api/firmas/contratos?pageSize=100'));
    expect(leases.items.map((x) => x.id)).not.toContain(c.id);
  });

  it('«Enviar a firma» sends it through firmas; when all sign it is firmado and the property arrendado', async () => {
    const antes = sink.recibidos.length;
    const c = ok<Contrato>(await as(t.app, admin).post(`/api/firmas/contratos/${id}/enviar`, { mensaje: 'Firme por favor' }));
    expect(c.estado).toBe('enviado');
    expect(c.id_firma_documento).toBeGreaterThan(0);
    expect((await as(t.app, admin).post(`/api/firmas/contratos/${id}/enviar`, {})).statusCode).toBe(409);
    const n = new Set(c.partes.map((p) => p.email.toLowerCase())).size;
    await t.deps.mailer.idle();
    const rec = await sink.esperar(antes + n);
    const tokens = rec
      .slice(antes)
      .map((r) => /\/firmar\/([A-Za-z0-9_-]{43})/.exec(textoDelMensaje(r.data))?.[1])
      .filter((x): x is string => Boolean(x));
    expect(tokens).toHaveLength(n);
    for (const token of tokens) await firmarPorEnlace(t, sink, token);
    // The seal job makes the PDF and finishes the contract (property arrendado) in its transaction.
    expect(await sellarFirmas(t)).toBe(1);
    const fin = ok<Contrato>(await as(t.app, admin).get(`/api/firmas/contratos/${id}`));
    expect(fin.estado).toBe('firmado');
    expect(fin.estado_firma).toBe('firmado');
    expect(fin.estado_inmueble).toBe('arrendado');
    expect(fin.historial.map((h) => h.hasta)).toEqual(['borrador', 'enviado', 'firmado']);
    // The signed PDF, under the contract's own idm: the sealed one, not the template rendered again.
    const firmado = await as(t.app, admin).get(`/api/firmas/contratos/${id}/firmado`);
    expect(firmado.statusCode, firmado.body.slice(0, 200)).toBe(200);
    expect(firmado.headers['content-disposition']).toContain(`contrato-${fin.numero}-firmado.pdf`);
    expect(firmado.rawPayload.includes(Buffer.from('/ByteRange'))).toBe(true);
    // Whoever handles contracts (76) downloads it without the signing module (10582).
    expect((await as(t.app, solo76).get(`/api/firmas/contratos/${id}/firmado`)).statusCode).toBe(200);
    const hist = await t.db.tenant(1, (tx) =>
      queryRows<{ desde: string; hasta: string; observacion: string }>(
        tx,
        sql`select h.desde, h.hasta, h.observacion from inmueble_estado_historial h join inmueble i on i.id = h.id_inmueble
            where i.consecutivo = ${inmueble} order by h.id desc limit 1`,
      ),
    );
    expect(hist[0]).toMatchObject({ desde: estadoInicial, hasta: 'arrendado' });
    expect(hist[0]!.observacion).toContain(fin.numero);
    // By hand: firmado → vigente → terminado; nothing goes back.
    const v = ok<Contrato>(await as(t.app, admin).post(`/api/firmas/contratos/${id}/estado`, { estado: 'vigente' }));
    expect(v.estado).toBe('vigente');
    const malo = await as(t.app, admin).post(`/api/firmas/contratos/${id}/estado`, { estado: 'borrador' });
    expect(malo.statusCode).toBe(409);
    expect(malo.json().message).toContain('terminado');
    // A signed contract is not edited.
    const p = await plantillaDe('arrendamiento_vivienda');
    expect((await put(admin, `/api/firmas/contratos/${id}`, contrato({ id_plantilla: p.id }))).statusCode).toBe(409);
  }, 120_000);
});
