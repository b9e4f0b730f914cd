-- Inventarios (issue 30, /inventarios): templates made of spaces (categorías) and their items, and the
-- room-by-room inventories of a property taken from them at move-in, move-out and in between.
-- Row-level security is added by the migrator to every table with id_empresa.

create table inventario_plantilla (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  nombre text not null,
  tipo_inmueble text not null default '',
  descripcion text not null default '',
  activa boolean not null default true,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint inventario_plantilla_empresa_id_uk unique (id_empresa, id),
  constraint inventario_plantilla_nombre_uk unique (id_empresa, nombre)
);

-- A space of the template (Sala, Cocina, Alcoba…). A repeatable one can be added again while the
-- inventory is taken (Alcoba 2, Alcoba 3).
create table inventario_categoria (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_plantilla integer not null,
  nombre text not null,
  orden integer not null default 0,
  repetible boolean not null default false,
  constraint inventario_categoria_empresa_id_uk unique (id_empresa, id),
  constraint inventario_categoria_plantilla_fk foreign key (id_empresa, id_plantilla)
    references inventario_plantilla (id_empresa, id) on delete cascade
);
create index inventario_categoria_plantilla_ix on inventario_categoria (id_empresa, id_plantilla, orden);

-- An item of a space: its condition is checked (estado), or it is a meter reading, or keys/controls
-- handed over (counted).
create table inventario_item (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_categoria integer not null,
  nombre text not null,
  orden integer not null default 0,
  tipo text not null default 'estado' check (tipo in ('estado', 'lectura', 'llaves')),
  constraint inventario_item_empresa_id_uk unique (id_empresa, id),
  constraint inventario_item_categoria_fk foreign key (id_empresa, id_categoria)
    references inventario_categoria (id_empresa, id) on delete cascade
);
create index inventario_item_categoria_ix on inventario_item (id_empresa, id_categoria, orden);

create table inventario (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  consecutivo integer not null,
  id_inmueble integer not null,
  tipo text not null check (tipo in ('entrega', 'devolucion', 'periodico', 'captacion')),
  estado text not null default 'borrador' check (estado in ('borrador', 'cerrado')),
  fecha date not null,
  -- The template it was built from (kept as a name too: a template may be deleted later).
  id_plantilla integer,
  plantilla text not null default '',
  -- A devolución starts as a copy of this entrega and is compared with it.
  id_origen integer,
  id_usuario integer,
  tomado_por text not null,
  observaciones text not null default '',
  pdf_sha256 text,
  id_archivo_pdf integer,
  cerrado_en timestamptz,
  cerrado_por text,
  version integer not null default 1,
  creado_en timestamptz not null default now(),
  modificado_en timestamptz not null default now(),
  constraint inventario_empresa_id_uk unique (id_empresa, id),
  constraint inventario_consecutivo_uk unique (id_empresa, consecutivo),
  constraint inventario_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  constraint inventario_origen_fk foreign key (id_empresa, id_origen) references inventario (id_empresa, id),
  constraint inventario_plantilla_fk foreign key (id_empresa, id_plantilla)
    references inventario_plantilla (id_empresa, id) on delete set null (id_plantilla)
);
create index inventario_inmueble_ix on inventario (id_empresa, id_inmueble, fecha desc);
create index inventario_fecha_ix on inventario (id_empresa, fecha desc, id desc);

create table inventario_espacio (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inventario integer not null,
  nombre text not null,
  orden integer not null default 0,
  -- Which space of the template it came from: «Alcoba» repeated keeps the same one.
  base text not null default '',
  repetible boolean not null default false,
  constraint inventario_espacio_empresa_id_uk unique (id_empresa, id),
  constraint inventario_espacio_inventario_fk foreign key (id_empresa, id_inventario)
    references inventario (id_empresa, id) on delete cascade
);
create index inventario_espacio_inventario_ix on inventario_espacio (id_empresa, id_inventario, orden);

create table inventario_detalle (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inventario integer not null,
  id_espacio integer not null,
  nombre text not null,
  orden integer not null default 0,
  tipo text not null default 'estado' check (tipo in ('estado', 'lectura', 'llaves')),
  estado text check (estado in ('conforme', 'no_conforme', 'no_aplica')),
  comentario text not null default '',
  cantidad integer check (cantidad between 0 and 1000),
  lectura text not null default '',
  -- In a devolución: the entrega's item it copies, the cost of a difference and who pays it.
  id_origen integer,
  costo numeric(14, 0) check (costo >= 0),
  responsable text check (responsable in ('arrendatario', 'propietario', 'desgaste')),
  modificado_en timestamptz not null default now(),
  constraint inventario_detalle_empresa_id_uk unique (id_empresa, id),
  constraint inventario_detalle_inventario_fk foreign key (id_empresa, id_inventario)
    references inventario (id_empresa, id) on delete cascade,
  constraint inventario_detalle_espacio_fk foreign key (id_empresa, id_espacio)
    references inventario_espacio (id_empresa, id) on delete cascade
);
create index inventario_detalle_espacio_ix on inventario_detalle (id_empresa, id_espacio, orden);
create index inventario_detalle_inventario_ix on inventario_detalle (id_empresa, id_inventario);

-- A signature drawn on the device: the PNG, who signed and as what.
create table inventario_firma (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inventario integer not null,
  rol text not null check (rol in ('arrendatario', 'propietario', 'inmobiliaria')),
  nombre text not null,
  documento text not null default '',
  imagen bytea not null,
  firmado_en timestamptz not null default now(),
  primary key (id_empresa, id_inventario, rol),
  constraint inventario_firma_inventario_fk foreign key (id_empresa, id_inventario)
    references inventario (id_empresa, id) on delete cascade
);

-- Photos of an item are files of the item (platform/archivos): deleting the item deletes their rows.
create trigger inventario_detalle_borra_archivos after delete on inventario_detalle
  for each row execute function archivo_borrar_de_dueno('inventario_detalle', 'id');
create trigger inventario_borra_archivos after delete on inventario
  for each row execute function archivo_borrar_de_dueno('inventario', 'id');
