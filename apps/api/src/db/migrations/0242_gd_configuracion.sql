-- Configuración de gestión documental (issue 28, /gestion-documental/maestros/configuracion, idm 10574):
-- one row per company with the radicado format of each kind, whether the consecutive restarts each year,
-- and who receives inbound mail. A company without a row files as before (the defaults below).

create table gd_configuracion (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  reinicio_anual boolean not null default true,
  formato_entrada text not null default '{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}',
  formato_salida text not null default '{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}',
  formato_interna text not null default '{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}',
  id_area_recepcion integer,
  id_usuario_recepcion integer,
  modificado_por text,
  modificado_en timestamptz,
  constraint gd_configuracion_empresa_uk unique (id_empresa),
  constraint gd_configuracion_id_area_recepcion_fk foreign key (id_empresa, id_area_recepcion) references areas_empresa (id_empresa, id),
  constraint gd_configuracion_id_usuario_recepcion_fk foreign key (id_empresa, id_usuario_recepcion) references usuarios (id_empresa, id)
);

-- The response deadline of a radicado de entrada: business days of its tipo documental (Colombian holidays excluded).
alter table radicado add column if not exists vence date;
