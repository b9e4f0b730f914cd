import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

export const inmuebleFoto = pgTable('inmueble_foto', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  idInmueble: integer('id_inmueble').notNull(),
  orden: integer('orden').notNull(),
  portada: boolean('portada').notNull().default(false),
  claveMiniatura: text('clave_miniatura').notNull(),
  claveGrande: text('clave_grande').notNull(),
  ancho: integer('ancho').notNull(),
  alto: integer('alto').notNull(),
  bytes: integer('bytes').notNull(),
  nombreOriginal: text('nombre_original').notNull().default(''),
  creadoPor: text('creado_por').notNull(),
  creadoEn: ts('creado_en').notNull().defaultNow(),
});

export const inmuebleDocumento = pgTable('inmueble_documento', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  idInmueble: integer('id_inmueble').notNull(),
  nombre: text('nombre').notNull(),
  descripcion: text('descripcion').notNull().default(''),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  clave: text('clave').notNull(),
  creadoPor: text('creado_por').notNull(),
  creadoEn: ts('creado_en').notNull().defaultNow(),
});
