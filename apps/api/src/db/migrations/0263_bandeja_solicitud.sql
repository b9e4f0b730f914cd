-- Bandeja de correos (issue 27): a received message turned into a solicitud keeps the link both ways
-- (the message shows «Solicitud N», and a second press cannot create it twice). The pair with id_empresa
-- keeps the link inside the company, like the solicitud's own foreign keys.
alter table correo_mensaje add column if not exists id_solicitud integer;
alter table correo_mensaje
  add constraint correo_mensaje_solicitud_fk foreign key (id_empresa, id_solicitud)
  references solicitud (id_empresa, id) on delete set null (id_solicitud);
create index if not exists correo_mensaje_solicitud_ix on correo_mensaje (id_empresa, id_solicitud) where id_solicitud is not null;
