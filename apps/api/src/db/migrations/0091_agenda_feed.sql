-- Private calendar feeds (issue 25): each user may publish their citas as an ICS URL that Google
-- Calendar or Outlook subscribe to. Only the token's SHA-256 is kept; a new token replaces the old
-- one and deleting the row revokes it.
create table agenda_feed (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_usuario integer not null,
  token_hash text not null,
  creado_en timestamptz not null default now(),
  primary key (id_empresa, id_usuario),
  constraint agenda_feed_token_uk unique (token_hash),
  constraint agenda_feed_usuario_fk foreign key (id_empresa, id_usuario) references usuarios (id_empresa, id) on delete cascade
);
