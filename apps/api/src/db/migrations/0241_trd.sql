-- Tabla de Retención Documental (issue 28, /gestion-documental/maestros/importar-parametrizacion, idm 10574).
-- A TRD says which dependencia (área) produces which serie/subserie and its tipos documentales, how many
-- years each subserie stays in the archivo de gestión and the archivo central, its final disposition,
-- support and procedure. Retention lives on the subserie; the TRD rows tie área, subserie and tipo.

-- soporte and procedimiento come with the masters' generated migration (0240_trd_maestros.sql).
alter table subseries_documentales drop constraint if exists subseries_documentales_soporte_ck;
alter table subseries_documentales
  add constraint subseries_documentales_soporte_ck check (soporte is null or soporte in ('papel', 'electronico', 'ambos'));

create table trd (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_area integer not null,
  id_subserie integer not null,
  id_tipo_documental integer not null,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint trd_fila_uk unique (id_empresa, id_area, id_subserie, id_tipo_documental),
  constraint trd_id_area_fk foreign key (id_empresa, id_area) references areas_empresa (id_empresa, id) on delete cascade,
  constraint trd_id_subserie_fk foreign key (id_empresa, id_subserie) references subseries_documentales (id_empresa, id) on delete cascade,
  constraint trd_id_tipo_documental_fk foreign key (id_empresa, id_tipo_documental) references tipos_documentales (id_empresa, id) on delete cascade
);
create index trd_subserie_ix on trd (id_empresa, id_subserie);
