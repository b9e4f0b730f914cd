import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

/** The TV display's selection and interval, one row per company (migration 0048). */
export const inmuebleTvConfig = pgTable('inmueble_tv_config', {
  idEmpresa: idEmpresa().primaryKey(),
  config: jsonb('config').notNull(),
  modificadoPor: text('modificado_por').notNull(),
  modificadoEn: ts('modificado_en').notNull().defaultNow(),
});
