import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nombrePropio } from '../../platform/formato.ts';
import { col, tablaDe } from '../schema/maestros.ts';

// What every new company finds in its master tables: Colombian defaults it can edit.

// In the bundle this resolves next to dist/main.js, where the build copies the file.
const CSV = fileURLToPath(new URL('./divipola-municipios.csv', import.meta.url));

/** Errors in the DANE file as it reached us, by code: 15248 reads "EL6aSPINO". */
const CORRECCIONES_DANE: Record<string, string> = { '15248': 'EL ESPINO' };

/** The DANE municipalities as the file has them (upper case), with its known errors corrected. */
export function leerMunicipiosDane(path = CSV): { codigo_dane: string; departamento: string; municipio: string }[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [codigo = '', departamento = '', ...resto] = l.split(',');
      const municipio = resto
        .join(',')
        .trim()
        .replace(/^"(.*)"$/, '$1');
      return { codigo_dane: codigo.trim(), departamento: departamento.trim(), municipio };
    })
    .map((m) => ({ ...m, municipio: CORRECCIONES_DANE[m.codigo_dane] ?? m.municipio }));
}

/** What a new company finds in Municipios: every DANE municipality, named as people write it. */
export function leerMunicipios(path = CSV): { codigo_dane: string; departamento: string; municipio: string }[] {
  return leerMunicipiosDane(path).map((m) => ({
    codigo_dane: m.codigo_dane,
    departamento: nombrePropio(m.departamento),
    municipio: nombrePropio(m.municipio),
  }));
}

const nombres = (...xs: string[]) => xs.map((nombre) => ({ nombre }));
const grupo = (g: string, ...xs: string[]) => xs.map((nombre) => ({ nombre, grupo: g }));

export const BARRIOS_SEMILLA: Record<string, string[]> = {
  // Medellín
  '05001': [
    'El Poblado',
    'Laureles',
    'Belén',
    'Estadio',
    'Conquistadores',
    'La América',
    'Boston',
    'Prado',
    'Manila',
    'Castilla',
    'Aranjuez',
    'Robledo',
  ],
  // Bogotá, D.C.
  '11001': [
    'Chapinero',
    'Usaquén',
    'Cedritos',
    'Teusaquillo',
    'Chicó',
    'Rosales',
    'Santa Bárbara',
    'Galerías',
    'Modelia',
    'Niza',
    'La Soledad',
    'Salitre',
  ],
  // Barranquilla
  '08001': [
    'El Prado',
    'Riomar',
    'Alto Prado',
    'Villa Country',
    'Boston',
    'Bellavista',
    'Ciudad Jardín',
    'El Golf',
    'Villa Santos',
    'La Concepción',
    'Las Delicias',
    'Granadillo',
  ],
};

// Tabla de Retención Documental de una inmobiliaria. Contracts and property files are kept ten years
// in all (Ley 962 de 2005, art. 28; Código de Comercio, art. 60).
export const SERIES_SEMILLA = [
  {
    codigo: '01',
    nombre: 'Actas',
    subseries: [
      { codigo: '01.01', nombre: 'Actas de entrega de inmuebles', anios_gestion: 2, anios_central: 8, disposicion_final: 'S' },
      { codigo: '01.02', nombre: 'Actas de reunión', anios_gestion: 2, anios_central: 3, disposicion_final: 'E' },
    ],
  },
  {
    codigo: '02',
    nombre: 'Contratos',
    subseries: [
      { codigo: '02.01', nombre: 'Contratos de arrendamiento', anios_gestion: 2, anios_central: 8, disposicion_final: 'D' },
      { codigo: '02.02', nombre: 'Contratos de administración', anios_gestion: 2, anios_central: 8, disposicion_final: 'D' },
      { codigo: '02.03', nombre: 'Contratos de corretaje', anios_gestion: 2, anios_central: 8, disposicion_final: 'E' },
    ],
  },
  {
    codigo: '03',
    nombre: 'Correspondencia',
    subseries: [
      { codigo: '03.01', nombre: 'Recibida', anios_gestion: 1, anios_central: 2, disposicion_final: 'E' },
      { codigo: '03.02', nombre: 'Enviada', anios_gestion: 1, anios_central: 2, disposicion_final: 'E' },
    ],
  },
  {
    codigo: '04',
    nombre: 'Historias de inmuebles',
    subseries: [
      { codigo: '04.01', nombre: 'Inmuebles en arriendo', anios_gestion: 2, anios_central: 8, disposicion_final: 'S' },
      { codigo: '04.02', nombre: 'Inmuebles en venta', anios_gestion: 2, anios_central: 8, disposicion_final: 'S' },
    ],
  },
  {
    codigo: '05',
    nombre: 'Informes',
    subseries: [
      { codigo: '05.01', nombre: 'Informes a propietarios', anios_gestion: 1, anios_central: 4, disposicion_final: 'E' },
      { codigo: '05.02', nombre: 'Informes de gestión', anios_gestion: 2, anios_central: 8, disposicion_final: 'CT' },
    ],
  },
];

