-- Per-portal catalogues and the company's mapping to them (issue 34, docs/portales.md «Catálogos y
-- equivalencias»). Each portal identifies property types, cities and neighbourhoods by its own ids;
-- the adapters send those ids instead of names or a single city from the settings.
--
-- The catalogue is the portal's, but it is kept per company (row-level security like every table with
-- id_empresa): it is read with the company's own credentials (Wasi answers per id_company) or uploaded
-- by the company as a CSV, and one company's upload must never change what another company publishes.
-- A catalogue is a few thousand rows per portal, so the copy per company costs little.
create table portal_catalogo (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  portal text not null,
  -- tipo (property type), ciudad (city; `padre` its department/region id) or barrio (`padre` its city id).
  clase text not null check (clase in ('tipo', 'ciudad', 'barrio')),
  codigo text not null,
  nombre text not null,
  padre text not null default '',
  -- What helps to tell entries apart in the screen's search (a city's department name).
  detalle text not null default '',
  -- When and how it arrived (the portal's endpoint, «portal», or a CSV), shown on the screen.
  origen text not null default 'csv' check (origen in ('portal', 'csv')),
  cargado_en timestamptz not null default now(),
  primary key (id_empresa, portal, clase, codigo)
);
create index portal_catalogo_padre_ix on portal_catalogo (id_empresa, portal, clase, padre);

-- The company's master (a tipo de inmueble, a municipio's id, a barrio's id) → the portal's entry.
create table portal_equivalencia (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  portal text not null,
  -- tipo (id_local is the tipo's name), municipio (municipios.id) or barrio (barrios.id).
  clase text not null check (clase in ('tipo', 'municipio', 'barrio')),
  id_local text not null,
  codigo text not null,
  modificado_por text,
  modificado_en timestamptz not null default now(),
  primary key (id_empresa, portal, clase, id_local)
);
