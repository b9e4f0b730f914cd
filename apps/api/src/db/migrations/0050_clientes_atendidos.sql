-- Clientes atendidos (issue 4 §2): the lead, its follow-up notes, its per-company consecutivo, and the
-- record of matching notifications already sent (so an asesor hears about a property once per reason).

create unique index if not exists medios_publicitarios_empresa_id_uk on medios_publicitarios (id_empresa, id);

create table cliente_atendido_consecutivo (
  id_empresa integer primary key default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  ultimo integer not null
);

create table cliente_atendido (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  consecutivo integer not null,
  id_tercero integer not null,
  fecha_ingreso date not null,
  id_asesor integer,
  id_medio integer,
  gestion text not null check (gestion in ('arriendo', 'venta', 'arriendo_venta')),
  estado text not null default 'activo' check (estado in ('activo', 'en_seguimiento', 'cerrado')),
  -- Requirements: an empty array or null means "any". Masters in arrays are checked by the service.
  tipos text[] not null default '{}',
  municipios integer[] not null default '{}',
  barrios integer[] not null default '{}',
  zonas integer[] not null default '{}',
  precio_min bigint check (precio_min >= 0),
  precio_max bigint check (precio_max >= 0),
  area_min numeric(12, 2),
  area_max numeric(12, 2),
  habitaciones_min smallint,
  banos_min smallint,
  parqueaderos_min smallint,
  estratos integer[] not null default '{}',
  caracteristicas integer[] not null default '{}',
  observaciones text not null default '',
  resultado text check (resultado in ('arrendo_con_nosotros', 'compro_con_nosotros', 'arrendo_otra_inmobiliaria',
                                      'compro_otra_inmobiliaria', 'desistio', 'no_contactable', 'otro')),
  observacion_cierre text not null default '',
  fecha_cierre date,
  ultimo_seguimiento timestamptz,
  version integer not null default 1,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint cliente_atendido_consecutivo_uk unique (id_empresa, consecutivo),
  constraint cliente_atendido_empresa_id_uk unique (id_empresa, id),
  constraint cliente_atendido_cierre_ck check ((estado = 'cerrado') = (resultado is not null and fecha_cierre is not null)),
  constraint cliente_atendido_id_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id),
  constraint cliente_atendido_id_asesor_fk foreign key (id_empresa, id_asesor) references usuarios (id_empresa, id),
  constraint cliente_atendido_id_medio_fk foreign key (id_empresa, id_medio) references medios_publicitarios (id_empresa, id)
);
create index cliente_atendido_estado_ix on cliente_atendido (id_empresa, estado, fecha_ingreso);
create index cliente_atendido_asesor_ix on cliente_atendido (id_empresa, id_asesor, estado);
create index cliente_atendido_tercero_ix on cliente_atendido (id_empresa, id_tercero);

create table cliente_atendido_nota (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cliente integer not null,
  texto text not null,
  id_usuario integer,
  usuario text not null,
  fecha timestamptz not null default now(),
  constraint cliente_atendido_nota_cliente_fk foreign key (id_empresa, id_cliente) references cliente_atendido (id_empresa, id) on delete cascade
);
create index cliente_atendido_nota_cliente_ix on cliente_atendido_nota (id_empresa, id_cliente, fecha);

-- One notification per asesor, property and reason ('nuevo', or 'precio' with the prices as clave).
create table cliente_coincidencia_aviso (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  id_usuario integer not null,
  motivo text not null check (motivo in ('nuevo', 'precio')),
  clave text not null default '',
  creado_en timestamptz not null default now(),
  primary key (id_empresa, id_inmueble, id_usuario, motivo, clave),
  constraint cliente_coincidencia_aviso_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade
);
