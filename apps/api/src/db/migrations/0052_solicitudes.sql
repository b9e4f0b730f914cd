-- Solicitudes (issue 4 §2, idm 73): requests from the website, portals, phone, WhatsApp, e-mail or
-- walk-in, numbered per company, assigned, followed through their estados with a history.

-- One row per company, taken with insert ... on conflict do update ... returning inside the create
-- transaction: concurrent creates serialise on the row and a number is never reused (as in 0040).
create table solicitud_consecutivo (
  id_empresa integer primary key default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  ultimo integer not null
);

create table solicitud (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  numero integer not null,
  canal text not null check (canal in ('sitio_web', 'portal', 'telefono', 'presencial', 'whatsapp', 'correo')),
  portal text check (portal in ('fincaraiz', 'metrocuadrado', 'ciencuadras', 'mercadolibre', 'proppit', 'wasi', 'otro')),
  tipo text not null
    check (tipo in ('arrendar', 'comprar', 'consignar', 'visita', 'informacion', 'mantenimiento', 'otro')),
  estado text not null default 'nueva' check (estado in ('nueva', 'asignada', 'en_tramite', 'resuelta', 'descartada')),
  id_tercero integer,
  -- Who wrote or called when they are not a tercero yet (a tercero can be created from these).
  contacto_nombre text not null default '',
  contacto_telefono text not null default '',
  contacto_email text not null default '',
  id_inmueble integer,
  id_asignado integer,
  fecha_recepcion timestamptz not null default now(),
  mensaje text not null,
  observacion text not null default '',
  id_cliente_atendido integer,
  texto_busqueda text generated always as (
    lower(predio_unaccent(contacto_nombre || ' ' || contacto_telefono || ' ' || contacto_email || ' ' || mensaje))
  ) stored,
  version integer not null default 1,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint solicitud_numero_uk unique (id_empresa, numero),
  constraint solicitud_empresa_id_uk unique (id_empresa, id),
  constraint solicitud_portal_ck check ((canal = 'portal') = (portal is not null)),
  constraint solicitud_contacto_ck check (id_tercero is not null or contacto_nombre <> ''),
  constraint solicitud_asignado_ck check (estado not in ('asignada', 'en_tramite') or id_asignado is not null),
  constraint solicitud_id_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id),
  constraint solicitud_id_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  constraint solicitud_id_asignado_fk foreign key (id_empresa, id_asignado) references usuarios (id_empresa, id),
  -- The lead it became (migration 0050 runs first).
  constraint solicitud_id_cliente_atendido_fk foreign key (id_empresa, id_cliente_atendido)
    references cliente_atendido (id_empresa, id)
);
-- A lead comes from one request at most.
create unique index solicitud_cliente_atendido_uk on solicitud (id_empresa, id_cliente_atendido)
  where id_cliente_atendido is not null;

create table solicitud_historial (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_solicitud integer not null,
  tipo text not null check (tipo in ('creacion', 'edicion', 'asignacion', 'estado', 'nota', 'conversion')),
  estado_anterior text,
  estado_nuevo text,
  id_asignado_anterior integer,
  id_asignado_nuevo integer,
  nota text not null default '',
  id_usuario integer,
  usuario text not null,
  fecha timestamptz not null default now(),
  constraint solicitud_historial_solicitud_fk foreign key (id_empresa, id_solicitud) references solicitud (id_empresa, id) on delete cascade,
  constraint solicitud_historial_anterior_fk foreign key (id_empresa, id_asignado_anterior) references usuarios (id_empresa, id),
  constraint solicitud_historial_nuevo_fk foreign key (id_empresa, id_asignado_nuevo) references usuarios (id_empresa, id)
);
create index solicitud_historial_solicitud_ix on solicitud_historial (id_empresa, id_solicitud, id);

-- The list: by estado and date, by assignee, by tercero and property, and the text search.
create index solicitud_estado_ix on solicitud (id_empresa, estado, fecha_recepcion desc);
create index solicitud_fecha_ix on solicitud (id_empresa, fecha_recepcion desc);
create index solicitud_asignado_ix on solicitud (id_empresa, id_asignado, estado);
create index solicitud_tercero_ix on solicitud (id_empresa, id_tercero);
create index solicitud_inmueble_ix on solicitud (id_empresa, id_inmueble);
create index solicitud_texto_trgm on solicitud using gin (texto_busqueda gin_trgm_ops);
