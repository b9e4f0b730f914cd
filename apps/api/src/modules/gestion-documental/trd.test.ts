import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { COLUMNAS_TRD, type FilaTrd, type ReporteTrd } from '@predio/contract/gestion-documental-trd';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp, ok } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let sinIdm: string;

async function libro(filas: (string | number | null)[][], encabezado: readonly string[] = COLUMNAS_TRD): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('TRD');
  ws.addRow([...encabezado]);
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const subir = (token: string, accion: 'validar' | 'importar', data: Buffer) => {
  const m = multipart({
    filename: 'trd.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data,
  });
  return as(t.app, token).post(`/api/gestion-documental/trd/${accion}`, m.payload, { headers: m.headers });
};

// A TRD of an agency: two dependencias sharing the Contratos serie, a new serie and a new tipo.
const TRD = [
  [
    '100-02.01',
    'Gerencia',
    'Contratos',
    'Contratos de arrendamiento',
    'Contrato de arrendamiento',
    2,
    8,
    'M/D',
    'Papel',
    'Se digitaliza al cerrar el expediente.',
  ],
  [
    '100-02.01',
    'Gerencia',
    'Contratos',
    'Contratos de arrendamiento',
    'Acta de entrega',
    2,
    8,
    'Microfilmación/digitalización',
    'Papel',
    'Se digitaliza al cerrar el expediente.',
  ],
  [
    '200-02.01',
    'Arrendamientos',
    'Contratos',
    'Contratos de arrendamiento',
    'Contrato de arrendamiento',
    2,
    8,
    'D',
    'papel',
    'Se digitaliza al cerrar el expediente.',
  ],
  [
    '700-12.03',
    'Archivo y correspondencia',
    'Peticiones, quejas y reclamos',
    'Derechos de petición',
    'Derecho de petición',
    1,
    4,
    'CT',
    'Electrónico',
    null,
  ],
  [
    '700-12.03',
    'Archivo y correspondencia',
    'Peticiones, quejas y reclamos',
    'Derechos de petición',
    'Respuesta a petición PQR',
    1,
    4,
    'Conservación total',
    'Electrónico',
    null,
  ],
];

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'sin10574', nroId: '80201', permisos: '10579,10581' });
  sinIdm = await login(t.app, { idEmpresa: 1, usuario: 'sin10574', clave: 'demo1234' });
});
afterAll(async () => {
  await t?.close();
});

