-- One table for the files of every record (platform/archivos, docs/archivos.md): a property's photos and
-- documents today, a cita's or a contrato's tomorrow. A file belongs to an owner named by its type
-- (tipo_dueno: 'inmueble', 'tercero', …) and its id as text (id_dueno), and to an optional category
-- ('foto', 'documento'). There is no foreign key to the owner (owners live in many tables): each owner's
-- table gets the trigger below, so deleting a record deletes its files' rows as the old cascade did (the
-- code that deletes removes the stored files after the commit).
create table archivo (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  tipo_dueno text not null check (tipo_dueno ~ '^[a-z][a-z0-9_-]{0,39}$'),
  id_dueno text not null check (length(id_dueno) between 1 and 80),
  categoria text not null default '' check (categoria ~ '^[a-z0-9_-]{0,40}$'),
  orden integer not null default 0,
  -- The one file that stands for its owner in a category (a property's cover photo).
  principal boolean not null default false,
  nombre text not null,
  descripcion text not null default '',
  content_type text not null,
  -- As uploaded (for a photo, the original before it was resized): what the company's quota counts.
  bytes bigint not null check (bytes >= 0),
  -- Hex SHA-256 of the uploaded bytes; null for the files stored before this table.
  sha256 text check (sha256 ~ '^[0-9a-f]{64}$'),
  clave text not null,
  -- Images shown in lists keep a small copy beside the stored one.
  clave_miniatura text,
  ancho integer check (ancho > 0),
  alto integer check (alto > 0),
  creado_por text not null,
  creado_en timestamptz not null default now()
);
create index archivo_dueno_ix on archivo (id_empresa, tipo_dueno, id_dueno, categoria, orden);
create unique index archivo_principal_uk on archivo (id_empresa, tipo_dueno, id_dueno, categoria) where principal;

-- After delete on an owner's table: archivo_borrar_de_dueno('<tipo_dueno>', '<column holding id_dueno>').
create function archivo_borrar_de_dueno() returns trigger language plpgsql as $$
begin
  delete from archivo
  where id_empresa = old.id_empresa and tipo_dueno = tg_argv[0] and id_dueno = to_jsonb(old) ->> tg_argv[1];
  return null;
end $$;

create trigger inmueble_borra_archivos after delete on inmueble
  for each row execute function archivo_borrar_de_dueno('inmueble', 'id');

-- The property's photos and documents move here with their keys (the stored files stay where they are),
-- their order and their cover; documents get an order by upload time, which is how they were listed.
insert into archivo (id_empresa, tipo_dueno, id_dueno, categoria, orden, principal, nombre, content_type, bytes,
                     clave, clave_miniatura, ancho, alto, creado_por, creado_en)
select id_empresa, 'inmueble', id_inmueble::text, 'foto', orden, portada, nombre_original, 'image/jpeg', bytes,
       clave_grande, clave_miniatura, ancho, alto, creado_por, creado_en
from inmueble_foto
order by id;

insert into archivo (id_empresa, tipo_dueno, id_dueno, categoria, orden, nombre, descripcion, content_type, bytes,
                     clave, creado_por, creado_en)
select id_empresa, 'inmueble', id_inmueble::text, 'documento',
       row_number() over (partition by id_empresa, id_inmueble order by creado_en, id)::int,
       nombre, descripcion, content_type, bytes, clave, creado_por, creado_en
from inmueble_documento
order by id;

drop table inmueble_foto;
drop table inmueble_documento;
