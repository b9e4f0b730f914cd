import { bigint, boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

/** The files of every record (migration 0080, platform/archivos). */
export const archivo = pgTable('archivo', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  tipoDueno: text('tipo_dueno').notNull(),
  idDueno: text('id_dueno').notNull(),
  categoria: text('categoria').notNull().default(''),
  orden: integer('orden').notNull().default(0),
  principal: boolean('principal').notNull().default(false),
  nombre: text('nombre').notNull(),
  descripcion: text('descripcion').notNull().default(''),
  contentType: text('content_type').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256'),
  clave: text('clave').notNull(),
  claveMiniatura: text('clave_miniatura'),
  ancho: integer('ancho'),
  alto: integer('alto'),
  creadoPor: text('creado_por').notNull(),
  creadoEn: ts('creado_en').notNull().defaultNow(),
});
