-- Página web > Formularios (issue 32, idm 10536): forms the staff build and the public site shows; each
-- submission is kept here and becomes a solicitud of the form's type. RLS per company comes from the
-- migration runner (every id_empresa table).

create table formulario_web (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  nombre text not null,
  descripcion text not null default '',
  -- [{clave, etiqueta, tipo, obligatorio, opciones}]: checked by the contract's schema before it is stored.
  campos jsonb not null default '[]',
  tipo_solicitud text not null default 'informacion',
  mensaje_gracias text not null default '',
  activo boolean not null default true,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint formulario_web_empresa_id_uk unique (id_empresa, id)
);

create table formulario_envio (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_formulario integer not null,
  nombre text not null,
  -- [{etiqueta, tipo, valor}] as the form was when it was sent: a field renamed later keeps old answers readable.
  respuestas jsonb not null default '[]',
  numero_solicitud integer,
  ip text not null default '',
  creado_en timestamptz not null default now(),
  constraint formulario_envio_formulario_fk foreign key (id_empresa, id_formulario)
    references formulario_web (id_empresa, id) on delete cascade
);
create index formulario_envio_ix on formulario_envio (id_empresa, id_formulario, creado_en desc);