/** Simple lists, by resource key. */
export const LISTAS_SEMILLA: Record<string, Record<string, unknown>[]> = {
  categoriasdocumentosclientes: [
    { nombre: 'Contratos', visible_para: 'todos' },
    { nombre: 'Actas de entrega e inventarios', visible_para: 'todos' },
    { nombre: 'Certificados', visible_para: 'todos' },
    { nombre: 'Extractos y liquidaciones', visible_para: 'propietarios' },
    { nombre: 'Facturas y recibos de pago', visible_para: 'arrendatarios' },
    { nombre: 'Paz y salvos', visible_para: 'arrendatarios' },
  ],
  zonas: nombres('Norte', 'Sur', 'Oriente', 'Occidente', 'Centro'),
  sectores: nombres('Residencial', 'Comercial', 'Industrial', 'Campestre', 'Rural'),
  captacion: nombres('Aviso en el inmueble', 'Referido', 'Llamada', 'Página web', 'Portal inmobiliario', 'Visita a la oficina'),
  caracteristicas: [
    ...grupo('interior', 'Cocina integral', 'Estudio', 'Balcón', 'Terraza', 'Chimenea', 'Zona de ropas', 'Calentador', 'Vestier'),
    ...grupo('interior', 'Aire acondicionado', 'Amoblado', 'Cuarto útil', 'Piso en madera', 'Vista exterior'),
    ...grupo('exterior', 'Patio', 'Jardín', 'Parqueadero cubierto', 'Parqueadero de visitantes'),
    ...grupo('zonas_comunes', 'Piscina', 'Gimnasio', 'Salón social', 'Zona BBQ', 'Parque infantil', 'Portería 24 horas'),
    ...grupo('zonas_comunes', 'Cancha deportiva', 'Planta eléctrica', 'Conjunto cerrado'),
    ...grupo('sector', 'Cerca a transporte público', 'Cerca a centros comerciales', 'Cerca a colegios', 'Zona verde'),
  ],
  causales: [
    { nombre: 'Arrendado por la inmobiliaria', negocio_inmobiliaria: true },
    { nombre: 'Vendido por la inmobiliaria', negocio_inmobiliaria: true },
    ...nombres(
      'Arrendado por el propietario',
      'Vendido por el propietario',
      'El propietario lo retiró',
      'Precio fuera de mercado',
      'Inmueble en mal estado',
      'Consignación vencida',
    ),
  ],
  mediospublicitarios: nombres(
    'Fincaraíz',
    'Metrocuadrado',
    'Ciencuadras',
    'Mercado Libre',
    'Página web',
    'Redes sociales',
    'Referido',
    'Aviso',
    'Volante',
    'Otro',
  ),
  mediosautmanejodatos: nombres('Formato físico firmado', 'Correo electrónico', 'Formulario web', 'WhatsApp', 'Llamada grabada'),
  categoriasagenda: [
    { nombre: 'Visita', color: '#1890ff' },
    { nombre: 'Captación', color: '#96be0e' },
    { nombre: 'Entrega de inmueble', color: '#13c2c2' },
    { nombre: 'Recibo de inmueble', color: '#722ed1' },
    { nombre: 'Firma de contrato', color: '#fa8c16' },
    { nombre: 'Reunión', color: '#2f54eb' },
    { nombre: 'Llamada', color: '#eb2f96' },
  ],
  resultadosagenda: nombres('Interesado', 'No interesado', 'Reprogramada', 'No asistió', 'Negocio cerrado'),
  'tareas-prioridades': [
    { orden: 1, nombre: 'Baja', color: '#52c41a' },
    { orden: 2, nombre: 'Media', color: '#1890ff' },
    { orden: 3, nombre: 'Alta', color: '#fa8c16' },
    { orden: 4, nombre: 'Urgente', color: '#f5222d' },
  ],
  'tareas-categorias': [
    { nombre: 'Comercial', color: '#96be0e' },
    { nombre: 'Administrativa', color: '#1890ff' },
    { nombre: 'Mantenimiento', color: '#fa8c16' },
    { nombre: 'Jurídica', color: '#722ed1' },
    { nombre: 'Contabilidad', color: '#13c2c2' },
  ],
  'estado-gestion-documental': [
    { nombre: 'Radicado', color: '#1890ff' },
    { nombre: 'En trámite', color: '#fa8c16' },
    { nombre: 'Respondido', color: '#52c41a' },
    { nombre: 'Archivado', color: '#8c8c8c' },
    { nombre: 'Anulado', color: '#f5222d' },
  ],
  'areas-de-la-empresa': [
    { codigo: '100', nombre: 'Gerencia' },
    { codigo: '200', nombre: 'Arrendamientos' },
    { codigo: '300', nombre: 'Ventas' },
    { codigo: '400', nombre: 'Contabilidad' },
    { codigo: '500', nombre: 'Jurídica' },
    { codigo: '600', nombre: 'Mantenimiento' },
  ],
  'tipos-documentales': nombres(
    'Contrato',
    'Acta',
    'Carta',
    'Derecho de petición',
    'Certificado de tradición y libertad',
    'Cédula de ciudadanía',
    'Recibo de servicios públicos',
    'Inventario',
    'Factura',
    'Paz y salvo',
  ),
  'tipos-documentos-a-firmar': nombres(
    'Contrato de arrendamiento',
    'Contrato de administración',
    'Acta de entrega',
    'Otrosí',
    'Pagaré',
  ),
};

