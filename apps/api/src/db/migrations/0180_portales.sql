-- Portal synchronisers (issue 34): each company's settings per portal, the state of each property on
-- each portal, and the history of what was sent. Row-level security comes from id_empresa (migrate.ts).

-- `credenciales` is AES-256-GCM ciphertext (platform/mensajes/cifrado.ts): the API never answers it.
create table portal_config (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  portal text not null,
  activo boolean not null default true,
  ajustes jsonb not null default '{}',
  credenciales text not null default '',
  modificado_por text,
  modificado_en timestamptz not null default now(),
  primary key (id_empresa, portal)
);

-- One row per (property, portal). `hash` is the SHA-256 of the last payload the portal accepted: an
-- unchanged property is not sent again. `ultimo_error` is Spanish, for the person at the screen.
create table portal_publicacion (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  id_inmueble integer not null,
  portal text not null,
  estado text not null default 'pendiente'
    check (estado in ('pendiente', 'enviado', 'publicado', 'error', 'despublicado')),
  -- What the job must reach: published (with the current data) or withdrawn.
  objetivo text not null default 'publicado' check (objetivo in ('publicado', 'despublicado')),
  id_externo text,
  hash text,
  -- The photo ids in order when they were last sent: photos go again only when this changes.
  fotos_hash text,
  ultimo_error text,
  -- Counts the syncs asked for: each gets a job keyed by it, and a job older than the last one steps aside.
  solicitud integer not null default 0,
  -- A short lease while a job talks to the portal, so two jobs never send the same property at once.
  en_curso_hasta timestamptz,
  publicado_en timestamptz,
  actualizado_en timestamptz not null default now(),
  primary key (id_empresa, id_inmueble, portal),
  constraint portal_publicacion_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade
);
create index portal_publicacion_portal_ix on portal_publicacion (id_empresa, portal, estado);

create table portal_historial (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  id_inmueble integer not null,
  portal text not null,
  accion text not null,
  resultado text not null,
  detalle text not null default '',
  usuario text,
  creado_en timestamptz not null default now()
);
create index portal_historial_ix on portal_historial (id_empresa, id_inmueble, portal, creado_en desc);
