import { bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

export const correoSalida = pgTable('correo_salida', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idEmpresa: idEmpresa(),
  para: text('para').notNull(),
  asunto: text('asunto').notNull(),
  texto: text('texto').notNull(),
  html: text('html'),
  origen: text('origen').notNull().default(''),
  estado: text('estado').notNull().default('pendiente'),
  intentos: integer('intentos').notNull().default(0),
  ultimoError: text('ultimo_error'),
  proximoIntento: ts('proximo_intento').notNull().defaultNow(),
  creadoEn: ts('creado_en').notNull().defaultNow(),
  enviadoEn: ts('enviado_en'),
});
