-- Firmas electrónicas (issue 29, idm 10582): a PDF sent for signature to one or more signers, each with
-- a private link to a public page, a one-time code by e-mail and the evidence Ley 527 de 1999 and
-- Decreto 2364 de 2012 ask for (who signed, that they approved, that the document was not altered).

create table firma_documento (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  titulo text not null,
  mensaje text not null default '',
  estado text not null default 'borrador'
    check (estado in ('borrador', 'enviado', 'firmado', 'rechazado', 'cancelado', 'vencido')),
  vence_dias integer not null default 15 check (vence_dias between 1 and 90),
  vence_en timestamptz,
  nombre_archivo text,
  sha256_original text,
  -- The sealed PDF (original + signatures + certificate of completion, PAdES), in storage.
  clave_firmado text,
  sha256_firmado text,
  id_usuario integer,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  enviado_en timestamptz,
  completado_en timestamptz,
  constraint firma_documento_empresa_id_uk unique (id_empresa, id)
);
create index firma_documento_creado_ix on firma_documento (id_empresa, creado_en desc, id desc);

create table firma_firmante (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_documento integer not null,
  orden integer not null,
  nombre text not null,
  documento text not null,
  email text not null,
  estado text not null default 'pendiente' check (estado in ('pendiente', 'firmado', 'rechazado')),
  -- Only the SHA-256 of the link's token is kept: a database leak gives no working link.
  token_hash text,
  codigo_hash text,
  codigo_vence_en timestamptz,
  codigo_intentos integer not null default 0,
  codigos_enviados integer not null default 0,
  codigo_enviado_en timestamptz,
  codigo_verificado_en timestamptz,
  sha256_visto text,
  firma_tipo text check (firma_tipo in ('dibujada', 'escrita')),
  firma_imagen text,
  firma_texto text,
  motivo_rechazo text,
  ip text,
  user_agent text,
  firmado_en timestamptz,
  constraint firma_firmante_documento_fk foreign key (id_empresa, id_documento)
    references firma_documento (id_empresa, id) on delete cascade,
  constraint firma_firmante_orden_uk unique (id_empresa, id_documento, orden)
);
-- The public page finds a signer by the hash of the token alone, before it knows the company.
create unique index firma_firmante_token_uk on firma_firmante (token_hash) where token_hash is not null;

-- Every step with server time (the audit trail printed in the certificate of completion).
create table firma_evento (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_documento integer not null,
  id_firmante integer,
  tipo text not null,
  detalle text not null default '',
  ip text,
  user_agent text,
  creado_en timestamptz not null default now(),
  constraint firma_evento_documento_fk foreign key (id_empresa, id_documento)
    references firma_documento (id_empresa, id) on delete cascade
);
create index firma_evento_documento_ix on firma_evento (id_empresa, id_documento, id);

-- The company's sealing certificate (PKCS#12, encrypted at rest). Self-generated on first use.
create table firma_certificado (
  id_empresa integer primary key default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  p12_cifrado text not null,
  clave_cifrada text not null,
  sujeto text not null,
  autogenerado boolean not null,
  vence_en timestamptz not null,
  creado_en timestamptz not null default now()
);

create trigger firma_documento_borra_archivos after delete on firma_documento
  for each row execute function archivo_borrar_de_dueno('firma_documento', 'id');
