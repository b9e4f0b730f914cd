-- Zona clientes (issue 31): the client portal's configuration (idm 499), its users (a tercero of the
-- company invited by e-mail), their invitations and sessions, and maintenance requests (idm 10550).

-- Configurar zona clientes: one row per company; the portal answers nothing while activo is false.
create table zona_clientes_config (
  id_empresa integer primary key default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  activo boolean not null default false,
  titulo text not null default 'Zona clientes',
  bienvenida text not null default '',
  -- Ley 1581 de 2012: the data-treatment policy a client accepts; its version changes when the text does.
  politica text not null default '',
  version_politica integer not null default 1,
  modificado_por text,
  modificado_en timestamptz
);

-- A client of the portal: one tercero, one address, one password (argon2id), of one company.
create table cliente_portal (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_tercero integer not null,
  email text not null,
  clave_hash text,
  activo boolean not null default true,
  autorizo_version integer,
  autorizo_en timestamptz,
  autorizo_ip text,
  ultimo_ingreso timestamptz,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint cliente_portal_empresa_id_uk unique (id_empresa, id),
  constraint cliente_portal_tercero_uk unique (id_empresa, id_tercero),
  constraint cliente_portal_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id)
);
create unique index cliente_portal_email_uk on cliente_portal (id_empresa, lower(email));

-- Invitations: only the SHA-256 of the link's secret is kept; single use, and they expire.
create table cliente_portal_invitacion (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cliente integer not null,
  token_hash text not null unique,
  expira_en timestamptz not null,
  usada_en timestamptz,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint cliente_portal_invitacion_cliente_fk foreign key (id_empresa, id_cliente) references cliente_portal (id_empresa, id) on delete cascade
);

-- Portal sessions, apart from the staff's (sesion): a portal token names one of these rows.
create table cliente_portal_sesion (
  id text primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cliente integer not null,
  expira_en timestamptz not null,
  cerrada_en timestamptz,
  ip text not null default '',
  creado_en timestamptz not null default now(),
  constraint cliente_portal_sesion_cliente_fk foreign key (id_empresa, id_cliente) references cliente_portal (id_empresa, id) on delete cascade
);

-- Who rents a property: there is no contracts module yet, so staff name the tenant when inviting one.
create table inmueble_arrendatario (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  id_tercero integer not null,
  creado_en timestamptz not null default now(),
  primary key (id_empresa, id_inmueble, id_tercero),
  constraint inmueble_arrendatario_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade,
  constraint inmueble_arrendatario_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id)
);
create index inmueble_arrendatario_tercero_ix on inmueble_arrendatario (id_empresa, id_tercero);

create table solicitud_mantenimiento (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  -- Per company, from platform/numeracion (series 'mantenimiento').
  consecutivo integer not null,
  id_inmueble integer not null,
  id_cliente integer not null,
  categoria text not null check (categoria in ('plomeria', 'electrico', 'cerrajeria', 'electrodomesticos', 'humedad', 'pintura', 'otro')),
  descripcion text not null,
  urgencia text not null check (urgencia in ('baja', 'media', 'alta')),
  permiso_ingreso boolean not null default false,
  disponibilidad text not null default '',
  estado text not null default 'recibida'
    check (estado in ('recibida', 'en_revision', 'aprobada', 'en_ejecucion', 'resuelta', 'cerrada', 'rechazada')),
  id_asignado integer,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint solicitud_mantenimiento_empresa_id_uk unique (id_empresa, id),
  constraint solicitud_mantenimiento_consecutivo_uk unique (id_empresa, consecutivo),
  constraint solicitud_mantenimiento_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  constraint solicitud_mantenimiento_cliente_fk foreign key (id_empresa, id_cliente) references cliente_portal (id_empresa, id),
  constraint solicitud_mantenimiento_asignado_fk foreign key (id_empresa, id_asignado) references usuarios (id_empresa, id)
);
create index solicitud_mantenimiento_cliente_ix on solicitud_mantenimiento (id_empresa, id_cliente, id);
create index solicitud_mantenimiento_estado_ix on solicitud_mantenimiento (id_empresa, estado, id);

-- Its steps: estado changes, assignments and comments; the client sees those marked visible.
create table solicitud_mantenimiento_evento (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_solicitud integer not null,
  tipo text not null check (tipo in ('creada', 'estado', 'asignacion', 'comentario')),
  estado text,
  texto text not null default '',
  visible_cliente boolean not null default true,
  autor text not null,
  creado_en timestamptz not null default now(),
  constraint solicitud_mantenimiento_evento_solicitud_fk foreign key (id_empresa, id_solicitud)
    references solicitud_mantenimiento (id_empresa, id) on delete cascade
);
create index solicitud_mantenimiento_evento_ix on solicitud_mantenimiento_evento (id_empresa, id_solicitud, id);

create trigger solicitud_mantenimiento_borra_archivos after delete on solicitud_mantenimiento
  for each row execute function archivo_borrar_de_dueno('solicitud_mantenimiento', 'id');
