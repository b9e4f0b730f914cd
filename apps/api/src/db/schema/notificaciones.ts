import { bigserial, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idEmpresa } from './columns.ts';

export const notificacionTipo = pgTable('notificacion_tipo', {
  tipoCarta: integer('tipo_carta').primaryKey(),
  modulo: text('modulo').notNull(),
  moduloLabel: text('modulo_label').notNull(),
  moduloOrden: integer('modulo_orden').notNull(),
  orden: integer('orden').notNull(),
  titulo: text('titulo').notNull(),
  descripcion: text('descripcion').notNull(),
  inApp: boolean('in_app').notNull(),
  email: boolean('email').notNull(),
  sms: boolean('sms').notNull(),
  whatsapp: boolean('whatsapp').notNull(),
});

export const notificacionConfig = pgTable('notificacion_config', {
  idEmpresa: idEmpresa(),
  idUsuario: integer('id_usuario').notNull(),
  tipoCarta: integer('tipo_carta').notNull(),
  inApp: boolean('in_app').notNull(),
  email: boolean('email').notNull(),
  sms: boolean('sms').notNull(),
  whatsapp: boolean('whatsapp').notNull(),
  actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
});

export const notificacion = pgTable('notificacion', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idEmpresa: idEmpresa(),
  idUsuario: integer('id_usuario').notNull(),
  tipoCarta: integer('tipo_carta'),
  titulo: text('titulo').notNull(),
  cuerpo: text('cuerpo').notNull().default(''),
  enlace: text('enlace'),
  creadaEn: timestamp('creada_en', { withTimezone: true }).notNull().defaultNow(),
  leidaEn: timestamp('leida_en', { withTimezone: true }),
});
