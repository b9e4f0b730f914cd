-- Branches of a company (Compañía > Agencias); usuarios.agencia and empresa.default_agencia hold their id (0 = none).
create table agencia (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  nombre text not null,
  direccion text not null default '',
  telefono text not null default '',
  activo boolean not null default true,
  creado_en timestamptz not null default now()
);
create unique index agencia_nombre_uk on agencia (id_empresa, lower(nombre));

-- Logs del sistema filter by entity and record.
create index auditoria_entidad_ix on auditoria (id_empresa, entidad, entidad_id);
