-- Leads from portals (issue 34, docs/portales.md «Contactos desde los portales»): each contact a portal
-- hands over (today Mercado Libre's questions, read by a job) is kept once per (portal, its id), so a
-- second read never makes a second solicitud, with the solicitud it became or was merged into (the same
-- person about the same property within a few days adds to the open request instead of opening another).
create table portal_contacto (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  portal text not null,
  -- The portal's id of the contact (Mercado Libre: the question's id).
  id_portal text not null,
  -- The listing it was about, as the portal names it (Mercado Libre: the item id).
  id_externo text not null default '',
  id_inmueble integer,
  id_solicitud integer,
  -- Who asked, as one comparable key (the portal's user id, or the e-mail / phone): what merging compares.
  persona text not null default '',
  nombre text not null default '',
  mensaje text not null default '',
  resultado text not null check (resultado in ('creada', 'fusionada')),
  fecha_portal timestamptz,
  recibido_en timestamptz not null default now(),
  constraint portal_contacto_unico unique (id_empresa, portal, id_portal),
  constraint portal_contacto_inmueble_fk foreign key (id_empresa, id_inmueble)
    references inmueble (id_empresa, id) on delete set null (id_inmueble),
  constraint portal_contacto_solicitud_fk foreign key (id_empresa, id_solicitud)
    references solicitud (id_empresa, id) on delete set null (id_solicitud)
);
create index portal_contacto_portal_ix on portal_contacto (id_empresa, portal, recibido_en desc);
create index portal_contacto_persona_ix on portal_contacto (id_empresa, persona, id_inmueble, recibido_en desc);

-- The last read of each portal's contacts: when, its Spanish error (null when it went well), and the
-- newest contact's date seen (the next read stops there, with a margin).
alter table portal_config add column if not exists contactos_leido_en timestamptz;
alter table portal_config add column if not exists contactos_error text;
alter table portal_config add column if not exists contactos_hasta timestamptz;
