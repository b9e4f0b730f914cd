-- Gestión documental (issue 28, /gestion-documental/gestion-documental idm 10579): radicados, the
-- agency's filed letters and documents. Each gets a number strictly consecutive per company and year
-- (platform/numeracion, series 'radicado'), shown as year-area code-number-kind («2026-100-000001-2»).

-- The masters a radicado points at are referenced with the company in the key, so a radicado can never
-- name another company's area, serie, subserie, tipo or estado.
create unique index if not exists areas_empresa_empresa_id_uk on areas_empresa (id_empresa, id);
create unique index if not exists series_documentales_empresa_id_uk on series_documentales (id_empresa, id);
create unique index if not exists subseries_documentales_empresa_id_uk on subseries_documentales (id_empresa, id);
create unique index if not exists tipos_documentales_empresa_id_uk on tipos_documentales (id_empresa, id);
create unique index if not exists estados_gestion_documental_empresa_id_uk on estados_gestion_documental (id_empresa, id);

create table radicado (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  anio integer not null,
  numero integer not null check (numero > 0),
  radicado text not null,
  tipo text not null check (tipo in ('entrada', 'salida', 'interna')),
  fecha date not null,
  asunto text not null,
  id_tercero integer,
  id_area integer not null,
  id_serie integer,
  id_subserie integer,
  id_tipo_documental integer,
  id_estado integer,
  folios integer check (folios >= 0),
  observaciones text not null default '',
  texto_busqueda text generated always as (lower(predio_unaccent(radicado || ' ' || asunto))) stored,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint radicado_empresa_id_uk unique (id_empresa, id),
  -- No repeat: one number per company and year; the text too, since users look radicados up by it.
  constraint radicado_numero_uk unique (id_empresa, anio, numero),
  constraint radicado_radicado_uk unique (id_empresa, radicado),
  constraint radicado_id_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id),
  constraint radicado_id_area_fk foreign key (id_empresa, id_area) references areas_empresa (id_empresa, id),
  constraint radicado_id_serie_fk foreign key (id_empresa, id_serie) references series_documentales (id_empresa, id),
  constraint radicado_id_subserie_fk foreign key (id_empresa, id_subserie) references subseries_documentales (id_empresa, id),
  constraint radicado_id_tipo_documental_fk foreign key (id_empresa, id_tipo_documental) references tipos_documentales (id_empresa, id),
  constraint radicado_id_estado_fk foreign key (id_empresa, id_estado) references estados_gestion_documental (id_empresa, id)
);
create index radicado_fecha_ix on radicado (id_empresa, fecha desc, id desc);
create index radicado_tercero_ix on radicado (id_empresa, id_tercero) where id_tercero is not null;

create trigger radicado_borra_archivos after delete on radicado
  for each row execute function archivo_borrar_de_dueno('radicado', 'id');
