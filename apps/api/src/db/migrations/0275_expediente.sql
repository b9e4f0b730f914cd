-- Gestión documental (issue 28): expedientes, the files that group radicados per inmueble, contrato,
-- tercero or subserie. An expediente belongs to a subserie of the TRD; closing it starts its retention
-- clock: vence_gestion = closed + the subserie's años de gestión, vence_central = that + años central,
-- written at the close so a later TRD change does not move a clock already running.

create table expediente (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  numero text not null,
  nombre text not null check (length(nombre) between 1 and 200),
  agrupa text not null check (agrupa in ('inmueble', 'contrato', 'tercero', 'subserie')),
  id_serie integer not null,
  id_subserie integer not null,
  id_inmueble integer,
  id_contrato integer,
  id_tercero integer,
  observaciones text not null default '',
  estado text not null default 'abierto' check (estado in ('abierto', 'cerrado')),
  abierto_en date not null,
  cerrado_en date,
  cerrado_por text,
  vence_gestion date,
  vence_central date,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  texto_busqueda text generated always as (lower(predio_unaccent(numero || ' ' || nombre))) stored,
  constraint expediente_empresa_id_uk unique (id_empresa, id),
  constraint expediente_numero_uk unique (id_empresa, numero),
  constraint expediente_serie_fk foreign key (id_empresa, id_serie) references series_documentales (id_empresa, id),
  constraint expediente_subserie_fk foreign key (id_empresa, id_subserie) references subseries_documentales (id_empresa, id),
  constraint expediente_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  constraint expediente_contrato_fk foreign key (id_empresa, id_contrato) references contrato (id_empresa, id),
  constraint expediente_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id),
  -- What it groups is named: an expediente of an inmueble points at one, and so on.
  constraint expediente_agrupa_ck check (
    (agrupa <> 'inmueble' or id_inmueble is not null)
    and (agrupa <> 'contrato' or id_contrato is not null)
    and (agrupa <> 'tercero' or id_tercero is not null)
  ),
  constraint expediente_cierre_ck check ((estado = 'abierto') = (cerrado_en is null))
);
create index expediente_lista_ix on expediente (id_empresa, creado_en desc, id desc);

-- A radicado lives in one expediente at most (the archival unit it is kept and disposed of with).
create table expediente_radicado (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_expediente integer not null,
  id_radicado integer not null,
  agregado_por text not null,
  agregado_en timestamptz not null default now(),
  primary key (id_empresa, id_radicado),
  constraint expediente_radicado_expediente_fk foreign key (id_empresa, id_expediente) references expediente (id_empresa, id) on delete cascade,
  constraint expediente_radicado_radicado_fk foreign key (id_empresa, id_radicado) references radicado (id_empresa, id)
);
create index expediente_radicado_expediente_ix on expediente_radicado (id_empresa, id_expediente);
