-- Inmuebles (issue 4, first slice): the property, its owners, its state history and the per-company
-- consecutivo counter, with the indexes the inmuebles-disponibles search needs.

-- Composite keys so a property can only point at its own company's rows.
create unique index if not exists sectores_empresa_id_uk on sectores (id_empresa, id);
create unique index if not exists zonas_empresa_id_uk on zonas (id_empresa, id);
create unique index if not exists medios_captacion_empresa_id_uk on medios_captacion (id_empresa, id);
create unique index if not exists causales_retiro_empresa_id_uk on causales_retiro (id_empresa, id);
create unique index if not exists terceros_empresa_id_uk on terceros (id_empresa, id);
create unique index if not exists usuarios_empresa_id_uk on usuarios (id_empresa, id);

-- One row per company; taken with insert ... on conflict do update ... returning inside the create
-- transaction, so concurrent creates serialise on the row and a number is never reused.
create table inmueble_consecutivo (
  id_empresa integer primary key default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  ultimo integer not null
);

create table inmueble (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  consecutivo integer not null,
  tipo text not null check (tipo in ('apartamento', 'casa', 'apartaestudio', 'local', 'oficina', 'bodega', 'lote', 'finca',
                                     'consultorio', 'edificio', 'habitación', 'parqueadero')),
  gestion text not null check (gestion in ('arriendo', 'venta', 'arriendo_venta')),
  estado text not null default 'captado'
    check (estado in ('captado', 'disponible', 'reservado', 'arrendado', 'vendido', 'retirado')),
  id_causal_retiro integer,
  direccion text not null,
  id_municipio integer not null,
  id_barrio integer,
  id_sector integer,
  id_zona integer,
  estrato smallint check (estrato between 1 and 6),
  area_construida numeric(12, 2),
  area_privada numeric(12, 2),
  area_lote numeric(12, 2),
  habitaciones smallint not null default 0,
  banos smallint not null default 0,
  parqueaderos smallint not null default 0,
  piso smallint,
  ascensor boolean not null default false,
  anio_construccion smallint,
  canon bigint check (canon >= 0),
  precio_venta bigint check (precio_venta >= 0),
  administracion bigint check (administracion >= 0),
  descripcion text not null default '',
  observaciones_internas text not null default '',
  id_asesor_captador integer,
  id_asesor_comercial integer,
  id_captacion integer,
  fecha_consignacion date,
  vigencia_consignacion date,
  lat double precision,
  lng double precision,
  codigo_llaves text not null default '',
  publicar jsonb not null default '{}'::jsonb,
  -- What the text search reads: stored, so an index recheck does not run unaccent row by row.
  texto_busqueda text generated always as (lower(predio_unaccent(direccion || ' ' || descripcion))) stored,
  version integer not null default 1,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint inmueble_consecutivo_uk unique (id_empresa, consecutivo),
  constraint inmueble_empresa_id_uk unique (id_empresa, id),
  constraint inmueble_retiro_ck check ((estado = 'retirado') = (id_causal_retiro is not null)),
  constraint inmueble_id_municipio_fk foreign key (id_empresa, id_municipio) references municipios (id_empresa, id),
  constraint inmueble_id_barrio_fk foreign key (id_empresa, id_barrio) references barrios (id_empresa, id),
  constraint inmueble_id_sector_fk foreign key (id_empresa, id_sector) references sectores (id_empresa, id),
  constraint inmueble_id_zona_fk foreign key (id_empresa, id_zona) references zonas (id_empresa, id),
  constraint inmueble_id_captacion_fk foreign key (id_empresa, id_captacion) references medios_captacion (id_empresa, id),
  constraint inmueble_id_causal_retiro_fk foreign key (id_empresa, id_causal_retiro) references causales_retiro (id_empresa, id),
  constraint inmueble_id_asesor_captador_fk foreign key (id_empresa, id_asesor_captador) references usuarios (id_empresa, id),
  constraint inmueble_id_asesor_comercial_fk foreign key (id_empresa, id_asesor_comercial) references usuarios (id_empresa, id)
);

create table inmueble_propietario (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  id_tercero integer not null,
  porcentaje numeric(5, 2) not null check (porcentaje > 0 and porcentaje <= 100),
  primary key (id_empresa, id_inmueble, id_tercero),
  constraint inmueble_propietario_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade,
  constraint inmueble_propietario_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id)
);
create index inmueble_propietario_tercero_ix on inmueble_propietario (id_empresa, id_tercero);

create table inmueble_estado_historial (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  desde text,
  hasta text not null,
  id_causal integer,
  observacion text not null default '',
  id_usuario integer,
  usuario text not null,
  fecha timestamptz not null default now(),
  constraint inmueble_estado_historial_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade,
  constraint inmueble_estado_historial_causal_fk foreign key (id_empresa, id_causal) references causales_retiro (id_empresa, id)
);
create index inmueble_estado_historial_inmueble_ix on inmueble_estado_historial (id_empresa, id_inmueble, fecha);

-- Search (modules/inmuebles/inmuebles.repo.ts): equality filters first, then ranges.
create index inmueble_busqueda_ix on inmueble (id_empresa, estado, gestion, tipo);
create index inmueble_canon_ix on inmueble (id_empresa, estado, canon);
create index inmueble_precio_venta_ix on inmueble (id_empresa, estado, precio_venta);
create index inmueble_area_ix on inmueble (id_empresa, estado, (coalesce(area_construida, area_lote)));
create index inmueble_municipio_ix on inmueble (id_empresa, id_municipio, id_barrio);
create index inmueble_asesor_ix on inmueble (id_empresa, id_asesor_comercial);
create index inmueble_texto_trgm on inmueble using gin (texto_busqueda gin_trgm_ops);
