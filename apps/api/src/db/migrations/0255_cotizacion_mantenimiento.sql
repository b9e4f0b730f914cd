-- Zona clientes (issue 31): the quote of a maintenance request that the property's owner approves or
-- rejects in the portal. Staff write it (amount in COP, supplier, what it covers, an optional PDF);
-- the owner decides with a comment; the tenant only sees the steps, never the amount.
create table cotizacion_mantenimiento (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_solicitud integer not null,
  -- Whole pesos: quotes in Colombia carry no cents.
  valor bigint not null check (valor > 0 and valor <= 999999999999),
  id_proveedor integer not null,
  descripcion text not null check (length(descripcion) between 1 and 4000),
  estado text not null default 'pendiente' check (estado in ('pendiente', 'aprobada', 'rechazada', 'anulada')),
  comentario text not null default '',
  -- The owner's portal account that decided (null while pending or when staff voided it).
  id_cliente_decide integer,
  decidido_en timestamptz,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint cotizacion_mantenimiento_empresa_id_uk unique (id_empresa, id),
  constraint cotizacion_mantenimiento_solicitud_fk foreign key (id_empresa, id_solicitud)
    references solicitud_mantenimiento (id_empresa, id) on delete cascade,
  constraint cotizacion_mantenimiento_proveedor_fk foreign key (id_empresa, id_proveedor) references terceros (id_empresa, id),
  constraint cotizacion_mantenimiento_cliente_fk foreign key (id_empresa, id_cliente_decide) references cliente_portal (id_empresa, id)
);
create index cotizacion_mantenimiento_solicitud_ix on cotizacion_mantenimiento (id_empresa, id_solicitud, id);
-- One quote waits for the owner at a time: a new one needs the earlier decided or voided.
create unique index cotizacion_mantenimiento_pendiente_uk on cotizacion_mantenimiento (id_empresa, id_solicitud)
  where estado = 'pendiente';

-- Its PDF is an `archivo` of owner type 'cotizacion_mantenimiento' (platform/archivos), checked by content.
create trigger cotizacion_mantenimiento_borra_archivos after delete on cotizacion_mantenimiento
  for each row execute function archivo_borrar_de_dueno('cotizacion_mantenimiento', 'id');

-- The request's steps gain the quote's (sent, approved, rejected, voided), which the tenant sees without the amount.
alter table solicitud_mantenimiento_evento drop constraint solicitud_mantenimiento_evento_tipo_check;
alter table solicitud_mantenimiento_evento add constraint solicitud_mantenimiento_evento_tipo_check
  check (tipo in ('creada', 'estado', 'asignacion', 'comentario', 'cotizacion'));
