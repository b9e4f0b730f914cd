import { bigint, bigserial, date, integer, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

// Property names follow the contract's field names; column names are the same snake_case.
export const clienteAtendido = pgTable('cliente_atendido', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  consecutivo: integer('consecutivo').notNull(),
  id_tercero: integer('id_tercero').notNull(),
  fecha_ingreso: date('fecha_ingreso').notNull(),
  id_asesor: integer('id_asesor'),
  id_medio: integer('id_medio'),
  gestion: text('gestion').notNull(),
  estado: text('estado').notNull().default('activo'),
  tipos: text('tipos').array().notNull().default([]),
  municipios: integer('municipios').array().notNull().default([]),
  barrios: integer('barrios').array().notNull().default([]),
  zonas: integer('zonas').array().notNull().default([]),
  precio_min: bigint('precio_min', { mode: 'number' }),
  precio_max: bigint('precio_max', { mode: 'number' }),
  area_min: numeric('area_min', { precision: 12, scale: 2, mode: 'number' }),
  area_max: numeric('area_max', { precision: 12, scale: 2, mode: 'number' }),
  habitaciones_min: smallint('habitaciones_min'),
  banos_min: smallint('banos_min'),
  parqueaderos_min: smallint('parqueaderos_min'),
  estratos: integer('estratos').array().notNull().default([]),
  caracteristicas: integer('caracteristicas').array().notNull().default([]),
  observaciones: text('observaciones').notNull().default(''),
  resultado: text('resultado'),
  observacion_cierre: text('observacion_cierre').notNull().default(''),
  fecha_cierre: date('fecha_cierre'),
  ultimo_seguimiento: ts('ultimo_seguimiento'),
  version: integer('version').notNull().default(1),
  creado_por: text('creado_por').notNull(),
  creado_en: ts('creado_en').notNull().defaultNow(),
  modificado_por: text('modificado_por'),
  modificado_en: ts('modificado_en'),
});

export const clienteAtendidoNota = pgTable('cliente_atendido_nota', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idEmpresa: idEmpresa(),
  idCliente: integer('id_cliente').notNull(),
  texto: text('texto').notNull(),
  idUsuario: integer('id_usuario'),
  usuario: text('usuario').notNull(),
  fecha: ts('fecha').notNull().defaultNow(),
});

/** A ficha e-mailed to a lead (migration 0064). */
export const clienteAtendidoEnvio = pgTable('cliente_atendido_envio', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idEmpresa: idEmpresa(),
  idCliente: integer('id_cliente').notNull(),
  idInmueble: integer('id_inmueble').notNull(),
  para: text('para').notNull(),
  usuario: text('usuario').notNull(),
  fecha: ts('fecha').notNull().defaultNow(),
});

export const clienteCoincidenciaAviso = pgTable('cliente_coincidencia_aviso', {
  idEmpresa: idEmpresa(),
  idInmueble: integer('id_inmueble').notNull(),
  idUsuario: integer('id_usuario').notNull(),
  motivo: text('motivo').notNull(),
  clave: text('clave').notNull().default(''),
  creadoEn: ts('creado_en').notNull().defaultNow(),
});
