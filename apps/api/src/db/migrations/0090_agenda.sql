-- Agenda (issue 25, /archivo/agenda idm 489): citas of the agency's asesores, with the people they
-- meet, the property / lead / solicitud they are about, their estado and result.

-- The masters the cita points at are referenced with the company in the key, so a cita can never
-- name another company's category or result.
create unique index if not exists categorias_agenda_empresa_id_uk on categorias_agenda (id_empresa, id);
create unique index if not exists resultados_agenda_empresa_id_uk on resultados_agenda (id_empresa, id);

create table cita (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  titulo text not null,
  id_categoria integer,
  inicio timestamptz not null,
  fin timestamptz not null,
  todo_el_dia boolean not null default false,
  lugar text not null default '',
  notas text not null default '',
  estado text not null default 'programada'
    check (estado in ('programada', 'confirmada', 'realizada', 'cancelada', 'no_asistio')),
  id_resultado integer,
  comentario_resultado text not null default '',
  -- A visit's client interest, 1 (none) to 5 (ready to close), once it took place.
  interes smallint check (interes between 1 and 5),
  id_inmueble integer,
  id_cliente_atendido integer,
  id_solicitud integer,
  version integer not null default 1,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint cita_empresa_id_uk unique (id_empresa, id),
  constraint cita_fin_ck check (fin > inicio),
  constraint cita_id_categoria_fk foreign key (id_empresa, id_categoria) references categorias_agenda (id_empresa, id),
  constraint cita_id_resultado_fk foreign key (id_empresa, id_resultado) references resultados_agenda (id_empresa, id),
  constraint cita_id_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  constraint cita_id_cliente_atendido_fk foreign key (id_empresa, id_cliente_atendido) references cliente_atendido (id_empresa, id),
  constraint cita_id_solicitud_fk foreign key (id_empresa, id_solicitud) references solicitud (id_empresa, id)
);
-- The calendar asks for what overlaps a range (inicio < hasta and fin > desde): the range's end bounds
-- the index scan on inicio, and no cita is longer than the check in the service allows.
create index cita_inicio_ix on cita (id_empresa, inicio);
create index cita_inmueble_ix on cita (id_empresa, id_inmueble) where id_inmueble is not null;
create index cita_cliente_ix on cita (id_empresa, id_cliente_atendido) where id_cliente_atendido is not null;

-- The asesores responsible (users of the company: notices go to them).
create table cita_asesor (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cita integer not null,
  id_usuario integer not null,
  primary key (id_empresa, id_cita, id_usuario),
  constraint cita_asesor_cita_fk foreign key (id_empresa, id_cita) references cita (id_empresa, id) on delete cascade,
  constraint cita_asesor_usuario_fk foreign key (id_empresa, id_usuario) references usuarios (id_empresa, id)
);
create index cita_asesor_usuario_ix on cita_asesor (id_empresa, id_usuario, id_cita);

-- The people met (clients, owners: terceros).
create table cita_participante (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cita integer not null,
  id_tercero integer not null,
  primary key (id_empresa, id_cita, id_tercero),
  constraint cita_participante_cita_fk foreign key (id_empresa, id_cita) references cita (id_empresa, id) on delete cascade,
  constraint cita_participante_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id)
);

-- Per user: how long before a cita the reminder (notice 102) goes out; no row means 60 minutes.
create table agenda_preferencia (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer not null,
  minutos_recordatorio integer not null default 60 check (minutos_recordatorio between 0 and 10080),
  primary key (id_empresa, id_usuario),
  constraint agenda_preferencia_usuario_fk foreign key (id_empresa, id_usuario) references usuarios (id_empresa, id)
);

-- Each reminder sent, written before the notice in the job's transaction: a job run twice (after a
-- lost lease) finds its row and sends nothing more.
create table cita_recordatorio (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cita integer not null,
  id_usuario integer not null,
  inicio timestamptz not null,
  enviado_en timestamptz not null default now(),
  primary key (id_empresa, id_cita, id_usuario, inicio),
  constraint cita_recordatorio_cita_fk foreign key (id_empresa, id_cita) references cita (id_empresa, id) on delete cascade
);
