-- The fichas e-mailed to a lead, one row per property and sending: both sides of the matching show
-- «Enviado el …», so an asesor does not send a client the same property twice without knowing it.
create table cliente_atendido_envio (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_cliente integer not null,
  id_inmueble integer not null,
  para text not null,
  usuario text not null,
  fecha timestamptz not null default now(),
  constraint cliente_atendido_envio_cliente_fk foreign key (id_empresa, id_cliente) references cliente_atendido (id_empresa, id) on delete cascade,
  constraint cliente_atendido_envio_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id)
);
create index cliente_atendido_envio_cliente_ix on cliente_atendido_envio (id_empresa, id_cliente, id_inmueble, fecha);
create index cliente_atendido_envio_inmueble_ix on cliente_atendido_envio (id_empresa, id_inmueble, id_cliente, fecha);
