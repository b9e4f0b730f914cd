-- Subseries documentales automáticas (issue 28, /gestion-documental/subseries-documentales-automaticos,
-- idm 10591): one rule per origen (a module's document: a signed firma, a closed inventory…) saying the
-- área, serie, subserie and tipo documental its radicado gets. radicado.origen records which origen filed
-- a radicado, so the screen counts them and a search can find them.

create table gd_regla_automatica (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  origen text not null,
  id_area integer not null,
  id_serie integer,
  id_subserie integer,
  id_tipo_documental integer,
  activo boolean not null default true,
  actualizado timestamptz not null default now(),
  actualizado_por text not null,
  constraint gd_regla_automatica_origen_uk unique (id_empresa, origen),
  constraint gd_regla_automatica_id_area_fk foreign key (id_empresa, id_area) references areas_empresa (id_empresa, id),
  constraint gd_regla_automatica_id_serie_fk foreign key (id_empresa, id_serie) references series_documentales (id_empresa, id),
  constraint gd_regla_automatica_id_subserie_fk foreign key (id_empresa, id_subserie) references subseries_documentales (id_empresa, id),
  constraint gd_regla_automatica_id_tipo_documental_fk foreign key (id_empresa, id_tipo_documental) references tipos_documentales (id_empresa, id)
);

alter table radicado add column if not exists origen text;
