-- Página web (issue 32): the news and banners the staff publish, which the public API and the public
-- site (/sitio/:empresa) show. RLS per company comes from the migration runner (every id_empresa table).

create table noticia (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  titulo text not null,
  -- The address of the news on the site: from the title, unique in the company, kept when the title changes.
  slug text not null,
  resumen text not null default '',
  -- Rich text, sanitised by the server before it is stored (platform/documentos/sanear).
  cuerpo text not null default '',
  etiquetas text[] not null default '{}',
  autor text not null default '',
  estado text not null default 'borrador' check (estado in ('borrador', 'programada', 'publicada', 'despublicada')),
  -- When it shows: a «programada» news shows from this moment on without anyone touching it.
  publicar_en timestamptz,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint noticia_empresa_id_uk unique (id_empresa, id),
  constraint noticia_slug_uk unique (id_empresa, slug),
  constraint noticia_programada_fecha check (estado <> 'programada' or publicar_en is not null)
);
create index noticia_publicas_ix on noticia (id_empresa, estado, publicar_en desc);

create table banner (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  titulo text not null,
  enlace text not null default '',
  orden integer not null default 0,
  -- Shown from the first day to the last, both included (dates in Colombia); open ends have no limit.
  vigente_desde date,
  vigente_hasta date,
  activo boolean not null default true,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint banner_empresa_id_uk unique (id_empresa, id),
  constraint banner_vigencia_ck check (vigente_hasta is null or vigente_desde is null or vigente_hasta >= vigente_desde)
);
create index banner_orden_ix on banner (id_empresa, orden, id);

-- Cover images and banner images are platform/archivos rows owned by these records.
create trigger noticia_borra_archivos after delete on noticia
  for each row execute function archivo_borrar_de_dueno('noticia', 'id');
create trigger banner_borra_archivos after delete on banner
  for each row execute function archivo_borrar_de_dueno('banner', 'id');

-- The public site's main colour (Compañía); the logo is the company's own.
alter table empresa add column if not exists color_sitio text not null default '#1d4ed8'
  check (color_sitio ~ '^#[0-9a-fA-F]{6}$');
