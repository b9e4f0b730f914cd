-- Zona clientes (issue 31): documents shared with clients, under the categorías de documentos (idm 10525).
--
-- The categories are the generic master `categorias_documentos_clientes` (0261_zona_maestros.sql). This
-- migration is numbered before it, so on a new database it creates that table first, with the same
-- idempotent statements the master generator writes (0261 then adds nothing); on a database that already
-- has it, those statements do nothing. What the master's form does not hold («el cliente puede subir»)
-- lives beside it, so the master table keeps exactly its generated columns.

create table if not exists categorias_documentos_clientes (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa)
);
alter table categorias_documentos_clientes
  add column if not exists nombre text not null,
  add column if not exists visible_para text not null,
  add column if not exists descripcion text,
  add column if not exists activo boolean not null default true,
  add column if not exists creado_por text not null default '',
  add column if not exists creado_en timestamp with time zone not null default now(),
  add column if not exists modificado_por text,
  add column if not exists modificado_en timestamp with time zone;
create unique index if not exists categorias_documentos_clientes_nombre_uk
  on categorias_documentos_clientes (id_empresa, lower(predio_unaccent(nombre)));
create unique index if not exists categorias_documentos_clientes_empresa_id_uk on categorias_documentos_clientes (id_empresa, id);

-- «El cliente puede subir»: the categories a client may upload documents of their own into (notice 702
-- to staff). A row is the permission; it goes with its category.
create table categoria_documento_subida (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_categoria integer not null,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  primary key (id_empresa, id_categoria),
  constraint categoria_documento_subida_categoria_fk foreign key (id_empresa, id_categoria)
    references categorias_documentos_clientes (id_empresa, id) on delete cascade
);

-- The defaults for every company that exists now (new companies get them from db/seed: sembrarEmpresa).
insert into categorias_documentos_clientes (id_empresa, nombre, visible_para, descripcion, creado_por)
select e.id_empresa, d.nombre, d.visible_para, d.descripcion, 'sistema'
from empresa e
cross join (values
  ('Contratos', 'todos', null),
  ('Actas de entrega e inventarios', 'todos', null),
  ('Certificados', 'todos', null),
  ('Extractos y liquidaciones', 'propietarios', null),
  ('Facturas y recibos de pago', 'arrendatarios', null),
  ('Paz y salvos', 'arrendatarios', null),
  ('Documentos del cliente', 'todos', 'Lo que el cliente sube: cédula, soportes de pago, certificados laborales')
) as d (nombre, visible_para, descripcion)
on conflict do nothing;
insert into categoria_documento_subida (id_empresa, id_categoria, creado_por)
select c.id_empresa, c.id, 'sistema' from categorias_documentos_clientes c where c.nombre = 'Documentos del cliente'
on conflict do nothing;

-- A document shared with one client (id_tercero) or with every client of a property (id_inmueble only),
-- or uploaded by a client (subido_por_cliente: then id_tercero is that client, and only they see it).
-- Its file is an `archivo` of owner type 'documento_cliente' (platform/archivos), checked by content.
create table documento_cliente (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_categoria integer not null,
  titulo text not null check (length(titulo) between 1 and 160),
  id_tercero integer,
  id_inmueble integer,
  subido_por_cliente boolean not null default false,
  id_cliente_portal integer,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint documento_cliente_destino_ck check (id_tercero is not null or id_inmueble is not null),
  constraint documento_cliente_subido_ck check (not subido_por_cliente or id_tercero is not null),
  -- No cascade: a category in use cannot be deleted (the master answers which records use it).
  constraint documento_cliente_categoria_fk foreign key (id_empresa, id_categoria)
    references categorias_documentos_clientes (id_empresa, id),
  constraint documento_cliente_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id),
  constraint documento_cliente_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade,
  constraint documento_cliente_cliente_fk foreign key (id_empresa, id_cliente_portal) references cliente_portal (id_empresa, id)
);
create index documento_cliente_lista_ix on documento_cliente (id_empresa, creado_en desc, id desc);
create index documento_cliente_tercero_ix on documento_cliente (id_empresa, id_tercero) where id_tercero is not null;
create index documento_cliente_inmueble_ix on documento_cliente (id_empresa, id_inmueble) where id_inmueble is not null;

create trigger documento_cliente_borra_archivos after delete on documento_cliente
  for each row execute function archivo_borrar_de_dueno('documento_cliente', 'id');
