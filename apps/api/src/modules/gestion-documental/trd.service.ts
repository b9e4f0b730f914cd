import { CODES } from '@predio/contract/codes';
import {
  COLUMNAS_TRD,
  ETIQUETAS_DISPOSICION,
  ETIQUETAS_SOPORTE,
  PATRON_CODIGO_TRD,
  type DisposicionTrd,
  type ErrorFilaTrd,
  type FilaReporteTrd,
  type FilaTrd,
  type ReporteTrd,
  type SoporteTrd,
} from '@predio/contract/gestion-documental-trd';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { desescaparFormula, type Celda } from '../../platform/tabular/celdas.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import * as repo from './trd.repo.ts';
import { normalTexto as normal } from '../../platform/texto.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };

export const ENTIDAD_TRD = 'trd';
const MAX_FILAS_TRD = 5000;

/** Accent- and case-insensitive key, like the masters' unique indexes (lower(predio_unaccent(...))). */

export const leer = (o: Base): Promise<FilaTrd[]> => repo.filas(o.tx);

const celdasDe = (f: FilaTrd): Celda[] => [
  f.codigo,
  f.dependencia,
  f.serie,
  f.subserie,
  f.tipo_documental,
  f.anios_gestion,
  f.anios_central,
  f.disposicion_final ? ETIQUETAS_DISPOSICION[f.disposicion_final] : '',
  f.soporte ? ETIQUETAS_SOPORTE[f.soporte] : '',
  f.procedimiento,
];

/** The current TRD in the layout the import reads, so exporting and importing it back changes nothing. */
export async function exportar(o: Base): Promise<Archivo> {
  const hoja = { encabezados: [...COLUMNAS_TRD], filas: (await repo.filas(o.tx)).map(celdasDe) };
  return exportarHoja({ hoja, base: 'trd', titulo: 'TRD', formato: 'xlsx' });
}

/** A workbook with the columns and two example rows of one subserie (codes of the demo's TRD). */
export function plantilla(): Promise<Archivo> {
  const ejemplo: Omit<FilaTrd, 'tipo_documental'> = {
    codigo: '100-02.01',
    dependencia: 'Gerencia',
    serie: 'Contratos',
    subserie: 'Contratos de arrendamiento',
    anios_gestion: 2,
    anios_central: 8,
    disposicion_final: 'D',
    soporte: 'papel',
    procedimiento: 'Al terminar el contrato se transfiere al archivo central y se digitaliza.',
  };
  const filas = ['Contrato de arrendamiento', 'Acta de entrega'].map((t) => celdasDe({ ...ejemplo, tipo_documental: t }));
  return exportarHoja({ hoja: { encabezados: [...COLUMNAS_TRD], filas }, base: 'plantilla-trd', titulo: 'TRD', formato: 'xlsx' });
}

const DISPOSICION: Record<string, DisposicionTrd> = {
  ct: 'CT',
  'conservacion total': 'CT',
  e: 'E',
  eliminacion: 'E',
  s: 'S',
  seleccion: 'S',
  d: 'D',
  m: 'D',
  'm/d': 'D',
  md: 'D',
  microfilmacion: 'D',
  digitalizacion: 'D',
  'microfilmacion/digitalizacion': 'D',
  'microfilmacion o digitalizacion': 'D',
};
const SOPORTE: Record<string, SoporteTrd> = {
  papel: 'papel',
  p: 'papel',
  f: 'papel',
  fisico: 'papel',
  electronico: 'electronico',
  el: 'electronico',
  digital: 'electronico',
  'papel y electronico': 'ambos',
  ambos: 'ambos',
  'p/e': 'ambos',
  'f/e': 'ambos',
  hibrido: 'ambos',
};

type Leida = {
  fila: number;
  areaCodigo: string;
  serieCodigo: string;
  subCodigo: string;
  dependencia: string;
  serie: string;
  subserie: string;
  tipo: string;
  anios_gestion: number;
  anios_central: number;
  disposicion_final: DisposicionTrd;
  soporte: SoporteTrd | null;
  procedimiento: string | null;
};

