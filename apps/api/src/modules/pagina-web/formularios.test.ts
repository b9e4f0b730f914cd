import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CAMPOS_PRIVADOS } from '@predio/contract/pagina-web';
import type { EnvioFormulario, Formulario } from '@predio/contract/pagina-web-formularios';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, crearUsuario, DEMO, login, type TestApp, ok, error, injectAs, type Pedir } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let solo202: string;
let ipN = 0;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const enviar = (empresa: number, id: number, payload: unknown, ip = `10.9.0.${++ipN}`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/publico/${empresa}/formularios/${id}`,
    payload: payload as object,
    remoteAddress: ip,
  });

const formulario = (o: Partial<Record<string, unknown>> = {}) => ({
  nombre: 'Quiero vender mi casa',
  descripcion: 'Déjenos sus datos',
  tipo_solicitud: 'consignar',
  mensaje_gracias: '¡Gracias! Le llamaremos hoy.',
  campos: [
    { etiqueta: 'Correo', tipo: 'correo', obligatorio: true },
    { etiqueta: 'Celular', tipo: 'telefono' },
    { etiqueta: 'Barrio', tipo: 'seleccion', obligatorio: true, opciones: ['Laureles', 'Envigado', ''] },
    { etiqueta: 'Área (m²)', tipo: 'numero' },
    { etiqueta: '¿Tiene escrituras?', tipo: 'casilla' },
    { etiqueta: 'Disponible desde', tipo: 'fecha' },
    { etiqueta: 'Comentarios', tipo: 'parrafo' },
    { etiqueta: 'Ciudad', tipo: 'texto' },
  ],
  ...o,
});

const respuestas = {
  c1: 'Ana.Gomez@Example.com',
  c2: '3104445566',
  c3: 'Laureles',
  c4: '120',
  c5: true,
  c6: '2026-12-15',
  c7: '<script>alert(1)</script>Casa esquinera',
  c8: 'Medellín',
};

function claves(v: unknown, acc = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) claves(x, acc);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      acc.add(k);
      claves(x, acc);
    }
  return acc;
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'solo202f', nroId: '80203', permisos: '202' });
  solo202 = await login(t.app, { idEmpresa: 1, usuario: 'solo202f', clave: 'demo1234' });
});
afterAll(() => t.close());

describe('formularios (10536)', () => {
  it('builds a form, keys its fields by place, and audits it', async () => {
    const f = ok<Formulario>(await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario()));
    expect(f.campos.map((c) => c.campo)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8']);
    expect(f.campos[2]!.opciones).toEqual(['Laureles', 'Envigado']);
    expect(f.envios).toBe(0);
    const lista = ok<{ items: Formulario[] }>(await pedir(admin1, 'GET', '/api/paginaweb/formularios?q=vender'));
    expect(lista.items.map((x) => x.id)).toContain(f.id);
    const [aud] = await t.db.system((tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'formularios-web' and entidad_id = ${String(f.id)}`,
      ),
    );
    expect(aud?.accion).toBe('crear');
  });

  it('refuses bad input naming the field', async () => {
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ nombre: ' ' })),
      400,
      'El campo Nombre es obligatorio',
    );
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ campos: [{ etiqueta: 'Ciudad', tipo: 'texto' }] })),
      400,
      'Correo electrónico o de Teléfono',
    );
    error(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/formularios',
        formulario({
          campos: [
            { etiqueta: 'Tel', tipo: 'telefono' },
            { etiqueta: 'Barrio', tipo: 'seleccion', opciones: ['Uno'] },
          ],
        }),
      ),
      400,
      'El campo Opciones de «Barrio» necesita al menos dos opciones',
    );
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ campos: [{ etiqueta: 'Tel', tipo: 'fax' }] })),
      400,
      'El campo Tipo de campo debe ser uno de',
    );
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ tipo_solicitud: 'x' })),
      400,
      'Tipo de solicitud',
    );
  });

  it('answers 403 without the idm and 404 for another company’s form', async () => {
    const f = ok<Formulario>(await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ nombre: 'Privado' })));
    error(await pedir(solo202, 'GET', '/api/paginaweb/formularios'), 403, 'No tiene permiso');
    error(await pedir(solo202, 'POST', '/api/paginaweb/formularios', formulario()), 403);
    error(await pedir(admin2, 'GET', `/api/paginaweb/formularios/${f.id}`), 404);
    error(await pedir(admin2, 'PUT', `/api/paginaweb/formularios/${f.id}`, formulario()), 404);
    error(await pedir(admin2, 'DELETE', `/api/paginaweb/formularios/${f.id}`), 404);
    error(await pedir(admin2, 'GET', `/api/paginaweb/formularios/${f.id}/envios`), 404);
    // Nor through the other company's public address.
    error(await enviar(2, f.id, { nombre: 'X', respuestas, autoriza_datos: true }), 404);
    error(await t.app.inject({ method: 'GET', url: `/api/publico/2/formularios/${f.id}` }), 404);
  });

  it('a public submission becomes a solicitud of the form’s type, notifies who attends them, and is listed and exported', async () => {
    const f = ok<Formulario>(
      await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ nombre: 'Consigne su inmueble' })),
    );
    // The public definition: no author, no company, no counts.
    const pub = ok<{ campos: unknown[]; consentimiento: string }>(
      await t.app.inject({ method: 'GET', url: `/api/publico/1/formularios/${f.id}` }),
    );
    expect(pub.consentimiento).toContain('Ley 1581');
    for (const k of claves(pub)) expect(CAMPOS_PRIVADOS as readonly string[]).not.toContain(k);
    expect(claves(pub)).not.toContain('envios');
    const lista = ok<{ id: number }[]>(await t.app.inject({ method: 'GET', url: '/api/publico/1/formularios' }));
    expect(lista.map((x) => x.id)).toContain(f.id);

    const r = ok<{ numero: number; mensaje: string }>(
      await enviar(1, f.id, { nombre: 'Ana Gómez', respuestas, autoriza_datos: true }),
    );
    expect(r.mensaje).toBe('¡Gracias! Le llamaremos hoy.');
    const s = ok<{
      tipo: string;
      canal: string;
      contacto_email: string;
      contacto_telefono: string;
      mensaje: string;
      historial: { nota: string }[];
    }>(await pedir(admin1, 'GET', `/api/solicitudes/${r.numero}`));
    expect(s).toMatchObject({
      tipo: 'consignar',
      canal: 'sitio_web',
      contacto_email: 'ana.gomez@example.com',
      contacto_telefono: '3104445566',
    });
    expect(s.mensaje).toContain('Barrio: Laureles');
    expect(s.mensaje).toContain('¿Tiene escrituras?: Sí');
    expect(s.historial.map((h) => h.nota).join(' ')).toContain('formulario «Consigne su inmueble»');
    const avisos = await t.db.tenant(1, (tx) =>
      queryRows<{ usuario: string }>(
        tx,
        sql`select u.usuario from notificacion n join usuarios u on u.id = n.id_usuario
            where n.titulo = ${`Solicitud ${r.numero} del formulario «Consigne su inmueble»`}`,
      ),
    );
    expect(avisos.map((a) => a.usuario)).toContain('admin');

    const envios = ok<{ items: EnvioFormulario[]; total: number }>(
      await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios`),
    );
    expect(envios.total).toBe(1);
    expect(envios.items[0]).toMatchObject({ nombre: 'Ana Gómez', numero_solicitud: r.numero });
    const csv = await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios/exportar?formato=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Barrio');
    expect(csv.body).toContain('Laureles');
    const xlsx = await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios/exportar`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(ok<Formulario>(await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}`)).envios).toBe(1);
  });

  it('refuses a bad submission naming the field, without consent, or to an unpublished form', async () => {
    const f = ok<Formulario>(await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ nombre: 'Validaciones' })));
    error(
      await enviar(1, f.id, { nombre: 'Ana', respuestas: { ...respuestas, c1: 'no-es-correo' }, autoriza_datos: true }),
      400,
      'El campo Correo debe ser un correo electrónico válido',
    );
    error(
      await enviar(1, f.id, { nombre: 'Ana', respuestas: { ...respuestas, c3: 'Bello' }, autoriza_datos: true }),
      400,
      'El campo Barrio debe ser una de',
    );
    error(
      await enviar(1, f.id, { nombre: 'Ana', respuestas: { ...respuestas, c4: 'mucho' }, autoriza_datos: true }),
      400,
      'El campo Área (m²) debe ser un número',
    );
    error(
      await enviar(1, f.id, { nombre: 'Ana', respuestas: { ...respuestas, c6: '2026-02-30' }, autoriza_datos: true }),
      400,
      'El campo Disponible desde debe ser una fecha',
    );
    error(
      await enviar(1, f.id, { nombre: 'Ana', respuestas: { c2: '3104445566', c3: 'Laureles' }, autoriza_datos: true }),
      400,
      'El campo Correo es obligatorio',
    );
    error(await enviar(1, f.id, { nombre: 'Ana', respuestas }), 400, 'Debe autorizar el tratamiento de sus datos personales');
    error(await enviar(1, f.id, { nombre: '', respuestas, autoriza_datos: true }), 400, 'El campo Nombre es obligatorio');
    ok(await pedir(admin1, 'PUT', `/api/paginaweb/formularios/${f.id}`, formulario({ nombre: 'Validaciones', activo: false })));
    error(await enviar(1, f.id, { nombre: 'Ana', respuestas, autoriza_datos: true }), 404);
    error(await t.app.inject({ method: 'GET', url: `/api/publico/1/formularios/${f.id}` }), 404);
    expect(ok<{ total: number }>(await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios`)).total).toBe(0);
  });

  it('keeps nothing from a robot (honeypot) and limits a connection like the contact form', async () => {
    const f = ok<Formulario>(await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ nombre: 'Límites' })));
    const robot = ok<{ numero: number | null }>(
      await enviar(1, f.id, { nombre: 'Bot', respuestas, autoriza_datos: true, sitio: 'http://spam' }),
    );
    expect(robot.numero).toBeNull();
    const ip = '10.9.9.9';
    const codigos: number[] = [];
    for (let i = 0; i < 7; i++)
      codigos.push((await enviar(1, f.id, { nombre: `Ana ${i}`, respuestas, autoriza_datos: true }, ip)).statusCode);
    expect(codigos.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codigos.at(-1)).toBe(429);
  });

  it('deletes a form with its submissions after they were listed', async () => {
    const f = ok<Formulario>(await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ nombre: 'Para borrar' })));
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/formularios/${f.id}`));
    error(await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}`), 404);
  });

  it('shows on the public site, escaped, and its HTML form becomes a solicitud', async () => {
    const f = ok<Formulario>(
      await pedir(admin1, 'POST', '/api/paginaweb/formularios', formulario({ nombre: 'Avalúo <script>x()</script>' })),
    );
    const inicio = await t.app.inject({ method: 'GET', url: '/sitio/1' });
    expect(inicio.body).toContain(`/sitio/1/formularios/${f.id}`);
    expect(inicio.body).not.toContain('<script>x()');
    const pag = await t.app.inject({ method: 'GET', url: `/sitio/1/formularios/${f.id}` });
    expect(pag.statusCode).toBe(200);
    expect(pag.body).toContain('Avalúo &lt;script&gt;');
    expect(pag.body).toContain('Ley 1581');
    expect((await t.app.inject({ method: 'GET', url: `/sitio/2/formularios/${f.id}` })).statusCode).toBe(404);
    const post = (campos: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/sitio/1/formularios/${f.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(campos).toString(),
        remoteAddress: `10.9.1.${++ipN}`,
      });
    const mal = await post({ nombre: 'Luis', c1: 'luis@example.com', c3: 'Laureles' });
    expect(mal.statusCode).toBe(400);
    expect(mal.body).toContain('Debe autorizar el tratamiento de sus datos personales');
    expect(mal.body).toContain('value="luis@example.com"');
    const bien = await post({ nombre: 'Luis', c1: 'luis@example.com', c3: 'Laureles', c5: 'true', autoriza_datos: 'true' });
    expect(bien.statusCode, bien.body).toBe(200);
    expect(bien.body).toContain('¡Gracias! Le llamaremos hoy.');
    const envios = ok<{ items: EnvioFormulario[] }>(await pedir(admin1, 'GET', `/api/paginaweb/formularios/${f.id}/envios`));
    expect(envios.items[0]!.respuestas.find((r) => r.etiqueta === '¿Tiene escrituras?')?.valor).toBe('Sí');
  });
});
