-- Página web > Popup de inicio (issue 32, idm 10538): the pop-up of the site's home, with its dates and
-- frequency per visitor; its image is an archivo row. RLS per company from the migration runner.

create table popup_inicio (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  titulo text not null,
  -- Sanitised HTML (platform/documentos/sanear).
  contenido text not null default '',
  enlace text not null default '',
  texto_enlace text not null default '',
  vigente_desde date,
  vigente_hasta date,
  frecuencia text not null default 'diaria' check (frecuencia in ('siempre', 'diaria', 'una_vez')),
  -- When several are current the site shows the highest, then the newest.
  prioridad integer not null default 0,
  activo boolean not null default true,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint popup_inicio_empresa_id_uk unique (id_empresa, id),
  constraint popup_inicio_vigencia_ck check (vigente_hasta is null or vigente_desde is null or vigente_hasta >= vigente_desde)
);

create trigger popup_inicio_borra_archivos after delete on popup_inicio
  for each row execute function archivo_borrar_de_dueno('popup', 'id');
