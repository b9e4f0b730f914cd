import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { idEmpresa } from './columns.ts';

export const empresa = pgTable('empresa', {
  idEmpresa: serial('id_empresa').primaryKey(),
  nombre: text('nombre').notNull(),
  nit: text('nit').notNull(),
  direccion: text('direccion').notNull(),
  telefonos: text('telefonos').notNull(),
  email: text('email').notNull(),
  web: text('web').notNull(),
  logo: text('logo'),
  defaultAgencia: integer('default_agencia').notNull(),
  defaultAsesor: text('default_asesor'),
  defaultAuxiliar: text('default_auxiliar'),
  /** The website form's key (migration 0066); null when the form is off. */
  claveFormularioWeb: text('clave_formulario_web'),
  /** Whether a visitor who left an e-mail gets a confirmation (migration 0070). */
  confirmarFormularioWeb: boolean('confirmar_formulario_web').notNull().default(true),
  /** The main colour of the public site /sitio/:empresa (migration 0170). */
  colorSitio: text('color_sitio').notNull().default('#1d4ed8'),
  /** The public API's key (migration 0282); null while the company has none. */
  apiClave: text('api_clave'),
  /** Origins whose browsers may read the public API (CORS, migration 0282). */
  corsOrigenes: text('cors_origenes').array().notNull().default([]),
  /** The public site's own domain, served by Host header (migration 0283). */
  dominio: text('dominio'),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

export const configuracion = pgTable('configuracion', {
  idEmpresa: idEmpresa().primaryKey(),
  carpetaDeArchivosWeb: text('carpeta_de_archivos_web').notNull(),
  https: boolean('https').notNull(),
  ajustes: jsonb('ajustes').notNull(),
});

export const agencia = pgTable('agencia', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  nombre: text('nombre').notNull(),
  direccion: text('direccion').notNull().default(''),
  telefono: text('telefono').notNull().default(''),
  activo: boolean('activo').notNull().default(true),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});
