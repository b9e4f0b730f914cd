-- Gestión documental (issue 28): versions of a radicado's documents and the history of what was done with
-- them. A document (an `archivo` of category «documento») keeps its id; a new version takes its place and
-- the previous bytes stay as an `archivo` of category «version» (same stored key, never overwritten).
-- radicado_version numbers them per document: the current one points at the document itself.

create table radicado_version (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_radicado integer not null,
  id_documento integer not null references archivo (id) on delete cascade,
  id_archivo integer not null references archivo (id) on delete cascade,
  numero integer not null check (numero >= 1),
  motivo text not null default '',
  constraint radicado_version_radicado_fk foreign key (id_empresa, id_radicado) references radicado (id_empresa, id) on delete cascade,
  constraint radicado_version_numero_uk unique (id_documento, numero),
  constraint radicado_version_archivo_uk unique (id_archivo)
);
create index radicado_version_radicado_ix on radicado_version (id_empresa, id_radicado);

-- Who saw, downloaded or changed a radicado's documents, and when. The file's name is copied: the history
-- outlives a deleted file.
create table radicado_historial (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_radicado integer not null,
  accion text not null check (accion in ('ver', 'descargar', 'subir', 'version', 'eliminar')),
  id_archivo integer,
  archivo text not null default '',
  detalle text not null default '',
  id_usuario integer,
  usuario text not null,
  creado_en timestamptz not null default now(),
  constraint radicado_historial_radicado_fk foreign key (id_empresa, id_radicado) references radicado (id_empresa, id) on delete cascade
);
create index radicado_historial_radicado_ix on radicado_historial (id_empresa, id_radicado, creado_en desc, id desc);
