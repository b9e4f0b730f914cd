-- The portal's id of each photo of a listing (Predio's archivo id → the portal's image id), for portals
-- whose contract answers them (the integrators' API: the task's content[].multimedia[]). With them a photo
-- removed or replaced here is deleted there by its id and only the new one is sent, instead of sending the
-- whole set again (docs/portales.md «Photo ids»). Empty for the other portals and for listings sent before.
alter table portal_publicacion add column fotos_portal jsonb not null default '{}'::jsonb;
