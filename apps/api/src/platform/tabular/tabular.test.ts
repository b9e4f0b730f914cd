import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { desescaparFormula, escaparFormula } from './celdas.ts';
import { escribirCsv, leerCsv } from './csv.ts';
import { escribirXlsx, leerXlsx } from './xlsx.ts';

describe('formula escaping', () => {
  it('prefixes an apostrophe to text a spreadsheet would run, and only to that', () => {
    for (const s of ['=1+1', '+57 300', '-2', '@SUM(A1)', '\tx', '\rx']) expect(escaparFormula(s)).toBe(`'${s}`);
    for (const s of ['Medellín', "'ya", '1=1', '']) expect(escaparFormula(s)).toBe(s);
    for (const s of ['=1+1', '-2', 'Medellín', "'texto"]) expect(desescaparFormula(escaparFormula(s))).toBe(s);
  });
});

describe('CSV', () => {
  it('writes UTF-8 with BOM, ; and CRLF, quoting what needs it, decimal comma and Sí/No', () => {
    const buf = escribirCsv({
      encabezados: ['Nombre', 'Comisión (%)', 'Activo', 'Fecha'],
      filas: [
        ['Bogotá; "centro"', 2.5, true, new Date('2024-05-17T00:00:00Z')],
        ['=HYPERLINK("x")', null, false, null],
      ],
    });
    expect(buf.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(buf.toString('utf8').slice(1)).toBe(
      'Nombre;Comisión (%);Activo;Fecha\r\n"Bogotá; ""centro""";2,5;Sí;2024-05-17\r\n"\'=HYPERLINK(""x"")";;No;\r\n',
    );
  });

  it('reads what it writes, and files from other tools: comma or tab separators, LF, quoted line breaks', () => {
    const filas = [
      ['a', 'b;c', 'd"e'],
      ['línea\nnueva', '', 'x'],
    ];
    const escrito = escribirCsv({ encabezados: ['A', 'B', 'C'], filas });
    expect(leerCsv(escrito)).toEqual([['A', 'B', 'C'], ...filas]);
    expect(leerCsv(Buffer.from('Nombre,Municipio\n"Poblado, El",MEDELLÍN\nLaureles,MEDELLÍN'))).toEqual([
      ['Nombre', 'Municipio'],
      ['Poblado, El', 'MEDELLÍN'],
      ['Laureles', 'MEDELLÍN'],
    ]);
    expect(leerCsv(Buffer.from('a\tb\r\n1\t2\r\n'))).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('Excel', () => {
  it('writes a sheet with bold headers and escaped formulas, and reads it back', async () => {
    const buf = await escribirXlsx({
      titulo: 'Inmobiliarias aliadas',
      encabezados: ['Nombre', 'Comisión', 'Activo', 'Fecha'],
      filas: [['=cmd', 3.5, true, new Date('2024-05-17T00:00:00Z')]],
    });
    expect(await leerXlsx(buf)).toEqual([
      ['Nombre', 'Comisión', 'Activo', 'Fecha'],
      ["'=cmd", 3.5, 'Sí', new Date('2024-05-17T00:00:00Z')],
    ]);
  });

  it('reads rich text, formulas by their result, hyperlinks and empty cells', async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('x');
    hoja.addRow(['Nombre', 'Total', 'Web']);
    hoja.addRow([
      { richText: [{ text: 'El ' }, { text: 'Poblado', font: { bold: true } }] },
      { formula: '1+1', result: 2 },
      { text: 'sitio', hyperlink: 'https://example.com' },
    ]);
    hoja.addRow([]);
    hoja.addRow(['Laureles', null, null]);
    const filas = await leerXlsx(Buffer.from(await libro.xlsx.writeBuffer()));
    expect(filas).toEqual([
      ['Nombre', 'Total', 'Web'],
      ['El Poblado', 2, 'sitio'],
      [null, null, null],
      ['Laureles', null, null],
    ]);
  });
});
