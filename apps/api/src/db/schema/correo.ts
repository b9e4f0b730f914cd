import { bigserial, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idEmpresa, ts } from './columns.ts';

/**
 * A file sent with a message; with `cid`, an image the HTML shows inline (<img src="cid:…">). `borrado`:
 * removed from storage once the message was long sent (platform/mail/limpieza.ts).
 */
export type AdjuntoCorreo = { nombre: string; clave: string; tipo: string; cid?: string; borrado?: true };

export const correoSalida = pgTable('correo_salida', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idEmpresa: idEmpresa(),
  para: text('para').notNull(),
  /** Copied recipients, comma-separated (migration 0220). */
  cc: text('cc'),
  asunto: text('asunto').notNull(),
  texto: text('texto').notNull(),
  html: text('html'),
  origen: text('origen').notNull().default(''),
  /** Files kept in the storage layer, read when the message is sent. */
  adjuntos: jsonb('adjuntos').$type<AdjuntoCorreo[]>().notNull().default([]),
  responderA: text('responder_a'),
  estado: text('estado').notNull().default('pendiente'),
  intentos: integer('intentos').notNull().default(0),
  ultimoError: text('ultimo_error'),
  proximoIntento: ts('proximo_intento').notNull().defaultNow(),
  creadoEn: ts('creado_en').notNull().defaultNow(),
  enviadoEn: ts('enviado_en'),
  /** Who sent it (null: the system) and what it was, for the sent-message reports (migration 0110). */
  idUsuario: integer('id_usuario'),
  tipoCarta: integer('tipo_carta'),
  plantilla: text('plantilla'),
  entidad: text('entidad'),
  entidadId: text('entidad_id'),
  /** Extra headers: a reply from the Bandeja carries In-Reply-To and References (migration 0215). */
  cabeceras: jsonb('cabeceras').$type<Record<string, string>>().notNull().default({}),
});
