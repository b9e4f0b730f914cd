import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPOS_PRIVADOS } from '@predio/contract/pagina-web';
import type { EnlaceEncuesta, Encuesta, ResultadosEncuesta } from '@predio/contract/pagina-web-encuestas';
import type { RespuestaInforme } from '@predio/contract/informes';
import { createTestApp, crearUsuario, DEMO, login, type TestApp, ok, error, injectAs, type Pedir } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let solo10588: string;
let ipN = 0;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const responder = (empresa: number, token: string, respuestas: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/publico/${empresa}/encuestas/${token}`,
    payload: { respuestas } as object,
    remoteAddress: `10.8.0.${++ipN}`,
  });

const encuesta = (o: Partial<Record<string, unknown>> = {}) => ({
  titulo: 'Satisfacción con la visita',
  descripcion: 'Cuéntenos cómo le fue',
  preguntas: [
    { pregunta: '¿Qué tan satisfecho quedó con la visita?', tipo: 'escala' },
    { pregunta: '¿El asesor llegó a tiempo?', tipo: 'si_no' },
    { pregunta: '¿Cómo nos conoció?', tipo: 'opcion', opciones: ['Portal', 'Referido', 'Redes sociales'] },
    { pregunta: 'Comentarios', tipo: 'texto', obligatoria: false },
  ],
  ...o,
});

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
  await crearUsuario(t.db, 1, { usuario: 'solo10588', nroId: '80588', permisos: '10588' });
  solo10588 = await login(t.app, { idEmpresa: 1, usuario: 'solo10588', clave: 'demo1234' });
});
afterAll(() => t.close());

describe('encuestas (10587) and /informes/encuestas (10588)', () => {
  it('builds a survey and refuses bad input naming the field', async () => {
    const e = ok<Encuesta>(await pedir(admin1, 'POST', '/api/paginaweb/encuestas', encuesta()));
    expect(e.preguntas).toHaveLength(4);
    expect(e.preguntas[0]!.opciones).toEqual([]);
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/encuestas', encuesta({ titulo: '' })),
      400,
      'El campo Título es obligatorio',
    );
    error(await pedir(admin1, 'POST', '/api/paginaweb/encuestas', encuesta({ preguntas: [] })), 400, 'al menos una pregunta');
    error(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/encuestas',
        encuesta({ preguntas: [{ pregunta: 'X', tipo: 'opcion', opciones: ['A'] }] }),
      ),
      400,
      'El campo Opciones de la pregunta 1 necesita al menos dos opciones',
    );
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/encuestas', encuesta({ preguntas: [{ pregunta: 'X', tipo: 'estrellas' }] })),
      400,
      'El campo Tipo de pregunta debe ser uno de',
    );
    error(
      await pedir(admin1, 'POST', `/api/paginaweb/encuestas/${e.id}/enlaces`, { email: 'no' }),
      400,
      'El campo Correo electrónico',
    );
  });

  it('answers 403 without the idm and 404 for another company', async () => {
    const e = ok<Encuesta>(await pedir(admin1, 'POST', '/api/paginaweb/encuestas', encuesta({ titulo: 'Privada' })));
    const [l] = ok<{ items: EnlaceEncuesta[] }>(
      await pedir(admin1, 'POST', `/api/paginaweb/encuestas/${e.id}/enlaces`, {}),
    ).items;
    error(await pedir(solo10588, 'GET', '/api/paginaweb/encuestas'), 403, 'No tiene permiso');
    error(await pedir(solo10588, 'POST', '/api/paginaweb/encuestas', encuesta()), 403);
    error(await pedir(admin2, 'GET', `/api/paginaweb/encuestas/${e.id}`), 404);
    error(await pedir(admin2, 'GET', `/api/paginaweb/encuestas/${e.id}/resultados`), 404);
    error(await pedir(admin2, 'DELETE', `/api/paginaweb/encuestas/${e.id}`), 404);
    // Its link under the other company's address does not exist.
    error(await t.app.inject({ method: 'GET', url: `/api/publico/2/encuestas/${l!.token}` }), 404);
    error(await responder(2, l!.token, { p1: '5', p2: 'si', p3: 'Portal' }), 404);
    expect((await t.app.inject({ method: 'GET', url: `/sitio/2/encuestas/${l!.token}` })).statusCode).toBe(404);
  });

  it('a link answers once; results per question and the report agree', async () => {
    const e = ok<Encuesta>(await pedir(admin1, 'POST', '/api/paginaweb/encuestas', encuesta({ titulo: 'Entrega del inmueble' })));
    const enlaces = ok<{ items: EnlaceEncuesta[] }>(
      await pedir(admin1, 'POST', `/api/paginaweb/encuestas/${e.id}/enlaces`, { cantidad: 3 }),
    ).items;
    expect(enlaces).toHaveLength(3);
    const [a, b, c] = enlaces.map((l) => l.token);
    const pub = ok<{ titulo: string; respondida: boolean }>(
      await t.app.inject({ method: 'GET', url: `/api/publico/1/encuestas/${a}` }),
    );
    expect(pub).toMatchObject({ titulo: 'Entrega del inmueble', respondida: false });
    for (const k of claves(pub)) expect(CAMPOS_PRIVADOS as readonly string[]).not.toContain(k);

    error(
      await responder(1, a!, { p1: '7', p2: 'si', p3: 'Portal' }),
      400,
      'La pregunta 1 («¿Qué tan satisfecho quedó con la visita?») debe ser un número de 1 a 5',
    );
    error(await responder(1, a!, { p1: 5, p3: 'Portal' }), 400, 'La pregunta 2 («¿El asesor llegó a tiempo?») es obligatoria');
    error(await responder(1, a!, { p1: 5, p2: 'si', p3: 'Televisión' }), 400, 'La pregunta 3');
    ok(await responder(1, a!, { p1: 5, p2: true, p3: 'Portal', p4: 'Muy amables <b>gracias</b>' }));
    error(await responder(1, a!, { p1: 1, p2: 'no', p3: 'Portal' }), 409, 'ya fue respondida');
    ok(await responder(1, b!, { p1: '4', p2: 'no', p3: 'Referido' }));
    ok(await responder(1, c!, { p1: '2', p2: 'si', p3: 'Portal' }));

    const r = ok<ResultadosEncuesta>(await pedir(admin1, 'GET', `/api/paginaweb/encuestas/${e.id}/resultados`));
    expect(r.respuestas).toBe(3);
    expect(r.preguntas[0]).toMatchObject({ respuestas: 3, promedio: 3.67 });
    expect(r.preguntas[0]!.conteos).toEqual([
      { valor: '1', n: 0 },
      { valor: '2', n: 1 },
      { valor: '3', n: 0 },
      { valor: '4', n: 1 },
      { valor: '5', n: 1 },
    ]);
    expect(r.preguntas[1]!.conteos).toEqual([
      { valor: 'Sí', n: 2 },
      { valor: 'No', n: 1 },
    ]);
    expect(r.preguntas[3]!.textos).toEqual(['Muy amables <b>gracias</b>']);

    // The questions of an answered survey stay; its title may change.
    error(
      await pedir(
        admin1,
        'PUT',
        `/api/paginaweb/encuestas/${e.id}`,
        encuesta({ titulo: 'Entrega del inmueble', preguntas: [{ pregunta: 'Otra', tipo: 'texto' }] }),
      ),
      409,
      'sus preguntas no se pueden cambiar',
    );
    ok(await pedir(admin1, 'PUT', `/api/paginaweb/encuestas/${e.id}`, encuesta({ titulo: 'Entrega del inmueble (2026)' })));

    // The report, with the idm 10588 only.
    const inf = ok<RespuestaInforme>(await pedir(solo10588, 'GET', '/api/informes/encuestas/datos'));
    const filas = inf.filas.filter((f) => f.encuesta === 'Entrega del inmueble (2026)');
    expect(filas).toHaveLength(4);
    expect(filas[0]).toMatchObject({
      respuestas: 3,
      promedio: '3,67 / 5',
      satisfaccion: 67,
      distribucion: '5: 1 · 4: 1 · 3: 0 · 2: 1 · 1: 0',
    });
    expect(filas[1]).toMatchObject({ satisfaccion: 67, distribucion: 'Sí: 2 · No: 1' });
    expect(filas[3]).toMatchObject({ satisfaccion: null, distribucion: '1 comentarios' });
    expect(inf.serie.etiquetas).toContain('1. ¿Qué tan satisfecho quedó con la visita?');
    expect(inf.serie.etiquetas).not.toContain('4. Comentarios');
    error(await pedir(solo10588, 'GET', '/api/informes/encuestas/datos?asesor=1'), 400, 'Filtro desconocido');
    expect(
      ok<RespuestaInforme>(await pedir(solo10588, 'GET', '/api/informes/encuestas/datos?desde=2020-01-01&hasta=2020-01-31'))
        .filas,
    ).toEqual([]);
    expect(ok<RespuestaInforme>(await pedir(admin2, 'GET', '/api/informes/encuestas/datos')).filas).toEqual([]);
    const xlsx = await pedir(solo10588, 'GET', '/api/informes/encuestas/exportar?formato=xlsx');
    expect(xlsx.statusCode).toBe(200);
  });

  it('the public site page answers once, escaped, showing mistakes per question', async () => {
    const e = ok<Encuesta>(
      await pedir(admin1, 'POST', '/api/paginaweb/encuestas', encuesta({ titulo: 'Mantenimiento <script>x()</script>' })),
    );
    const [l] = ok<{ items: EnlaceEncuesta[] }>(
      await pedir(admin1, 'POST', `/api/paginaweb/encuestas/${e.id}/enlaces`, {
        destinatario: 'Marta',
        email: 'marta@example.com',
      }),
    ).items;
    const pag = await t.app.inject({ method: 'GET', url: `/sitio/1/encuestas/${l!.token}` });
    expect(pag.statusCode).toBe(200);
    expect(pag.body).toContain('Mantenimiento &lt;script&gt;');
    const post = (campos: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/sitio/1/encuestas/${l!.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(campos).toString(),
        remoteAddress: `10.8.1.${++ipN}`,
      });
    const mal = await post({ p1: '4' });
    expect(mal.statusCode).toBe(400);
    expect(mal.body).toContain('La pregunta 2 («¿El asesor llegó a tiempo?») es obligatoria');
    expect(mal.body).toContain('value="4" checked');
    const bien = await post({ p1: '4', p2: 'si', p3: 'Referido' });
    expect(bien.statusCode, bien.body).toBe(200);
    expect(bien.body).toContain('¡Gracias por responder!');
    const otra = await t.app.inject({ method: 'GET', url: `/sitio/1/encuestas/${l!.token}` });
    expect(otra.body).toContain('ya fue respondida');
    const enlaces = ok<{ items: EnlaceEncuesta[] }>(await pedir(admin1, 'GET', `/api/paginaweb/encuestas/${e.id}/enlaces`)).items;
    expect(enlaces[0]).toMatchObject({ destinatario: 'Marta', email: 'marta@example.com' });
    expect(enlaces[0]!.respondida_en).not.toBeNull();
    // An answered link cannot be deleted; the survey can.
    error(await pedir(admin1, 'DELETE', `/api/paginaweb/encuestas/${e.id}/enlaces/${enlaces[0]!.id}`), 404);
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/encuestas/${e.id}`));
    expect((await t.app.inject({ method: 'GET', url: `/sitio/1/encuestas/${l!.token}` })).statusCode).toBe(404);
  });
});