describe('importar-parametrizacion: the TRD from Excel', () => {
  it('downloads a template that validates clean', async () => {
    const r = await as(t.app, admin1).get('/api/gestion-documental/trd/plantilla');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('plantilla-trd');
    const rep = ok<ReporteTrd>(await subir(admin1, 'validar', r.rawPayload));
    expect(rep.conErrores).toBe(0);
    expect(rep.filas).toHaveLength(2);
    expect(rep.aplicado).toBe(false);
  });

  it('validates without writing, then imports all, and the export re-imports unchanged', async () => {
    expect(ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'))).toEqual([]);
    const archivo = await libro(TRD);
    const v = ok<ReporteTrd>(await subir(admin1, 'validar', archivo));
    expect(v.conErrores).toBe(0);
    expect(v.areas).toEqual({ nuevas: 1, actualizadas: 0 });
    expect(v.series).toEqual({ nuevas: 1, actualizadas: 0 });
    // 02.01 gains its support and procedure; 12.03 is new.
    expect(v.subseries).toEqual({ nuevas: 1, actualizadas: 1 });
    expect(v.trd).toEqual({ nuevas: 5, quitadas: 0, iguales: 0 });
    expect(ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'))).toEqual([]);

    const i = ok<ReporteTrd>(await subir(admin1, 'importar', archivo));
    expect(i.aplicado).toBe(true);
    expect(i.trd).toEqual({ nuevas: 5, quitadas: 0, iguales: 0 });
    const trd = ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'));
    expect(trd.map((f) => `${f.codigo} ${f.tipo_documental}`)).toEqual([
      '100-02.01 Acta de entrega',
      '100-02.01 Contrato de arrendamiento',
      '200-02.01 Contrato de arrendamiento',
      '700-12.03 Derecho de petición',
      '700-12.03 Respuesta a petición PQR',
    ]);
    expect(trd[3]).toMatchObject({
      dependencia: 'Archivo y correspondencia',
      serie: 'Peticiones, quejas y reclamos',
      subserie: 'Derechos de petición',
      anios_gestion: 1,
      anios_central: 4,
      disposicion_final: 'CT',
      soporte: 'electronico',
    });
    expect(trd[0]).toMatchObject({
      disposicion_final: 'D',
      soporte: 'papel',
      procedimiento: 'Se digitaliza al cerrar el expediente.',
    });
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ usuario: string }>(tx, sql`select usuario from auditoria where entidad = 'trd' and accion = 'importar'`),
    );
    expect(aud?.usuario).toBe('admin');

    // Round trip: the export, imported back, changes nothing.
    const exp = await as(t.app, admin1).get('/api/gestion-documental/trd/exportar');
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const otra = ok<ReporteTrd>(await subir(admin1, 'importar', exp.rawPayload));
    expect(otra).toMatchObject({
      conErrores: 0,
      areas: { nuevas: 0, actualizadas: 0 },
      series: { nuevas: 0, actualizadas: 0 },
      subseries: { nuevas: 0, actualizadas: 0 },
      tipos: { nuevas: 0, actualizadas: 0 },
      trd: { nuevas: 0, quitadas: 0, iguales: 5 },
      aplicado: true,
    });
    expect(ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'))).toEqual(trd);

    // The file is the whole TRD: a row left out is removed.
    const menos = ok<ReporteTrd>(await subir(admin1, 'importar', await libro(TRD.slice(0, 4))));
    expect(menos.trd).toEqual({ nuevas: 0, quitadas: 1, iguales: 4 });
    expect(ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'))).toHaveLength(4);
  });

  it('reports every bad row by field and imports nothing', async () => {
    const antes = ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'));
    const malas = await libro([
      ...TRD,
      ['10012.03', 'Gerencia', 'Contratos', 'X', 'Carta', 1, 1, 'CT', null, null],
      ['100-02.02', 'Gerencia', 'Contratos', 'Contratos de administración', 'Carta', 'dos', -1, 'quemar', 'pergamino', null],
      [
        '200-02.01',
        'Arrendamientos',
        'Contratos',
        'Contratos de arrendamiento',
        'Carta',
        3,
        8,
        'D',
        'Papel',
        'Se digitaliza al cerrar el expediente.',
      ],
      ['800-13.01', 'Gerencia', 'Nueva serie', 'Nueva', 'Carta', 1, 1, 'E', null, null],
      [
        '100-02.01',
        'Gerencia',
        'Contratos',
        'Contratos de arrendamiento',
        'Acta de entrega',
        2,
        8,
        'D',
        'Papel',
        'Se digitaliza al cerrar el expediente.',
      ],
      ['', '', '', '', '', null, null, '', '', ''],
      ['300-03.01', 'Ventas', 'Correspondencia', 'Recibida', '', 1, 2, 'E', null, null],
    ]);
    const v = ok<ReporteTrd>(await subir(admin1, 'validar', malas));
    const de = (fila: number) => v.filas.find((f) => f.fila === fila)!.errores.map((e) => `${e.campo}: ${e.mensaje}`);
    expect(v.conErrores).toBe(6);
    expect(v.filas).toHaveLength(11); // the blank row is skipped
    expect(de(2)).toEqual([]);
    expect(de(7)[0]).toMatch(/^Código: El campo Código debe tener la forma dependencia-serie.subserie/);
    expect(de(8)).toEqual([
      'Años archivo de gestión: El campo Años archivo de gestión debe ser un número entero de años entre 0 y 100',
      'Años archivo central: El campo Años archivo central debe ser un número entero de años entre 0 y 100',
      expect.stringMatching(/^Disposición final: El campo Disposición final debe ser Conservación total/),
      expect.stringMatching(/^Soporte: El campo Soporte debe ser Papel/),
    ]);
    expect(de(9)).toEqual([
      'Años archivo de gestión: El campo Años archivo de gestión no coincide con la fila 2 para la subserie 02.01',
    ]);
    expect(de(10)).toEqual([
      'Código: El campo Código no coincide con la fila 2 para la dependencia «Gerencia»',
      'Dependencia: El campo Dependencia «Gerencia» ya existe en la empresa con el código 100',
    ]);
    expect(de(11)).toEqual(['Tipo documental: La fila repite la fila 3 (mismo código y tipo documental)']);
    expect(de(13)).toEqual(['Tipo documental: El campo Tipo documental es obligatorio']);

    const r = await subir(admin1, 'importar', malas);
    expect(r.statusCode).toBe(400);
    const body = r.json() as { message: string; data: ReporteTrd };
    expect(body.message).toBe('file: 6 filas tienen errores; no se importó nada. Corrija el archivo y vuelva a validarlo.');
    expect(body.data.conErrores).toBe(6);
    expect(ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'))).toEqual(antes);
    const [nueva] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from series_documentales where codigo = '13'`),
    );
    expect(nueva?.n).toBe(0);
  });

  it('refuses a workbook without the TRD columns, an empty one and a name taken under another code', async () => {
    const sinColumnas = await subir(admin1, 'validar', await libro([['100-02.01', 'Gerencia']], ['Código', 'Dependencia']));
    expect(sinColumnas.statusCode).toBe(400);
    expect(sinColumnas.json().message).toMatch(/^file: faltan las columnas Serie, Subserie, Tipo documental/);
    const vacio = await subir(admin1, 'validar', await libro([]));
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().message).toContain('file: el archivo no tiene filas');
    const m = multipart(null, { nada: '1' });
    const sinArchivo = await as(t.app, admin1).post('/api/gestion-documental/trd/validar', m.payload, { headers: m.headers });
    expect(sinArchivo.statusCode).toBe(400);
    expect(sinArchivo.json().message).toContain('file');
    const v = ok<ReporteTrd>(
      await subir(
        admin1,
        'validar',
        await libro([['900-02.01', 'Ventas', 'Contratos', 'Contratos de arrendamiento', 'Carta', 2, 8, 'D', null, null]]),
      ),
    );
    expect(v.filas[0]!.errores).toEqual([
      { campo: 'Dependencia', mensaje: 'El campo Dependencia «Ventas» ya existe en la empresa con el código 300' },
    ]);
  });

  it('answers 403 without idm 10574 and keeps each company to its own TRD', async () => {
    const archivo = await libro(TRD);
    expect((await as(t.app, sinIdm).get('/api/gestion-documental/trd')).statusCode).toBe(403);
    expect((await as(t.app, sinIdm).get('/api/gestion-documental/trd/exportar')).statusCode).toBe(403);
    expect((await subir(sinIdm, 'importar', archivo)).statusCode).toBe(403);
    // Company 2 sees none of company 1's TRD, and importing its own leaves company 1's alone.
    expect(ok<FilaTrd[]>(await as(t.app, admin2).get('/api/gestion-documental/trd'))).toEqual([]);
    const uno = ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'));
    expect(ok<ReporteTrd>(await subir(admin2, 'importar', await libro(TRD.slice(3)))).aplicado).toBe(true);
    expect(ok<FilaTrd[]>(await as(t.app, admin2).get('/api/gestion-documental/trd'))).toHaveLength(2);
    expect(ok<FilaTrd[]>(await as(t.app, admin1).get('/api/gestion-documental/trd'))).toEqual(uno);
  });
});
