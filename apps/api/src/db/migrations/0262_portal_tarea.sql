-- Portals whose writes are asynchronous tasks (Ciencuadras, Fincaraíz: integrators' API, docs/portales.md):
-- the task id the portal answered, kept until its result is read (polling or webhook), so a retry reads
-- the task instead of sending the listing a second time; and the state «en_proceso» while it runs.
alter table portal_publicacion add column tarea text;
alter table portal_publicacion drop constraint portal_publicacion_estado_check;
alter table portal_publicacion add constraint portal_publicacion_estado_check
  check (estado in ('pendiente', 'enviado', 'en_proceso', 'publicado', 'error', 'despublicado'));
create index portal_publicacion_tarea_ix on portal_publicacion (id_empresa, portal, tarea) where tarea is not null;
