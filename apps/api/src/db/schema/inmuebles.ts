import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

// Property names follow the contract's field names; column names are the same snake_case.
export const inmueble = pgTable('inmueble', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  consecutivo: integer('consecutivo').notNull(),
  tipo: text('tipo').notNull(),
  gestion: text('gestion').notNull(),
  estado: text('estado').notNull().default('captado'),
  id_causal_retiro: integer('id_causal_retiro'),
  direccion: text('direccion').notNull(),
  id_municipio: integer('id_municipio').notNull(),
  id_barrio: integer('id_barrio'),
  id_sector: integer('id_sector'),
  id_zona: integer('id_zona'),
  estrato: smallint('estrato'),
  area_construida: numeric('area_construida', { precision: 12, scale: 2, mode: 'number' }),
  area_privada: numeric('area_privada', { precision: 12, scale: 2, mode: 'number' }),
  area_lote: numeric('area_lote', { precision: 12, scale: 2, mode: 'number' }),
  habitaciones: smallint('habitaciones').notNull().default(0),
  banos: smallint('banos').notNull().default(0),
  parqueaderos: smallint('parqueaderos').notNull().default(0),
  piso: smallint('piso'),
  ascensor: boolean('ascensor').notNull().default(false),
  anio_construccion: smallint('anio_construccion'),
  canon: bigint('canon', { mode: 'number' }),
  precio_venta: bigint('precio_venta', { mode: 'number' }),
  administracion: bigint('administracion', { mode: 'number' }),
  descripcion: text('descripcion').notNull().default(''),
  observaciones_internas: text('observaciones_internas').notNull().default(''),
  id_asesor_captador: integer('id_asesor_captador'),
  id_asesor_comercial: integer('id_asesor_comercial'),
  id_captacion: integer('id_captacion'),
  fecha_consignacion: date('fecha_consignacion'),
  vigencia_consignacion: date('vigencia_consignacion'),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  codigo_llaves: text('codigo_llaves').notNull().default(''),
  publicar: jsonb('publicar').$type<Record<string, boolean>>().notNull().default({}),
  texto_busqueda: text('texto_busqueda').generatedAlwaysAs(sql`lower(predio_unaccent(direccion || ' ' || descripcion))`),
  version: integer('version').notNull().default(1),
  creado_por: text('creado_por').notNull(),
  creado_en: ts('creado_en').notNull().defaultNow(),
  modificado_por: text('modificado_por'),
  modificado_en: ts('modificado_en'),
});

export const inmueblePropietario = pgTable('inmueble_propietario', {
  idEmpresa: idEmpresa(),
  idInmueble: integer('id_inmueble').notNull(),
  idTercero: integer('id_tercero').notNull(),
  porcentaje: numeric('porcentaje', { precision: 5, scale: 2, mode: 'number' }).notNull(),
});

export const inmuebleEstadoHistorial = pgTable('inmueble_estado_historial', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idEmpresa: idEmpresa(),
  idInmueble: integer('id_inmueble').notNull(),
  desde: text('desde'),
  hasta: text('hasta').notNull(),
  idCausal: integer('id_causal'),
  observacion: text('observacion').notNull().default(''),
  idUsuario: integer('id_usuario'),
  usuario: text('usuario').notNull(),
  fecha: ts('fecha').notNull().defaultNow(),
});

export const inmuebleCaracteristica = pgTable('inmueble_caracteristica', {
  idEmpresa: idEmpresa(),
  idInmueble: integer('id_inmueble').notNull(),
  idCaracteristica: integer('id_caracteristica').notNull(),
});
