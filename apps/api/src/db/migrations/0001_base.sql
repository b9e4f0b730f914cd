-- Foundation: companies, people, users, sessions, locks, notifications, audit.
create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- Roles belong to the whole cluster: two databases migrating at once (tests, a second deployment) can
-- both find it missing; the second creation then fails, and that only means it exists.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'predio_app') then
    begin
      create role predio_app nologin;
    exception when duplicate_object or unique_violation then null;
    end;
  end if;
end $$;

create table empresa (
  id_empresa serial primary key,
  nombre text not null default '',
  nit text not null default '',
  direccion text not null default '',
  telefonos text not null default '',
  email text not null default '',
  web text not null default '',
  logo text,
  default_agencia integer not null default 0,
  default_asesor text,
  default_auxiliar text,
  creado_en timestamptz not null default now()
);

create table terceros (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  nro_id text not null,
  nro_id_old text not null default '',
  tipo_dcto integer not null default 13,
  tipo_contribuyente integer not null default 2,
  nombre1 text not null default '',
  nombre2 text not null default '',
  apellido1 text not null default '',
  apellido2 text not null default '',
  razon_social text not null default '',
  nombre text not null default '',
  telefonos text not null default '',
  telefono_res text not null default '',
  telefono_of text not null default '',
  indicativo_celular text not null default '',
  celular text not null default '',
  direccion text not null default '',
  codmunicipio text,
  municipio text not null default '',
  barrio text not null default '',
  observaciones text not null default '',
  fecha_consig date,
  pjecomision numeric(6, 2),
  cumpleanos date,
  generar_extracto boolean not null default false,
  tres_x_mil boolean not null default false,
  consolidar_facturacion boolean not null default false,
  auditoria boolean not null default false,
  marca_de_control boolean not null default false,
  email text not null default '',
  correspondencia text not null default 'Enviar',
  encargado_correspondencia text not null default '',
  ubicacion_carpeta text not null default '',
  direccion_correspondencia text not null default '',
  municipio_correspondencia text not null default '',
  barrio_correspondencia text not null default '',
  urbanizacion_correspondencia text not null default '',
  usuario_inicial text not null default '',
  usuario_modifico text not null default '',
  tipo text not null default '',
  aut_manejo_datos_personales boolean not null default false,
  fecha_modificacion timestamptz,
  modificado boolean not null default false,
  cod_postal text not null default '',
  cod_pais text not null default '',
  cliente_vip boolean not null default false,
  encargado_nombre text not null default '',
  encargado_telefono text not null default '',
  encargado_celular text not null default '',
  encargado_email text not null default '',
  encargado_obs text not null default '',
  foto text,
  coloragenda text not null default '',
  desactivado_en_agenda boolean not null default false,
  celular_corporativo text not null default '',
  email_corporativo text not null default '',
  activo boolean not null default true,
  propietario boolean not null default true,
  empleado boolean not null default false,
  creado_en timestamptz not null default now(),
  unique (id_empresa, nro_id)
);

create table usuarios (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  usuario text not null,
  clave_hash text not null,
  nombre text not null default '',
  nro_id text,
  permisos text not null default '',
  permisos_especiales text not null default '',
  permisos_por_usuario text not null default '',
  admemp boolean not null default false,
  agencia integer not null default 0,
  activo boolean not null default true,
  tipo_vista_inmuebles_buscador integer not null default 1,
  creado_en timestamptz not null default now(),
  foreign key (id_empresa, nro_id) references terceros (id_empresa, nro_id) on update cascade
);
create unique index usuarios_usuario_uk on usuarios (id_empresa, lower(usuario));

create table sesion (
  id uuid primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer references usuarios (id) on delete cascade,
  usuario text not null,
  creada_en timestamptz not null default now(),
  expira_en timestamptz not null,
  cerrada_en timestamptz,
  ip text not null default '',
  user_agent text not null default ''
);
create index sesion_usuario_abierta_ix on sesion (id_empresa, id_usuario) where cerrada_en is null;

create table sesion_dispositivo (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_sesion uuid not null references sesion (id) on delete cascade,
  firebase_id text,
  device_info jsonb not null,
  registrado_en timestamptz not null default now()
);
create index sesion_dispositivo_sesion_ix on sesion_dispositivo (id_sesion);

create table edit_lock (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  recurso text not null,
  clave text not null,
  id_usuario integer not null,
  usuario text not null,
  id_sesion uuid,
  tomado_en timestamptz not null default now(),
  expira_en timestamptz not null,
  primary key (id_empresa, recurso, clave)
);
create index edit_lock_usuario_ix on edit_lock (id_empresa, id_usuario);

create table configuracion (
  id_empresa integer primary key default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  carpeta_de_archivos_web text not null default '',
  https boolean not null default true,
  ajustes jsonb not null default '{}'::jsonb
);

create table bitacora_aviso (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  version integer not null,
  html text not null,
  activo boolean not null default true,
  publicado_en timestamptz not null default now(),
  unique (id_empresa, version)
);

create table bitacora_aceptacion (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer not null,
  version integer not null,
  aceptado_en timestamptz not null default now(),
  primary key (id_empresa, id_usuario, version)
);

-- Catalogue of notification types: the same for every company.
create table notificacion_tipo (
  tipo_carta integer primary key,
  modulo text not null,
  modulo_label text not null,
  modulo_orden integer not null,
  orden integer not null,
  titulo text not null,
  descripcion text not null,
  in_app boolean not null default true,
  email boolean not null default false,
  sms boolean not null default false,
  whatsapp boolean not null default false
);

create table notificacion_config (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer not null,
  tipo_carta integer not null references notificacion_tipo (tipo_carta),
  in_app boolean not null,
  email boolean not null,
  sms boolean not null,
  whatsapp boolean not null,
  actualizado_en timestamptz not null default now(),
  primary key (id_empresa, id_usuario, tipo_carta)
);

create table notificacion (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer not null,
  tipo_carta integer references notificacion_tipo (tipo_carta),
  titulo text not null,
  cuerpo text not null default '',
  enlace text,
  creada_en timestamptz not null default now(),
  leida_en timestamptz
);
create index notificacion_usuario_ix on notificacion (id_empresa, id_usuario, creada_en desc);

create table municipios (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  codigo_dane text not null,
  departamento text not null,
  municipio text not null,
  activo boolean not null default true,
  unique (id_empresa, codigo_dane)
);

create table auditoria (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer,
  usuario text not null,
  accion text not null,
  entidad text not null,
  entidad_id text,
  cambios jsonb,
  ip text not null default '',
  creado_en timestamptz not null default now()
);
create index auditoria_fecha_ix on auditoria (id_empresa, creado_en desc);

-- Failed logins happen before a company is trusted, so this table has no id_empresa.
create table login_fallido (
  clave text primary key,
  fallos integer not null,
  primer_fallo timestamptz not null,
  bloqueado_hasta timestamptz
);
