-- Terceros module: roles, references to municipio/barrio, habeas data (Ley 1581), optimistic
-- concurrency and the accent-insensitive search index.

alter table terceros
  add column if not exists arrendatario boolean not null default false,
  add column if not exists cliente boolean not null default false,
  add column if not exists proveedor boolean not null default false,
  add column if not exists fiador boolean not null default false,
  add column if not exists id_municipio integer,
  add column if not exists id_barrio integer,
  add column if not exists id_medio_aut_datos integer,
  add column if not exists fecha_aut_datos date,
  -- Incremented by every edit through the form: a stale save is refused (409) instead of lost.
  add column if not exists version integer not null default 1;

-- Composite keys so a tercero can only point at its own company's rows.
create unique index if not exists barrios_empresa_id_uk on barrios (id_empresa, id);
create unique index if not exists medios_aut_manejo_datos_empresa_id_uk on medios_aut_manejo_datos (id_empresa, id);

alter table terceros
  add constraint terceros_id_municipio_fk foreign key (id_empresa, id_municipio) references municipios (id_empresa, id),
  add constraint terceros_id_barrio_fk foreign key (id_empresa, id_barrio) references barrios (id_empresa, id),
  add constraint terceros_id_medio_aut_datos_fk foreign key (id_empresa, id_medio_aut_datos) references medios_aut_manejo_datos (id_empresa, id);

-- Consent is recorded with how and when it was given (the form asks for both).
alter table terceros add constraint terceros_aut_datos_ck
  check (not aut_manejo_datos_personales or (id_medio_aut_datos is not null and fecha_aut_datos is not null)) not valid;

-- The list searches this one expression (modules/terceros/terceros.repo.ts writes it identically).
create index if not exists terceros_busqueda_trgm on terceros using gin (
  lower(predio_unaccent(
    nro_id || ' ' || nombre || ' ' || razon_social || ' ' || telefonos || ' ' || telefono_res || ' ' ||
    telefono_of || ' ' || celular || ' ' || celular_corporativo || ' ' || email || ' ' || email_corporativo
  )) gin_trgm_ops
);
create index if not exists terceros_nombre_ix on terceros (id_empresa, lower(predio_unaccent(nombre)));
create index if not exists terceros_email_ix on terceros (id_empresa, lower(email)) where email <> '';
create index if not exists terceros_celular_ix on terceros (id_empresa, regexp_replace(celular, '[^0-9]', '', 'g')) where celular <> '';
create index if not exists terceros_id_municipio_ix on terceros (id_empresa, id_municipio);
