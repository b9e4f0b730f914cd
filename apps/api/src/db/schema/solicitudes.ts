import { sql } from 'drizzle-orm';
import { bigserial, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

// Property names follow the contract's field names; column names are the same snake_case (migration 0052).
export const solicitud = pgTable('solicitud', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  numero: integer('numero').notNull(),
  canal: text('canal').notNull(),
  portal: text('portal'),
  tipo: text('tipo').notNull(),
  estado: text('estado').notNull().default('nueva'),
  id_tercero: integer('id_tercero'),
  contacto_nombre: text('contacto_nombre').notNull().default(''),
  contacto_telefono: text('contacto_telefono').notNull().default(''),
  contacto_email: text('contacto_email').notNull().default(''),
  id_inmueble: integer('id_inmueble'),
  id_asignado: integer('id_asignado'),
  fecha_recepcion: ts('fecha_recepcion').notNull().defaultNow(),
  mensaje: text('mensaje').notNull(),
  observacion: text('observacion').notNull().default(''),
  id_cliente_atendido: integer('id_cliente_atendido'),
  texto_busqueda: text('texto_busqueda').generatedAlwaysAs(
    sql`lower(predio_unaccent(contacto_nombre || ' ' || contacto_telefono || ' ' || contacto_email || ' ' || mensaje))`,
  ),
  version: integer('version').notNull().default(1),
  creado_por: text('creado_por').notNull(),
  creado_en: ts('creado_en').notNull().defaultNow(),
  modificado_por: text('modificado_por'),
  modificado_en: ts('modificado_en'),
});

export const solicitudHistorial = pgTable('solicitud_historial', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idEmpresa: idEmpresa(),
  idSolicitud: integer('id_solicitud').notNull(),
  tipo: text('tipo').notNull(),
  estadoAnterior: text('estado_anterior'),
  estadoNuevo: text('estado_nuevo'),
  idAsignadoAnterior: integer('id_asignado_anterior'),
  idAsignadoNuevo: integer('id_asignado_nuevo'),
  nota: text('nota').notNull().default(''),
  idUsuario: integer('id_usuario'),
  usuario: text('usuario').notNull(),
  fecha: ts('fecha').notNull().defaultNow(),
});
