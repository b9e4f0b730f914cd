-- Informes (issue 33), verificar-disponibilidad (10551): each time someone confirmed with the owner that
-- a property is still available. The report lists the disponible properties whose last confirmation is
-- older than N days; keeping every confirmation (not just the last date) shows who called and when.
-- Row-level security and grants come from migrate.ts like every table with id_empresa.
create table inmueble_disponibilidad (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  fecha timestamptz not null default now(),
  id_usuario integer,
  usuario text not null,
  constraint inmueble_disponibilidad_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade,
  constraint inmueble_disponibilidad_usuario_fk foreign key (id_empresa, id_usuario) references usuarios (id_empresa, id)
);
create index inmueble_disponibilidad_ix on inmueble_disponibilidad (id_empresa, id_inmueble, fecha desc);
