import { bigserial, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

/** Generic edit lock: one row per locked record (recurso + clave). */
export const editLock = pgTable('edit_lock', {
  idEmpresa: idEmpresa(),
  recurso: text('recurso').notNull(),
  clave: text('clave').notNull(),
  idUsuario: integer('id_usuario').notNull(),
  usuario: text('usuario').notNull(),
  idSesion: uuid('id_sesion'),
  tomadoEn: ts('tomado_en').notNull().defaultNow(),
  expiraEn: ts('expira_en').notNull(),
});

/** Numbering counters (migration 0079, platform/numeracion): anio 0 is a series that never restarts. */
export const consecutivo = pgTable('consecutivo', {
  idEmpresa: idEmpresa(),
  serie: text('serie').notNull(),
  anio: integer('anio').notNull().default(0),
  ultimo: integer('ultimo').notNull(),
});

export const auditoria = pgTable('auditoria', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idEmpresa: idEmpresa(),
  idUsuario: integer('id_usuario'),
  usuario: text('usuario').notNull(),
  accion: text('accion').notNull(),
  entidad: text('entidad').notNull(),
  entidadId: text('entidad_id'),
  cambios: jsonb('cambios'),
  ip: text('ip').notNull().default(''),
  creadoEn: ts('creado_en').notNull().defaultNow(),
});

/** How this database was made (migration 0077): key 'origen' is 'demo' or 'empresa crear'. */
export const instalacion = pgTable('instalacion', {
  clave: text('clave').primaryKey(),
  valor: text('valor').notNull(),
  escritoEn: ts('escrito_en').notNull().defaultNow(),
});
