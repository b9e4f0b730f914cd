-- Issue 27 «Sending»: an e-mail written from a record may copy other people (CC), comma-separated like
-- the recipients.
alter table correo_salida add column if not exists cc text;
