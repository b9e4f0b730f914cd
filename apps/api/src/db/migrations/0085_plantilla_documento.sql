-- Templates a company writes with the editor (platform/documentos, docs/documentos.md): cartas today,
-- e-mails, contracts and inventories later. `tipo` is the record a template is filled from; the HTML
-- is stored sanitised. Row-level security comes from id_empresa (migrate.ts).
create table plantilla_documento (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  nombre text not null check (length(nombre) between 1 and 120),
  tipo text not null check (tipo in ('ninguno', 'inmueble', 'tercero', 'cliente')),
  contenido text not null default '',
  actualizado timestamptz not null default now(),
  actualizado_por text not null default ''
);
create unique index plantilla_documento_nombre_ux on plantilla_documento (id_empresa, lower(nombre));
