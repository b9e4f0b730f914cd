-- Photos and documents of a property (issue 4 §1). The files live in the storage layer; these rows
-- keep their keys. Deleting a property deletes its rows (the files are removed by the code that deletes).

create table inmueble_foto (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  orden integer not null,
  portada boolean not null default false,
  clave_miniatura text not null,
  clave_grande text not null,
  -- Of the original as uploaded (after EXIF rotation).
  ancho integer not null check (ancho > 0),
  alto integer not null check (alto > 0),
  bytes integer not null check (bytes >= 0),
  nombre_original text not null default '',
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint inmueble_foto_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade
);
create index inmueble_foto_inmueble_ix on inmueble_foto (id_empresa, id_inmueble, orden);
-- At most one cover per property.
create unique index inmueble_foto_portada_uk on inmueble_foto (id_empresa, id_inmueble) where portada;

create table inmueble_documento (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  nombre text not null,
  descripcion text not null default '',
  content_type text not null,
  bytes integer not null check (bytes >= 0),
  clave text not null,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint inmueble_documento_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade
);
create index inmueble_documento_inmueble_ix on inmueble_documento (id_empresa, id_inmueble, creado_en);
