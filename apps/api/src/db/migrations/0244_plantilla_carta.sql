-- Plantillas de cartas (issue 28, /gestion-documental/plantillas-cartas, idm 10580): letters written with
-- the editor and merge fields, and the letters generated from them. Each letter is a radicado de salida
-- (its PDF is that radicado's file); carta keeps which template, tercero, inmueble and contrato it was for.

create table plantilla_carta (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  nombre text not null,
  asunto text not null default '',
  contenido text not null,
  activa boolean not null default true,
  actualizado timestamptz not null default now(),
  actualizado_por text not null,
  constraint plantilla_carta_empresa_id_uk unique (id_empresa, id)
);
create unique index plantilla_carta_nombre_uk on plantilla_carta (id_empresa, lower(nombre));

create table carta (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_plantilla integer not null,
  id_radicado integer not null,
  id_tercero integer not null,
  id_inmueble integer,
  id_contrato integer,
  email text,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint carta_radicado_uk unique (id_empresa, id_radicado),
  constraint carta_plantilla_fk foreign key (id_empresa, id_plantilla) references plantilla_carta (id_empresa, id),
  constraint carta_radicado_fk foreign key (id_empresa, id_radicado) references radicado (id_empresa, id),
  constraint carta_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id),
  constraint carta_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  constraint carta_contrato_fk foreign key (id_empresa, id_contrato) references contrato (id_empresa, id)
);
create index carta_plantilla_ix on carta (id_empresa, id_plantilla);
