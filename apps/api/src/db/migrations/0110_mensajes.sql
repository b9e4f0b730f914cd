-- Configurar mensajes (issue 27, idm 10555): the company's message templates, its sender name and
-- signature, and each user's signature. Row-level security comes from id_empresa (migrate.ts).

-- One row per notification type the company changed (tipo_carta), or per free message (tipo_carta
-- null, with a name and the record it is filled from). A notification type without a row uses the
-- default written in code (modules/mensajes/mensajes-defecto.ts), so a new company sends good messages
-- on day one and a later improvement of a default reaches every company that did not change it.
create table mensaje_plantilla (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  tipo_carta integer references notificacion_tipo (tipo_carta),
  nombre text not null check (length(nombre) between 1 and 120),
  tipo text not null default 'ninguno' check (tipo in ('ninguno', 'inmueble', 'tercero', 'cliente')),
  asunto text not null check (length(asunto) between 1 and 200),
  html text not null default '',
  texto text not null default '',
  sms text not null default '',
  whatsapp_plantilla text not null default '',
  whatsapp_parametros jsonb not null default '[]',
  actualizado timestamptz not null default now(),
  actualizado_por text not null default ''
);
create unique index mensaje_plantilla_tipo_ux on mensaje_plantilla (id_empresa, tipo_carta) where tipo_carta is not null;
create unique index mensaje_plantilla_nombre_ux on mensaje_plantilla (id_empresa, lower(nombre)) where tipo_carta is null;

create table mensaje_config (
  id_empresa integer primary key default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  remitente_nombre text not null default '',
  firma text not null default ''
);

create table usuario_firma (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  id_usuario integer not null,
  firma text not null default '',
  primary key (id_empresa, id_usuario)
);

-- The outbox says who sent a message and what it was, for the sent-message reports (idm 10562) and a
-- record's history: null user = the system (a notification, a reminder).
alter table correo_salida add column if not exists id_usuario integer;
alter table correo_salida add column if not exists tipo_carta integer;
alter table correo_salida add column if not exists plantilla text;
alter table correo_salida add column if not exists entidad text;
alter table correo_salida add column if not exists entidad_id text;
create index if not exists correo_salida_creado_ix on correo_salida (id_empresa, creado_en desc);
