-- Bandeja de correos (idm 509, issue 27): each user's IMAP mailbox, copied in by a job. The server is
-- the source of truth: these rows are a cache that an incremental sync (UIDVALIDITY/UIDNEXT) refreshes.
create table correo_cuenta (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer not null references usuarios (id) on delete cascade,
  correo text not null default '',
  imap_host text not null,
  imap_puerto integer not null default 993 check (imap_puerto between 1 and 65535),
  imap_tls boolean not null default true,
  imap_usuario text not null,
  -- AES-256-GCM (platform/mensajes/cifrado.ts); the API never answers it.
  imap_clave text not null default '',
  sincronizado_en timestamptz,
  ultimo_error text,
  error_en timestamptz,
  creado_en timestamptz not null default now(),
  modificado_en timestamptz,
  constraint correo_cuenta_usuario_uq unique (id_empresa, id_usuario)
);

create table correo_carpeta (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cuenta integer not null references correo_cuenta (id) on delete cascade,
  ruta text not null,
  nombre text not null,
  uso_especial text,
  -- What the last sync saw: a different UIDVALIDITY means the server renumbered, so start again.
  uidvalidity bigint,
  uidnext bigint,
  total integer not null default 0,
  constraint correo_carpeta_ruta_uq unique (id_cuenta, ruta)
);

create table correo_mensaje (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cuenta integer not null references correo_cuenta (id) on delete cascade,
  id_carpeta integer not null references correo_carpeta (id) on delete cascade,
  uid bigint not null,
  uidvalidity bigint not null,
  message_id text,
  in_reply_to text,
  referencias text[] not null default '{}',
  -- The Message-ID of the first message of the conversation (or of the subject group when no header links it).
  hilo text not null,
  de_correo text not null default '',
  de_nombre text not null default '',
  para text not null default '',
  cc text not null default '',
  asunto text not null default '',
  -- The subject without Re:/RV:/Fwd:, lower case: a reply without In-Reply-To joins its conversation by it.
  asunto_base text not null default '',
  fecha timestamptz,
  texto text not null default '',
  -- Sanitised when stored; remote images are dropped again when read, until the reader asks for them.
  html text,
  imagenes_remotas boolean not null default false,
  adjuntos jsonb not null default '[]',
  flags text[] not null default '{}',
  leido boolean not null default false,
  id_tercero integer references terceros (id) on delete set null,
  creado_en timestamptz not null default now(),
  constraint correo_mensaje_uid_uq unique (id_carpeta, uidvalidity, uid)
);
create index correo_mensaje_hilo_ix on correo_mensaje (id_cuenta, hilo, fecha);
create index correo_mensaje_carpeta_ix on correo_mensaje (id_carpeta, fecha desc);
create index correo_mensaje_message_id_ix on correo_mensaje (id_cuenta, message_id);
create index correo_mensaje_asunto_ix on correo_mensaje (id_cuenta, asunto_base);
create index correo_mensaje_tercero_ix on correo_mensaje (id_empresa, id_tercero) where id_tercero is not null;

-- A reply from the mailbox carries In-Reply-To and References; other messages leave it empty.
alter table correo_salida add column if not exists cabeceras jsonb not null default '{}';
