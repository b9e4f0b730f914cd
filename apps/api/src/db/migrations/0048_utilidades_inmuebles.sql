-- Utilidades de inmuebles (issue 4 §1): the TV display's configuration per company, the notification
-- a reassigned asesor receives, and indexes for the property history and the geolocation list.

create table inmueble_tv_config (
  id_empresa integer primary key default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  config jsonb not null default '{}'::jsonb,
  modificado_por text not null,
  modificado_en timestamptz not null default now()
);

insert into notificacion_tipo (tipo_carta, modulo, modulo_label, modulo_orden, orden, titulo, descripcion, in_app, email, sms, whatsapp)
values (205, 'inmuebles', 'Inmuebles', 2, 5, 'Inmuebles reasignados',
        'Cuando le reasignan inmuebles de otro asesor (Reasignar inmuebles).', true, false, false, false)
on conflict (tipo_carta) do nothing;

-- Modificaciones de inmuebles reads one entity's rows, newest first, often for one consecutivo.
create index if not exists auditoria_entidad_ix on auditoria (id_empresa, entidad, entidad_id, creado_en desc);
-- Geolocalizar lists and counts the properties still without a point.
create index if not exists inmueble_sin_coordenadas_ix on inmueble (id_empresa, consecutivo) where lat is null or lng is null;
