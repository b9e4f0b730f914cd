-- Permisos de gestión documental (issue 28, /gestion-documental/maestros/permisos-gestion-documental, idm
-- 10578): who may see, file and edit the radicados of which serie (or one of its subseries). A rule names
-- a user or an área; an área's users are listed in gd_area_usuario. A company without rules keeps the
-- behaviour of before (idm 10579 / 10581 alone decide).

create table gd_area_usuario (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_area integer not null,
  id_usuario integer not null,
  constraint gd_area_usuario_uk unique (id_empresa, id_area, id_usuario),
  constraint gd_area_usuario_id_area_fk foreign key (id_empresa, id_area) references areas_empresa (id_empresa, id) on delete cascade,
  constraint gd_area_usuario_id_usuario_fk foreign key (id_empresa, id_usuario) references usuarios (id_empresa, id) on delete cascade
);

create table gd_permiso (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer,
  id_area integer,
  id_serie integer not null,
  id_subserie integer,
  ver boolean not null default true,
  radicar boolean not null default false,
  editar boolean not null default false,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint gd_permiso_quien_ck check (num_nonnulls(id_usuario, id_area) = 1),
  constraint gd_permiso_id_usuario_fk foreign key (id_empresa, id_usuario) references usuarios (id_empresa, id) on delete cascade,
  constraint gd_permiso_id_area_fk foreign key (id_empresa, id_area) references areas_empresa (id_empresa, id) on delete cascade,
  constraint gd_permiso_id_serie_fk foreign key (id_empresa, id_serie) references series_documentales (id_empresa, id) on delete cascade,
  constraint gd_permiso_id_subserie_fk foreign key (id_empresa, id_subserie) references subseries_documentales (id_empresa, id) on delete cascade
);
create unique index gd_permiso_uk on gd_permiso (id_empresa, coalesce(id_usuario, 0), coalesce(id_area, 0), id_serie, coalesce(id_subserie, 0));
