-- Información zona clientes (idm 201, issue 31): announcements the agency publishes in the client
-- portal, to every client or only to owners or tenants, optionally between two dates (Bogotá days).
create table zona_anuncio (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  titulo text not null,
  contenido text not null default '',
  para text not null default 'todos' check (para in ('todos', 'propietarios', 'arrendatarios')),
  publicado boolean not null default false,
  desde date,
  hasta date,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint zona_anuncio_fechas_ck check (hasta is null or desde is null or hasta >= desde)
);
create index zona_anuncio_empresa_ix on zona_anuncio (id_empresa, creado_en desc, id desc);
