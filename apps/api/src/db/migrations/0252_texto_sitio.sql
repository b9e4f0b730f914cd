-- Página web > Sesión de texto (issue 32, idm 10565): one text block per section of the public site
-- (quiénes somos, políticas, contacto, pie de página), sanitised HTML. RLS per company from the runner.

create table texto_sitio (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  seccion text not null check (seccion in ('quienes_somos', 'politicas', 'contacto', 'pie')),
  titulo text not null default '',
  contenido text not null default '',
  publicado boolean not null default true,
  modificado_por text,
  modificado_en timestamptz,
  constraint texto_sitio_seccion_uk unique (id_empresa, seccion)
);
