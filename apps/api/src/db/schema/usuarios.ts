import { boolean, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

export const usuarios = pgTable('usuarios', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  usuario: text('usuario').notNull(),
  claveHash: text('clave_hash').notNull(),
  nombre: text('nombre').notNull().default(''),
  nroId: text('nro_id'),
  permisos: text('permisos').notNull().default(''),
  permisosEspeciales: text('permisos_especiales').notNull().default(''),
  permisosPorUsuario: text('permisos_por_usuario').notNull().default(''),
  admemp: boolean('admemp').notNull().default(false),
  agencia: integer('agencia').notNull().default(0),
  activo: boolean('activo').notNull().default(true),
  tipoVistaInmueblesBuscador: integer('tipo_vista_inmuebles_buscador').notNull().default(1),
  creadoEn: ts('creado_en').notNull().defaultNow(),
});

export const sesion = pgTable('sesion', {
  id: uuid('id').primaryKey(),
  idEmpresa: idEmpresa(),
  idUsuario: integer('id_usuario'),
  usuario: text('usuario').notNull(),
  creadaEn: ts('creada_en').notNull().defaultNow(),
  expiraEn: ts('expira_en').notNull(),
  cerradaEn: ts('cerrada_en'),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

export const sesionDispositivo = pgTable('sesion_dispositivo', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  idSesion: uuid('id_sesion').notNull(),
  firebaseId: text('firebase_id'),
  deviceInfo: jsonb('device_info').notNull(),
  registradoEn: ts('registrado_en').notNull().defaultNow(),
});

export const loginFallido = pgTable('login_fallido', {
  clave: text('clave').primaryKey(),
  fallos: integer('fallos').notNull(),
  primerFallo: ts('primer_fallo').notNull(),
  bloqueadoHasta: ts('bloqueado_hasta'),
});

export const bitacoraAviso = pgTable('bitacora_aviso', {
  id: serial('id').primaryKey(),
  idEmpresa: idEmpresa(),
  version: integer('version').notNull(),
  html: text('html').notNull(),
  activo: boolean('activo').notNull().default(true),
  publicadoEn: ts('publicado_en').notNull().defaultNow(),
});

export const bitacoraAceptacion = pgTable('bitacora_aceptacion', {
  idEmpresa: idEmpresa(),
  idUsuario: integer('id_usuario').notNull(),
  version: integer('version').notNull(),
  aceptadoEn: ts('aceptado_en').notNull().defaultNow(),
});
