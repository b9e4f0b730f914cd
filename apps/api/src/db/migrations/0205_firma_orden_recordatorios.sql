-- Issue 29: signers in order (each invited when the one before signs) or all at once, reminders every
-- few days to whoever has not signed, and documents past their date marked vencido by a daily job.
-- The link's base (the server's public address when it was sent) is kept so a job can write links, and
-- the link's token is kept encrypted beside its hash so a reminder repeats the same link instead of
-- replacing one the signer may have open.
alter table firma_documento
  add column secuencial boolean not null default false,
  add column recordar_dias integer not null default 3 check (recordar_dias between 0 and 30),
  add column base_enlace text;
alter table firma_firmante
  add column invitado_en timestamptz,
  add column token_cifrado text,
  add column recordatorios integer not null default 0,
  add column recordado_en timestamptz;
-- Signers invited before this column: their invitation is the document's sending.
update firma_firmante f set invitado_en = d.enviado_en
from firma_documento d
where d.id = f.id_documento and d.id_empresa = f.id_empresa and f.token_hash is not null;
create index firma_documento_enviado_ix on firma_documento (id_empresa, vence_en) where estado = 'enviado';
