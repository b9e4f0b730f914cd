-- Portals that read a feed (issue 34): Impulso Raíz, Casa Raíz, inmuebles.net.co and CeroUno. Their
-- settings and secret address live in portal_config (the address's token encrypted in `credenciales`);
-- each read of the feed is kept here, for «Última lectura» and the sync health. Row-level security comes
-- from id_empresa (migrate.ts).
create table portal_feed_lectura (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  portal text not null,
  ip text not null default '',
  agente text not null default '',
  inmuebles integer not null default 0,
  -- The portal already had this version (If-None-Match): answered 304 without a body.
  sin_cambios boolean not null default false,
  creado_en timestamptz not null default now()
);
create index portal_feed_lectura_ix on portal_feed_lectura (id_empresa, portal, creado_en desc);