const SISTEMA = 'sistema';

/** Idempotent: a row that already exists (by its uniqueness rule) is left as it is. */
export async function sembrarMaestros(tx: Tx): Promise<void> {
  const con = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, creado_por: SISTEMA }));
  await tx.insert(tablaDe('municipios')).values(con(leerMunicipios())).onConflictDoNothing();
  for (const [key, rows] of Object.entries(LISTAS_SEMILLA)) await tx.insert(tablaDe(key)).values(con(rows)).onConflictDoNothing();

  const municipios = tablaDe('municipios');
  const ids = await tx
    .select({ id: municipios.id, codigo: col(municipios, 'codigo_dane') })
    .from(municipios)
    .where(inArray(col(municipios, 'codigo_dane'), Object.keys(BARRIOS_SEMILLA)));
  const barrios = ids.flatMap((m) => (BARRIOS_SEMILLA[String(m.codigo)] ?? []).map((nombre) => ({ id_municipio: m.id, nombre })));
  await tx.insert(tablaDe('barrios')).values(con(barrios)).onConflictDoNothing();

  const series = tablaDe('series-documentales');
  const filas = await tx
    .insert(series)
    .values(con(SERIES_SEMILLA.map((s) => ({ codigo: s.codigo, nombre: s.nombre }))))
    .onConflictDoNothing()
    .returning({ id: series.id, codigo: col(series, 'codigo') });
  const subseries = filas.flatMap((s) =>
    (SERIES_SEMILLA.find((x) => x.codigo === s.codigo)?.subseries ?? []).map((x) => ({ ...x, id_serie: s.id })),
  );
  if (subseries.length > 0) await tx.insert(tablaDe('subseries-documentales')).values(con(subseries)).onConflictDoNothing();
}