const texto = (v: Celda): string => {
  if (v === null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return desescaparFormula(String(v).trim()).replace(/\s+/g, ' ');
};

function anios(v: Celda, campo: string, errores: ErrorFilaTrd[]): number {
  const s = texto(v);
  const n = typeof v === 'number' ? v : /^\d+$/.test(s) ? Number(s) : NaN;
  if (s === '') errores.push({ campo, mensaje: `El campo ${campo} es obligatorio` });
  else if (!Number.isInteger(n) || n < 0 || n > 100)
    errores.push({ campo, mensaje: `El campo ${campo} debe ser un número entero de años entre 0 y 100` });
  return n;
}

/** Reads one row into its values, or names each field that is wrong. */
function leerFila(celdas: Celda[], col: Map<string, number>, fila: number): { leida: Leida | null; errores: ErrorFilaTrd[] } {
  const errores: ErrorFilaTrd[] = [];
  const c = (nombre: (typeof COLUMNAS_TRD)[number]) => {
    const i = col.get(nombre);
    return i === undefined ? null : (celdas[i] ?? null);
  };
  const obligatorio = (nombre: (typeof COLUMNAS_TRD)[number], max: number) => {
    const v = texto(c(nombre));
    if (v === '') errores.push({ campo: nombre, mensaje: `El campo ${nombre} es obligatorio` });
    else if (v.length > max) errores.push({ campo: nombre, mensaje: `El campo ${nombre} admite máximo ${max} caracteres` });
    return v;
  };
  const codigo = obligatorio('Código', 40);
  const m = PATRON_CODIGO_TRD.exec(codigo);
  if (codigo !== '' && !m)
    errores.push({
      campo: 'Código',
      mensaje: `El campo Código debe tener la forma dependencia-serie.subserie (por ejemplo 100-12.03): «${codigo}»`,
    });
  // The subserie's code is stored as serie.subserie («12.03»), which the masters keep to 10 characters.
  if (m && m[2]!.length + m[3]!.length + 1 > 10)
    errores.push({ campo: 'Código', mensaje: `El campo Código admite máximo 10 caracteres en serie.subserie: «${codigo}»` });
  const dependencia = obligatorio('Dependencia', 80);
  const serie = obligatorio('Serie', 120);
  const subserie = obligatorio('Subserie', 120);
  const tipo = obligatorio('Tipo documental', 80);
  const ag = anios(c('Años archivo de gestión'), 'Años archivo de gestión', errores);
  const ac = anios(c('Años archivo central'), 'Años archivo central', errores);
  const dispTexto = texto(c('Disposición final'));
  const disp = DISPOSICION[normal(dispTexto)];
  if (dispTexto === '') errores.push({ campo: 'Disposición final', mensaje: 'El campo Disposición final es obligatorio' });
  else if (!disp)
    errores.push({
      campo: 'Disposición final',
      mensaje: `El campo Disposición final debe ser Conservación total, Eliminación, Selección o Microfilmación/digitalización (CT, E, S, M/D): «${dispTexto}»`,
    });
  const sopTexto = texto(c('Soporte'));
  const soporte = sopTexto === '' ? null : (SOPORTE[normal(sopTexto)] ?? null);
  if (sopTexto !== '' && !soporte)
    errores.push({
      campo: 'Soporte',
      mensaje: `El campo Soporte debe ser Papel, Electrónico o Papel y electrónico: «${sopTexto}»`,
    });
  const procedimiento = texto(c('Procedimiento'));
  if (procedimiento.length > 2000)
    errores.push({ campo: 'Procedimiento', mensaje: 'El campo Procedimiento admite máximo 2000 caracteres' });
  if (errores.length > 0 || !m || !disp) return { leida: null, errores };
  return {
    errores,
    leida: {
      fila,
      areaCodigo: m[1]!,
      serieCodigo: m[2]!,
      subCodigo: `${m[2]!}.${m[3]!}`,
      dependencia,
      serie,
      subserie,
      tipo,
      anios_gestion: ag,
      anios_central: ac,
      disposicion_final: disp,
      soporte,
      procedimiento: procedimiento === '' ? null : procedimiento,
    },
  };
}

/** The first value seen under a key, and the row it came from; a later row that differs is reported. */
class Primeros<V> {
  private readonly m = new Map<string, { v: V; fila: number }>();
  ver(clave: string, v: V, fila: number): { v: V; fila: number } | null {
    const antes = this.m.get(clave);
    if (!antes) this.m.set(clave, { v, fila });
    return antes ?? null;
  }
  valores() {
    return [...this.m.values()];
  }
}

type Plan = {
  reporte: ReporteTrd;
  leidas: Leida[];
  existentes: {
    areas: repo.AreaTrd[];
    series: repo.SerieTrd[];
    subseries: repo.SubserieTrd[];
    tipos: repo.TipoTrd[];
    enlaces: repo.EnlaceTrd[];
  };
};

/** Checks every row of the workbook, alone and against the others and the company's masters, writing nothing. */
async function planear(tx: Tx, filas: Celda[][]): Promise<Plan> {
  const [encabezado = [], ...datos] = filas;
  const col = new Map<string, number>();
  encabezado.forEach((h, i) => {
    const nombre = COLUMNAS_TRD.find((c) => normal(c) === normal(texto(h)));
    if (nombre && !col.has(nombre)) col.set(nombre, i);
  });
  const faltan = COLUMNAS_TRD.filter((c) => c !== 'Soporte' && c !== 'Procedimiento' && !col.has(c));
  if (faltan.length > 0) throw invalido('file', `faltan las columnas ${faltan.join(', ')} en la primera fila`);
  if (datos.length > MAX_FILAS_TRD) throw invalido('file', `admite máximo ${MAX_FILAS_TRD} filas por archivo`);

  const existentes = {
    areas: await repo.areas(tx),
    series: await repo.series(tx),
    subseries: await repo.subseries(tx),
    tipos: await repo.tipos(tx),
    enlaces: await repo.enlaces(tx),
  };
  const reporte: FilaReporteTrd[] = [];
  const leidas: Leida[] = [];
  const areaPorCodigo = new Primeros<string>();
  const areaPorNombre = new Primeros<string>();
  const seriePorCodigo = new Primeros<string>();
  const seriePorNombre = new Primeros<string>();
  const subPorCodigo = new Primeros<Leida>();
  const subPorNombre = new Primeros<string>();
  const vistas = new Primeros<true>();

  for (const [i, celdas] of datos.entries()) {
    if (celdas.every((c) => c === null || String(c).trim() === '')) continue;
    const fila = i + 2;
    const { leida: l, errores } = leerFila(celdas, col, fila);
    reporte.push({
      fila,
      codigo: texto(col.has('Código') ? (celdas[col.get('Código')!] ?? null) : null),
      tipo_documental: texto(celdas[col.get('Tipo documental')!] ?? null),
      errores,
    });
    if (!l) continue;
    const difiere = (campo: string, otra: number, que: string) =>
      errores.push({ campo, mensaje: `El campo ${campo} no coincide con la fila ${otra} para ${que}` });
    // One name per code and one code per name, for áreas, series and subseries (within their serie).
    const a = areaPorCodigo.ver(normal(l.areaCodigo), normal(l.dependencia), fila);
    if (a && a.v !== normal(l.dependencia)) difiere('Dependencia', a.fila, `la dependencia ${l.areaCodigo}`);
    const an = areaPorNombre.ver(normal(l.dependencia), normal(l.areaCodigo), fila);
    if (an && an.v !== normal(l.areaCodigo)) difiere('Código', an.fila, `la dependencia «${l.dependencia}»`);
    const s = seriePorCodigo.ver(normal(l.serieCodigo), normal(l.serie), fila);
    if (s && s.v !== normal(l.serie)) difiere('Serie', s.fila, `la serie ${l.serieCodigo}`);
    const sn = seriePorNombre.ver(normal(l.serie), normal(l.serieCodigo), fila);
    if (sn && sn.v !== normal(l.serieCodigo)) difiere('Código', sn.fila, `la serie «${l.serie}»`);
    // Retention belongs to the subserie: every row of a subserie must say the same.
    const ss = subPorCodigo.ver(normal(l.subCodigo), l, fila);
    if (ss) {
      const o = ss.v;
      const que = `la subserie ${l.subCodigo}`;
      if (normal(o.subserie) !== normal(l.subserie)) difiere('Subserie', ss.fila, que);
      if (o.anios_gestion !== l.anios_gestion) difiere('Años archivo de gestión', ss.fila, que);
      if (o.anios_central !== l.anios_central) difiere('Años archivo central', ss.fila, que);
      if (o.disposicion_final !== l.disposicion_final) difiere('Disposición final', ss.fila, que);
      if (o.soporte !== l.soporte) difiere('Soporte', ss.fila, que);
      if ((o.procedimiento ?? '') !== (l.procedimiento ?? '')) difiere('Procedimiento', ss.fila, que);
    }
    const ssn = subPorNombre.ver(`${normal(l.serieCodigo)}\u0000${normal(l.subserie)}`, normal(l.subCodigo), fila);
    if (ssn && ssn.v !== normal(l.subCodigo)) difiere('Código', ssn.fila, `la subserie «${l.subserie}»`);
    const rep = vistas.ver(`${normal(l.areaCodigo)}\u0000${normal(l.subCodigo)}\u0000${normal(l.tipo)}`, true, fila);
    if (rep)
      errores.push({ campo: 'Tipo documental', mensaje: `La fila repite la fila ${rep.fila} (mismo código y tipo documental)` });
    // Against the company's masters: a name already taken by a record of another code.
    if (!a) {
      const otra = existentes.areas.find(
        (x) => normal(x.nombre) === normal(l.dependencia) && x.codigo !== null && normal(x.codigo) !== normal(l.areaCodigo),
      );
      if (otra)
        errores.push({
          campo: 'Dependencia',
          mensaje: `El campo Dependencia «${l.dependencia}» ya existe en la empresa con el código ${otra.codigo}`,
        });
    }
    if (!s) {
      const otra = existentes.series.find(
        (x) => normal(x.nombre) === normal(l.serie) && normal(x.codigo) !== normal(l.serieCodigo),
      );
      if (otra)
        errores.push({
          campo: 'Serie',
          mensaje: `El campo Serie «${l.serie}» ya existe en la empresa con el código ${otra.codigo}`,
        });
    }
    if (!ss) {
      const serieExistente = existentes.series.find((x) => normal(x.codigo) === normal(l.serieCodigo));
      const otra = serieExistente
        ? existentes.subseries.find(
            (x) =>
              x.id_serie === serieExistente.id &&
              normal(x.nombre) === normal(l.subserie) &&
              normal(x.codigo) !== normal(l.subCodigo),
          )
        : undefined;
      if (otra)
        errores.push({
          campo: 'Subserie',
          mensaje: `El campo Subserie «${l.subserie}» ya existe en la serie con el código ${otra.codigo}`,
        });
    }
    if (errores.length === 0) leidas.push(l);
  }
  if (reporte.length === 0) throw invalido('file', 'el archivo no tiene filas de la TRD después de los títulos');

  // What importing would change, counted against the masters.
  const conteo = {
    areas: { nuevas: 0, actualizadas: 0 },
    series: { nuevas: 0, actualizadas: 0 },
    subseries: { nuevas: 0, actualizadas: 0 },
    tipos: { nuevas: 0, actualizadas: 0 },
  };
  for (const { v: l } of subPorCodigo.valores()) {
    const serie = existentes.series.find((x) => normal(x.codigo) === normal(l.serieCodigo));
    const sub = serie && existentes.subseries.find((x) => x.id_serie === serie.id && normal(x.codigo) === normal(l.subCodigo));
    if (!sub) conteo.subseries.nuevas++;
    else if (cambiaSubserie(sub, valoresSubserie(l, sub.id_serie))) conteo.subseries.actualizadas++;
  }
  const primeras = new Map<string, Leida>();
  for (const l of leidas) if (!primeras.has(normal(l.areaCodigo))) primeras.set(normal(l.areaCodigo), l);
  for (const l of primeras.values()) {
    const area = buscarArea(existentes.areas, l);
    if (!area) conteo.areas.nuevas++;
    else if (area.nombre !== l.dependencia || area.codigo !== l.areaCodigo || !area.activo) conteo.areas.actualizadas++;
  }
  const seriesVistas = new Map<string, Leida>();
  for (const l of leidas) if (!seriesVistas.has(normal(l.serieCodigo))) seriesVistas.set(normal(l.serieCodigo), l);
  for (const l of seriesVistas.values()) {
    const serie = existentes.series.find((x) => normal(x.codigo) === normal(l.serieCodigo));
    if (!serie) conteo.series.nuevas++;
    else if (serie.nombre !== l.serie || !serie.activo) conteo.series.actualizadas++;
  }
  const tiposVistos = new Set<string>();
  for (const l of leidas) {
    if (tiposVistos.has(normal(l.tipo))) continue;
    tiposVistos.add(normal(l.tipo));
    const tipo = existentes.tipos.find((x) => normal(x.nombre) === normal(l.tipo));
    if (!tipo) conteo.tipos.nuevas++;
    else if (!tipo.activo) conteo.tipos.actualizadas++;
  }
  const conErrores = reporte.filter((r) => r.errores.length > 0).length;
  return {
    leidas,
    existentes,
    reporte: { filas: reporte, conErrores, ...conteo, trd: { nuevas: 0, quitadas: 0, iguales: 0 }, aplicado: false },
  };
}

/** An área by its code, or an área of the same name that has no code yet (it takes the file's). */
const buscarArea = (areas: repo.AreaTrd[], l: Leida) =>
  areas.find((x) => x.codigo !== null && normal(x.codigo) === normal(l.areaCodigo)) ??
  areas.find((x) => x.codigo === null && normal(x.nombre) === normal(l.dependencia));

const valoresSubserie = (l: Leida, idSerie: number): repo.ValoresSubserie => ({
  id_serie: idSerie,
  codigo: l.subCodigo,
  nombre: l.subserie,
  anios_gestion: l.anios_gestion,
  anios_central: l.anios_central,
  disposicion_final: l.disposicion_final,
  soporte: l.soporte,
  procedimiento: l.procedimiento,
});
const cambiaSubserie = (a: repo.SubserieTrd, b: repo.ValoresSubserie) =>
  !a.activo ||
  a.nombre !== b.nombre ||
  a.anios_gestion !== b.anios_gestion ||
  a.anios_central !== b.anios_central ||
  a.disposicion_final !== b.disposicion_final ||
  a.soporte !== b.soporte ||
  (a.procedimiento ?? null) !== b.procedimiento;

/** Validates the workbook and reports every row; writes nothing. */
export async function validar(o: Base & { filas: Celda[][] }): Promise<ReporteTrd> {
  const plan = await planear(o.tx, o.filas);
  contarEnlaces(plan, null);
  return plan.reporte;
}

/** The TRD rows the file asks for against the current ones; with ids resolved, which to add and remove. */
function contarEnlaces(plan: Plan, ids: Map<Leida, [number, number, number]> | null) {
  const actuales = plan.existentes.enlaces;
  if (!ids) {
    // Before writing, rows of new masters cannot match: count by the masters that exist.
    const clave = new Set(actuales.map((e) => `${e.id_area}-${e.id_subserie}-${e.id_tipo_documental}`));
    let iguales = 0;
    for (const l of plan.leidas) {
      const area = buscarArea(plan.existentes.areas, l);
      const serie = plan.existentes.series.find((x) => normal(x.codigo) === normal(l.serieCodigo));
      const sub =
        serie && plan.existentes.subseries.find((x) => x.id_serie === serie.id && normal(x.codigo) === normal(l.subCodigo));
      const tipo = plan.existentes.tipos.find((x) => normal(x.nombre) === normal(l.tipo));
      if (area && sub && tipo && clave.has(`${area.id}-${sub.id}-${tipo.id}`)) iguales++;
    }
    plan.reporte.trd = { nuevas: plan.leidas.length - iguales, quitadas: actuales.length - iguales, iguales };
    return { quitar: [], agregar: [] };
  }
  const deseadas = new Map<string, [number, number, number]>();
  for (const t of ids.values()) deseadas.set(t.join('-'), t);
  const quitar = actuales.filter((e) => !deseadas.has(`${e.id_area}-${e.id_subserie}-${e.id_tipo_documental}`)).map((e) => e.id);
  const tienen = new Set(actuales.map((e) => `${e.id_area}-${e.id_subserie}-${e.id_tipo_documental}`));
  const agregar = [...deseadas.entries()].filter(([k]) => !tienen.has(k)).map(([, v]) => v);
  plan.reporte.trd = { nuevas: agregar.length, quitadas: quitar.length, iguales: deseadas.size - agregar.length };
  return { quitar, agregar };
}

/**
 * Imports the whole TRD in the request's transaction: masters created or updated by their codes, and the
 * TRD rows replaced by the file's. A file with any bad row writes nothing and answers 400 with the report.
 */
export async function importar(o: Escritura & { filas: Celda[][] }): Promise<ReporteTrd> {
  const plan = await planear(o.tx, o.filas);
  const r = plan.reporte;
  if (r.conErrores > 0) {
    contarEnlaces(plan, null);
    throw new AppError(
      CODES.VALIDACION,
      `file: ${r.conErrores === 1 ? 'una fila tiene' : `${r.conErrores} filas tienen`} errores; no se importó nada. Corrija el archivo y vuelva a validarlo.`,
      [{ campo: 'file', mensaje: 'filas con errores' }],
      undefined,
      r,
    );
  }
  const por = o.user.usuario;
  const ex = plan.existentes;
  try {
    const areaIds = new Map<string, number>();
    const serieIds = new Map<string, number>();
    const subIds = new Map<string, number>();
    const tipoIds = new Map<string, number>();
    for (const l of plan.leidas) {
      const ka = normal(l.areaCodigo);
      if (!areaIds.has(ka)) {
        const area = buscarArea(ex.areas, l);
        const v = { codigo: l.areaCodigo, nombre: l.dependencia };
        if (!area) areaIds.set(ka, await repo.insertarArea(o.tx, v, por));
        else {
          if (area.nombre !== l.dependencia || area.codigo !== l.areaCodigo || !area.activo)
            await repo.actualizarArea(o.tx, area.id, v, por);
          areaIds.set(ka, area.id);
        }
      }
      const ks = normal(l.serieCodigo);
      if (!serieIds.has(ks)) {
        const serie = ex.series.find((x) => normal(x.codigo) === ks);
        if (!serie) serieIds.set(ks, await repo.insertarSerie(o.tx, { codigo: l.serieCodigo, nombre: l.serie }, por));
        else {
          if (serie.nombre !== l.serie || !serie.activo) await repo.actualizarSerie(o.tx, serie.id, { nombre: l.serie }, por);
          serieIds.set(ks, serie.id);
        }
      }
      const kss = normal(l.subCodigo);
      if (!subIds.has(kss)) {
        const idSerie = serieIds.get(ks)!;
        const sub = ex.subseries.find((x) => x.id_serie === idSerie && normal(x.codigo) === kss);
        const v = valoresSubserie(l, idSerie);
        if (!sub) subIds.set(kss, await repo.insertarSubserie(o.tx, v, por));
        else {
          if (cambiaSubserie(sub, v)) await repo.actualizarSubserie(o.tx, sub.id, { ...v, codigo: sub.codigo }, por);
          subIds.set(kss, sub.id);
        }
      }
      const kt = normal(l.tipo);
      if (!tipoIds.has(kt)) {
        const tipo = ex.tipos.find((x) => normal(x.nombre) === kt);
        if (!tipo) tipoIds.set(kt, await repo.insertarTipo(o.tx, l.tipo, por));
        else {
          if (!tipo.activo) await repo.activarTipo(o.tx, tipo.id, por);
          tipoIds.set(kt, tipo.id);
        }
      }
    }
    const ids = new Map<Leida, [number, number, number]>(
      plan.leidas.map((l) => [
        l,
        [areaIds.get(normal(l.areaCodigo))!, subIds.get(normal(l.subCodigo))!, tipoIds.get(normal(l.tipo))!],
      ]),
    );
    const { quitar, agregar } = contarEnlaces(plan, ids);
    await repo.quitarEnlaces(o.tx, quitar);
    await repo.insertarEnlaces(
      o.tx,
      agregar.map(([id_area, id_subserie, id_tipo_documental]) => ({ id_area, id_subserie, id_tipo_documental })),
      por,
    );
  } catch (e) {
    // Two rows swapping names between existing records meet the masters' unique names halfway.
    if (errorPg(e)?.code === PG.UNICO)
      throw invalido(
        'file',
        'el archivo intercambia nombres o códigos entre registros existentes; cámbielos en dos importaciones',
      );
    throw e;
  }
  r.aplicado = true;
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: por,
    accion: 'importar',
    entidad: ENTIDAD_TRD,
    cambios: { filas: plan.leidas.length, areas: r.areas, series: r.series, subseries: r.subseries, tipos: r.tipos, trd: r.trd },
    ip: o.ip,
  });
  return r;
}
