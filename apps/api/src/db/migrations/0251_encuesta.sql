-- Página web > Encuestas (issue 32, idm 10587): surveys, the links that answer them (each once) and the
-- answers; /informes/encuestas (idm 10588) summarises them. RLS per company from the migration runner.

create table encuesta (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  titulo text not null,
  descripcion text not null default '',
  -- [{pregunta, tipo, obligatoria, opciones}]: checked by the contract's schema; fixed once answered.
  preguntas jsonb not null default '[]',
  activa boolean not null default true,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint encuesta_empresa_id_uk unique (id_empresa, id)
);

create table encuesta_enlace (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_encuesta integer not null,
  -- The link's secret: random, unguessable, unique across companies.
  token text not null,
  destinatario text not null default '',
  email text not null default '',
  creado_por text not null,
  creado_en timestamptz not null default now(),
  respondida_en timestamptz,
  constraint encuesta_enlace_token_uk unique (token),
  constraint encuesta_enlace_empresa_id_uk unique (id_empresa, id),
  constraint encuesta_enlace_encuesta_fk foreign key (id_empresa, id_encuesta)
    references encuesta (id_empresa, id) on delete cascade
);
create index encuesta_enlace_ix on encuesta_enlace (id_empresa, id_encuesta, creado_en desc);

create table encuesta_respuesta (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_encuesta integer not null,
  id_enlace integer not null,
  -- {"p1": "5", "p2": "si", …}: normalised by the contract's validarRespuestasEncuesta.
  respuestas jsonb not null default '{}',
  creado_en timestamptz not null default now(),
  -- One answer per link, whatever the race between two submits.
  constraint encuesta_respuesta_enlace_uk unique (id_empresa, id_enlace),
  constraint encuesta_respuesta_encuesta_fk foreign key (id_empresa, id_encuesta)
    references encuesta (id_empresa, id) on delete cascade,
  constraint encuesta_respuesta_enlace_fk foreign key (id_empresa, id_enlace)
    references encuesta_enlace (id_empresa, id) on delete cascade
);
create index encuesta_respuesta_ix on encuesta_respuesta (id_empresa, id_encuesta, creado_en);
