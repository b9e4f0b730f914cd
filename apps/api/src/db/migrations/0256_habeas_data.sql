-- Zona clientes (issue 31): habeas-data requests (Ley 1581 de 2012, arts. 14 and 15). A client asks
-- from the portal to see (consulta), update or correct, delete, or revoke the authorisation of their
-- personal data; staff answer within the legal time and the client reads the answer in the portal.
create table solicitud_habeas_data (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cliente integer not null,
  tipo text not null check (tipo in ('consulta', 'actualizacion', 'supresion', 'revocatoria')),
  descripcion text not null check (length(descripcion) between 1 and 4000),
  estado text not null default 'recibida' check (estado in ('recibida', 'respondida')),
  -- The last business day to answer: 10 for a consulta (art. 14), 15 for a reclamo (art. 15), counted
  -- in Colombian business days from the day after it arrived.
  vence_el date not null,
  respuesta text check (respuesta is null or length(respuesta) between 1 and 8000),
  respondido_por text,
  respondido_en timestamptz,
  ip text not null default '',
  creado_en timestamptz not null default now(),
  constraint solicitud_habeas_data_cliente_fk foreign key (id_empresa, id_cliente) references cliente_portal (id_empresa, id),
  constraint solicitud_habeas_data_respuesta_ck check ((estado = 'respondida') = (respuesta is not null))
);
create index solicitud_habeas_data_lista_ix on solicitud_habeas_data (id_empresa, estado, vence_el, id);
create index solicitud_habeas_data_cliente_ix on solicitud_habeas_data (id_empresa, id_cliente, id);
